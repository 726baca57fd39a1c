import Raster
@testable import Text

// Test-only drawing of a layout with Raster's own blits, the way Grona's scene renderer draws
// text: coverage masks composited in the text colour, colour glyphs (emoji) resampled into their box.

/// Draws `layout` in `color` on white, with `margin` pixels around it.
func render(_ layout: TextLayout, engine: TextEngine, margin: Int = 4, color: Color = .black) throws -> Pixmap? {
    let width = max(1, Int(layout.alignmentWidth.rounded(.up)) + 2 * margin)
    let height = max(1, Int(layout.height.rounded(.up)) + 2 * margin)
    guard var pixmap = Pixmap(width: width, height: height) else { return nil }
    pixmap.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), color: .white)
    for glyph in layout.glyphs {
        try engine.draw(glyph, into: &pixmap, originX: Double(margin), originY: Double(margin), color: color)
    }
    return pixmap
}

/// Ink rows of each line drawn on its own, top to bottom: (first, last) row with any coverage, in
/// the layout's rows plus 100.
func inkRows(_ laidOut: TextLayout, engine: TextEngine) throws -> [(top: Int, bottom: Int)]? {
    let height = Int(laidOut.height.rounded(.up)) + 200
    let width = Int(laidOut.alignmentWidth.rounded(.up)) + 200
    var rows: [(Int, Int)] = []
    for line in laidOut.lines {
        guard var pixmap = Pixmap(width: width, height: height) else { return nil }
        for glyph in line.runs.flatMap(\.glyphs) {
            try engine.draw(glyph, into: &pixmap, originX: 100, originY: 100, color: .black)
        }
        var top = Int.max, bottom = Int.min
        for y in 0..<height {
            for x in 0..<width where pixmap.pixels[(y * width + x) * 4 + 3] > 0 {
                top = min(top, y); bottom = max(bottom, y)
                break
            }
        }
        rows.append((top, bottom))
    }
    return rows
}
