// The review page of a `swift test` run: `<artifacts>/index.html`, the page `grona-snap verify`
// writes, of the snapshots that failed or were recorded in the run, beside the images they link
// (`actual/`, `difference/`, `expected/`, `recorded/` in the same folder). Each failing snapshot
// call adds its snapshots to `<artifacts>/results.jsonl` (one line per golden, the latest for a
// golden kept) and writes the page again from it, so the page is whole after any test, also in a
// run cut short; the first call of a new run (GoldenLedger.currentRun) starts both afresh. The page
// offers `grona-snap accept <artifacts> --snapshots <folder>` first (CI's artifacts folder, downloaded,
// gives CI's pixels), `GRONA_RECORD=failed swift test` second. Test
// processes of one run (XCTest's, Swift Testing's, parallel workers) take turns under a lock.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Grona
import GronaOutput

package enum TestRunReview {
    /// Adds `outcomes` (those that did not pass) of `cases` to the run's review and writes its page;
    /// returns the page's path, or nil when nothing was added or it could not be written (a review
    /// page must never fail a test).
    @discardableResult
    package static func add(_ outcomes: [SnapshotOutcome], of cases: [SnapshotCase], artifactsFolder: String,
                           snapshotsFolder: String, record: SnapshotRecordMode,
                           run: String = GoldenLedger.currentRun()) -> String? {
        let failed = zip(outcomes, cases).filter { !$0.0.passed }
        guard !failed.isEmpty, (try? AtomicFile.createFolder(artifactsFolder)) != nil else { return nil }
        let lock = open(path(artifactsFolder, ".review.lock"), O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard lock >= 0 else { return nil }
        defer { close(lock) }
        flock(lock, LOCK_EX)
        defer { flock(lock, LOCK_UN) }

        let runFile = path(artifactsFolder, ".review-run")
        let sameRun = readFile(runFile).map { String(decoding: $0, as: UTF8.self) } == run
        // The snapshots folders of this run's calls: `accept` puts images in one.
        let foldersFile = path(artifactsFolder, ".review-snapshots")
        let earlierFolders = sameRun ? (readFile(foldersFile).map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) } ?? []) : []
        let folders = Array(Set(earlierFolders + [snapshotsFolder])).sorted()
        let added = failed.map { SnapshotRecord($0.0, spec: $0.1.spec, reportFolder: artifactsFolder) }
        let replaced = Set(added.map(\.golden))
        let kept = sameRun ? ((try? SnapshotRecord.read(reportFolder: artifactsFolder)) ?? []).filter { !replaced.contains($0.golden) } : []
        let records = kept + added
        var tally = VerificationTally()
        for record in records { tally.add(record.outcome(reportFolder: artifactsFolder, snapshotsFolder: snapshotsFolder)) }
        var result = FolderVerification.Result(tally: tally, unusedGoldens: [], pruned: false,
                                               reportPath: path(artifactsFolder, "index.html"))
        if tally.count(.differs) + tally.count(.missing) > 0 {
            // `grona-snap accept` takes the images this run made (CI's, when the artifacts folder is
            // CI's) into one snapshots folder, images only; else the tests record them again.
            let acceptable = folders.count == 1 && records.allSatisfy { $0.golden.hasSuffix(".png") }
            result.acceptCommands = AcceptCommands(accept: acceptable ? AcceptCommands.accept(artifactsFolder, snapshots: snapshotsFolder) : nil,
                                                   rerender: "GRONA_RECORD=failed swift test")
        }
        let html = htmlReport(for: result, fixturesFolder: "the Swift tests of this run (\(run))", snapshotsFolder: snapshotsFolder,
                              reportFolder: artifactsFolder, record: record)
        do {
            try AtomicFile.write(Array(run.utf8), to: runFile)
            try AtomicFile.write(Array(folders.map { $0 + "\n" }.joined().utf8), to: foldersFile)
            try AtomicFile.write(Array(records.map { $0.jsonLine + "\n" }.joined().utf8), to: path(artifactsFolder, SnapshotRecord.fileName))
            try AtomicFile.write(Array(html.utf8), to: result.reportPath)
        } catch {
            return nil
        }
        return result.reportPath
    }
}
