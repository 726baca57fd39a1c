import Foundation
import XCTest
import TestSupport

/// The commands README.md and docs/ show are the commands that work: every fenced block marked
/// `runnable` is run with the grona-snap built beside this test, from a scratch folder that holds the
/// checkout's Fixtures, Fonts and bench (linked) and a copy of Snapshots, one folder per page so a
/// page's commands can build on each other (a `batch` then a `diff` of its output).
///
/// - ```` ```console runnable ````: `$ ` lines are commands; the lines after one, up to the next, are
///   what it prints (standard output and error together, in order), compared exactly.
/// - ```` ```sh runnable ````: every command must succeed, or exit 1 where that is a verdict
///   (`check` found something, `diff` or `verify` saw a difference); 2 is a failure.
///
/// `grona-snap serve DIR …` is started as the server it is, on a free port instead of the one the
/// page shows (8080, or its `--port`), and the page's later commands (`curl http://127.0.0.1:8080/…`)
/// are sent to it; it is stopped when the next one starts or the page ends. The scratch folder also
/// holds the folders the pages call the reader's own: `campaigns/` (a copy of Fixtures) and
/// `shared-images/` (a copy of its images).
final class DocsCommandsTests: XCTestCase {
    struct Command {
        var page: String
        var line: Int
        var text: String
        /// What it must print; nil for an `sh` block's command.
        var output: String?
    }

    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/docs")
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + docs
    }

    /// The runnable commands of a page, in order.
    static func commands(of page: String) throws -> [Command] {
        let lines = try String(contentsOfFile: packageRoot + "/" + page, encoding: .utf8)
            .components(separatedBy: "\n")
        var commands: [Command] = []
        var kind: String?   // "console" or "sh" inside a runnable block
        var pending = ""
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("```") {
                let info = line.dropFirst(3).split(separator: " ")
                kind = kind == nil && info.contains("runnable") ? info.first.map(String.init) : nil
                continue
            }
            guard let kind else { continue }
            if kind == "console" {
                if line.hasPrefix("$ ") {
                    commands.append(Command(page: page, line: index + 1, text: String(line.dropFirst(2)), output: ""))
                } else if !commands.isEmpty {
                    commands[commands.count - 1].output! += line + "\n"
                }
            } else {
                // Shell: continuation lines joined, comments dropped.
                var text = line
                if let hash = text.range(of: "  #") ?? (text.hasPrefix("#") ? text.range(of: "#") : nil) {
                    text = String(text[..<hash.lowerBound])
                }
                if text.hasSuffix("\\") { pending += text.dropLast() + " "; continue }
                text = pending + text
                pending = ""
                if !text.trimmingCharacters(in: .whitespaces).isEmpty {
                    commands.append(Command(page: page, line: index + 1, text: text, output: nil))
                }
            }
        }
        return commands
    }

    func testEveryRunnableCommandInTheDocumentationDoesWhatItSays() throws {
        let binaryFolder = URL(fileURLWithPath: try gronaSnapBinary()).deletingLastPathComponent().path
        var ran = 0
        for page in try Self.pages() {
            let commands = try Self.commands(of: page)
            guard !commands.isEmpty else { continue }
            let work = try temporaryFolder("docs-" + page)
            for name in ["Fixtures", "Fonts", "bench"] {
                try FileManager.default.createSymbolicLink(atPath: work + "/" + name, withDestinationPath: packageRoot + "/" + name)
            }
            try FileManager.default.copyItem(atPath: packageRoot + "/Snapshots", toPath: work + "/Snapshots")
            try FileManager.default.createDirectory(atPath: work + "/docs/images", withIntermediateDirectories: true)
            // The shot lists the pages run (`grona-snap shots docs/shots/…`).
            try FileManager.default.createSymbolicLink(atPath: work + "/docs/shots", withDestinationPath: packageRoot + "/docs/shots")
            try FileManager.default.copyItem(atPath: packageRoot + "/Fixtures", toPath: work + "/campaigns")
            try FileManager.default.copyItem(atPath: packageRoot + "/Fixtures/images", toPath: work + "/shared-images")
            var server: (process: StudioServer, shownPort: String)?
            defer { server?.process.stop() }
            for command in commands {
                let where_ = "\(command.page):\(command.line): \(command.text)"
                if let serve = try Self.serveArguments(command.text) {
                    server?.process.stop()
                    server = (try StudioServer(folder: work + "/" + serve.folder, arguments: serve.options, in: work), serve.port)
                    ran += 1
                    continue
                }
                var text = command.text
                if let server { text = text.replacingOccurrences(of: "127.0.0.1:\(server.shownPort)", with: "127.0.0.1:\(server.process.port)") }
                let result = try runProgram("/bin/bash", ["-c", text + " 2>&1"],
                                            environment: ["PATH": binaryFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")],
                                            in: work)
                ran += 1
                if let expected = command.output {
                    XCTAssertEqual(result.stdout.trimmingCharacters(in: .newlines),
                                   expected.trimmingCharacters(in: .newlines), where_)
                } else {
                    XCTAssertTrue([0, 1].contains(result.status), "\(where_) exited \(result.status): \(result.stdout)")
                }
            }
            try? FileManager.default.removeItem(atPath: work)
        }
        XCTAssertGreaterThanOrEqual(ran, 25, "the pages' runnable commands were found")
    }

    /// A `grona-snap serve [DIR] [options]` command's folder, its options without `--port N`, and the
    /// port the page shows; nil for any other command.
    static func serveArguments(_ command: String) throws -> (folder: String, options: [String], port: String)? {
        var words = command.split(separator: " ").map(String.init)
        guard words.starts(with: ["grona-snap", "serve"]) else { return nil }
        words.removeFirst(2)
        if words.last == "&" { words.removeLast() }   // "in the background", as the page says
        var port = "8080"
        if let flag = words.firstIndex(of: "--port"), flag + 1 < words.count {
            port = words[flag + 1]
            words.removeSubrange(flag...flag + 1)
        }
        let folder = words.first.map { $0.hasPrefix("-") ? "." : $0 } ?? "."
        if words.first == folder { words.removeFirst() }
        return (folder, words, port)
    }
}
