// `grona-snap verify`, as a library call so it can be tested without a process: every spec in a
// folder, with its variants, against a folder of goldens, plus an HTML report and the list of
// goldens no spec produces any more.
//
// Order of work (SPEC §3: nothing is written when the input is bad): decode every spec (the first
// bad one throws its SpecError), render and check everything, staging each golden and artifact
// beside its destination as it is decided, and only when all are done rename the staged files into
// place, remove stale report files, write the report, and prune. A render failure (or Ctrl-C)
// removes the staged files instead.
//
// Memory stays flat in the number of snapshots: the outcomes arrive in case order and are counted
// into a `VerificationTally` (which keeps in full only what the report shows in full) and dropped;
// per snapshot only a byte is kept, which report files it named.
//
// Specs are found in the fixtures folder and its subfolders; a spec's goldens are named by
// `SpecGoldenName`, its path in the project (`Fixtures/banners/summer.json` →
// `Snapshots/banners/summer/…`, also when the run is over `Fixtures/banners`). A run that checks
// nothing (an empty folder, a shard with no snapshots) is an error, never "verified 0 snapshots".
//
// Unused goldens: in a spec's own folder, `<snapshots>/<spec name>/<name>.png` or
// `<snapshots>/<spec name>/<locale>/<name>.png` (a BCP 47 tag, or `base`), a file whose name has the
// golden form (`L-light-ltr@3x.png`, `L-light-ltr-320pt@2x.png`, `L-light-ltr-pseudo-accented@3x.png`)
// that no spec produced in this run and that no Swift test claims in the golden ledger
// (GoldenLedger.swift). Files in other folders are never touched, whatever their folders are
// called, so Swift tests' goldens can share the snapshots folder; `grona-snap unused` lists the
// goldens no producer used at all.
import Foundation
import Locking
import Grona
import GronaOutput

package struct FolderVerification {
    package var fixturesFolder: String
    package var snapshotsFolder: String
    /// Where `index.html`, `actual/` and `difference/` go.
    package var reportFolder: String
    package var record: SnapshotRecordMode = .missing
    package var tolerance: ComparisonTolerance = .default
    package var jobs: Int = ParallelRenderer.defaultJobs
    /// Remove the unused goldens (they are listed either way).
    package var prune = false
    /// Fail each golden that carries no provenance (`SnapshotVerifier.requiresProvenance`).
    package var requireProvenance = false
    /// Check only this shard's snapshots (`Shard`).
    package var shard: Shard?
    /// Where to write JUnit XML of the snapshots checked, if anywhere.
    package var junitPath: String?
    /// How many snapshots that did not match the report shows with their images; the rest it lists by name.
    package var sectionsInFull = reportSectionsInFull
    package var fontsFolder: String
    /// If set, every font and image path in a spec must resolve inside one of these folders.
    package var assetRoots: [String]?

    package init(fixturesFolder: String, snapshotsFolder: String, reportFolder: String? = nil, fontsFolder: String) {
        self.fixturesFolder = fixturesFolder
        self.snapshotsFolder = snapshotsFolder
        self.reportFolder = reportFolder ?? FolderVerification.defaultReportFolder(snapshotsFolder: snapshotsFolder)
        self.fontsFolder = fontsFolder
    }

    /// `$GRONA_ARTIFACTS/verify-report`, else `Artifacts/verify-report` beside the snapshots folder.
    package static func defaultReportFolder(snapshotsFolder: String,
                                           environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let artifacts = environment[snapshotArtifactsVariable], !artifacts.isEmpty {
            return path(artifacts, "verify-report")
        }
        var folder = snapshotsFolder
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        return path(parentFolder(of: folder), "Artifacts", "verify-report")
    }

    package struct Result {
        /// Counts of every snapshot, and the ones that did not match as far as the report shows them.
        package var tally: VerificationTally
        /// Paths of goldens no spec produces; removed when `pruned`.
        package var unusedGoldens: [String]
        package var pruned: Bool
        package var reportPath: String
        /// How to accept the differences, when any snapshot differs or is missing.
        package var acceptCommands: AcceptCommands?
        /// JSON files in the fixtures folder that are not specs (see `SpecFiles`).
        package var skippedFiles: [String] = []
        /// The shard checked, if the run was one.
        package var shard: Shard?

        package func count(_ status: SnapshotOutcome.Status) -> Int { tally.count(status) }
        /// True when every snapshot matched its golden (a recording does not pass).
        package var passed: Bool { tally.passed }
        /// "verified 228 snapshots: 228 match, 0 differ, 0 recorded, 0 missing; 284 findings (…)"
        package var summary: String { tally.summary }
    }

    /// A spec that could not be rendered, or a file that could not be written.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    package func run() throws -> Result {
        let listing = try specFiles()
        let specs = try listing.specs.map { found -> Spec in
            var spec = try SpecDecoder(fontsFolder: fontsFolder, allowedAssetRoots: assetRoots).decode(fileAt: found.path)
            spec.name = SpecGoldenName.of(specAt: found.path, snapshotsFolder: snapshotsFolder, searched: fixturesFolder)
            return spec
        }
        try SpecGoldenName.refuseShared(specs, snapshotsFolder: snapshotsFolder)
        let all = specs.flatMap { SnapshotCase.cases(for: $0) }
        let cases = shard.map { $0.select(all) } ?? all
        guard !cases.isEmpty else {
            let looked = "\(fixturesFolder) and its subfolders"
            if let shard, !all.isEmpty {
                throw Failure(description: "shard \(shard) (from \(shard.source)) has no snapshots to check: "
                    + "\(looked) hold \(all.count), fewer than the \(shard.count) shards")
            }
            throw Failure(description: "no snapshots to check: no spec in \(looked)"
                + (listing.skipped.isEmpty ? "" : " (\(listing.skipped.count) JSON file\(listing.skipped.count == 1 ? "" : "s") skipped, not specs)"))
        }
        if prune, let shard {
            throw Failure(description: "--prune checks every spec's goldens, but this run is shard \(shard) (from \(shard.source)); prune in an unsharded run")
        }
        let reportFolder = self.reportFolder
        let verifier = { [self] in
            var verifier = SnapshotVerifier(snapshotsDirectory: snapshotsFolder, artifactsDirectory: reportFolder,
                                            record: record, tolerance: tolerance, jobs: jobs, fontsFolder: fontsFolder)
            verifier.copiesImagesForReport = true
            verifier.requiresProvenance = requireProvenance
            return verifier
        }()
        let staging = StagedFiles()
        let files = ReportFiles(shard: shard)
        let records = RecordWriter(reportFolder: reportFolder, files: files, staging: staging)
        // Each outcome is counted as it comes and dropped (see VerificationTally); all that is kept
        // per snapshot is which report files it named, for removing the stale ones after the commit.
        let collector = Mutex(Collector(cases: cases.count, sectionsInFull: sectionsInFull))
        verifier.check(cases, staging: staging) { index, outcome in
            var outcome = outcome
            outcome.specFile = cases[index].spec.file
            guard collector.withLock({ $0.add(index, outcome, verifier: verifier) }) else { return false }
            records.add(SnapshotRecord(outcome, spec: cases[index].spec, reportFolder: reportFolder))
            return true
        }
        records.flush()
        let collected = collector.withLock { $0 }
        if let failed = collected.firstFailure {
            staging.discard()
            throw Failure(description: failed.message)
        }
        if let failure = records.failure {
            staging.discard()
            throw Failure(description: "\(failure)")
        }
        do { try staging.commit() } catch {
            staging.discard()
            throw Failure(description: "\(error)")
        }
        for (snapshotCase, mask) in zip(cases, collected.reportFiles) {
            verifier.removeStaleReportFiles(of: snapshotCase.goldenName, keeping: mask)
        }
        let unused = shard == nil ? unusedGoldens(of: specs, producing: Set(all.map(\.goldenName))) : []
        if prune { FolderVerification.remove(unused, within: snapshotsFolder) }
        var result = Result(tally: collected.tally, unusedGoldens: unused, pruned: prune,
                            reportPath: path(reportFolder, files.page))
        result.skippedFiles = listing.skipped
        result.shard = shard
        if result.count(.differs) + result.count(.missing) > 0 {
            result.acceptCommands = AcceptCommands(reportFolder: reportFolder, fixtures: fixturesFolder, snapshots: snapshotsFolder,
                                                   assetRoots: assetRoots)
        }
        let html = htmlReport(for: result, fixturesFolder: fixturesFolder, snapshotsFolder: snapshotsFolder,
                              reportFolder: reportFolder, record: record)
        do {
            try AtomicFile.createFolder(reportFolder)
            try AtomicFile.write(Array(html.utf8), to: result.reportPath)
            try AtomicFile.write(Array(ReportMerge.runDescription(fixtures: fixturesFolder, snapshots: snapshotsFolder,
                                                                  shard: shard, assetRoots: assetRoots).utf8),
                                 to: path(reportFolder, files.run))
            files.removeStale(in: reportFolder)
            if let junitPath {
                let xml = JUnitReport.xml(try SnapshotRecord.read(file: path(reportFolder, files.results)),
                                          name: "grona-snap verify \(fixturesFolder)" + (shard.map { " (shard \($0))" } ?? ""),
                                          reportFolder: reportFolder)
                try AtomicFile.createFolder(parentFolder(of: junitPath))
                try AtomicFile.write(Array(xml.utf8), to: junitPath)
            }
        } catch {
            throw Failure(description: "\(error)")
        }
        return result
    }

    /// Removes the files, then the folders that are left empty (deepest first), never the
    /// snapshots folder itself.
    static func remove(_ files: [String], within snapshotsFolder: String) {
        for file in files { unlink(file) }
        var folders = Set<String>()
        for file in files {
            var folder = parentFolder(of: file)
            while folder.count > snapshotsFolder.count && folder.hasPrefix(snapshotsFolder + "/") {
                folders.insert(folder)
                folder = parentFolder(of: folder)
            }
        }
        for folder in folders.sorted(by: { $0.count > $1.count })
        where (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true {
            rmdir(folder)
        }
    }

    /// The specs in the fixtures folder and its subfolders, sorted by name; other JSON files are
    /// skipped (`SpecFiles`) and listed in the result.
    func specFiles() throws -> (specs: [SpecFiles.Found], skipped: [String]) {
        guard AtomicFile.isFolder(fixturesFolder) else {
            throw SpecError(file: fixturesFolder, location: nil, message: "not a folder of spec files")
        }
        return try SpecFiles.tree(in: fixturesFolder)
    }

    /// A spec's stale goldens: golden-named files in the spec's own folder (`<snapshots>/<spec
    /// name>/`, and its locale folders) that no spec produces and no test claims in the ledger
    /// (GoldenLedger.swift), sorted. Files anywhere else are never touched, whatever their folder
    /// is called.
    func unusedGoldens(of specs: [Spec], producing produced: Set<String>) -> [String] {
        let claimed = Set(GoldenLedger.entries(under: snapshotsFolder).map(\.golden))
        let fm = FileManager.default
        var unused = Set<String>()
        for spec in specs {
            func collect(_ folder: String, localeFolders: Bool) {
                guard let entries = try? fm.contentsOfDirectory(atPath: path(snapshotsFolder, folder)) else { return }
                for entry in entries.sorted() {
                    let name = folder + "/" + entry
                    if isGoldenFileName(entry) {
                        if !produced.contains(name) && !claimed.contains(name) { unused.insert(path(snapshotsFolder, name)) }
                    } else if localeFolders, isLocaleFolderName(entry) {
                        collect(name, localeFolders: false)
                    }
                }
            }
            collect(spec.name, localeFolders: true)
        }
        return unused.sorted()
    }
}

/// What `run` keeps of the outcomes as they come, in case order: the tally, the report files each
/// named, and the first that failed (which stops the run).
private struct Collector {
    var tally: VerificationTally
    var reportFiles: [UInt8]
    var firstFailure: SnapshotOutcome?

    init(cases: Int, sectionsInFull: Int) {
        tally = VerificationTally(sectionsInFull: sectionsInFull)
        reportFiles = Array(repeating: 0, count: cases)
    }

    /// Returns false at the first failure: nothing after it needs deciding.
    mutating func add(_ index: Int, _ outcome: SnapshotOutcome, verifier: SnapshotVerifier) -> Bool {
        guard outcome.status != .failed else {
            firstFailure = outcome
            return false
        }
        reportFiles[index] = verifier.reportFileMask(of: outcome)
        tally.add(outcome)
        return true
    }
}

/// Whether `name` is a folder `Variants.goldenName` gives a locale: a canonical BCP 47 tag or `base`.
func isLocaleFolderName(_ name: String) -> Bool {
    name == Variants.baseLocaleFolder || (try? EnvironmentOverrides.parseLocale(name)) == name
}

/// Whether `name` has the form `Variants.goldenName` gives a variant:
/// `<textSize short name>-<light|dark>-<ltr|rtl>[-<width>pt][-pseudo-<mode>]@<1|2|3>x.png`.
func isGoldenFileName(_ name: String) -> Bool {
    guard name.hasSuffix(".png") else { return false }
    let parts = name.dropLast(4).split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, ["1x", "2x", "3x"].contains(parts[1]) else { return false }
    var fields = parts[0].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    if fields.count >= 5, fields[fields.count - 2] == "pseudo" {
        guard PseudoLocalization(rawValue: fields[fields.count - 1]) != nil else { return false }
        fields.removeLast(2)
    }
    guard fields.count == 3 || fields.count == 4,
          TextSize(name: fields[0])?.shortName == fields[0],
          Appearance(rawValue: fields[1]) != nil, LayoutDirection(rawValue: fields[2]) != nil else { return false }
    if fields.count == 4 {
        guard fields[3].hasSuffix("pt"), let width = Double(fields[3].dropLast(2)), width > 0 else { return false }
    }
    return true
}

/// The word as a POSIX shell reads it back: as is when it is made of safe characters, else in
/// single quotes.
func shellQuoted(_ word: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./@%+=:,-")
    if !word.isEmpty && word.allSatisfy(safe.contains) { return word }
    return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
