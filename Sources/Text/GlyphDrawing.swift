import Raster

extension TextEngine {
    /// Composites one laid-out glyph into `pixmap`, placed at its layout position plus (`originX`,
    /// `originY`) pixels: a coverage mask tinted with `color`, or a colour glyph (emoji) resampled into
    /// its box, as it comes. Glyphs without ink draw nothing. Throws, drawing nothing, when FreeType
    /// cannot render the glyph (see `glyphImage(for:originX:originY:)`).
    package func draw(_ glyph: PositionedGlyph, into pixmap: inout Pixmap, originX: Double, originY: Double,
                     color: Color) throws {
        switch try glyphImage(for: glyph, originX: originX, originY: originY) {
        case .mask(let mask, let left, let top)?:
            pixmap.blit(mask: mask, at: left, y: top, color: color)
        case .color(let bitmap, let left, let top, let width, let height)?:
            pixmap.draw(bitmap, in: Rect(x: left, y: top, width: width, height: height))
        case nil:
            break
        }
    }
}
