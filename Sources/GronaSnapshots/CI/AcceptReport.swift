// `grona-snap accept REPORT [--only GLOB]`: CI's fresh images put in place as the goldens, from the
// report folder of a `verify` run or of `merge`, as they are. Nothing is rendered again on the
// developer's machine, whose fonts, FreeType, HarfBuzz or ICU may differ from CI's: the goldens must
// be the pixels CI will compare against.
//
// Each snapshot that differed or was missing takes its `actual/` image, and each one CI recorded its
// `recorded/` copy. A file is accepted only when its bytes have the XXH64 `results.jsonl` recorded
// for it (so it is the very file that run wrote for that golden, not a stale or swapped artifact)
// and its digest chunk matches its pixels (so it arrived whole). Any file that fails, or a golden
// name that would leave the snapshots folder, stops the run before anything is written; the goldens
// are staged beside their destinations and renamed into place together (`StagedFiles`).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GronaOutput
import PNG

/// How a report's differences are accepted, in the one wording `verify`, `merge` and every review
/// page use: first `grona-snap accept REPORT_DIR`, which takes the images the run made (CI's pixels,
/// on CI's fonts and ICU), then, as a second choice, rendering them again on this machine.
package struct AcceptCommands: Sendable, Equatable {
    /// `grona-snap accept REPORT_DIR [--snapshots DIR]`, or nil when the report cannot be accepted.
    package var accept: String?
    /// The run again on this machine, recording over the goldens that differ.
    package var rerender: String

    /// For a `verify` report folder (or a merged one) of a run over `fixtures` and `snapshots`.
    package init(reportFolder: String, fixtures: String, snapshots: String, assetRoots: [String]?) {
        accept = AcceptCommands.accept(reportFolder)
        rerender = (["grona-snap", "verify", fixtures, "--snapshots", snapshots, "--record", "failed"]
            + (assetRoots.map { ["--assets-root", $0.joined(separator: ":")] } ?? [])).map(shellQuoted).joined(separator: " ")
    }

    package init(accept: String?, rerender: String) {
        self.accept = accept; self.rerender = rerender
    }

    /// `grona-snap accept REPORT_DIR`, with `--snapshots DIR` when the report does not say (or should
    /// not be trusted to say) where the goldens go.
    package static func accept(_ reportFolder: String, snapshots: String? = nil) -> String {
        (["grona-snap", "accept", reportFolder] + (snapshots.map { ["--snapshots", $0] } ?? [])).map(shellQuoted).joined(separator: " ")
    }

    /// The lines a command prints on stderr.
    package var lines: String {
        (accept.map { "to accept the differences as the new goldens (the images this run made): \($0)\n" } ?? "")
            + "\(accept == nil ? "to accept the differences" : "or, to render them again on this machine instead"): \(rerender)\n"
    }
}

package struct AcceptReport {
    package var reportFolder: String
    /// Where the goldens go: the run's snapshots folder (its `run.json`) unless given.
    package var snapshotsFolder: String?
    /// A shell pattern the golden names must match (`fnmatch`, `*` also crossing `/`).
    package var only: String?

    package init(reportFolder: String, snapshotsFolder: String? = nil, only: String? = nil) {
        self.reportFolder = reportFolder; self.snapshotsFolder = snapshotsFolder; self.only = only
    }

    package struct Result {
        /// Golden names accepted, in the report's order, with the report file each came from.
        package var accepted: [(golden: String, source: String)]
        package var snapshotsFolder: String
    }

    package func run() throws -> Result {
        let records = try SnapshotRecord.read(reportFolder: reportFolder)
        let snapshots = try snapshotsFolder ?? ReportMerge.snapshotsFolder(ofReport: reportFolder)
        guard AtomicFile.isFolder(snapshots) else {
            throw FolderVerification.Failure(description: "\(snapshots): the snapshots folder \(reportFolder)'s run verified against "
                + "is not here; give the checkout's with --snapshots DIR")
        }
        let acceptable = records.compactMap { record -> (record: SnapshotRecord, source: String, digest: String?)? in
            switch record.status {
            case .recorded: return record.recorded.map { (record, $0, record.recordedDigest) }
            case .differs, .missing: return record.actual.map { (record, $0, record.actualDigest) }
            case .matched, .failed: return nil
            }
        }
        let chosen = acceptable.filter { candidate in only.map { fnmatch($0, candidate.record.golden, 0) == 0 } ?? true }
        if let only, chosen.isEmpty {
            throw FolderVerification.Failure(description: "--only \(shellQuoted(only)): no snapshot to accept in \(reportFolder) matches it"
                + (acceptable.isEmpty ? " (every snapshot matched)" : "; these can be: "
                    + acceptable.prefix(5).map(\.record.golden).joined(separator: ", ") + (acceptable.count > 5 ? ", …" : "")))
        }
        // Every file is checked before anything is written.
        var files: [(golden: String, source: String, bytes: [UInt8])] = []
        for candidate in chosen {
            let golden = candidate.record.golden
            let source = path(reportFolder, candidate.source)
            guard !golden.hasPrefix("/"), !golden.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }),
                  golden.hasSuffix(".png") else {
                throw FolderVerification.Failure(description: "\(reportFolder)/\(SnapshotRecord.fileName): \(golden): not a golden's name")
            }
            guard let bytes = readFile(source) else {
                throw FolderVerification.Failure(description: "\(source): cannot read it (the report folder is incomplete?)")
            }
            guard let digest = candidate.digest else {
                throw FolderVerification.Failure(description: "\(source): \(SnapshotRecord.fileName) records no digest for it "
                    + "(a report of an older grona-snap); run verify again to accept its images")
            }
            guard fileDigest(bytes) == digest else {
                throw FolderVerification.Failure(description: "\(source): its bytes are not the ones the run wrote for \(golden) "
                    + "(XXH64 \(fileDigest(bytes)), \(digest) recorded); take the report folder as CI left it")
            }
            guard let pixmap = try? decodePNG(bytes).pixmap, checkDigest(golden: bytes, against: pixmap) == .match else {
                throw FolderVerification.Failure(description: "\(source): its pixels do not match its digest chunk; the file is damaged")
            }
            let destination = path(snapshots, golden)
            if let existing = readFile(destination), let refusal = lfsPointerRefusal(existing, goldenName: golden, goldenPath: destination) {
                throw FolderVerification.Failure(description: refusal)
            }
            files.append((golden, candidate.source, bytes))
        }
        let staging = StagedFiles()
        do {
            for file in files { try staging.stage(file.bytes, at: path(snapshots, file.golden)) }
            try staging.commit()
        } catch {
            staging.discard()
            throw FolderVerification.Failure(description: "\(error)")
        }
        return Result(accepted: files.map { ($0.golden, $0.source) }, snapshotsFolder: snapshots)
    }
}
