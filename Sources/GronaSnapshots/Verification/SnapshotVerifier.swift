// Checking rendered snapshots against their goldens: the one engine behind `assertSnapshot`,
// `verifySnapshot` and `grona-snap verify`.
//
// Work is split in two so that nothing is written when any input is bad (SPEC §3): `check` renders
// every case in parallel (a fresh `ComponentRenderer` per variant, one `TextEngine` per thread),
// decides what happened to each golden and returns the files it would write; `write` then writes
// them (recorded goldens, failure artifacts) and removes the stale artifacts of goldens that match
// again. `verify` does both. Given a `StagedFiles`, `check` instead stages each case's files on the
// worker as soon as it is decided, so the outcomes hold no image; with a handler, it hands the
// outcomes over in case order as they are decided instead of collecting them, so memory stays flat
// however many cases there are. The caller commits the staging (or discards it on failure), then
// removes the stale artifacts (`write`, or `removeStaleReportFiles` with the outcome's
// `reportFileMask`).
//
// Deciding one golden, cheapest first:
//   0. a Git LFS pointer where the golden should be (a checkout without `git lfs pull`): fails,
//      named as such, in every record mode: recording over it would commit a PNG over the pointer.
//   1. record mode `all`: record.
//   2. no golden: record (mode `missing` or `failed`) or fail (mode `never`).
//   3. the golden's digest chunk (GoldenDigest.swift) matches the fresh pixels: pass, without
//      encoding the fresh image or decoding the golden. This is the common case.
//   4. otherwise decode the golden and compare pixels (Comparison/); pass within the tolerance,
//      else fail with the actual image and the three-panel difference image as artifacts, and in
//      mode `failed` record the fresh image over the golden. A failure also names what the golden
//      was rendered with that differs from this machine (GoldenProvenance.swift), if anything.
//      A golden that cannot be decoded (empty, truncated, not a PNG) is "unreadable": it fails, and
//      never counts among the goldens compared under the tolerance.
// A golden (or artifact) that cannot be written fails its check, and a recording then says that
// nothing was recorded.
// Goldens are written with their digest and provenance chunks. For a report folder
// (`copiesImagesForReport`), the golden as it was is copied to `expected/<golden name>` and a
// recorded golden to `recorded/<golden name>`, so the folder holds every image it shows.
// A recording always fails its check, with a message saying where the golden was written.
import Foundation
import Locking
import Grona
import PNG
import Raster
import GronaOutput

/// One golden to check: a spec drawn in one environment, stored as `goldenName` in the snapshots folder.
package struct SnapshotCase: Sendable {
    /// The spec is held by reference, one copy shared by all of its variants' cases: a `Spec` is
    /// large inline (theme, component), and a folder of 20,000 snapshots would otherwise hold 20,000 copies.
    package var spec: Spec {
        get { shared.spec }
        set { shared = SharedSpec(newValue) }
    }
    private var shared: SharedSpec
    package var environment: Environment
    /// `<spec name>/<textSize>-<appearance>-<direction>@<scale>x.png` (SPEC §1), with a folder per
    /// locale for a spec with localizations (`Spec.goldenName(for:)`).
    package var goldenName: String
    /// The picture to check instead of the plain card (the accessibility picture), or nil.
    package var overlay: Overlay?

    package init(spec: Spec, environment: Environment, goldenName: String? = nil, overlay: Overlay? = nil) {
        self.init(shared: SharedSpec(spec), environment: environment, goldenName: goldenName, overlay: overlay)
    }

    private init(shared: SharedSpec, environment: Environment, goldenName: String?, overlay: Overlay?) {
        self.shared = shared
        self.environment = environment
        self.goldenName = goldenName ?? shared.spec.goldenName(for: environment)
        self.overlay = overlay
    }

    /// One case per variant: the product of `variants` over the spec's environment, or the spec's
    /// own variants when nil (just its environment when it has none).
    package static func cases(for spec: Spec, variants: Variants? = nil, overlay: Overlay? = nil) -> [SnapshotCase] {
        var named = spec
        if let variants { named.variants = variants }   // golden names follow the axes in use
        let shared = SharedSpec(named)
        return named.variantEnvironments.map { SnapshotCase(shared: shared, environment: $0, goldenName: nil, overlay: overlay) }
    }
}

/// A spec behind a reference, immutable, so cases can share it.
private final class SharedSpec: Sendable {
    let spec: Spec
    init(_ spec: Spec) { self.spec = spec }
}

/// What happened to one golden.
package struct SnapshotOutcome: Sendable {
    package enum Status: String, Sendable {
        /// The fresh image matches the golden (within the tolerance).
        case matched
        /// The fresh image differs from the golden, or the golden cannot be read.
        case differs
        /// The golden was written (or rewritten); the check fails all the same.
        case recorded
        /// There is no golden and the record mode is `never`.
        case missing
        /// The snapshot could not be rendered or a file could not be written.
        case failed
    }

    package var goldenName: String
    package var goldenPath: String
    /// The spec file the snapshot came from, when it came from one (`grona-snap verify`).
    package var specFile: String?
    package var status: Status
    /// Matched through the golden's digest chunk, without decoding it.
    package var matchedByDigest = false
    /// The pixel comparison, when one was made.
    package var comparison: ComparisonResult?
    /// Where the fresh image and the three-panel difference image are (or will be) written.
    package var actualPath: String?
    package var differencePath: String?
    /// Report copies (only with `SnapshotVerifier.copiesImagesForReport`): the golden as it was
    /// before this run, and the golden this run recorded.
    package var expectedCopyPath: String?
    package var recordedCopyPath: String?
    /// XXH64 of the bytes of the fresh image and of the recorded golden as written, in hex: what
    /// `grona-snap accept` checks the files it copies from a report against.
    package var actualDigest: String?
    package var recordedDigest: String?
    /// The golden carries no provenance chunk (re-saved by another tool, or older than the chunk),
    /// so it can only ever be compared under the tolerance: counted and said once per run.
    package var goldenLacksProvenance = false
    /// What the golden was rendered with that differs from this machine, for a failure, e.g.
    /// "ICU 76.1 in the golden, 72.1 here". Empty when the golden does not say or nothing differs.
    package var versionDifferences: [String] = []
    /// For a person: what happened and where the files are. Empty for a match.
    package var message: String
    /// How many findings (`Findings`) of each kind the rendered variant has, for `verify`'s summary:
    /// counts rather than the findings themselves keep memory flat over thousands of snapshots.
    package var findingCounts = FindingCounts()
    /// The fresh image's size in pixels (0 × 0 when it could not be rendered).
    package var width = 0
    package var height = 0

    package var passed: Bool { status == .matched }

    /// Files to write, in order, and files to copy (before any write: the copies are of goldens as
    /// they were); `SnapshotVerifier.write` or a staging does them. `write` also removes the report
    /// files of this golden that the outcome does not name: they would describe an earlier run.
    var pendingWrites: [(path: String, bytes: [UInt8])] = []
    var pendingCopies: [(source: String, path: String)] = []

    /// The report files this outcome writes.
    var reportFiles: [String] { [actualPath, differencePath, expectedCopyPath, recordedCopyPath].compactMap { $0 } }
}

package struct SnapshotVerifier: Sendable {
    /// The folder goldens are named from (`<folder>/<spec name>/<variant>.png`).
    package var snapshotsDirectory: String
    /// Where failures leave `actual/<golden name>` and `difference/<golden name>`.
    package var artifactsDirectory: String
    package var record: SnapshotRecordMode
    package var tolerance: ComparisonTolerance
    /// Render threads.
    package var jobs: Int
    package var fontsFolder: String
    /// Copy the goldens a report shows into the artifacts folder (`expected/`, `recorded/`), so
    /// that the folder is self-contained.
    package var copiesImagesForReport = false
    /// A golden without provenance fails (`verify --require-provenance`) instead of being compared
    /// under the tolerance: a brand colour nudged below a visible difference would pass there.
    package var requiresProvenance = false
    /// Whose words the refusal uses: `verify`'s flags or the test library's variables.
    package var provenanceWording = ProvenanceWording.commandLine

    package init(snapshotsDirectory: String, artifactsDirectory: String, record: SnapshotRecordMode = .missing,
                tolerance: ComparisonTolerance = .default, jobs: Int = ParallelRenderer.defaultJobs,
                fontsFolder: String) {
        self.snapshotsDirectory = snapshotsDirectory; self.artifactsDirectory = artifactsDirectory
        self.record = record; self.tolerance = tolerance; self.jobs = jobs; self.fontsFolder = fontsFolder
    }

    /// Renders and checks every case, then writes goldens and artifacts.
    package func verify(_ cases: [SnapshotCase]) -> [SnapshotOutcome] {
        var outcomes = check(cases)
        write(&outcomes)
        return outcomes
    }

    /// Renders every case in parallel and decides each golden. Outcomes come back in case order.
    /// Without `staging`, nothing is written and the outcomes carry the files to write; with it,
    /// each outcome's files are staged as soon as it is decided and the outcomes carry none.
    package func check(_ cases: [SnapshotCase], staging: StagedFiles? = nil) -> [SnapshotOutcome] {
        let collected = Mutex<[SnapshotOutcome]>([])
        check(cases, staging: staging) { _, outcome in
            collected.withLock { $0.append(outcome) }
            return true
        }
        return collected.withLock { $0 }
    }

    /// Renders every case in parallel, decides each golden and hands the outcomes to `handle` one
    /// at a time, in case order (whatever the number of jobs), as they are decided; nothing is
    /// kept, so a caller that keeps little stays flat in the number of cases. Files are staged
    /// as in `check(_:staging:)`. `handle` returns false to stop: no later case is handed over.
    package func check(_ cases: [SnapshotCase], staging: StagedFiles?,
                      handle: @Sendable (_ index: Int, SnapshotOutcome) -> Bool) {
        var seen = Set<String>()
        let duplicates = cases.map { !seen.insert($0.goldenName).inserted }
        ParallelRenderer.forEachInOrder(count: cases.count, jobs: jobs, fontsFolder: fontsFolder) { index, engine in
            let snapshotCase = cases[index]
            if duplicates[index] {
                return failure(snapshotCase.goldenName, "two variants have the same golden name; give each variant its own")
            }
            let snapshot = try ComponentRenderer(spec: snapshotCase.spec, engine: engine).render(snapshotCase.environment,
                                                                                            overlay: snapshotCase.overlay)
            var outcome = refusingBoxes(check(snapshot.pixmap, goldenName: snapshotCase.goldenName),
                                        missing: snapshot.report.missingCharacterMessages(spec: snapshotCase.spec.file))
            namingThemeColour(&outcome, theme: snapshotCase.spec.theme, appearance: snapshotCase.environment.appearance)
            outcome.findingCounts = FindingCounts(snapshot.report.findings)
            if let staging { stage(&outcome, into: staging) }
            return outcome
        } handle: { index, result in
            switch result {
            case .success(let outcome): return handle(index, outcome)
            case .failure(let error): return handle(index, failure(cases[index].goldenName, "cannot render: \(error)"))
            }
        }
    }

    /// Decides one golden for an image already rendered (see the file comment); writes nothing.
    package func check(_ pixmap: Pixmap, goldenName: String) -> SnapshotOutcome {
        var outcome = decide(pixmap, goldenName: goldenName)
        outcome.width = pixmap.width
        outcome.height = pixmap.height
        return outcome
    }

    /// The report files a golden may have in the artifacts folder.
    private func possibleReportFiles(of goldenName: String) -> [String] {
        (copiesImagesForReport ? ["actual", "difference", "expected", "recorded"] : ["actual", "difference"])
            .map { path(artifactsDirectory, $0, goldenName) }
    }

    private func decide(_ pixmap: Pixmap, goldenName: String) -> SnapshotOutcome {
        var outcome = decideAgainstGolden(pixmap, goldenName: goldenName)
        guard outcome.goldenLacksProvenance, requiresProvenance, outcome.status == .matched || outcome.status == .differs else {
            return outcome
        }
        let refusal = "the golden carries no provenance (no grVR chunk: re-saved by another tool, or recorded before "
            + "GronaSnap wrote one), so only the tolerance could compare it, and \(provenanceWording.refuser) refuses that; "
            + "record it again on this machine (\(provenanceWording.recordFailed) records over it)"
        if outcome.status == .differs {
            outcome.message += "\n  " + refusal
            return outcome
        }
        outcome.status = .differs
        outcome.message = "\(goldenName): \(refusal)"
        outcome = withArtifacts(pixmap, expected: nil, into: outcome)
        if record == .failed, let golden = readFile(outcome.goldenPath) {
            outcome = recording(pixmap, into: outcome, golden: golden, why: "record mode failed")
        }
        return outcome
    }

    private func decideAgainstGolden(_ pixmap: Pixmap, goldenName: String) -> SnapshotOutcome {
        let goldenPath = path(snapshotsDirectory, goldenName)
        var outcome = SnapshotOutcome(goldenName: goldenName, goldenPath: goldenPath, status: .matched, message: "")
        let golden = readFile(goldenPath)
        if let golden, let refusal = lfsPointerRefusal(golden, goldenName: goldenName, goldenPath: goldenPath) {
            outcome.status = .failed
            outcome.message = refusal
            return outcome
        }

        if record == .all {
            return recording(pixmap, into: outcome, golden: golden, why: "record mode all")
        }
        guard let golden else {
            if record == .never {
                outcome.status = .missing
                outcome.message = "\(goldenName): no golden at \(goldenPath) (record mode never)"
                return withArtifacts(pixmap, expected: nil, into: outcome)
            }
            return recording(pixmap, into: outcome, golden: nil, why: "there was none")
        }
        outcome.goldenLacksProvenance = !GoldenProvenance.isPresent(in: golden)

        switch checkDigest(golden: golden, against: pixmap) {
        case .match:
            outcome.matchedByDigest = true
            return matched(outcome)
        case .damaged(let problem):
            return unreadable(golden, problem, pixmap, outcome)
        case .differs, .unavailable:
            break
        }
        let expected: Pixmap
        do { expected = try decodePNG(golden).pixmap } catch { return unreadable(golden, "\(error)", pixmap, outcome) }
        let rule = ComparisonRule(golden: GoldenProvenance(golden: golden), here: .current(fontsFolder: fontsFolder),
                                  tolerance: tolerance)
        let comparison = compare(expected: expected, actual: pixmap, tolerance: rule.tolerance)
        outcome.comparison = comparison
        if comparison.matches { return matched(outcome) }

        outcome.status = .differs
        outcome.message = "\(goldenName): differs from the golden: \(comparison.message)\n  rule: \(rule.explanation)"
        outcome.versionDifferences = rule.versionDifferences
        if !outcome.versionDifferences.isEmpty {
            outcome.message += "\n  the golden was rendered with other versions, which may explain it: "
                + outcome.versionDifferences.joined(separator: "; ")
        }
        // The rule's tolerance marks the pixels the rule failed: under the exact rule, every changed
        // pixel is red in the difference image, however small its ΔE.
        outcome = withArtifacts(pixmap, expected: (expected, golden), into: outcome, tolerance: rule.tolerance)
        if record == .failed {
            outcome = recording(pixmap, into: outcome, golden: golden, why: "record mode failed")
        }
        return outcome
    }

    /// Writes what `check` decided: goldens and artifacts, atomically, each in its folder. A file
    /// that cannot be written turns its outcome into `.failed`.
    package func write(_ outcomes: inout [SnapshotOutcome]) {
        for index in outcomes.indices {
            do {
                for copy in outcomes[index].pendingCopies {
                    guard let bytes = readFile(copy.source) else {
                        throw FolderVerification.Failure(description: "\(copy.path): cannot copy \(copy.source): cannot read it")
                    }
                    try AtomicFile.createFolder(parentFolder(of: copy.path))
                    try AtomicFile.write(bytes, to: copy.path)
                }
                outcomes[index].pendingCopies = []
                for file in outcomes[index].pendingWrites {
                    try AtomicFile.createFolder(parentFolder(of: file.path))
                    try AtomicFile.write(file.bytes, to: file.path)
                }
            } catch {
                failWriting(&outcomes[index], error)
            }
            outcomes[index].pendingWrites = []
            guard outcomes[index].status != .failed else { continue }
            removeStaleReportFiles(of: outcomes[index].goldenName, keeping: reportFileMask(of: outcomes[index]))
        }
    }

    /// Which of its golden's possible report files (`possibleReportFiles`) an outcome names, one
    /// bit each: what `removeStaleReportFiles` needs of an outcome, for callers that do not keep it.
    package func reportFileMask(of outcome: SnapshotOutcome) -> UInt8 {
        let current = Set(outcome.reportFiles)
        var mask: UInt8 = 0
        for (bit, file) in possibleReportFiles(of: outcome.goldenName).enumerated() where current.contains(file) {
            mask |= 1 << bit
        }
        return mask
    }

    /// Removes the report files of a golden that its outcome (`mask`, from `reportFileMask`) does
    /// not name: they would describe an earlier run.
    package func removeStaleReportFiles(of goldenName: String, keeping mask: UInt8) {
        for (bit, file) in possibleReportFiles(of: goldenName).enumerated() where mask & (1 << bit) == 0 { unlink(file) }
    }

    /// Stages the outcome's files (copies first: they are of goldens as they were) and drops them
    /// from the outcome. A file that cannot be staged turns the outcome into `.failed`.
    private func stage(_ outcome: inout SnapshotOutcome, into staging: StagedFiles) {
        do {
            for copy in outcome.pendingCopies { try staging.stageCopy(of: copy.source, at: copy.path) }
            for file in outcome.pendingWrites { try staging.stage(file.bytes, at: file.path) }
        } catch {
            failWriting(&outcome, error)
        }
        outcome.pendingCopies = []
        outcome.pendingWrites = []
    }

    /// A file of the outcome could not be written (a read-only snapshots folder): it fails, and a
    /// recording's words become that nothing was recorded.
    func failWriting(_ outcome: inout SnapshotOutcome, _ error: Error) {
        if outcome.status == .recorded {
            let lines = outcome.message.split(separator: "\n", omittingEmptySubsequences: false)
            if let first = lines.first, first.hasPrefix("\(outcome.goldenName): recorded the golden") {
                outcome.message = "\(outcome.goldenName): nothing recorded: \(error)"
            } else {
                outcome.message = lines.filter { !$0.hasPrefix("  recorded the fresh") }.joined(separator: "\n")
                    + "\n  nothing recorded: \(error)"
            }
        } else {
            outcome.message += "\n  \(error)"
        }
        outcome.status = .failed
    }

    /// When the colour most changed pixels took is one of the theme's colours in this appearance,
    /// the message names it: "primary #0A408C → #0A458C" rather than "mostly …".
    private func namingThemeColour(_ outcome: inout SnapshotOutcome, theme: Theme, appearance: Appearance) {
        guard let change = outcome.comparison?.colourChange else { return }
        let tokens: [(String, ThemeColor)] = [("primary", theme.primary), ("onPrimary", theme.onPrimary), ("accent", theme.accent),
                                             ("surface", theme.surface), ("text", theme.text), ("mutedText", theme.mutedText)]
        guard let token = tokens.first(where: { _, colour in
            let c = colour.variant(for: appearance)
            return c.a == 255 && (UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)) == change.to
        }) else { return }
        outcome.message = outcome.message.replacingOccurrences(of: change.words(), with: change.words(naming: token.0))
    }

    // MARK: - Outcomes

    private func matched(_ outcome: SnapshotOutcome) -> SnapshotOutcome {
        var outcome = outcome
        outcome.status = .matched
        return outcome
    }

    private func failure(_ goldenName: String, _ problem: String) -> SnapshotOutcome {
        SnapshotOutcome(goldenName: goldenName, goldenPath: path(snapshotsDirectory, goldenName),
                        status: .failed, message: "\(goldenName): \(problem)")
    }

    /// A golden that cannot be decoded fails as unreadable; it was compared under no rule, so it is
    /// never counted among the goldens without provenance.
    private func unreadable(_ golden: [UInt8], _ problem: String, _ pixmap: Pixmap,
                            _ outcome: SnapshotOutcome) -> SnapshotOutcome {
        var outcome = outcome
        outcome.status = .differs
        outcome.goldenLacksProvenance = false
        outcome.message = "\(outcome.goldenName): the golden is unreadable (\(golden.isEmpty ? "an empty file" : problem)), so "
            + "nothing was compared; restore it from version control, or record it again"
        outcome = withArtifacts(pixmap, expected: nil, into: outcome)
        if record == .failed { outcome = recording(pixmap, into: outcome, golden: golden, why: "record mode failed") }
        return outcome
    }

    /// A golden that would show boxes (characters no pinned font can draw) is not recorded: the
    /// recording fails with the characters named, and nothing is written for it but the artifacts.
    private func refusingBoxes(_ outcome: SnapshotOutcome, missing: [String]) -> SnapshotOutcome {
        guard outcome.status == .recorded, !missing.isEmpty else { return outcome }
        var refused = outcome
        refused.status = .failed
        refused.pendingWrites.removeAll { $0.path == outcome.goldenPath || $0.path == outcome.recordedCopyPath }
        refused.recordedCopyPath = nil
        refused.message = "\(outcome.goldenName): not recorded: " + missing.joined(separator: "; ")
        return refused
    }

    /// Adds the golden write and the "recorded" wording. `why` says what led to it.
    private func recording(_ pixmap: Pixmap, into outcome: SnapshotOutcome, golden: [UInt8]?, why: String) -> SnapshotOutcome {
        var outcome = outcome
        let bytes: [UInt8]
        do { bytes = try encodeGolden(pixmap, provenance: .current(fontsFolder: fontsFolder)) } catch {
            return failure(outcome.goldenName, "cannot encode the snapshot: \(error)")
        }
        var reason = why
        if let golden, outcome.status == .matched {   // mode all over an existing golden
            reason += samePixels(golden, pixmap) ? "; the pixels are unchanged" : "; the pixels changed"
        }
        if outcome.message.isEmpty {
            outcome.message = "\(outcome.goldenName): recorded the golden at \(outcome.goldenPath) (\(reason)). "
                + "Look at it, then run again to verify against it."
        } else {
            outcome.message += "\n  recorded the fresh image over the golden (\(reason))"
        }
        outcome.status = .recorded
        outcome.recordedDigest = fileDigest(bytes)
        outcome.pendingWrites.append((outcome.goldenPath, bytes))
        if copiesImagesForReport {
            let copy = path(artifactsDirectory, "recorded", outcome.goldenName)
            outcome.recordedCopyPath = copy
            outcome.pendingWrites.append((copy, bytes))
        }
        return outcome
    }

    /// Adds the fresh image and, when there is a golden to compare with, the three-panel image.
    private func withArtifacts(_ pixmap: Pixmap, expected: (pixmap: Pixmap, png: [UInt8])?,
                               into outcome: SnapshotOutcome, tolerance: ComparisonTolerance? = nil) -> SnapshotOutcome {
        let tolerance = tolerance ?? self.tolerance
        var outcome = outcome
        let actualPath = path(artifactsDirectory, "actual", outcome.goldenName)
        // A golden as this machine would record it, provenance included: `grona-snap accept` puts
        // CI's fresh images in place as they are, never rendering them again elsewhere.
        guard let actual = try? encodeGolden(pixmap, provenance: .current(fontsFolder: fontsFolder)) else { return outcome }
        outcome.actualPath = actualPath
        outcome.actualDigest = fileDigest(actual)
        outcome.pendingWrites.append((actualPath, actual))
        var lines = ["  golden:     \(outcome.goldenPath)", "  actual:     \(actualPath)"]
        if let expected, let panels = makeDifferenceImage(expected: expected.pixmap, actual: pixmap, tolerance: tolerance),
           let bytes = try? encodePNG(panels) {
            let differencePath = path(artifactsDirectory, "difference", outcome.goldenName)
            outcome.differencePath = differencePath
            outcome.pendingWrites.append((differencePath, bytes))
            lines.append("  difference: \(differencePath) (expected | difference | actual)")
        }
        if expected != nil && copiesImagesForReport {
            let copy = path(artifactsDirectory, "expected", outcome.goldenName)
            outcome.expectedCopyPath = copy
            outcome.pendingCopies.append((outcome.goldenPath, copy))
        }
        outcome.message += "\n" + lines.joined(separator: "\n")
        return outcome
    }
}

/// Git LFS's pointer file: what a checkout without `git lfs pull` (or with LFS not installed) has
/// in place of each image tracked by LFS.
func isGitLFSPointer(_ bytes: [UInt8]) -> Bool {
    bytes.count < 1024 && bytes.starts(with: Array("version https://git-lfs.github.com/spec/".utf8))
}

/// The refusal for a golden that is a Git LFS pointer, or nil when it is not one.
func lfsPointerRefusal(_ golden: [UInt8], goldenName: String, goldenPath: String) -> String? {
    guard isGitLFSPointer(golden) else { return nil }
    let size = String(decoding: golden, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("size ") }.map { " of " + $0.dropFirst(5) + " bytes" } ?? ""
    return "\(goldenName): \(goldenPath) is a Git LFS pointer, not the image\(size); run git lfs pull "
        + "(nothing was compared or recorded: a recording would put a PNG where the pointer is)"
}

/// A file's XXH64, 16 hex digits: how a report names the exact bytes of an image it holds.
func fileDigest(_ bytes: [UInt8]) -> String {
    let text = String(xxHash64(bytes), radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
}

/// Whether a golden file holds exactly these pixels: by its digest chunk, else by decoding it.
private func samePixels(_ golden: [UInt8], _ pixmap: Pixmap) -> Bool {
    switch checkDigest(golden: golden, against: pixmap) {
    case .match: return true
    case .differs, .damaged: return false
    case .unavailable:
        guard let decoded = try? decodePNG(golden).pixmap else { return false }
        return decoded.width == pixmap.width && decoded.height == pixmap.height && decoded.pixels == pixmap.pixels
    }
}

// MARK: - Files

func path(_ components: String...) -> String {
    components.filter { !$0.isEmpty }.joined(separator: "/")
}

package func parentFolder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// The file's bytes, or nil when there is no such file (or it cannot be read).
func readFile(_ path: String) -> [UInt8]? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return [UInt8](data)
}
