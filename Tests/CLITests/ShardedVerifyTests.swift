import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PNG
import Raster
import XCTest
import TestSupport

/// `grona-snap verify` on CI engines: Bazel's sharding protocol, the other engines' variables,
/// JUnit XML, GitHub annotations, `merge`, and nothing left behind by failing runs.
final class ShardedVerifyTests: XCTestCase {
    /// A work folder with two specs, one in a subfolder (24 snapshots), and their goldens recorded.
    func recordedWork() throws -> String {
        let work = try temporaryFolder(name)
        try FileManager.default.createDirectory(atPath: work + "/fixtures/messages", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixtures + "/message-info.json", toPath: work + "/fixtures/messages/info.json")
        try FileManager.default.copyItem(atPath: fixtures + "/message-gift.json", toPath: work + "/fixtures/message-gift.json")
        XCTAssertEqual(try snap("verify", work + "/fixtures", "--snapshots", work + "/Snapshots").status, 1)   // recorded
        addTeardownBlock { try? FileManager.default.removeItem(atPath: work) }
        return work
    }

    func testThreeBazelShardsPartitionTheSnapshotsAndMergeIntoOneReport() throws {
        let work = try recordedWork()
        // Damage one golden: exactly one shard must fail.
        let damaged = work + "/Snapshots/messages/info/L-dark-rtl@3x.png"
        var pixmap = try image(damaged)
        paintBlock(&pixmap)
        try Data(try encodePNG(pixmap)).write(to: URL(fileURLWithPath: damaged))

        var all: [String] = []
        var failedShards: [Int] = []
        for index in 0..<3 {
            let status = work + "/status-\(index)", xml = work + "/test-\(index).xml"
            let run = try runProgram(try gronaSnapBinary(), ["verify", work + "/fixtures", "--snapshots", work + "/Snapshots",
                                                             "--report-dir", work + "/report-\(index)"],
                                     environment: ["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "\(index)",
                                                   "TEST_SHARD_STATUS_FILE": status, "XML_OUTPUT_FILE": xml])
            XCTAssertTrue(FileManager.default.fileExists(atPath: status), "shard \(index) did not touch the status file")
            XCTAssertTrue(run.stdout.contains("verified 8 snapshots:") && run.stdout.contains("(shard \(index + 1)/3)"), run.stdout)
            let cases = try junitCases(xml)
            XCTAssertEqual(cases.count, 8)
            all += cases.map(\.name)
            if run.status != 0 {
                failedShards.append(index)
                XCTAssertEqual(run.status, 1, run.stderr)
                XCTAssertEqual(cases.filter(\.failed).map(\.name), ["messages/info/L-dark-rtl@3x.png"])
                let text = try String(contentsOfFile: xml, encoding: .utf8)
                XCTAssertTrue(text.contains("difference image: \(work)/report-\(index)/difference/messages/info/L-dark-rtl@3x.png"), text)
            }
        }
        XCTAssertEqual(failedShards.count, 1)
        XCTAssertEqual(all.count, 24)
        XCTAssertEqual(Set(all).count, 24, "the shards overlap")

        let merged = try snap("merge", work + "/report-0", work + "/report-1", work + "/report-2", "-o", work + "/merged")
        XCTAssertEqual(merged.status, 1)
        XCTAssertTrue(merged.stdout.hasSuffix("verified 24 snapshots: 23 match, 1 differ, 0 recorded, 0 missing; 12 findings (12 truncated) (3 shards merged)\n"), merged.stdout)
        // The damaged golden was re-saved without its provenance: the merged run says so, once.
        XCTAssertTrue(merged.stderr.hasPrefix("notice: 1 golden carries no provenance; compared under tolerance (a change below a "
            + "visible difference passes; record it again, or fail it with verify --require-provenance)\n"
            + "to accept the differences as the new goldens (the images this run made): grona-snap accept \(work)/merged\n"
            + "or, to render them again on this machine instead: grona-snap verify \(work)/fixtures --snapshots \(work)/Snapshots --record failed\n"), merged.stderr)
        let page = try String(contentsOfFile: work + "/merged/index.html", encoding: .utf8)
        for name in all { XCTAssertTrue(page.contains("<code>\(name)</code>"), name) }
        XCTAssertTrue(page.contains("src=\"difference/messages/info/L-dark-rtl@3x.png\""))
        XCTAssertTrue(page.contains("<code>grona-snap accept \(work)/merged</code>Or render them again"), "the merged page offers accept first")
        XCTAssertTrue(FileManager.default.fileExists(atPath: work + "/merged/difference/messages/info/L-dark-rtl@3x.png"))
        XCTAssertEqual(try junitCases(work + "/merged/junit.xml").count, 24)

        // Shards of the same run merged twice are refused.
        let twice = try snap("merge", work + "/report-0", work + "/report-0", "-o", work + "/twice")
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.stderr.contains("checked by two shards"), twice.stderr)
        // A shard left out (here the one with the failure) is refused, not merged into a pass.
        let missing = try snap("merge", work + "/report-1", work + "/report-2", "-o", work + "/partial")
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("shard 1/3 missing"), missing.stderr)
    }

    func testOtherEnginesShardTheSameWay() throws {
        let work = try recordedWork()
        let verify = ["verify", work + "/fixtures", "--snapshots", work + "/Snapshots", "--junit", work + "/j.xml"]
        let engines: [[String: String?]] = [
            ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"],                       // GitLab, from 1
            ["CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "3"],               // CircleCI, from 0
            ["BUILDKITE_PARALLEL_JOB": "1", "BUILDKITE_PARALLEL_JOB_COUNT": "3"],  // Buildkite, from 0
        ]
        let flag = try snap(arguments: verify + ["--shard", "2/3"])
        XCTAssertEqual(flag.status, 0, flag.stderr)
        let expected = try junitCases(work + "/j.xml").map(\.name)
        XCTAssertEqual(expected.count, 8)
        for environment in engines {
            let run = try runProgram(try gronaSnapBinary(), verify, environment: environment)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stdout.hasSuffix("(shard 2/3)\n"), run.stdout)
            XCTAssertEqual(try junitCases(work + "/j.xml").map(\.name), expected, "\(environment)")
        }
        let bad = try runProgram(try gronaSnapBinary(), verify, environment: ["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "3"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "error: CI_NODE_INDEX: \"0\" is not a shard index from 1 to 3 (CI_NODE_TOTAL is 3)\n")
    }

    /// Each engine's variables as it sets them on a job it does not split: the whole set is
    /// checked, exit 0, and no shard is named. GitLab sets CI_NODE_TOTAL=1 on every job without
    /// `parallel:` and leaves CI_NODE_INDEX unset; CircleCI sets CIRCLE_NODE_TOTAL=1 and
    /// CIRCLE_NODE_INDEX=0 without `parallelism`; Buildkite sets neither of its variables; Bazel
    /// without `shard_count` sets no sharding variable (with `shard_count = 1`, a total of 1).
    func testEveryEnginesUnshardedJobChecksTheWholeSet() throws {
        let work = try recordedWork()
        let verify = ["verify", work + "/fixtures", "--snapshots", work + "/Snapshots", "--junit", work + "/j.xml"]
        let jobs: [(engine: String, variables: [String: String?])] = [
            ("GitLab", ["GITLAB_CI": "true", "CI": "true", "CI_NODE_TOTAL": "1", "CI_JOB_NAME": "snapshots"]),
            ("CircleCI", ["CIRCLECI": "true", "CI": "true", "CIRCLE_NODE_TOTAL": "1", "CIRCLE_NODE_INDEX": "0"]),
            ("Buildkite", ["BUILDKITE": "true", "CI": "true", "BUILDKITE_JOB_ID": "0190-a"]),
            ("Bazel", ["XML_OUTPUT_FILE": work + "/j.xml", "TEST_TMPDIR": work, "TEST_TARGET": "//:snapshots"]),
            ("Bazel, shard_count = 1", ["TEST_TOTAL_SHARDS": "1", "TEST_SHARD_INDEX": "0",
                                        "TEST_SHARD_STATUS_FILE": work + "/status", "XML_OUTPUT_FILE": work + "/j.xml"]),
            ("GitHub Actions", ["GITHUB_ACTIONS": "true", "CI": "true"]),
        ]
        for job in jobs {
            try? FileManager.default.removeItem(atPath: work + "/j.xml")
            let run = try runProgram(try gronaSnapBinary(), verify, environment: job.variables)
            XCTAssertEqual(run.status, 0, "\(job.engine): \(run.stderr)")
            XCTAssertTrue(run.stdout.hasSuffix("verified 24 snapshots: 24 match, 0 differ, 0 recorded, 0 missing; "
                + "12 findings (12 truncated)\n"), "\(job.engine): \(run.stdout)")
            XCTAssertEqual(try junitCases(work + "/j.xml").count, 24, job.engine)
        }
        // GitLab's total of 1 is passed over, so an engine listed after it may still split the job.
        let inside = try runProgram(try gronaSnapBinary(), verify,
                                    environment: ["CI_NODE_TOTAL": "1", "BUILDKITE_PARALLEL_JOB": "0", "BUILDKITE_PARALLEL_JOB_COUNT": "3"])
        XCTAssertEqual(inside.status, 0, inside.stderr)
        XCTAssertTrue(inside.stdout.hasSuffix("(shard 1/3)\n"), inside.stdout)
        // A split job still needs its index: GitLab's total of 4 without CI_NODE_INDEX is an error.
        let noIndex = try runProgram(try gronaSnapBinary(), verify, environment: ["CI_NODE_TOTAL": "4"])
        XCTAssertEqual(noIndex.status, 2)
        XCTAssertEqual(noIndex.stderr, "error: CI_NODE_INDEX: \"\" is not a shard index from 1 to 4 (CI_NODE_TOTAL is 4)\n")
    }

    func testGitHubAnnotationsAndNothingStagedLeftAfterFailingRuns() throws {
        let work = try recordedWork()
        let golden = work + "/Snapshots/message-gift/L-light-ltr@3x.png"
        var pixmap = try image(golden)
        paintBlock(&pixmap)
        try Data(try encodePNG(pixmap)).write(to: URL(fileURLWithPath: golden))
        // Three failing runs: the report's expected/ copy of an unchanged golden is a hard link of
        // it, and renaming one link of a file over another does nothing, so the staged name must
        // be removed all the same.
        for _ in 0..<3 {
            let run = try runProgram(try gronaSnapBinary(), ["verify", work + "/fixtures", "--snapshots", work + "/Snapshots"],
                                     environment: ["GITHUB_ACTIONS": "true"])
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertTrue(run.stdout.contains("::error file=\(work)/fixtures/message-gift.json,title=message-gift/L-light-ltr@3x.png::"
                + "message-gift/L-light-ltr@3x.png: differs from the golden: 100 pixels differ"), run.stdout)
        }
        let leftovers = files(under: work).filter { $0.hasSuffix(".staged") || $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [])
    }
}

extension ShardedVerifyTests {
    /// SIGINT and SIGTERM in the middle of a verification that records, once it has staged goldens
    /// and report copies in many folders: every staged golden, report file and the staged
    /// results.jsonl go, with every folder the run made, and the run says it was interrupted. (The
    /// interrupt handler and the run's own error path both discard; the folders once outlived a
    /// second discard that found no files left.)
    func testAnInterruptedVerifyLeavesNothingBehind() throws {
        for signal in [SIGINT, SIGTERM] {
            let work = try temporaryFolder(name + "\(signal)")
            let stderr = try temporaryFolder(name + "\(signal)err") + "/stderr"
            let process = try startUntilStaged(["verify", fixtures, "--snapshots", work + "/Snapshots", "--report-dir",
                                                work + "/report", "--record", "all", "--jobs", "2"],
                                               watching: work, staged: 200, stderr: stderr)
            XCTAssertTrue(process.isRunning, "the verification finished before 200 staged files were seen")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 128 + signal)
            XCTAssertEqual(allEntries(under: work), [], "signal \(signal)")
            let said = try String(contentsOfFile: stderr, encoding: .utf8)
            XCTAssertTrue(said.hasSuffix("interrupted: removed the files this run had not put in place\n"), said)
        }
    }
}

/// A 10 × 10 magenta block at (10, 10): a change no tolerance excuses.
func paintBlock(_ pixmap: inout Pixmap) {
    for y in 10..<20 {
        for x in 10..<20 {
            let i = (y * pixmap.width + x) * 4
            pixmap.pixels.replaceSubrange(i..<(i + 4), with: [255, 0, 255, 255])
        }
    }
}

extension ShardedVerifyTests {
    /// Two shards running at once with one --report-dir (a CI template with a fixed folder): each
    /// writes its own results, run and page files, so none is lost; `merge` of the one folder has
    /// every snapshot, every difference and a JUnit case for each, and `accept` takes both shards'.
    func testTwoShardsAtOnceInOneReportFolderKeepEveryResult() throws {
        let work = try recordedWork()
        let first = ["messages/info/L-dark-rtl@3x.png", "message-gift/xS-light-ltr@3x.png"]
        for golden in first {
            var pixmap = try image(work + "/Snapshots/" + golden)
            paintBlock(&pixmap)
            try Data(try encodePNG(pixmap)).write(to: URL(fileURLWithPath: work + "/Snapshots/" + golden))
        }
        // An earlier unsharded run's files in the folder are the stale ones: they go.
        XCTAssertEqual(try snap("verify", work + "/fixtures", "--snapshots", work + "/Snapshots", "--report-dir", work + "/report").status, 1)
        let shards = try (1...2).map { index -> Process in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try gronaSnapBinary())
            process.arguments = ["verify", work + "/fixtures", "--snapshots", work + "/Snapshots", "--report-dir", work + "/report",
                                 "--shard", "\(index)/2", "--jobs", "1"]
            var environment = ProcessInfo.processInfo.environment
            environment["GRONA_FONTS"] = packageRoot + "/Fonts"
            for name in ["TEST_TOTAL_SHARDS", "CI_NODE_TOTAL", "CIRCLE_NODE_TOTAL", "BUILDKITE_PARALLEL_JOB_COUNT", "XML_OUTPUT_FILE",
                         "GRONA_RECORD", "GRONA_ARTIFACTS"] {
                environment[name] = nil
            }
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in shards { process.waitUntilExit() }
        XCTAssertEqual(shards.map(\.terminationStatus), [1, 1], "each shard holds one damaged golden")
        XCTAssertEqual(files(under: work + "/report").filter { !$0.contains("/") },
                       ["index-1-of-2.html", "index-2-of-2.html", "results-1-of-2.jsonl", "results-2-of-2.jsonl",
                        "run-1-of-2.json", "run-2-of-2.json"])
        let merged = try snap("merge", work + "/report", "-o", work + "/merged")
        XCTAssertEqual(merged.status, 1, merged.stderr)
        XCTAssertTrue(merged.stdout.hasSuffix("verified 24 snapshots: 22 match, 2 differ, 0 recorded, 0 missing; 12 findings (12 truncated) (2 shards merged)\n"), merged.stdout)
        let cases = try junitCases(work + "/merged/junit.xml")
        XCTAssertEqual(cases.count, 24)
        XCTAssertEqual(Set(cases.filter(\.failed).map(\.name)), Set(first))
        for golden in first { XCTAssertTrue(FileManager.default.fileExists(atPath: work + "/merged/difference/" + golden), golden) }
        // `accept` of the shared folder takes both shards' images.
        let accepted = try snap("accept", work + "/report")
        XCTAssertEqual(accepted.status, 0, accepted.stderr)
        XCTAssertTrue(accepted.stdout.hasSuffix("accepted 2 goldens from \(work)/report into \(work)/Snapshots; look at them and commit\n"), accepted.stdout)
        // An unsharded run into the folder replaces the shards' files.
        XCTAssertEqual(try snap("verify", work + "/fixtures", "--snapshots", work + "/Snapshots", "--report-dir", work + "/report").status, 0)
        XCTAssertEqual(files(under: work + "/report").filter { !$0.contains("/") }, ["index.html", "results.jsonl", "run.json"])
    }

    /// A spec whose snapshots fall in both shards is one row of the merged page's Specs table and
    /// one section, not one per shard.
    func testAMergedReportListsEachSpecOnce() throws {
        let work = try recordedWork()
        // Every golden of both specs: each shard then lists message-gift's, then messages/info's.
        let gift = try FileManager.default.contentsOfDirectory(atPath: work + "/Snapshots/message-gift").filter { $0.hasSuffix(".png") }
        let info = try FileManager.default.contentsOfDirectory(atPath: work + "/Snapshots/messages/info").filter { $0.hasSuffix(".png") }
        for golden in gift.map({ "message-gift/" + $0 }) + info.map({ "messages/info/" + $0 }) {
            var pixmap = try image(work + "/Snapshots/" + golden)
            paintBlock(&pixmap)
            try Data(try encodePNG(pixmap)).write(to: URL(fileURLWithPath: work + "/Snapshots/" + golden))
        }
        for index in 1...2 {
            XCTAssertEqual(try snap("verify", work + "/fixtures", "--snapshots", work + "/Snapshots", "--report-dir", work + "/report",
                                    "--shard", "\(index)/2").status, 1, "shard \(index) holds damaged goldens of message-gift")
        }
        XCTAssertEqual(try snap("merge", work + "/report", "-o", work + "/merged").status, 1)
        let page = try String(contentsOfFile: work + "/merged/index.html", encoding: .utf8)
        XCTAssertEqual(page.components(separatedBy: "<tr><td><a href=\"#spec").count - 1, 2, "two specs, a row each")
        XCTAssertEqual(page.components(separatedBy: "<summary>message-gift — ").count - 1, 1, "one section for message-gift")
        XCTAssertEqual(page.components(separatedBy: "<summary>messages/info — ").count - 1, 1, "one section for messages/info")
        XCTAssertTrue(page.contains("<td class=\"n\">\(gift.count)</td>"), "all \(gift.count) of message-gift's snapshots in its row")
    }

    /// CI runs two shards of a pull request that retitled the gift message and merges their
    /// reports; the developer accepts CI's images from the merged folder: copied as they are (the
    /// goldens are CI's very bytes), a subset with --only, the files checked against the digests
    /// the run recorded, nothing written when one does not match.
    func testAcceptCopiesCIsImagesIntoTheGoldens() throws {
        let work = try recordedWork()
        let ci = try temporaryFolder(name + "ci")
        try FileManager.default.removeItem(atPath: ci)
        try FileManager.default.copyItem(atPath: work, toPath: ci)
        let gift = "/fixtures/message-gift.json"
        let retitled = try String(contentsOfFile: work + gift, encoding: .utf8)
            .replacingOccurrences(of: "A present from us", with: "A gift from us, with thanks")
        try retitled.write(toFile: ci + gift, atomically: true, encoding: .utf8)
        for index in 0..<2 {
            let run = try runProgram(try gronaSnapBinary(), ["verify", "fixtures", "--snapshots", "Snapshots", "--report-dir", "report-\(index)"],
                                     environment: ["TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "\(index)"], in: ci)
            XCTAssertEqual(run.status, 1, run.stderr)
        }
        XCTAssertEqual(try runProgram(try gronaSnapBinary(), ["merge", "report-0", "report-1", "-o", "merged"], in: ci).status, 1)
        let merged = ci + "/merged"
        let before = try bytes(work + "/Snapshots/message-gift/L-light-ltr@3x.png")

        // A file that is not the one the run wrote stops everything.
        let actual = merged + "/actual/message-gift/AX5-dark-rtl@3x.png"
        let original = try bytes(actual)
        var pixmap = try image(actual)
        paintBlock(&pixmap)
        try Data(try encodePNG(pixmap)).write(to: URL(fileURLWithPath: actual))
        let tampered = try runProgram(try gronaSnapBinary(), ["accept", merged], in: work)
        XCTAssertEqual(tampered.status, 2)
        XCTAssertTrue(tampered.stderr.hasPrefix("error: \(actual): its bytes are not the ones the run wrote for message-gift/AX5-dark-rtl@3x.png"), tampered.stderr)
        XCTAssertTrue(try bytes(work + "/Snapshots/message-gift/L-light-ltr@3x.png") == before, "a golden was written")
        try Data(original).write(to: URL(fileURLWithPath: actual))

        // The snapshots folder comes from the run (relative, as CI ran it), here the developer's checkout.
        let some = try runProgram(try gronaSnapBinary(), ["accept", merged, "--only", "message-gift/L-*"], in: work)
        XCTAssertEqual(some.status, 0, some.stderr)
        XCTAssertEqual(some.stdout.split(separator: "\n").count, 5, some.stdout)
        XCTAssertTrue(some.stdout.hasPrefix("accepted message-gift/L-light-ltr@3x.png (actual/message-gift/L-light-ltr@3x.png)\n"), some.stdout)
        XCTAssertTrue(some.stdout.hasSuffix("accepted 4 goldens from \(merged) into Snapshots; look at them and commit\n"), some.stdout)
        // CI's bytes, not a render on this machine.
        XCTAssertTrue(try bytes(work + "/Snapshots/message-gift/L-light-ltr@3x.png") == bytes(merged + "/actual/message-gift/L-light-ltr@3x.png"))
        XCTAssertTrue(try bytes(work + "/Snapshots/message-gift/L-light-ltr@3x.png") != before)

        try retitled.write(toFile: work + gift, atomically: true, encoding: .utf8)
        let partly = try snap("verify", work + "/fixtures", "--snapshots", work + "/Snapshots")
        XCTAssertTrue(partly.stdout.hasSuffix("verified 24 snapshots: 16 match, 8 differ, 0 recorded, 0 missing; 16 findings (16 truncated)\n"), partly.stdout)
        let none = try runProgram(try gronaSnapBinary(), ["accept", merged, "--only", "message-info/*"], in: work)
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.hasPrefix("error: --only 'message-info/*': no snapshot to accept in \(merged) matches it; these can be: message-gift/"), none.stderr)
        let rest = try runProgram(try gronaSnapBinary(), ["accept", merged], in: work)
        XCTAssertEqual(rest.status, 0, rest.stderr)
        XCTAssertTrue(rest.stdout.hasSuffix("accepted 12 goldens from \(merged) into Snapshots; look at them and commit\n"), rest.stdout)
        let verified = try snap("verify", work + "/fixtures", "--snapshots", work + "/Snapshots", "--require-provenance")
        XCTAssertEqual(verified.status, 0, verified.stderr)
        XCTAssertEqual(verified.stderr, "")
    }
}
