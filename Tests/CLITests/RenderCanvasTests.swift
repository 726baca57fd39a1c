import Foundation
import Grona
import Raster
import XCTest
import TestSupport

/// `render` with a screenshot canvas, and `render` on bad input.
final class RenderCanvasTests: XCTestCase {
    func testPaddingAndBackground() throws {
        let root = try temporaryFolder()
        let spec = fixtures + "/message-info.json"
        XCTAssertEqual(try snap("render", spec, "-o", root + "/card.png", "--scale", "2").status, 0)
        let run = try snap("render", spec, "-o", root + "/shot.png", "--scale", "2",
                           "--padding", "12", "--background", "#336699")
        XCTAssertEqual(run.status, 0, run.stderr)
        let card = try image(root + "/card.png"), shot = try image(root + "/shot.png")
        let inset = 24                                   // 12 pt at @2x
        XCTAssertEqual(shot.width, card.width + 2 * inset)
        XCTAssertEqual(shot.height, card.height + 2 * inset)
        for (x, y) in [(0, 0), (shot.width - 1, shot.height - 1), (inset - 1, shot.height / 2), (shot.width / 2, inset - 1)] {
            XCTAssertEqual(pixel(shot, x, y), [0x33, 0x66, 0x99, 255], "(\(x), \(y))")
        }
        // Inside the card's rounded corners the card's own opaque pixels are unchanged.
        for (x, y) in [(card.width / 2, card.height / 2), (40, card.height - 40), (card.width - 30, 30)] {
            XCTAssertEqual(pixel(card, x, y)[3], 255)
            XCTAssertEqual(pixel(shot, x + inset, y + inset), pixel(card, x, y), "(\(x), \(y))")
        }
        // The card's transparent corner shows the background.
        XCTAssertEqual(pixel(card, 0, 0)[3], 0)
        XCTAssertEqual(pixel(shot, inset, inset), [0x33, 0x66, 0x99, 255])
    }

    func testCanvasBlendsTranslucentPixelsOverTheBackground() throws {
        // One pixel, half-transparent white (premultiplied 128,128,128,128), on opaque black.
        let card = Pixmap(width: 1, height: 1, premultipliedPixels: [128, 128, 128, 128])!
        let composed = try XCTUnwrap(Canvas(padding: 1, background: .black).compose(card, scale: 2))
        XCTAssertEqual(composed.width, 5)
        XCTAssertEqual(pixel(composed, 2, 2), [128, 128, 128, 255])
        XCTAssertEqual(pixel(composed, 1, 1), [0, 0, 0, 255])
        // No padding, no background: the card itself.
        XCTAssertEqual(Canvas().compose(card, scale: 3), card)
        XCTAssertThrowsError(try Canvas.parseColor("#12345"))
        XCTAssertEqual(try Canvas.parseColor("#33669980"), Color(r: 0x33, g: 0x66, b: 0x99, a: 0x80))
    }

    func testBadInputWritesNothingAndLeavesNoTemporaryFiles() throws {
        let root = try temporaryFolder()
        let bad = root + "/bad.json"
        try Data(##"{"theme": {"primary": "#12345"}, "component": {"type": "banner", "title": "Hi"}}"##.utf8)
            .write(to: URL(fileURLWithPath: bad))
        let out = root + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let run = try snap("render", bad, "-o", out + "/card.png", "--report", out + "/report.json")
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1)
        XCTAssertTrue(run.stderr.hasPrefix("error: \(bad): $.theme.primary: "), run.stderr)
        XCTAssertEqual(files(under: out), [])

        let badOption = try snap("render", fixtures + "/message-info.json", "-o", out + "/card.png", "--background", "blue")
        XCTAssertEqual(badOption.status, 2)
        XCTAssertTrue(badOption.stderr.contains("--background"), badOption.stderr)
        XCTAssertEqual(files(under: out), [])

        // A good render leaves exactly the two files, no temporary ones beside them.
        let good = try snap("render", fixtures + "/message-info.json", "-o", out + "/card.png",
                            "--report", out + "/report.json", "--scale", "1")
        XCTAssertEqual(good.status, 0, good.stderr)
        XCTAssertEqual(files(under: out), ["card.png", "report.json"])
    }
}
