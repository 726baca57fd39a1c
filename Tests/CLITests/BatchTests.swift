import Foundation
import XCTest
import TestSupport

/// `grona-snap batch`: same bytes whatever the thread count; shards that add up to one run.
/// Three fixtures (a banner, a progress bar, a message) rendered at @1x (`--scale 1`) keep the tests
/// quick; scripts/determinism runs the whole fixture matrix at @3x through the release binary.
final class BatchTests: XCTestCase {
    /// A folder holding copies of three fixtures: 36 jobs in the order the shard rule counts.
    func sampleFixtures(in root: String) throws -> String {
        let input = root + "/specs"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        for name in ["acme-banner.json", "dark-progress.json", "message-info.json"] {
            try FileManager.default.copyItem(atPath: fixtures + "/" + name, toPath: input + "/" + name)
        }
        return input
    }

    func testJobsDoNotChangeTheFiles() throws {
        let root = try temporaryFolder()
        let input = try sampleFixtures(in: root)
        let one = try snap("batch", input, "-o", root + "/one", "--jobs", "1", "--scale", "1")
        let two = try snap("batch", input, "-o", root + "/two", "--jobs", "2", "--scale", "1")
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(two.status, 0, two.stderr)
        let names = files(under: root + "/one")
        XCTAssertEqual(names.count, 3 * 12)             // 3 specs × (3 sizes × 2 appearances × 2 directions)
        XCTAssertTrue(names.contains("dark-progress/AX5-dark-rtl@1x.png"))
        XCTAssertEqual(files(under: root + "/two"), names)
        for name in names {
            XCTAssertEqual(try bytes(root + "/one/" + name), try bytes(root + "/two/" + name), name)
        }
        XCTAssertTrue(one.stdout.hasPrefix("rendered 36 snapshots from 3 specs in "), one.stdout)
        // The summary counts the findings of every snapshot (grona-snap check lists them).
        let findings = "; 30 findings (24 truncated, 6 nonTextContrast)\n"
        XCTAssertTrue(one.stdout.hasSuffix(" with 1 job" + findings), one.stdout)
        XCTAssertTrue(two.stdout.hasSuffix(" with 2 jobs" + findings), two.stdout)
        XCTAssertEqual(one.stderr, "")                  // no progress bar when stderr is not a terminal
    }

    func testShardsTogetherGiveOneRun() throws {
        let root = try temporaryFolder()
        let input = try sampleFixtures(in: root)
        XCTAssertEqual(try snap("batch", input, "-o", root + "/all", "--scale", "1").status, 0)
        let all = files(under: root + "/all")
        var seen: [String] = []
        for k in 1...3 {
            let run = try snap("batch", input, "-o", root + "/shard\(k)", "--shard", "\(k)/3", "--scale", "1")
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stdout.contains("rendered 12 snapshots from 3 specs (shard \(k)/3)"), run.stdout)
            let names = files(under: root + "/shard\(k)")
            XCTAssertEqual(names.count, 12)
            XCTAssertTrue(Set(names).isDisjoint(with: seen), "shard \(k) repeats a file")
            seen += names
            for name in names {
                XCTAssertEqual(try bytes(root + "/shard\(k)/" + name), try bytes(root + "/all/" + name), name)
            }
        }
        XCTAssertEqual(seen.sorted(), all)
        // The rule: job i (sorted specs × variants) belongs to shard i mod N + 1.
        XCTAssertTrue(files(under: root + "/shard1").contains("acme-banner/xS-light-ltr@1x.png"))
        XCTAssertTrue(files(under: root + "/shard2").contains("acme-banner/xS-light-rtl@1x.png"))
        XCTAssertTrue(files(under: root + "/shard3").contains("acme-banner/xS-dark-ltr@1x.png"))
    }

    func testABadSpecStopsEverythingAndWritesNothing() throws {
        let root = try temporaryFolder()
        let input = root + "/specs"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        for name in ["acme-banner.json", "message-info.json"] {
            try FileManager.default.copyItem(atPath: fixtures + "/" + name, toPath: input + "/" + name)
        }
        try Data(##"{"theme": {"primary": "#12345"}, "component": {"type": "banner", "title": "Hi"}}"##.utf8)
            .write(to: URL(fileURLWithPath: input + "/bad.json"))
        let run = try snap("batch", input, "-o", root + "/out", "--scale", "1")
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("error: "), run.stderr)
        XCTAssertTrue(run.stderr.contains("bad.json"), run.stderr)
        XCTAssertEqual(files(under: root + "/out"), [])
    }

    /// A snapshot that fails to render after others were staged: the run stops, and neither the
    /// staged files (hidden, beside their destinations) nor any final file is left, nor the folders.
    func testARenderFailureLeavesNoStagedOrFinalFiles() throws {
        let root = try temporaryFolder()
        let input = root + "/specs"
        try FileManager.default.createDirectory(atPath: input + "/images", withIntermediateDirectories: true)
        for name in ["acme-banner.json", "message-info.json"] {
            try FileManager.default.copyItem(atPath: fixtures + "/" + name, toPath: input + "/" + name)
        }
        // The spec decodes (the image exists) but cannot be rendered (the image is not a PNG); it
        // sorts last, so the other specs' snapshots are staged before it fails.
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: input + "/images/broken.png"))
        try Data(##"{"component": {"type": "banner", "title": "Hi", "image": "images/broken.png"}}"##.utf8)
            .write(to: URL(fileURLWithPath: input + "/zz-broken.json"))
        let run = try snap("batch", input, "-o", root + "/out", "--scale", "1", "--jobs", "2")
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("broken.png"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out"), "\(allEntries(under: root + "/out"))")

        // Into an existing folder: what was there stays, nothing is added.
        try FileManager.default.createDirectory(atPath: root + "/kept", withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: root + "/kept/notes.txt"))
        XCTAssertEqual(try snap("batch", input, "-o", root + "/kept", "--scale", "1").status, 2)
        XCTAssertEqual(allEntries(under: root + "/kept"), ["notes.txt"])
    }

    /// A relative output folder, one level deep, created by the run.
    func testRelativeOutputFolder() throws {
        let root = try temporaryFolder()
        let run = try runProgram(try gronaSnapBinary(), ["batch", fixtures, "-o", "out", "--scale", "1", "--text-size", "L"], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        // 24 specs × 2 appearances × 2 directions, and the weekend campaign's 8 languages.
        XCTAssertEqual(files(under: root + "/out").count, 24 * 4 + 8)
        XCTAssertTrue(files(under: root + "/out").contains("message-info/L-dark-rtl@1x.png"))
    }

    /// Ctrl-C once snapshots are staged: the files and the folders the run made are removed, and
    /// the exit status is the shell's for SIGINT.
    func testInterruptRemovesTheStagedFiles() throws {
        let root = try temporaryFolder()
        let output = root + "/out"
        // Every fixture's variants at @3x on one thread: seconds of work, interrupted at the first
        // staged file.
        let process = try startUntilStaged(["batch", fixtures, "-o", output, "--jobs", "1"], watching: root)
        XCTAssertTrue(process.isRunning, "the batch finished before a staged file was seen")
        process.interrupt()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 128 + SIGINT)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "\(allEntries(under: output))")
    }

    func testShardSyntax() throws {
        for bad in ["0/2", "3/2", "1", "a/b", "1/0"] {
            let run = try snap("batch", fixtures, "-o", "/nonexistent", "--shard", bad)
            XCTAssertEqual(run.status, 2, bad)
            XCTAssertTrue(run.stderr.contains("--shard"), run.stderr)
        }
    }
}

