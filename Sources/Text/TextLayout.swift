/// The result of `TextEngine.layoutParagraph`: lines of positioned glyphs, in PIXELS (points ×
/// scale), origin at the top-left of the paragraph's box, y growing downwards. Use the `…InPoints`
/// accessors for frames.
package struct TextLayout: Sendable {
    /// Pixels per point the layout was made at.
    package let scale: Double
    /// The text size in pixels (points × scale).
    package let pixelSize: Double
    /// The width lines were broken to and aligned in, in pixels (the widest line when unlimited).
    package let alignmentWidth: Double
    /// The primary font's line height, in pixels: the distance between baselines of lines drawn in
    /// the system font and its companions (Inter, Noto Sans Arabic and Hebrew, emoji). A line holding
    /// a taller script's font (Thai, Devanagari, CJK, …) is taller by what that font reaches beyond
    /// the primary's ascent and descent (`LineHeight`).
    package let lineHeight: Double
    /// Total height in pixels: `lineCount × lineHeight`, plus the room made for taller fonts.
    package let height: Double
    /// Lines top to bottom.
    package let lines: [TextLine]
    /// True when text was cut and the last line ends in an ellipsis (U+2026).
    package let truncated: Bool
    /// What is drawn, in logical order, without inserted line breaks, plus "…" when `truncated`.
    package let shownText: String
    /// What each line shows, top to bottom, in logical order: the text of its range without trailing
    /// white space, the last line of a cut text ending in "…". Where copy breaks, without drawing it.
    package let lineTexts: [String]
    /// Why each line ends where it does, one per break between lines (`lineCount - 1` entries), top to
    /// bottom: a space, a newline, push-out, Hangul word priority, a dictionary or CJK break, …
    package let breaks: [LineBreakReason]
    /// Characters no pinned font maps, which are drawn as boxes (.notdef): each once, in the order they
    /// first appear in the whole text (past the safety cap too). Empty when every character has a glyph.
    package let missingCharacters: [Unicode.Scalar]
    /// Private-use characters of the text (U+E000–U+F8FF, planes 15 and 16), each once, in order:
    /// whatever a pinned font draws for them, an iPhone's fonts draw their own (see `MissingCharacters`).
    package let privateUseCharacters: [Unicode.Scalar]

    package var lineCount: Int { lines.count }
    /// The widest line's width in pixels.
    package var width: Double { lines.map(\.width).max() ?? 0 }
    package var heightInPoints: Double { height / scale }
    package var widthInPoints: Double { width / scale }
    package var lineHeightInPoints: Double { lineHeight / scale }

    /// Every glyph of every line, top to bottom, each line left to right.
    package var glyphs: [PositionedGlyph] { lines.flatMap { $0.runs.flatMap(\.glyphs) } }
}

package struct TextLine: Sendable {
    /// Baseline, in pixels from the top of the layout.
    package let baseline: Double
    /// Where the line's pen starts, in pixels from the left (0 for left-to-right paragraphs;
    /// right-to-left lines end at the right edge of `alignmentWidth`).
    package let x: Double
    /// Advance width of the line in pixels, trailing white space excluded, ellipsis included.
    package let width: Double
    /// Glyph runs in visual order, left to right.
    package let runs: [GlyphRun]
    /// The UTF-16 offsets of the paragraph's text shown on this line (without the ellipsis).
    package let textRange: Range<Int>
}

/// Consecutive glyphs from one face at one bidi level, left to right.
package struct GlyphRun: Sendable {
    package let face: FaceID
    /// The bidi level (odd = right to left).
    package let bidiLevel: UInt8
    /// True for the inserted ellipsis.
    package let isEllipsis: Bool
    /// The UTF-16 offsets of the paragraph's text this run draws (empty for the ellipsis).
    package let textRange: Range<Int>
    package let glyphs: [PositionedGlyph]
    package var isRightToLeft: Bool { bidiLevel & 1 == 1 }
}

/// A glyph placed in the layout: pass it to `TextEngine.glyphImage(for:originX:originY:)` to draw it.
package struct PositionedGlyph: Hashable, Sendable {
    /// The glyph index in its face.
    package let id: UInt32
    /// Pen position on the baseline, in pixels from the layout's top-left corner.
    package let x: Double
    package let y: Double
    package let face: FaceID
    /// Text size in pixels.
    package let pixelSize: Double
    /// True for a colour (bitmap emoji) glyph.
    package let isColor: Bool
}
