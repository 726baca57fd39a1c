import Foundation
import XCTest
import TestSupport

/// The CI examples of docs/ios-teams.md, run as written: each command taken from the page's own code block
/// and run by the shell with the variables its engine sets, in a checkout-like folder (Fixtures/ with
/// two specs, their goldens in Snapshots/) with grona-snap on the PATH.
final class ReadmeCIExamplesTests: XCTestCase {
    /// The lines of docs/ios-teams.md's first code block that holds `marker`.
    func codeBlock(containing marker: String) throws -> [String] {
        let readme = try String(contentsOfFile: packageRoot + "/docs/ios-teams.md", encoding: .utf8)
        // Between fences: the odd pieces are the blocks (their first line is the language).
        let pieces = readme.components(separatedBy: "\n```")
        let block = try XCTUnwrap(stride(from: 1, to: pieces.count, by: 2).map { pieces[$0] }.first { $0.contains(marker) },
                                  "no code block in docs/ios-teams.md holds \(marker)")
        return block.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map(String.init)
    }

    /// The YAML steps' commands that start with `prefix` ("- grona-snap", "- run: grona-snap"), with
    /// their continuation lines joined.
    func commands(in block: [String], prefix: String) -> [String] {
        var found: [String] = []
        var current: String?
        for line in block {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(prefix) {
                if let current { found.append(current) }
                current = String(trimmed.dropFirst(prefix.count - "grona-snap".count))
            } else if let command = current, trimmed.hasPrefix("--") {
                current = command + " " + trimmed
            } else if let command = current {
                found.append(command)
                current = nil
            }
        }
        if let current { found.append(current) }
        return found
    }

    /// A checkout with two specs and their goldens, and grona-snap on a PATH of its own.
    func checkout() throws -> (folder: String, path: String) {
        let work = try temporaryFolder(name)
        let fm = FileManager.default
        try fm.createDirectory(atPath: work + "/Fixtures/messages", withIntermediateDirectories: true)
        try fm.copyItem(atPath: fixtures + "/message-info.json", toPath: work + "/Fixtures/messages/info.json")
        try fm.copyItem(atPath: fixtures + "/message-gift.json", toPath: work + "/Fixtures/message-gift.json")
        XCTAssertEqual(try runProgram(try gronaSnapBinary(), ["verify", "Fixtures", "--snapshots", "Snapshots"], in: work).status, 1)
        try fm.createDirectory(atPath: work + "/bin", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: work + "/bin/grona-snap", withDestinationPath: try gronaSnapBinary())
        addTeardownBlock { try? FileManager.default.removeItem(atPath: work) }
        return (work, work + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"))
    }

    func shell(_ command: String, in folder: String, _ environment: [String: String?]) throws -> RunResult {
        try runProgram("/bin/sh", ["-c", command], environment: environment, in: folder)
    }

    func testGitLabsParallelJobsAndItsJobsWithoutParallel() throws {
        let (work, path) = try checkout()
        let block = try codeBlock(containing: "parallel: 4")
        let steps = commands(in: block, prefix: "- grona-snap")
        XCTAssertEqual(steps.count, 2, "\(steps)")
        let (verify, merge) = (steps[0], steps[1])
        XCTAssertTrue(block.contains("  parallel: 4"))
        for index in 1...4 {
            let run = try shell(verify, in: work, ["PATH": path, "GITLAB_CI": "true", "CI_NODE_INDEX": "\(index)", "CI_NODE_TOTAL": "4"])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stdout.hasSuffix("(shard \(index)/4)\n"), run.stdout)
            XCTAssertTrue(FileManager.default.fileExists(atPath: work + "/report-\(index)/junit.xml"))
        }
        let merged = try shell(merge, in: work, ["PATH": path, "GITLAB_CI": "true", "CI_NODE_TOTAL": "1"])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        XCTAssertTrue(merged.stdout.hasSuffix("verified 24 snapshots: 24 match, 0 differ, 0 recorded, 0 missing; 12 findings (12 truncated) (4 shards merged)\n"), merged.stdout)
        // The same script in a job without `parallel:`: GitLab sets CI_NODE_TOTAL=1 and no index.
        try FileManager.default.removeItem(atPath: work + "/review")
        for index in 1...4 { try FileManager.default.removeItem(atPath: work + "/report-\(index)") }
        let whole = try shell(verify, in: work, ["PATH": path, "GITLAB_CI": "true", "CI_NODE_TOTAL": "1"])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertEqual(whole.stdout, "verified 24 snapshots: 24 match, 0 differ, 0 recorded, 0 missing; 12 findings (12 truncated)\n")
        XCTAssertEqual(try junitCases(work + "/report-/junit.xml").count, 24)
    }

    func testGitHubActionsMatrixAndReview() throws {
        let (work, path) = try checkout()
        let block = try codeBlock(containing: "matrix.shard")
        let steps = commands(in: block, prefix: "- run: grona-snap")
        XCTAssertEqual(steps.count, 2, "\(steps)")
        for shard in 1...4 {
            let command = steps[0].replacingOccurrences(of: "${{ matrix.shard }}", with: "\(shard)")
            let run = try shell(command, in: work, ["PATH": path, "GITHUB_ACTIONS": "true", "CI": "true"])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stdout.hasSuffix("(shard \(shard)/4)\n"), run.stdout)
            // upload-artifact, then download-artifact: report-N arrives as snapshots-N.
            try FileManager.default.moveItem(atPath: work + "/report-\(shard)", toPath: work + "/snapshots-\(shard)")
        }
        let review = try shell(steps[1], in: work, ["PATH": path, "GITHUB_ACTIONS": "true", "CI": "true"])
        XCTAssertEqual(review.status, 0, review.stderr)
        XCTAssertTrue(review.stdout.hasSuffix("(4 shards merged)\n"), review.stdout)
    }

    func testBazelsShardedShTest() throws {
        let (work, path) = try checkout()
        XCTAssertTrue(try codeBlock(containing: "sh_test(").contains { $0.contains("shard_count = 4") })
        let lines = try codeBlock(containing: "# verify_snapshots.sh")
        let command = try XCTUnwrap(lines.first { $0.hasPrefix("exec ") })
        try FileManager.default.createDirectory(atPath: work + "/tools/grona/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: work + "/tools/grona/bin/grona-snap", withDestinationPath: try gronaSnapBinary())
        var checked = 0
        for index in 0..<4 {
            let outputs = work + "/outputs-\(index)"
            try FileManager.default.createDirectory(atPath: outputs, withIntermediateDirectories: true)
            let run = try shell(command, in: work, ["PATH": path, "TEST_TOTAL_SHARDS": "4", "TEST_SHARD_INDEX": "\(index)",
                                                    "TEST_SHARD_STATUS_FILE": work + "/status-\(index)",
                                                    "XML_OUTPUT_FILE": work + "/test-\(index).xml",
                                                    "TEST_UNDECLARED_OUTPUTS_DIR": outputs])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(FileManager.default.fileExists(atPath: work + "/status-\(index)"))
            XCTAssertTrue(FileManager.default.fileExists(atPath: outputs + "/verify-report/results-\(index + 1)-of-4.jsonl"))
            checked += try junitCases(work + "/test-\(index).xml").count
        }
        XCTAssertEqual(checked, 24)
        // Without shard_count Bazel sets no sharding variable: the whole set.
        let whole = try shell(command, in: work, ["PATH": path, "XML_OUTPUT_FILE": work + "/whole.xml"])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertEqual(try junitCases(work + "/whole.xml").count, 24)
    }
}
