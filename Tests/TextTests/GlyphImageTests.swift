import XCTest
import Raster
@testable import Text

final class GlyphImageTests: XCTestCase {
    /// The engine and the first glyph of `text` in Inter.
    func firstGlyph(_ text: String, size: Double, scale: Double) throws -> (TextEngine, PositionedGlyph) {
        let engine = try makeEngine()
        let l = try engine.layoutParagraph(text: text, font: try engine.systemFont(), sizeInPoints: size,
                                           scale: scale, maxWidthInPoints: 100, maxLines: 1, direction: .leftToRight)
        return (engine, try XCTUnwrap(l.glyphs.first))
    }

    func testOutlineMaskSitsOnTheBaseline() throws {
        let (engine, glyph) = try firstGlyph("H", size: 20, scale: 2)
        guard case let .mask(mask, x, y)? = try engine.glyphImage(for: glyph) else { return XCTFail("no mask") }
        // Inter's cap height is about 0.73 em: 29 px at 40 px.
        XCTAssertEqual(Double(mask.height), 0.727 * 40, accuracy: 2)
        XCTAssertEqual(Double(y + mask.height), glyph.y.rounded(), accuracy: 1, "the H stands on the baseline")
        XCTAssertGreaterThanOrEqual(x, 0)
        XCTAssertTrue(mask.coverage.contains(255))
        XCTAssertTrue(mask.coverage.contains { $0 > 0 && $0 < 255 }, "anti-aliased")
    }

    func testSubpixelPhasesShiftTheInk() throws {
        let (engine, glyph) = try firstGlyph("l", size: 12, scale: 1)
        func centroid(_ offset: Double) -> Double {
            guard case let .mask(mask, x, _)? = try? engine.glyphImage(for: glyph, originX: offset) else { return .nan }
            var sum = 0.0, weight = 0.0
            for (i, c) in mask.coverage.enumerated() {
                sum += Double(x + i % mask.width) * Double(c); weight += Double(c)
            }
            return sum / weight
        }
        let base = centroid(10)
        XCTAssertEqual(centroid(10.25) - base, 0.25, accuracy: 0.06)
        XCTAssertEqual(centroid(10.5) - base, 0.5, accuracy: 0.06)
        XCTAssertEqual(centroid(11) - base, 1, accuracy: 1e-9)
    }
}
