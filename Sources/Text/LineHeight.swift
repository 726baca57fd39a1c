/// Line heights: every line is the primary font's line (its ascent, descent and line gap), grown to
/// make room for the taller fonts on it, as TextKit grows a line for PingFang or Thonburi.
///
/// Which fonts grow a line: those of the script table (`Cascade`: Thai, Devanagari, CJK, Myanmar, …),
/// whose ascent and descent are their own. The fallback chain's companions of the system font (Inter,
/// Noto Sans Arabic and Hebrew, Noto Color Emoji) are drawn within the primary font's line, as SF Pro's
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

    static func growth(of span: LineSpan, paragraph p: Paragraph, ellipsisFace: Int?, chain: FaceChain,
                       pixelSize: Double) -> Growth {
        var growth = Growth()
        let primary = chain.faces[0]
        let k = pixelSize / primary.unitsPerEm
        let primaryAscent = primary.ascender * k, primaryDescent = -primary.descender * k
        let grow = { (index: Int) in
            guard chain.isFromTable(index) else { return }
            let face = chain.faces[index]
            let scale = pixelSize / face.unitsPerEm
            growth.above = max(growth.above, face.ascender * scale - primaryAscent)
            growth.below = max(growth.below, -face.descender * scale - primaryDescent)
        }
        var r = partitionPoint(p.runs.count) { p.runs[$0].range.upperBound > span.start }
        while r < p.runs.count, p.runs[r].range.lowerBound < span.end {
            grow(p.runs[r].faceIndex)
            r += 1
        }
        if let ellipsisFace { grow(ellipsisFace) }
        return growth
    }
}
