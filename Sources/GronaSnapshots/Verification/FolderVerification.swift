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
// Unused goldens: a file `<snapshots>/<folder>/<name>.png`, or `<snapshots>/<folder>/<locale>/<name>.png`
// in a locale's folder (a BCP 47 tag, or `base`), whose name has the golden form (`L-light-ltr@3x.png`,
// `L-light-ltr-320pt@2x.png`, `L-light-ltr-pseudo-accented@3x.png`) and that no spec produced in this
// run. Files in other folders or with other names are never touched, so other suites' goldens can
// share the snapshots folder.
import Foundation
import Grona

public struct FolderVerification {
    public var fixturesFolder: String
    public var snapshotsFolder: String
    /// Where `index.html`, `actual/` and `difference/` go.
    public var reportFolder: String
    public var record: SnapshotRecordMode = .missing
    public var tolerance: ComparisonTolerance = .default
    public var jobs: Int = ParallelRenderer.defaultJobs
    /// Remove the unused goldens (they are listed either way).
    public var prune = false
    /// How many snapshots that did not match the report shows with their images; the rest it lists by name.
    public var sectionsInFull = reportSectionsInFull
    public var fontsFolder: String
    /// If set, every font and image path in a spec must resolve inside one of these folders.
    public var assetRoots: [String]?

    public init(fixturesFolder: String, snapshotsFolder: String, reportFolder: String? = nil, fontsFolder: String) {
        self.fixturesFolder = fixturesFolder
        self.snapshotsFolder = snapshotsFolder
        self.reportFolder = reportFolder ?? FolderVerification.defaultReportFolder(snapshotsFolder: snapshotsFolder)
        self.fontsFolder = fontsFolder
    }

    /// `$GRONA_ARTIFACTS/verify-report`, else `Artifacts/verify-report` beside the snapshots folder.
    public static func defaultReportFolder(snapshotsFolder: String,
                                           environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let artifacts = environment[snapshotArtifactsVariable], !artifacts.isEmpty {
            return path(artifacts, "verify-report")
        }
        var folder = snapshotsFolder
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        return path(parentFolder(of: folder), "Artifacts", "verify-report")
    }

    public struct Result {
        /// Counts of every snapshot, and the ones that did not match as far as the report shows them.
        public var tally: VerificationTally
        /// Paths of goldens no spec produces; removed when `pruned`.
        public var unusedGoldens: [String]
        public var pruned: Bool
        public var reportPath: String
        /// The command that records the fresh images over the goldens that differ, when any do.
        public var acceptCommand: String?
        /// JSON files in the fixtures folder that are not specs (see `SpecFiles`).
        public var skippedFiles: [String] = []

        public func count(_ status: SnapshotOutcome.Status) -> Int { tally.count(status) }
        /// True when every snapshot matched its golden (a recording does not pass).
        public var passed: Bool { tally.passed }
        /// "verified 228 snapshots: 228 match, 0 differ, 0 recorded, 0 missing; 284 findings (…)"
        public var summary: String { tally.summary }
    }

    /// A spec that could not be rendered, or a file that could not be written.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public func run() throws -> Result {
        let listing = try specFiles()
        let specs = try listing.specs.map { try SpecDecoder(fontsFolder: fontsFolder, allowedAssetRoots: assetRoots).decode(fileAt: $0) }
        let cases = specs.flatMap { SnapshotCase.cases(for: $0) }
        let verifier = { [self] in
            var verifier = SnapshotVerifier(snapshotsDirectory: snapshotsFolder, artifactsDirectory: reportFolder,
                                            record: record, tolerance: tolerance, jobs: jobs, fontsFolder: fontsFolder)
            verifier.copiesImagesForReport = true
            return verifier
        }()
        let staging = StagedFiles()
        // Each outcome is counted as it comes and dropped (see VerificationTally); all that is kept
        // per snapshot is which report files it named, for removing the stale ones after the commit.
        let collector = Collector(cases: cases.count, sectionsInFull: sectionsInFull)
        verifier.check(cases, staging: staging) { index, outcome in
            collector.add(index, outcome, verifier: verifier)
        }
        if let failed = collector.firstFailure {
            staging.discard()
            throw Failure(description: failed.message)
        }
        do { try staging.commit() } catch {
            staging.discard()
            throw Failure(description: "\(error)")
        }
        for (snapshotCase, mask) in zip(cases, collector.reportFiles) {
            verifier.removeStaleReportFiles(of: snapshotCase.goldenName, keeping: mask)
        }
        let produced = Set(cases.map(\.goldenName))
        let unused = unusedGoldens(producing: produced)
        if prune {
            for file in unused { unlink(file) }
            // A locale's or spec's folder that is now empty goes too (deepest first).
            let folders = Set(unused.map { parentFolder(of: $0) })
            let spec = Set(folders.map { parentFolder(of: $0) }).filter { $0 != snapshotsFolder && $0.count > snapshotsFolder.count }
            for folder in folders.union(spec).sorted(by: { $0.count > $1.count })
            where (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true {
                rmdir(folder)
            }
        }
        var result = Result(tally: collector.tally, unusedGoldens: unused, pruned: prune,
                            reportPath: path(reportFolder, "index.html"))
        result.skippedFiles = listing.skipped
        if result.count(.differs) > 0 {
            result.acceptCommand = (["grona-snap", "verify", fixturesFolder, "--snapshots", snapshotsFolder, "--record", "failed"]
                + (assetRoots.map { ["--assets-root", $0.joined(separator: ":")] } ?? [])).map(shellQuoted).joined(separator: " ")
        }
        let html = htmlReport(for: result, fixturesFolder: fixturesFolder, snapshotsFolder: snapshotsFolder,
                              reportFolder: reportFolder, record: record)
        do {
            try AtomicFile.createFolder(reportFolder)
            try AtomicFile.write(Array(html.utf8), to: result.reportPath)
        } catch {
            throw Failure(description: "\(error)")
        }
        return result
    }

    /// The specs directly in the fixtures folder, sorted by name; other JSON files are skipped
    /// (`SpecFiles`) and listed in the result.
    func specFiles() throws -> SpecFiles.Listing {
        guard AtomicFile.isFolder(fixturesFolder) else {
            throw SpecError(file: fixturesFolder, location: nil, message: "not a folder of spec files")
        }
        return try SpecFiles.list(in: fixturesFolder)
    }

    /// Golden-named files one folder down, or two in a locale's folder, that `produced` does not
    /// name, sorted.
    func unusedGoldens(producing produced: Set<String>) -> [String] {
        let fm = FileManager.default
        guard let folders = try? fm.contentsOfDirectory(atPath: snapshotsFolder) else { return [] }
        var unused: [String] = []
        func collect(_ folder: String, localeFolders: Bool) {
            guard let entries = try? fm.contentsOfDirectory(atPath: path(snapshotsFolder, folder)) else { return }
            for entry in entries.sorted() {
                let name = folder + "/" + entry
                if isGoldenFileName(entry) {
                    if !produced.contains(name) { unused.append(path(snapshotsFolder, name)) }
                } else if localeFolders, isLocaleFolderName(entry) {
                    collect(name, localeFolders: false)
                }
            }
        }
        for folder in folders.sorted() { collect(folder, localeFolders: true) }
        return unused
    }
}

/// What `run` keeps of the outcomes as they come, in case order: the tally, the report files each
/// named, and the first that failed (which stops the run). `@unchecked Sendable` is safe because
/// `SnapshotVerifier.check(_:staging:handle:)` calls the handler one at a time and returns only
/// after the last call.
private final class Collector: @unchecked Sendable {
    var tally: VerificationTally
    var reportFiles: [UInt8]
    var firstFailure: SnapshotOutcome?

    init(cases: Int, sectionsInFull: Int) {
        tally = VerificationTally(sectionsInFull: sectionsInFull)
        reportFiles = Array(repeating: 0, count: cases)
    }

    /// Returns false at the first failure: nothing after it needs deciding.
    func add(_ index: Int, _ outcome: SnapshotOutcome, verifier: SnapshotVerifier) -> Bool {
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
