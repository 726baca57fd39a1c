import Foundation
import GronaSnapshots
import PNG
import Raster
import XCTest
import TestSupport

/// `grona-snap verify`, run as a process: exit statuses, the summary line, the report, unused
/// goldens and --prune. The fixture is the info message (12 variants, no image, quick to render).
final class VerifyCommandTests: XCTestCase {
    func grona(_ arguments: [String]) throws -> RunResult { try snap(arguments: arguments) }

    /// A work folder with `fixtures/message-info.json`.
    func makeWorkFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "grona-verify-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder + "/fixtures", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: packageRoot + "/Fixtures/message-info.json",
                                         toPath: folder + "/fixtures/message-info.json")
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }

    func testRecordsThenMatchesThenCatchesAChangedGolden() throws {
        let work = try makeWorkFolder()
        let verify = ["verify", work + "/fixtures", "--snapshots", work + "/Snapshots", "--jobs", "2"]

        let first = try grona(verify)
        XCTAssertEqual(first.status, 1, first.stderr)   // a recording never passes
        XCTAssertTrue(first.stderr.hasSuffix("error: recorded 12 goldens; look at them, then run again to verify\n"), first.stderr)
        XCTAssertEqual(first.stdout.split(separator: "\n").last, "verified 12 snapshots: 0 match, 0 differ, 12 recorded, 0 missing; 8 findings (8 truncated)")
        let golden = work + "/Snapshots/message-info/AX5-dark-rtl@3x.png"
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden))
        // The report shows each recorded golden with its image, from a copy in the report folder.
        let reportFolder = work + "/Artifacts/verify-report"
        let recordedReport = try String(contentsOfFile: reportFolder + "/index.html", encoding: .utf8)
        XCTAssertEqual(recordedReport.components(separatedBy: "<img ").count - 1, 12, recordedReport)
        XCTAssertTrue(recordedReport.contains("src=\"recorded/message-info/AX5-dark-rtl@3x.png\""), recordedReport)
        XCTAssertTrue(recordedReport.contains("<td>recorded</td><td class=\"n\">12</td>"), recordedReport)
        XCTAssertEqual(FileManager.default.contents(atPath: reportFolder + "/recorded/message-info/AX5-dark-rtl@3x.png"),
                       FileManager.default.contents(atPath: golden))

        let second = try grona(verify)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(second.stdout, "verified 12 snapshots: 12 match, 0 differ, 0 recorded, 0 missing; 8 findings (8 truncated)\n")
        let report = work + "/Artifacts/verify-report/index.html"
        XCTAssertTrue(try String(contentsOfFile: report, encoding: .utf8).contains("12 match"))

        // Change a 10 × 10 block of one golden.
        var pixmap = try decodePNG([UInt8](Data(contentsOf: URL(fileURLWithPath: golden)))).pixmap
        for y in 40..<50 { for x in 60..<70 {
            let i = (y * pixmap.width + x) * 4
            pixmap.pixels.replaceSubrange(i..<(i + 4), with: [255, 0, 255, 255])
        } }
        try Data(try encodePNG(pixmap)).write(to: URL(fileURLWithPath: golden))
        let third = try grona(verify)
        XCTAssertEqual(third.status, 1)
        XCTAssertEqual(third.stdout.split(separator: "\n").last, "verified 12 snapshots: 11 match, 1 differ, 0 recorded, 0 missing; 8 findings (8 truncated)")
        XCTAssertTrue(third.stderr.contains("message-info/AX5-dark-rtl@3x.png: differs from the golden: 100 pixels differ"), third.stderr)
        // The images this run made are what to accept; rendering again is the second choice.
        let accept = "grona-snap accept \(reportFolder)"
        let rerender = "grona-snap verify \(work)/fixtures --snapshots \(work)/Snapshots --record failed"
        XCTAssertTrue(third.stderr.hasSuffix("to accept the differences as the new goldens (the images this run made): \(accept)\n"
            + "or, to render them again on this machine instead: \(rerender)\n"
            + "error: 1 snapshot did not match its golden; see \(report)\n"), third.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: work + "/Artifacts/verify-report/actual/message-info/AX5-dark-rtl@3x.png"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: work + "/Artifacts/verify-report/difference/message-info/AX5-dark-rtl@3x.png"))
        let html = try String(contentsOfFile: report, encoding: .utf8)
        XCTAssertTrue(html.contains("message-info/AX5-dark-rtl@3x.png"))
        // Images are linked, not inlined: the difference, and expected and actual in the wipe. The
        // golden as it was is copied beside the artifacts, so the folder is self-contained.
        XCTAssertFalse(html.contains("data:image"))
        for link in ["difference", "expected", "actual"] {
            XCTAssertTrue(html.contains("src=\"\(link)/message-info/AX5-dark-rtl@3x.png\""), link)
        }
        XCTAssertEqual(html.components(separatedBy: "<img ").count - 1, 3)
        XCTAssertEqual(FileManager.default.contents(atPath: reportFolder + "/expected/message-info/AX5-dark-rtl@3x.png"),
                       FileManager.default.contents(atPath: golden))
        XCTAssertFalse(FileManager.default.fileExists(atPath: reportFolder + "/recorded/message-info/AX5-dark-rtl@3x.png"))
        XCTAssertTrue(html.contains("class=\"wipe-slider\""))
        // A block pasted over the card: its outline is an edge the golden lacks.
        XCTAssertTrue(html.contains("<td>text or shapes moved</td><td class=\"n\">1</td>"), html)
        XCTAssertTrue(html.contains("<code>\(accept)</code>Or render them again on your machine"), html)
        XCTAssertTrue(html.contains("<code>\(rerender)</code>"), html)

        // --record failed puts the fresh image back; then everything matches.
        XCTAssertEqual(try grona(verify + ["--record", "failed"]).status, 1)
        XCTAssertEqual(try grona(verify).status, 0)
    }

    func testUnusedGoldensAreListedAndPrunedOnRequest() throws {
        let work = try makeWorkFolder()
        let verify = ["verify", work + "/fixtures", "--snapshots", work + "/Snapshots", "--report-dir", work + "/report"]
        _ = try grona(verify)
        let fm = FileManager.default
        try fm.createDirectory(atPath: work + "/Snapshots/old-banner", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: work + "/Snapshots/Text", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: work + "/Snapshots/message-info/vip", withIntermediateDirectories: true)
        let source = work + "/Snapshots/message-info/L-light-ltr@3x.png"
        try fm.copyItem(atPath: source, toPath: work + "/Snapshots/old-banner/L-light-ltr@3x.png")
        try fm.copyItem(atPath: source, toPath: work + "/Snapshots/message-info/L-light-ltr@2x.png")
        try fm.copyItem(atPath: source, toPath: work + "/Snapshots/message-info/vip/L-light-ltr@3x.png")
        try fm.copyItem(atPath: source, toPath: work + "/Snapshots/Text/arabic.png")   // not a golden name: not ours
        // A Swift test (the suite `message-info`, the test `vip`, which reads like a locale folder)
        // claims its golden in the ledger.
        GoldenLedger.claim(["message-info/vip/L-light-ltr@3x.png"], test: "AppTests.message-info/vip", module: "AppTests",
                           snapshotsFolder: work + "/Snapshots", run: "run-1", narrowing: nil)

        // Only a spec's own stale variant is unused; the folder of a spec that is gone
        // (old-banner) is no spec's, so verify leaves it to `grona-snap unused`.
        let listed = try grona(verify)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(listed.stdout, """
            unused golden (no spec produces it): \(work)/Snapshots/message-info/L-light-ltr@2x.png
            verified 12 snapshots: 12 match, 0 differ, 0 recorded, 0 missing; 8 findings (8 truncated)

            """)

        let pruned = try grona(verify + ["--prune"])
        XCTAssertEqual(pruned.status, 0)
        XCTAssertTrue(pruned.stdout.hasPrefix("removed unused golden: \(work)/Snapshots/message-info/L-light-ltr@2x.png\n"), pruned.stdout)
        XCTAssertFalse(fm.fileExists(atPath: work + "/Snapshots/message-info/L-light-ltr@2x.png"))
        XCTAssertTrue(fm.fileExists(atPath: work + "/Snapshots/message-info/vip/L-light-ltr@3x.png"))
        XCTAssertTrue(fm.fileExists(atPath: work + "/Snapshots/old-banner/L-light-ltr@3x.png"))
        XCTAssertTrue(fm.fileExists(atPath: work + "/Snapshots/Text/arabic.png"))
        XCTAssertTrue(fm.fileExists(atPath: work + "/report/index.html"))

        // `unused` lists what neither the specs nor the latest test run used.
        let unused = try grona(["unused", work + "/Snapshots", "--specs", work + "/fixtures"])
        XCTAssertEqual(unused.status, 0, unused.stderr)
        XCTAssertEqual(unused.stdout, "\(work)/Snapshots/Text/arabic.png\n\(work)/Snapshots/old-banner/L-light-ltr@3x.png\n")
        XCTAssertEqual(unused.stderr, "2 of 15 goldens unused: no spec produces them and no test used them in the latest swift test run\n")
        // A later run in which the test no longer claims its golden (renamed): listed too.
        GoldenLedger.claim(["message-info/other/L-light-ltr@3x.png"], test: "AppTests.message-info/other", module: "AppTests",
                           snapshotsFolder: work + "/Snapshots",
                           run: "run-2", narrowing: nil, now: Int(Date().timeIntervalSince1970) + 10)
        let renamed = try grona(["unused", work + "/Snapshots", "--specs", work + "/fixtures"])
        XCTAssertTrue(renamed.stdout.contains("\(work)/Snapshots/message-info/vip/L-light-ltr@3x.png\n"), renamed.stdout)
        // --remove deletes them, and the folders they leave empty; the specs' goldens stay.
        let removed = try grona(["unused", work + "/Snapshots", "--specs", work + "/fixtures", "--remove"])
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertTrue(removed.stdout.contains("removed unused golden: \(work)/Snapshots/old-banner/L-light-ltr@3x.png\n"), removed.stdout)
        XCTAssertFalse(fm.fileExists(atPath: work + "/Snapshots/old-banner"))
        XCTAssertFalse(fm.fileExists(atPath: work + "/Snapshots/message-info/vip"))
        // Their ledger lines go with them, so nothing claims a golden that is gone.
        XCTAssertFalse(GoldenLedger.entries(under: work + "/Snapshots").contains { $0.golden.hasPrefix("message-info/vip/") })
        XCTAssertEqual(try grona(verify + ["--record", "never"]).status, 0)
    }

    /// `swift test; swift test --filter OneSuite; grona-snap unused`: the filtered run claimed only
    /// its own suite's goldens, so every other test's would look unused. `unused` says which run it
    /// needs and lists nothing; `--remove` deletes nothing.
    func testUnusedAfterAFilteredRunListsNothingAndRemovesNothing() throws {
        let work = try makeWorkFolder()
        let snapshots = work + "/Snapshots"
        _ = try grona(["verify", work + "/fixtures", "--snapshots", snapshots, "--report-dir", work + "/report"])
        let suites = ["OneSuite", "OtherSuite", "ThirdSuite"]
        for (index, suite) in suites.enumerated() {
            let golden = "\(suite)/testCard/L-light-ltr@1x.png"
            try FileManager.default.createDirectory(atPath: snapshots + "/" + suite + "/testCard", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: snapshots + "/message-info/L-light-ltr@3x.png", toPath: snapshots + "/" + golden)
            GoldenLedger.claim([golden], test: "AppTests.\(suite)/testCard", module: "AppTests", snapshotsFolder: snapshots,
                               run: "whole", narrowing: nil, now: 1_000 + index)
        }
        XCTAssertEqual(try grona(["unused", snapshots, "--specs", work + "/fixtures"]).stdout, "", "after the whole run, all used")
        // Then only one suite runs.
        GoldenLedger.claim(["OneSuite/testCard/L-light-ltr@1x.png"], test: "AppTests.OneSuite/testCard", module: "AppTests",
                           snapshotsFolder: snapshots, run: "filtered", narrowing: "swift test --filter OneSuite", now: 2_000)
        for arguments in [["unused", snapshots, "--specs", work + "/fixtures"], ["unused", snapshots, "--specs", work + "/fixtures", "--remove"]] {
            let refused = try grona(arguments)
            XCTAssertEqual(refused.status, 2, refused.stdout)
            XCTAssertEqual(refused.stdout, "")
            XCTAssertEqual(refused.stderr, "error: \(snapshots): the latest test run was not the whole suite (swift test --filter OneSuite), "
                + "so the goldens of the tests it left out would look unused; nothing is listed or removed. Run the whole suite "
                + "(swift test, unfiltered and unsharded), then grona-snap unused\n")
        }
        for suite in suites { XCTAssertTrue(FileManager.default.fileExists(atPath: "\(snapshots)/\(suite)/testCard/L-light-ltr@1x.png")) }
        // A whole run again: the answer is back.
        GoldenLedger.claim(["OneSuite/testCard/L-light-ltr@1x.png"], test: "AppTests.OneSuite/testCard", module: "AppTests",
                           snapshotsFolder: snapshots, run: "whole-again", narrowing: nil, now: 3_000)
        let listed = try grona(["unused", snapshots, "--specs", work + "/fixtures"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(listed.stdout, "\(snapshots)/OtherSuite/testCard/L-light-ltr@1x.png\n\(snapshots)/ThirdSuite/testCard/L-light-ltr@1x.png\n",
                       "a whole run in which the other suites claimed nothing: theirs are unused")
    }

    func testSpecsInSubfoldersAreVerifiedAndNothingToCheckIsAnError() throws {
        let work = try makeWorkFolder()
        let fm = FileManager.default
        try fm.createDirectory(atPath: work + "/nested/banners", withIntermediateDirectories: true)
        try fm.copyItem(atPath: work + "/fixtures/message-info.json", toPath: work + "/nested/banners/message-info.json")
        let run = try grona(["verify", work + "/nested", "--snapshots", work + "/Snapshots"])
        XCTAssertEqual(run.status, 1, run.stderr)   // recorded
        XCTAssertTrue(run.stdout.hasSuffix("verified 12 snapshots: 0 match, 0 differ, 12 recorded, 0 missing; 8 findings (8 truncated)\n"), run.stdout)
        XCTAssertTrue(fm.fileExists(atPath: work + "/Snapshots/banners/message-info/AX5-dark-rtl@3x.png"))
        XCTAssertEqual(try grona(["verify", work + "/nested", "--snapshots", work + "/Snapshots"]).status, 0)

        try fm.createDirectory(atPath: work + "/empty", withIntermediateDirectories: true)
        let empty = try grona(["verify", work + "/empty", "--snapshots", work + "/Snapshots"])
        XCTAssertEqual(empty.status, 2)
        XCTAssertEqual(empty.stderr, "error: no snapshots to check: no spec in \(work)/empty and its subfolders\n")
        let tooManyShards = try grona(["verify", work + "/nested", "--snapshots", work + "/Snapshots", "--shard", "13/13"])
        XCTAssertEqual(tooManyShards.status, 2)
        XCTAssertTrue(tooManyShards.stderr.contains("shard 13/13 (from --shard) has no snapshots to check"), tooManyShards.stderr)
    }

    /// One name per spec, whichever folder `verify` is pointed at: the spec's path in the project
    /// without its first folder. `verify Fixtures/campaigns` finds the goldens `verify Fixtures`
    /// recorded (no second copy beside them), and `verify Tests/Specs` names a spec `Specs/points2`,
    /// as `assertSnapshot(ofSpecAt: "Tests/Specs/points2.json")` does.
    func testAFolderInsideTheFixturesNamesGoldensAsTheWholeFixturesFolderDoes() throws {
        let work = try makeWorkFolder()
        let fm = FileManager.default
        try fm.createDirectory(atPath: work + "/Fixtures/campaigns", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: work + "/Tests/Specs", withIntermediateDirectories: true)
        try fm.copyItem(atPath: fixtures + "/message-info.json", toPath: work + "/Fixtures/campaigns/spring.json")
        try fm.copyItem(atPath: fixtures + "/message-gift.json", toPath: work + "/Fixtures/gift.json")
        try fm.copyItem(atPath: fixtures + "/message-gift.json", toPath: work + "/Tests/Specs/points2.json")
        let whole = try runProgram(try gronaSnapBinary(), ["verify", "Fixtures", "--snapshots", "Snapshots"], in: work)
        XCTAssertEqual(whole.status, 1, whole.stderr)   // recorded
        let recorded = files(under: work + "/Snapshots").filter { $0.hasSuffix(".png") }
        XCTAssertEqual(recorded.count, 24)
        XCTAssertTrue(recorded.contains("campaigns/spring/L-light-ltr@3x.png"), "\(recorded)")

        let part = try runProgram(try gronaSnapBinary(), ["verify", "Fixtures/campaigns", "--snapshots", "Snapshots"], in: work)
        XCTAssertEqual(part.status, 0, part.stderr)
        XCTAssertTrue(part.stdout.hasPrefix("verified 12 snapshots: 12 match, 0 differ, 0 recorded"), part.stdout)
        // The same from another working folder, with absolute paths.
        let absolute = try snap("verify", work + "/Fixtures/campaigns/", "--snapshots", work + "/Snapshots")
        XCTAssertEqual(absolute.status, 0, absolute.stderr)
        XCTAssertEqual(files(under: work + "/Snapshots").filter { $0.hasSuffix(".png") }, recorded, "goldens recorded twice")

        let specs = try runProgram(try gronaSnapBinary(), ["verify", "Tests/Specs", "--snapshots", "Snapshots"], in: work)
        XCTAssertEqual(specs.status, 1, specs.stderr)
        XCTAssertTrue(fm.fileExists(atPath: work + "/Snapshots/Specs/points2/L-light-ltr@3x.png"))
        XCTAssertEqual(try runProgram(try gronaSnapBinary(), ["verify", "Tests", "--snapshots", "Snapshots"], in: work).status, 0)

        // Over the whole project, Fixtures/gift.json and a Tests/gift.json would share `gift`: refused, nothing written.
        try fm.copyItem(atPath: fixtures + "/message-gift.json", toPath: work + "/Tests/gift.json")
        let before = allEntries(under: work)
        let shared = try runProgram(try gronaSnapBinary(), ["verify", ".", "--snapshots", "Snapshots"], in: work)
        XCTAssertEqual(shared.status, 2)
        XCTAssertTrue(shared.stderr.hasPrefix("error: ./Tests/gift.json: its goldens would be Snapshots/gift/, which are ./Fixtures/gift.json's: "
            + "two specs cannot share goldens"), shared.stderr)
        XCTAssertEqual(allEntries(under: work), before)
    }

    /// `check` and `batch` find a folder's specs as `verify` does, subfolders included, and
    /// `batch` names them as `verify` names their goldens.
    func testCheckAndBatchRecurseAsVerifyDoes() throws {
        let work = try makeWorkFolder()
        let fm = FileManager.default
        try fm.createDirectory(atPath: work + "/fixtures/nested/deeper", withIntermediateDirectories: true)
        try fm.moveItem(atPath: work + "/fixtures/message-info.json", toPath: work + "/fixtures/nested/deeper/info.json")
        try fm.copyItem(atPath: fixtures + "/message-gift.json", toPath: work + "/fixtures/gift.json")
        let check = try snap("check", work + "/fixtures")
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stdout.contains("\(work)/fixtures/nested/deeper/info.json:\n  title cut after 2 lines at AX5"), check.stdout)
        XCTAssertTrue(check.stdout.hasSuffix("12 findings in 2 of 2 specs (24 variants checked)\n"), check.stdout)
        let json = try snap("check", work + "/fixtures", "--format", "json")
        XCTAssertTrue(json.stdout.contains("\"spec\": \"\(work)/fixtures/nested/deeper/info.json\""), json.stdout)

        let batch = try snap("batch", work + "/fixtures", "-o", work + "/out", "--scale", "1")
        XCTAssertEqual(batch.status, 0, batch.stderr)
        let written = files(under: work + "/out")
        XCTAssertEqual(written.count, 24)
        XCTAssertTrue(written.contains("nested/deeper/info/L-dark-rtl@1x.png") && written.contains("gift/L-dark-rtl@1x.png"), "\(written)")
        let verify = try snap("verify", work + "/fixtures", "--snapshots", work + "/Snapshots")
        XCTAssertEqual(verify.status, 1)
        XCTAssertEqual(Set(files(under: work + "/Snapshots").filter { $0.hasSuffix(".png") }.map { $0.replacingOccurrences(of: "@3x", with: "@1x") }),
                       Set(written))
    }

    /// Goldens re-saved by another tool lose their provenance chunk and can only be compared under
    /// the tolerance, where a colour nudged below a visible difference passes. Each run says how
    /// many, on stderr, in the report and in the JUnit XML; `--require-provenance` fails them, and
    /// `--record failed` records them again with it.
    func testGoldensWithoutProvenanceAreNoticedAndCanBeRequired() throws {
        let work = try makeWorkFolder()
        let verify = ["verify", work + "/fixtures", "--snapshots", work + "/Snapshots", "--junit", work + "/junit.xml"]
        XCTAssertEqual(try grona(verify).status, 1)   // recorded
        // Re-saved as another tool would (no private chunks); one with a colour nudged by one step.
        for (index, name) in ["L-light-ltr@3x.png", "L-dark-ltr@3x.png", "AX5-light-rtl@3x.png"].enumerated() {
            let golden = work + "/Snapshots/message-info/" + name
            var pixmap = try image(golden)
            if index == 0 { pixmap.pixels[(40 * pixmap.width + 40) * 4] ^= 1 }
            try Data(try encodePNG(pixmap)).write(to: URL(fileURLWithPath: golden))
        }
        let notice = "3 goldens carry no provenance; compared under tolerance"
        let tolerated = try grona(verify)
        XCTAssertEqual(tolerated.status, 0, tolerated.stderr)
        XCTAssertTrue(tolerated.stderr.hasPrefix("notice: \(notice) (a change below a visible difference passes; "), tolerated.stderr)
        XCTAssertTrue(try String(contentsOfFile: work + "/Artifacts/verify-report/index.html", encoding: .utf8).contains(notice))
        let junit = try String(contentsOfFile: work + "/junit.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains("<property name=\"grona-snap.notice\" value=\"\(notice)"), junit)
        XCTAssertEqual(junit.components(separatedBy: "<system-out>the golden carries no provenance; compared under tolerance</system-out>").count - 1, 3, junit)

        let required = try grona(verify + ["--require-provenance"])
        XCTAssertEqual(required.status, 1)
        XCTAssertTrue(required.stderr.contains("message-info/L-light-ltr@3x.png: the golden carries no provenance (no grVR chunk"), required.stderr)
        XCTAssertTrue(required.stdout.hasSuffix("verified 12 snapshots: 9 match, 3 differ, 0 recorded, 0 missing; 8 findings (8 truncated)\n"), required.stdout)
        XCTAssertEqual(try junitCases(work + "/junit.xml").filter(\.failed).count, 3)
        XCTAssertEqual(try grona(verify + ["--require-provenance", "--record", "failed"]).status, 1)   // recorded again
        let again = try grona(verify + ["--require-provenance"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stderr, "")
    }

    func testBadSpecExitsTwoAndWritesNothing() throws {
        let work = try makeWorkFolder()
        try Data(##"{"theme": {"primary": "#12345"}, "component": {"type": "message", "icon": "info", "body": "x"}}"##.utf8)
            .write(to: URL(fileURLWithPath: work + "/fixtures/bad.json"))
        let run = try grona(["verify", work + "/fixtures", "--snapshots", work + "/Snapshots"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "error: \(work)/fixtures/bad.json: $.theme.primary: \"#12345\" is not a colour; expected #RGB, #RRGGBB or #RRGGBBAA\n")
        XCTAssertEqual(run.stdout, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: work + "/Snapshots"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: work + "/Artifacts"))

        let usage = try grona(["verify", work + "/fixtures"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertEqual(usage.stderr, "error: verify: missing --snapshots DIR\n")
        XCTAssertEqual(try grona(["verify", work + "/fixtures", "--snapshots", work, "--record", "sometimes"]).status, 2)
    }

    /// More snapshots fail than the report shows in full (500 by default, 20 here through
    /// --report-in-full, so the run stays small; ReviewAtScaleTests covers the default): the
    /// summary, stderr's count and the report's tables still count every one, the report lists the
    /// rest by name, and the report and stderr are the same bytes whatever the number of jobs.
    func testMoreFailuresThanTheReportShowsInFullAreAllCounted() throws {
        let work = try makeWorkFolder()
        try FileManager.default.removeItem(atPath: work + "/fixtures/message-info.json")
        // 3 specs × 12 variants at @1x (quick to render): 36 snapshots, none with a golden.
        let spec = ##"{"component": {"type": "message", "icon": "info", "body": "Open at 7 am."}, "##
            + ##""variants": {"textSize": ["xS", "L", "AX5"], "appearance": ["light", "dark"], "direction": ["ltr", "rtl"], "scale": [1]}}"##
        for index in 0..<3 {
            try Data(spec.utf8).write(to: URL(fileURLWithPath: work + "/fixtures/spec-\(index).json"))
        }
        let verify = ["verify", work + "/fixtures", "--snapshots", work + "/Snapshots", "--record", "never", "--report-in-full", "20"]
        let report = work + "/Artifacts/verify-report/index.html"

        let run = try grona(verify + ["--jobs", "2"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stdout.split(separator: "\n").last, "verified 36 snapshots: 0 match, 0 differ, 0 recorded, 36 missing; no findings")
        XCTAssertEqual(run.stderr.components(separatedBy: ": no golden at ").count - 1, 10, run.stderr)
        XCTAssertTrue(run.stderr.contains("… and 26 more; all are in \(report)\n"), run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("error: 36 snapshots did not match their goldens; see \(report)\n"), run.stderr)

        let html = try String(contentsOfFile: report, encoding: .utf8)
        XCTAssertTrue(html.contains("<title>36 snapshots need attention — grona-snap verify</title>"))
        XCTAssertTrue(html.contains("<td>golden missing</td><td class=\"n\">36</td>"))
        XCTAssertEqual(html.components(separatedBy: "<section>").count - 1, 20)
        XCTAssertTrue(html.contains("Beyond the first 20 snapshots, by name"))
        // The 16 past the first 20: the last 4 of spec-1 and all of spec-2, by name.
        XCTAssertEqual(html.components(separatedBy: "<li><code>spec-").count - 1, 16)
        XCTAssertEqual(html.components(separatedBy: "<li><code>spec-2/").count - 1, 12)
        XCTAssertEqual(html.components(separatedBy: "<li><code>spec-1/").count - 1, 4)
        XCTAssertEqual(html.components(separatedBy: "</td><td class=\"n\">12</td><td>12 golden missing</td></tr>").count - 1, 3)
        // Every fresh image is written, listed or not.
        let actual = try FileManager.default.subpathsOfDirectory(atPath: work + "/Artifacts/verify-report/actual")
        XCTAssertEqual(actual.filter { $0.hasSuffix(".png") }.count, 36)

        let oneJob = try grona(verify + ["--jobs", "1"])
        XCTAssertEqual(oneJob.stderr, run.stderr)
        XCTAssertEqual(oneJob.stdout, run.stdout)
        XCTAssertEqual(try String(contentsOfFile: report, encoding: .utf8), html)
        // Fewer than stderr prints in full is refused.
        XCTAssertEqual(try grona(verify.dropLast() + ["9"]).status, 2)
    }
}
