import Foundation
import XCTest
import TestSupport

/// Characters no pinned font can draw, and private-use characters (U+F8FF), on the command line:
/// `render` warns on stderr (naming the spec, the text's role and the characters), lists them in the
/// report and exits 0; `verify` refuses to record a golden showing them.
final class MissingCharacterCLITests: XCTestCase {
    let spec = #"{"component": {"type": "message", "icon": "gift", "title": "Order on your \uF8FF Watch", "body": "Fresh \u0378 bread"}}"#

    func testRenderWarnsAndReportsButSucceeds() throws {
        let folder = try temporaryFolder()
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        try Data(spec.utf8).write(to: URL(fileURLWithPath: folder + "/watch.json"))
        let result = try snap("render", folder + "/watch.json", "-o", folder + "/watch.png", "--report", folder + "/report.json")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, """
            warning: \(folder)/watch.json: the title text has private-use characters, which an iPhone's fonts draw their own way: U+F8FF
            warning: \(folder)/watch.json: the body text has characters no pinned font can draw, drawn as boxes: U+0378

            """)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/watch.png"))
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/report.json"))) as? [String: Any]
        let texts = try XCTUnwrap(report?["texts"] as? [[String: Any]])
        XCTAssertEqual(texts.map { $0["missingCharacters"] as? [String] }, [[], ["U+0378"]])
        XCTAssertEqual(texts.map { $0["privateUseCharacters"] as? [String] }, [["U+F8FF"], []])
    }

    func testRenderOfEveryScriptFixtureIsQuiet() throws {
        let folder = try temporaryFolder()
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["japanese-banner", "traditional-chinese-offer", "korean-message", "thai-progress", "hindi-banner"] {
            // --quiet leaves out the findings (AX5 cuts copy) but never the missing-character warning.
            let result = try snap("render", fixtures + "/\(name).json", "-o", folder + "/\(name).png", "--text-size", "AX5", "--quiet")
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderr, "", name)
        }
    }

    func testVerifyDoesNotRecordBoxes() throws {
        let folder = try temporaryFolder()
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/fixtures", withIntermediateDirectories: true)
        try Data(spec.utf8).write(to: URL(fileURLWithPath: folder + "/fixtures/watch.json"))
        for mode in ["missing", "all"] {
            let result = try snap("verify", folder + "/fixtures", "--snapshots", folder + "/Snapshots", "--record", mode)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertEqual(result.stderr, "error: watch/L-light-ltr@3x.png: not recorded: \(folder)/fixtures/watch.json: the title "
                           + "text has private-use characters, which an iPhone's fonts draw their own way: U+F8FF; \(folder)/fixtures/watch.json: "
                           + "the body text has characters no pinned font can draw, drawn as boxes: U+0378\n")
            XCTAssertEqual(files(under: folder + "/Snapshots"), [])
        }
    }
}
