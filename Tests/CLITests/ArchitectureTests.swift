import Foundation
import XCTest
import TestSupport

/// The dependency rules README's architecture section states, checked on the sources: a rule that
/// only a reviewer enforces is broken by the first change nobody reviews.
final class ArchitectureTests: XCTestCase {
    /// The HTTP service parses query parameters into GronaRequests' requests; it never calls the
    /// command line's command types, which would put a use case where only one front end reaches it.
    func testTheServerCallsNoCommandType() throws {
        let commands = ["RenderCommand", "CheckCommand", "SheetCommand", "AnimateCommand", "BatchCommand", "VerifyCommand",
                        "DiffCommand", "MergeCommand", "UnusedCommand", "ServeCommand"]
        let files = try sources(in: "Sources/GronaServer")
        XCTAssertGreaterThan(files.count, 5)
        for (path, text) in files {
            for command in commands {
                XCTAssertFalse(text.contains(command + "."), "\(path) calls \(command): call the request in Sources/GronaRequests instead")
            }
        }
    }

    /// Rendering writes no file and installs no signal handler: output is GronaOutput's, for the front ends.
    func testRenderingWritesNothing() throws {
        for (path, text) in try sources(in: "Sources/Grona") {
            for word in ["import GronaOutput", "AtomicFile", "StagedFiles", "signal(", "sigaction"] {
                XCTAssertFalse(text.contains(word), "\(path) has \(word): writing files belongs in Sources/GronaOutput")
            }
        }
    }

    /// The layers below the front ends never reach up to them.
    func testDependenciesPointDown() throws {
        let above: [String: [String]] = [
            "Sources/Grona": ["import GronaRequests", "import GronaSnapshots", "import GronaSnapshotTesting"],
            "Sources/GronaSnapshots": ["import GronaRequests", "import GronaSnapshotTesting"],
            "Sources/GronaOutput": ["import Grona\n", "import GronaRequests", "import GronaSnapshots"],
            "Sources/GronaRequests": ["import GronaSnapshotTesting", "import CMicroHTTPD"],
        ]
        for (folder, forbidden) in above {
            for (path, text) in try sources(in: folder) {
                for word in forbidden {
                    XCTAssertFalse(text.contains(word), "\(path) has \(word.trimmingCharacters(in: .newlines))")
                }
            }
        }
    }

    /// The studio page takes GronaSnap's tables from /api/schema and every contrast from the render
    /// report (/api/preview): its script holds no table of text sizes, right-to-left languages,
    /// contrast minimums or theme colours, and no luminance arithmetic.
    func testThePageDecidesNoRuleOfItsOwn() throws {
        let folder = packageRoot + "/Sources/GronaServer/Studio/studio"
        let script = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            .map { try String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }.joined(separator: "\n")
        let rules = ["luminance", "0.2126", "0.7152", "RTL_LANGUAGES", "TEXT_SIZES", "THEME_DEFAULTS", "CAMPAIGN_TOKENS",
                     "\"xxxL\"", "\"AX1\"", "\"#054B3A\"", "\"ar\", \"he\"", "4.5"]
        for rule in rules {
            XCTAssertFalse(script.contains(rule), "the studio's modules have \(rule): take it from /api/schema or /api/preview instead")
        }
    }

    /// The rules /api/schema publishes are read by the page, never written into it: no module of the
    /// studio holds the file-name rule (the server's pattern or a hand-made one), the grid it starts
    /// with, a text size, the language grammar's words, a field's label or a list of the required
    /// fields. Each forbidden literal is taken from the schema the server answers, so a rule that
    /// changes keeps the test in step.
    func testThePageCopiesNoRuleTheSchemaPublishes() throws {
        let server = try StudioServer(folder: fixtures)
        defer { server.stop() }
        let answer = try server.request("GET", "/api/schema")
        XCTAssertEqual(answer.status, 200, answer.text)
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        let specName = try XCTUnwrap(schema["specName"] as? [String: Any])
        let languages = try XCTUnwrap(schema["languages"] as? [String: String])
        let axes = try XCTUnwrap(schema["defaultAxes"] as? [String: [String]])
        let sizes = try XCTUnwrap(schema["textSizes"] as? [[String: Any]]).compactMap { $0["value"] as? String }
        let fields = try XCTUnwrap(schema["components"] as? [[String: Any]]).flatMap { try XCTUnwrap($0["fields"] as? [[String: Any]]) }
        let labels = Set(fields.compactMap { $0["label"] as? String })
        let required = Set(fields.filter { $0["required"] as? Bool == true }.compactMap { $0["key"] as? String })
        XCTAssertFalse(labels.isEmpty || required.isEmpty || sizes.isEmpty)

        let folder = packageRoot + "/Sources/GronaServer/Studio/studio"
        let modules = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".js") }.sorted()
        XCTAssertGreaterThan(modules.count, 10)
        /// `text` as a string literal of JavaScript, in any of its three quotes.
        func quoted(_ text: String) -> [String] { ["\"", "'", "`"].map { $0 + text + $0 } }
        let copies: [(what: String, literals: [String])] = [
            ("the file-name rule", [try XCTUnwrap(specName["pattern"] as? String), try XCTUnwrap(specName["rule"] as? String),
                                    // a rule of its own: a regular expression that decides what a name may hold
                                    "\\p{L}", "[^/\\\\", "[^./\\\\"]),
            ("the language grammar", quoted(try XCTUnwrap(languages["pseudoPrefix"])) + quoted(try XCTUnwrap(languages["ownCopy"]))
                                     + [try XCTUnwrap(languages["tagPattern"])]),
            ("the grid it starts with", axes.values.map { $0.map { "\"\($0)\"" }.joined(separator: ", ") }),
            ("a text size", sizes.flatMap(quoted)),
            ("a field's label", labels.sorted().flatMap(quoted)),
        ]
        // A list of the required fields: an array literal of their names and nothing else.
        let names = required.sorted().joined(separator: "|")
        let requiredList = try Regex(#"\[\s*["'](\#(names))["'](\s*,\s*["'](\#(names))["'])*\s*\]"#)
        for module in modules {
            // The code, without its comments (which may name a rule's values to explain them).
            let script = try String(contentsOfFile: folder + "/" + module, encoding: .utf8).split(separator: "\n").map { line in
                line.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : String(line.split(separator: " // ", maxSplits: 1).first ?? "")
            }.joined(separator: "\n")
            for (what, literals) in copies {
                for literal in literals {
                    XCTAssertFalse(script.contains(literal), "\(module) copies \(what) (\(literal)): read it from /api/schema")
                }
            }
            XCTAssertNil(script.firstMatch(of: requiredList).map { String(script[$0.range]) },
                         "\(module) lists the required fields: read each field's `required` from /api/schema")
        }
    }

    /// A lock-guarded value is a `Mutex` from `Locking`, so the ThreadSanitizer run sees every one
    /// (Sources/Locking/Mutex.swift says why); `Synchronization` itself only for atomics.
    func testEveryMutexComesThroughLocking() throws {
        var files = 0
        for (path, text) in try sources(in: "Sources") + sources(in: "Tests") where !path.hasPrefix("Sources/Locking/") && !path.hasSuffix("ArchitectureTests.swift") {
            guard text.contains("Mutex(") || text.contains("Mutex<") else { continue }
            files += 1
            XCTAssertTrue(text.contains("import Locking"), "\(path) uses Mutex: import Locking")
            XCTAssertFalse(text.contains("import Synchronization"), "\(path) uses Mutex: import Locking, not Synchronization")
        }
        XCTAssertGreaterThan(files, 10)
    }

    /// A C library is called from one Swift file, which turns its status codes and buffers into Swift
    /// values for the rest of the package: a second caller would need its own copy of that care.
    func testEachCLibraryHasOneSwiftHome() throws {
        let homes = ["CFreeType": "Sources/Text/FreeType.swift", "CHarfBuzz": "Sources/Text/HarfBuzz.swift",
                     "CUnicode": "Sources/Text/ICU.swift", "CMicroHTTPD": "Sources/GronaServer/HTTPServer.swift",
                     "CPNG": "Sources/PNG/LibPNG.swift"]
        let files = try sources(in: "Sources")
        for (library, home) in homes {
            let importers = files.filter { $0.1.split(separator: "\n").contains { $0.hasSuffix("import \(library)") } }.map(\.0)
            XCTAssertEqual(importers, [home], "\(library) is imported by \(importers): call it through \(home)")
        }
    }

    private func sources(in folder: String) throws -> [(String, String)] {
        let root = packageRoot + "/" + folder
        guard let walker = FileManager.default.enumerator(atPath: root) else { throw CocoaError(.fileNoSuchFile) }
        return try walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { name in
            (folder + "/" + name, try String(contentsOfFile: root + "/" + name, encoding: .utf8))
        }
    }
}
