import Raster
@testable import Text

// Test-only drawing of a layout with Raster's own blits, the way Grona's scene renderer draws
// text: coverage masks composited in the text colour, colour glyphs (emoji) resampled into their box.

/// Draws `layout` in `color` on white, with `margin` pixels around it.
func render(_ layout: TextLayout, engine: TextEngine, margin: Int = 4, color: Color = .black) -> Pixmap? {
    let width = max(1, Int(layout.alignmentWidth.rounded(.up)) + 2 * margin)
    let height = max(1, Int(layout.height.rounded(.up)) + 2 * margin)
    guard var pixmap = Pixmap(width: width, height: height) else { return nil }
    pixmap.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), color: .white)
    for glyph in layout.glyphs {
        engine.draw(glyph, into: &pixmap, originX: Double(margin), originY: Double(margin), color: color)
    }
    return pixmap
}
