import XCTest
@testable import Text

/// A layout handed out again by the engine's cache is the one a fresh engine makes.
final class LayoutCacheTests: XCTestCase {
    private func summary(_ layout: TextLayout) -> [String] {
        [layout.shownText, "\(layout.truncated) \(layout.lineCount) \(layout.lineHeight)"]
            + layout.lines.map { "\($0.baseline) \($0.x) \($0.width)" }
            + layout.glyphs.map { "\($0.id) \($0.x) \($0.y) \($0.face)" }
    }

    func testCachedLayoutsEqualFreshOnesAndEveryInputCounts() throws {
        let engine = try makeEngine()
        let font = try engine.systemFont()
        let text = "Two pastries and a flat white for the price of one, every Saturday morning"
        func layout(_ e: TextEngine, size: Double = 20, width: Double = 200, lines: Int = 2,
                    direction: TextDirection = .leftToRight, font f: Font? = nil) throws -> TextLayout {
            try e.layoutParagraph(text: text, font: f ?? font, sizeInPoints: size, scale: 3, maxWidthInPoints: width,
                                  maxLines: lines, direction: direction)
        }
        let first = summary(try layout(engine))
        XCTAssertEqual(summary(try layout(engine)), first, "cached")
        XCTAssertEqual(summary(try layout(try makeEngine())), first, "fresh engine")
        // A change in any input gives another layout, not the cached one.
        XCTAssertNotEqual(summary(try layout(engine, size: 21)), first)
        XCTAssertNotEqual(summary(try layout(engine, width: 150)), first)
        XCTAssertNotEqual(summary(try layout(engine, lines: 3)), first)
        XCTAssertNotEqual(summary(try layout(engine, direction: .rightToLeft)), first)
        XCTAssertNotEqual(summary(try layout(engine, font: try engine.systemFont(bold: true))), first)
        // Invalid input still throws, cached or not.
        XCTAssertThrowsError(try layout(engine, size: -1))
        XCTAssertThrowsError(try layout(engine, size: -1))
    }
}
