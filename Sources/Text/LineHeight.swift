/// Line heights: every line is the primary font's line (its ascent, descent and line gap), grown to
/// make room for the taller fonts on it, as TextKit grows a line for PingFang or Thonburi, and for
/// ink that would otherwise touch the next line.
///
/// Which fonts grow a line: those of the script table (`Cascade`: Thai, Devanagari, CJK, Myanmar, …,
/// and the fonts fallback by coverage reaches), whose ascent and descent are their own — or the ink of
/// their glyphs on the line and a margin, where that reaches further (Khmer's subscript consonants hang
/// below Noto Sans Khmer's declared descent), so lines never overlap whatever the script. The fallback
/// chain's companions of the system font (Inter, Noto Sans Arabic and Hebrew) are drawn within the
/// primary font's line, as SF Pro's companions SF Arabic and SF Hebrew are, so a line of those keeps the
/// primary font's height — unless marks (GDEF class mark) drawn on it reach beyond that line's ascent or
/// descent: Arabic with stacked harakat (سَّٰٓ) at AX5 does, and then its ink and that of the lines
/// beside it are kept two margins apart (`separation`), the lower line moving down by what is missing,
/// and the first line grows until its ink keeps a margin from the top of the text's box (and so from
/// the card's edge). Plain Arabic and Latin have no such marks, so their lines are exactly as before.
/// Colour emoji are scaled into the line and never grow it.
enum LineHeight {
    /// How far a line reaches above the primary font's ascent and below its descent, in pixels (0 and
    /// 0 for a line without table fonts), and how far its ink reaches from the baseline, every face's.
    struct Growth {
        var above: Double = 0
        var below: Double = 0
        var inkAbove: Double = 0
        var inkBelow: Double = 0
        /// A mark of a chain face reaches beyond the primary font's ascent or descent.
        var marksBeyondLine = false
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
            let face = chain.faces[index]
            guard !face.isColorBitmap else { return }
            let fromTable = chain.isFromTable(index)
            let scale = pixelSize / face.unitsPerEm
            var ascent = face.ascender * scale, descent = -face.descender * scale
            for glyph in glyphs {
                let ink = face.inkExtent(of: glyph.id)
                let top = glyph.offsetY + ink.top * scale, bottom = -(glyph.offsetY + ink.bottom * scale)
                growth.inkAbove = max(growth.inkAbove, top)
                growth.inkBelow = max(growth.inkBelow, bottom)
                if !fromTable, top > primaryAscent || bottom > primaryDescent, face.isMark(glyph.id) {
                    growth.marksBeyondLine = true
                }
                // The ink keeps `inkMargin` from the line's edge (see there).
                ascent = max(ascent, top + inkMargin)
                descent = max(descent, bottom + inkMargin)
            }
            guard fromTable else { return }
            growth.above = max(growth.above, ascent - primaryAscent)
            growth.below = max(growth.below, descent - primaryDescent)
        }
        var r = partitionPoint(p.runs.count) { p.runs[$0].range.upperBound > span.start }
        while r < p.runs.count, p.runs[r].range.lowerBound < span.end {
            let run = p.runs[r]
            // The run overlaps the line (the loop's condition), so the intersection is not empty.
            grow(run.faceIndex, run.glyphs(in: max(run.range.lowerBound, span.start)..<min(run.range.upperBound, span.end)))
            r += 1
        }
        if let ellipsisFace { grow(ellipsisFace, []) }
        return growth
    }

    /// `line`'s growth, raised where marks reach beyond it or the line before: above, so that its ink
    /// keeps two margins from the ink of the line before (`previous`; for the first line, nil, one
    /// margin from the top of the text's box), and for the last line below, so that its ink keeps a
    /// margin from the bottom of the box. `lineHeight`, `ascent` and `descent` are the primary font's.
    static func separation(_ line: Growth, after previous: Growth?, isLast: Bool,
                           lineHeight: Double, ascent: Double, descent: Double) -> Growth {
        var line = line
        if let previous {
            if previous.marksBeyondLine || line.marksBeyondLine {
                let gap = lineHeight + previous.below + line.above
                let needed = previous.inkBelow + line.inkAbove + 2 * inkMargin
                if needed > gap { line.above += needed - gap }
            }
        } else if line.marksBeyondLine, line.inkAbove + inkMargin > ascent + line.above {
            line.above = line.inkAbove + inkMargin - ascent
        }
        if isLast, line.marksBeyondLine, line.inkBelow + inkMargin > descent + line.below {
            line.below = line.inkBelow + inkMargin - descent
        }
        return line
    }
}
