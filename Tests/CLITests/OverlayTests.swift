import Foundation
import XCTest
import TestSupport

/// `render --overlay accessibility` and `sheet --overlay accessibility`.
final class OverlayTests: XCTestCase {
    func testRenderWritesTheAccessibilityPicture() throws {
        let root = try temporaryFolder()
        let spec = fixtures + "/offer-code.json"
        XCTAssertEqual(try snap("render", spec, "-o", root + "/card.png", "--scale", "1").status, 0)
        let run = try snap("render", spec, "-o", root + "/picture.png", "--scale", "1", "--overlay", "accessibility",
                           "--report", root + "/report.json")
        XCTAssertEqual(run.status, 0, run.stderr)
        let card = try image(root + "/card.png"), picture = try image(root + "/picture.png")
        // The card (358 pt) with 16 pt margins, a 20 pt gap and a 358 pt legend.
        XCTAssertEqual(picture.width, 16 + 358 + 20 + 358 + 16)
        XCTAssertGreaterThanOrEqual(picture.height, card.height + 32)
        // The report still describes the card.
        let report = try String(contentsOfFile: root + "/report.json", encoding: .utf8)
        XCTAssertTrue(report.contains("\"width\": 358"), report)
        // The same bytes every run.
        XCTAssertEqual(try snap("render", spec, "-o", root + "/again.png", "--scale", "1", "--overlay", "accessibility").status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: root + "/again.png")),
                       try Data(contentsOf: URL(fileURLWithPath: root + "/picture.png")))
    }

    func testAnUnknownOverlayIsAUsageError() throws {
        let root = try temporaryFolder()
        let run = try snap("render", fixtures + "/offer-code.json", "-o", root + "/x.png", "--overlay", "voiceover")
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "error: --overlay: \"voiceover\" is not an overlay; expected one of: accessibility\n")
        XCTAssertEqual(files(under: root), [])
    }

    func testSheetTilesArePictures() throws {
        let root = try temporaryFolder()
        let spec = fixtures + "/message-gift.json"
        for (name, overlay) in [("plain", [String]()), ("pictures", ["--overlay", "accessibility"])] {
            let run = try snap(arguments: ["sheet", spec, "-o", root + "/\(name).png", "--text-sizes", "L",
                                           "--appearances", "light", "--directions", "ltr,rtl", "--scale", "1"] + overlay)
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        let plain = try image(root + "/plain.png"), pictures = try image(root + "/pictures.png")
        // Two tiles side by side, each grown by the margins, the gap and the legend.
        XCTAssertEqual(pictures.width - plain.width, 2 * (16 + 20 + 358 + 16))
    }
}
