import Foundation
import XCTest

/// The dependency rules README's architecture section states, checked on the sources: a rule that
/// only a reviewer enforces is broken by the first change nobody reviews.
final class ArchitectureTests: XCTestCase {
    /// The HTTP service parses query parameters into GronaRequests' requests; it never calls the
    /// command line's command types, which would put a use case where only one front end reaches it.
    func testTheServerCallsNoCommandType() throws {
        let commands = ["RenderCommand", "CheckCommand", "SheetCommand", "AnimateCommand", "BatchCommand", "VerifyCommand",
                        "DiffCommand", "MergeCommand", "UnusedCommand", "ServeCommand"]
        let files = try sources(in: "Sources/grona-snap/Server")
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
        let folder = packageRoot + "/Sources/grona-snap/Studio/studio"
        let script = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            .map { try String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }.joined(separator: "\n")
        let rules = ["luminance", "0.2126", "0.7152", "RTL_LANGUAGES", "TEXT_SIZES", "THEME_DEFAULTS", "CAMPAIGN_TOKENS",
                     "\"xxxL\"", "\"AX1\"", "\"#054B3A\"", "\"ar\", \"he\"", "4.5"]
        for rule in rules {
            XCTAssertFalse(script.contains(rule), "the studio's modules have \(rule): take it from /api/schema or /api/preview instead")
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
                     "CUnicode": "Sources/Text/ICU.swift"]
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
