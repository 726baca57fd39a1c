/// Align stage: turns each `LineSpan` into a `TextLine` — the pieces of runs that fall on the line
/// (plus the ellipsis, logically last, at the paragraph's level), reordered visually with the bidi
/// rule L2, glyphs given pen positions, and the line placed at the paragraph's leading edge (left for
/// left-to-right paragraphs, right for right-to-left ones).
///
/// Because the ellipsis sits at the logical end and takes the paragraph level, it lands at the right
/// end of a left-to-right line and the left end of a right-to-left one, whatever script precedes it.
struct Ellipsis {
    var glyphs: [ShapedGlyph]
    var faceIndex: Int
    var width: Double { glyphs.reduce(0) { $0 + $1.advance } }
}

enum Align {
    struct Piece {
        var faceIndex: Int
        var level: UInt8
        var glyphs: [ShapedGlyph]
        var isEllipsis: Bool
        var range: Range<Int>
    }

    static func line(_ span: LineSpan, paragraph p: Paragraph, ellipsis: Ellipsis?, baseline: Double,
                     alignmentWidth: Double, chain: [FontFace], faceIDs: [FaceID], pixelSize: Double) -> TextLine {
        var pieces: [Piece] = []
        // Runs are in logical order and glyph clusters are monotonic (HarfBuzz's default cluster
        // level), so both are found by binary search: a long paragraph costs lines × log n, not lines × n.
        var r = partitionPoint(p.runs.count) { p.runs[$0].range.upperBound > span.start }
        while r < p.runs.count, p.runs[r].range.lowerBound < span.end {
            let run = p.runs[r]
            r += 1
            let lower = max(run.range.lowerBound, span.start), upper = min(run.range.upperBound, span.end)
            guard lower < upper else { continue }
            pieces.append(Piece(faceIndex: run.faceIndex, level: run.level, glyphs: Array(run.glyphs(in: lower..<upper)),
                                isEllipsis: false, range: lower..<upper))
        }
        if span.ellipsis, let ellipsis {
            pieces.append(Piece(faceIndex: ellipsis.faceIndex, level: p.paragraphLevel,
                                glyphs: ellipsis.glyphs, isEllipsis: true,
                                range: span.end..<span.end))
        }
        let order = Bidi.visualOrder(pieces.map(\.level))
        let width = pieces.reduce(0) { $0 + $1.glyphs.reduce(0) { $0 + $1.advance } }
        let x = p.paragraphLevel & 1 == 1 ? alignmentWidth - width : 0
        var pen = x
        var runs: [GlyphRun] = []
        for index in order {
            let piece = pieces[index]
            let face = faceIDs[piece.faceIndex]
            let isColor = chain[piece.faceIndex].isColorBitmap
            var glyphs: [PositionedGlyph] = []
            glyphs.reserveCapacity(piece.glyphs.count)
            for glyph in piece.glyphs {
                glyphs.append(PositionedGlyph(id: glyph.id, x: pen + glyph.offsetX, y: baseline - glyph.offsetY,
                                              face: face, pixelSize: pixelSize, isColor: isColor))
                pen += glyph.advance
            }
            runs.append(GlyphRun(face: face, bidiLevel: piece.level, isEllipsis: piece.isEllipsis,
                                 textRange: piece.range, glyphs: glyphs))
        }
        return TextLine(baseline: baseline, x: x, width: width, runs: runs, textRange: span.start..<span.end)
    }
}
