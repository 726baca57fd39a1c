/// The result of `TextEngine.layoutParagraph`: lines of positioned glyphs, in PIXELS (points ×
/// scale), origin at the top-left of the paragraph's box, y growing downwards. Use the `…InPoints`
/// accessors for frames.
public struct TextLayout: Sendable {
    /// Pixels per point the layout was made at.
    public let scale: Double
    /// The text size in pixels (points × scale).
    public let pixelSize: Double
    /// The width lines were broken to and aligned in, in pixels (the widest line when unlimited).
    public let alignmentWidth: Double
    /// The primary font's line height, in pixels: the distance between baselines of lines drawn in
    /// the system font and its companions (Inter, Noto Sans Arabic and Hebrew, emoji). A line holding
    /// a taller script's font (Thai, Devanagari, CJK, …) is taller by what that font reaches beyond
    /// the primary's ascent and descent (`LineHeight`).
    public let lineHeight: Double
    /// Total height in pixels: `lineCount × lineHeight`, plus the room made for taller fonts.
    public let height: Double
    /// Lines top to bottom.
    public let lines: [TextLine]
    /// True when text was cut and the last line ends in an ellipsis (U+2026).
    public let truncated: Bool
    /// What is drawn, in logical order, without inserted line breaks, plus "…" when `truncated`.
    public let shownText: String
    /// What each line shows, top to bottom, in logical order: the text of its range without trailing
    /// white space, the last line of a cut text ending in "…". Where copy breaks, without drawing it.
    public let lineTexts: [String]
    /// Why each line ends where it does, one per break between lines (`lineCount - 1` entries), top to
    /// bottom: a space, a newline, push-out, Hangul word priority, a dictionary or CJK break, …
    public let breaks: [LineBreakReason]
    /// Characters no pinned font maps, which are drawn as boxes (.notdef): each once, in the order they
    /// first appear in the whole text (past the safety cap too). Empty when every character has a glyph.
    public let missingCharacters: [Unicode.Scalar]
    /// Private-use characters of the text (U+E000–U+F8FF, planes 15 and 16), each once, in order:
    /// whatever a pinned font draws for them, an iPhone's fonts draw their own (see `MissingCharacters`).
    public let privateUseCharacters: [Unicode.Scalar]

    public var lineCount: Int { lines.count }
    /// The widest line's width in pixels.
    public var width: Double { lines.map(\.width).max() ?? 0 }
    public var heightInPoints: Double { height / scale }
    public var widthInPoints: Double { width / scale }
    public var lineHeightInPoints: Double { lineHeight / scale }

    /// Every glyph of every line, top to bottom, each line left to right.
    public var glyphs: [PositionedGlyph] { lines.flatMap { $0.runs.flatMap(\.glyphs) } }
}

public struct TextLine: Sendable {
    /// Baseline, in pixels from the top of the layout.
    public let baseline: Double
    /// Where the line's pen starts, in pixels from the left (0 for left-to-right paragraphs;
    /// right-to-left lines end at the right edge of `alignmentWidth`).
    public let x: Double
    /// Advance width of the line in pixels, trailing white space excluded, ellipsis included.
    public let width: Double
    /// Glyph runs in visual order, left to right.
    public let runs: [GlyphRun]
    /// The UTF-16 offsets of the paragraph's text shown on this line (without the ellipsis).
    public let textRange: Range<Int>
}

/// Consecutive glyphs from one face at one bidi level, left to right.
public struct GlyphRun: Sendable {
    public let face: FaceID
    /// The bidi level (odd = right to left).
    public let bidiLevel: UInt8
    /// True for the inserted ellipsis.
    public let isEllipsis: Bool
    /// The UTF-16 offsets of the paragraph's text this run draws (empty for the ellipsis).
    public let textRange: Range<Int>
    public let glyphs: [PositionedGlyph]
    public var isRightToLeft: Bool { bidiLevel & 1 == 1 }
}

/// A glyph placed in the layout: pass it to `TextEngine.glyphImage(for:originX:originY:)` to draw it.
public struct PositionedGlyph: Hashable, Sendable {
    /// The glyph index in its face.
    public let id: UInt32
    /// Pen position on the baseline, in pixels from the layout's top-left corner.
    public let x: Double
    public let y: Double
    public let face: FaceID
    /// Text size in pixels.
    public let pixelSize: Double
    /// True for a colour (bitmap emoji) glyph.
    public let isColor: Bool
}
