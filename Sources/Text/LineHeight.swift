/// Line heights: every line is the primary font's line (its ascent, descent and line gap), grown to
/// make room for the taller fonts on it, as TextKit grows a line for PingFang or Thonburi.
///
/// Which fonts grow a line: those of the script table (`Cascade`: Thai, Devanagari, CJK, Myanmar, …),
/// whose ascent and descent are their own — or the ink of their glyphs on the line and a margin,
/// where that reaches further (Khmer's subscript consonants hang below Noto Sans Khmer's declared descent),
/// so lines never overlap whatever the script. The fallback chain's companions of the system font (Inter, Noto
/// Sans Arabic and Hebrew, Noto Color Emoji) are drawn within the primary font's line, as SF Pro's
/// companions SF Arabic, SF Hebrew and Apple Color Emoji are, so a line of those keeps the primary
/// font's height exactly, whatever its script.
enum LineHeight {
    /// How far a line reaches above the primary font's ascent and below its descent, in pixels (0 and
    /// 0 for a line without table fonts).
    struct Growth {
        var above: Double = 0
        var below: Double = 0
        var total: Double { above + below }
    }

    /// Room between a table font's ink and its line's edge, in pixels: baselines are rounded to whole
    /// pixels when glyphs are drawn, so each line's ink may move half a pixel towards the other; with
    /// a pixel and a half on each side, the inks of two lines are at least two pixels apart, and a
    /// clear pixel row always separates them.
    static let inkMargin = 1.5

    static func growth(of span: LineSpan, paragraph p: Paragraph, ellipsisFace: Int?, chain: FaceChain,
                       pixelSize: Double) -> Growth {
        var growth = Growth()
        let primary = chain.faces[0]
        let k = pixelSize / primary.unitsPerEm
        let primaryAscent = primary.ascender * k, primaryDescent = -primary.descender * k
        let grow = { (index: Int, glyphs: ArraySlice<ShapedGlyph>) in
            guard chain.isFromTable(index) else { return }
            let face = chain.faces[index]
            let scale = pixelSize / face.unitsPerEm
            var ascent = face.ascender * scale, descent = -face.descender * scale
            // The ink keeps `inkMargin` from the line's edge (see there).
            for glyph in glyphs {
                let ink = face.inkExtent(of: glyph.id)
                ascent = max(ascent, glyph.offsetY + ink.top * scale + inkMargin)
                descent = max(descent, -(glyph.offsetY + ink.bottom * scale) + inkMargin)
            }
            growth.above = max(growth.above, ascent - primaryAscent)
            growth.below = max(growth.below, descent - primaryDescent)
        }
        var r = partitionPoint(p.runs.count) { p.runs[$0].range.upperBound > span.start }
        while r < p.runs.count, p.runs[r].range.lowerBound < span.end {
            let run = p.runs[r]
            if chain.isFromTable(run.faceIndex) {
                grow(run.faceIndex, run.glyphs.filter { span.start <= $0.cluster && $0.cluster < span.end }[...])
            }
            r += 1
        }
        if let ellipsisFace { grow(ellipsisFace, []) }
        return growth
    }
}
