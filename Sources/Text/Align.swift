/// Align stage: turns each `LineSpan` into a `TextLine` — the pieces of runs that fall on the line
/// (plus the ellipsis, logically last), reordered visually with the bidi rule L2, glyphs given pen
/// positions, and the line placed at the paragraph's leading edge (left for left-to-right paragraphs,
/// right for right-to-left ones).
///
/// The ellipsis goes where the text was cut. TextKit truncates by hiding the glyphs of the characters
/// that are cut and drawing its truncation glyph in their place, so the "…" is laid out with the
/// direction of the text it continues, not the paragraph's: it takes the bidi level of the last
/// character shown. In a right-to-left paragraph that ends in a cut Latin name, "…" follows the Latin
/// letters on their right ("مرحبا بكم في Grona…"), where the name was cut, instead of the line's far
/// left; in a left-to-right line cut inside Arabic, it sits on the Arabic's left, where that text was
/// cut. When the cut text has the paragraph's direction (the usual case) this is the line's trailing
/// end, as before. A cut word of a joining script is shaped anew up to the cut (`cutRun`), so its last
/// letter has the form it takes at the end of a word before the "…", as on a device.
/// Glyphs the layout draws that the text does not hold: the ellipsis where text was cut, the hyphen
/// where a line breaks at a soft hyphen. Each is shaped on its own, in the face of the text before it.
struct InsertedGlyphs {
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

    /// Throws `TextError.unicode` when ICU cannot order the line (`Bidi.visualOrder`).
    /// - Parameters:
    ///   - cutRun: the run the ellipsis cuts, shaped anew up to the cut, in place of its glyphs in the
    ///     paragraph's shaping (nil: the shaping stands).
    ///   - hyphen: the hyphen drawn at the line's end when it breaks at a soft hyphen.
    static func line(_ span: LineSpan, paragraph p: Paragraph, ellipsis: InsertedGlyphs?, hyphen: InsertedGlyphs?,
                     cutRun: TextRun?, baseline: Double,
                     alignmentWidth: Double, chain: [FontFace], faceIDs: [FaceID], pixelSize: Double) throws -> TextLine {
        var pieces: [Piece] = []
        // Runs are in logical order and glyph clusters are monotonic (HarfBuzz's default cluster
        // level), so both are found by binary search: a long paragraph costs lines × log n, not lines × n.
        var r = partitionPoint(p.runs.count) { p.runs[$0].range.upperBound > span.start }
        while r < p.runs.count, p.runs[r].range.lowerBound < span.end {
            let run = p.runs[r]
            r += 1
            let lower = max(run.range.lowerBound, span.start), upper = min(run.range.upperBound, span.end)
            guard lower < upper else { continue }
            // The cut end of the run comes from its reshaping, the rest from the paragraph's shaping; two
            // pieces at one level are reordered as one run would be.
            let cut = cutRun.flatMap { run.range.contains($0.range.lowerBound) && $0.range.upperBound == upper ? $0 : nil }
            let reshapedFrom = cut.map { max(lower, $0.range.lowerBound) } ?? upper
            for (source, range) in [(run, lower..<reshapedFrom), (cut ?? run, reshapedFrom..<upper)] where !range.isEmpty {
                var glyphs = Array(source.glyphs(in: range))
                // A tab reaches the next tab stop from where this line starts (`Paragraph.width`).
                for g in glyphs.indices where p.utf16.indices.contains(glyphs[g].cluster) && p.utf16[glyphs[g].cluster] == 0x09 {
                    glyphs[g].advance = p.tabAdvance(at: glyphs[g].cluster, lineStart: span.start)
                }
                pieces.append(Piece(faceIndex: run.faceIndex, level: run.level, glyphs: glyphs,
                                    isEllipsis: false, range: range))
            }
        }
        // The ellipsis and the hyphen go after the last character shown, at its bidi level.
        let endLevel = span.end > span.start && span.end <= p.levels.count ? p.levels[span.end - 1] : p.paragraphLevel
        if span.ellipsis, let ellipsis {
            pieces.append(Piece(faceIndex: ellipsis.faceIndex, level: endLevel,
                                glyphs: ellipsis.glyphs, isEllipsis: true,
                                range: span.end..<span.end))
        } else if let hyphen {
            pieces.append(Piece(faceIndex: hyphen.faceIndex, level: endLevel, glyphs: hyphen.glyphs, isEllipsis: false,
                                range: span.end..<span.end))
        }
        let order = try Bidi.visualOrder(pieces.map(\.level))
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
