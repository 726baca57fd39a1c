/// # Text — GronaSnap's text engine
///
/// Banner copy, in any language, laid out the way iOS draws it, or cut off cleanly.
///
/// ## Public API
/// - `TextEngine(fontsDirectory:)` — fonts, layout and glyph images (one per thread; see its doc).
///   - `font(atPath:)`, `font(named:)`, `systemFont(bold:)`, `boldFont(of:)` → `Font`
///   - `layoutParagraph(text:font:sizeInPoints:scale:maxWidthInPoints:maxLines:direction:language:)` → `TextLayout`
///   - `glyphImage(for:originX:originY:)` → `GlyphImage?` (coverage mask, or colour bitmap for emoji);
///     `draw(_:into:originX:originY:color:)` composites one into a `Pixmap`; both throw when FreeType
///     cannot render the glyph
/// - `TextLayout` → `TextLine` → `GlyphRun` → `PositionedGlyph`: geometry in PIXELS (points × scale),
///   with `…InPoints` accessors for frames; `lineCount`, `truncated`, `shownText`, `missingCharacters`
///   (characters no pinned font can draw, drawn as boxes).
/// - Text sizes arrive in points: Dynamic Type (which size a role gets) is Grona's business.
/// - `TextDirection`, `TextError`.
///
/// ## Pipeline (one file per stage)
/// 1. `Prepare.swift`     — text → UTF-16 + grapheme clusters, with the safety cap.
/// 2. `Bidi.swift`        — ICU bidi levels (paragraph direction from the caller); per-line reordering.
/// 3. `Itemize.swift`     — per-cluster font fallback (the chain, then `Cascade.swift`'s script
///                          table: Thai, Indic, CJK by language, …); runs of one face, script and level.
/// 4. `Shape.swift`       — HarfBuzz per run, in the text's language; advances per UTF-16 unit; where
///                          lines may be cut; .notdef glyphs (`MissingCharacters.swift` names them).
/// 5. `BreakLines.swift`  — ICU line-break opportunities (dictionaries for Thai, Lao, Khmer, Myanmar;
///                          CJK kinsoku), greedy filling, in-word breaks, line limit.
/// 6. `Truncate.swift`    — the ellipsis's face; the cut itself is chosen by BreakLines.
/// 7. `LineHeight.swift`  — how much taller than the primary font's line each line must be.
/// 8. `Align.swift`       — visual order per line, pen positions, leading-edge alignment.
///
/// Long-lived state: `FontData.swift` (process-wide shared font bytes), `Font.swift` (`Font` handle,
/// `FontFace` = a FreeType face and a HarfBuzz font over those bytes), `FontLibrary.swift` (faces, catalogue, bold
/// lookup, fallback chains), `GlyphImage.swift` (glyph rasterization and cache), `LayoutCache.swift`
/// (finished paragraph layouts, by their inputs). Per-layout values:
/// `Paragraph.swift`. Results: `TextLayout.swift`.
///
/// ## Where C lives (one Swift file per library)
/// - `FreeType.swift` — the only file importing CFreeType: library, faces from memory (with face
///   index), char index and size, a glyph loaded and rendered into a gray mask or a BGRA bitmap
///   (emboldened, translated), version, style/colour/scalable flags.
/// - `HarfBuzz.swift` — the only file importing CHarfBuzz: blob/face/font lifetime, the shaping
///   buffer, glyph extents and class, scripts (named constants for `Cascade`'s table), code point
///   sets (`WebFonts`), version.
/// - `ICU.swift` — the only file importing CUnicode: bidi levels, visual order, first strong
///   direction, line-break opportunities, version.
/// C handles are private to those files' types, and each library's statuses go through one helper
/// (`FreeType.check`, `HarfBuzz.check`, `ICU.check`) that throws a `TextError` naming the call.
/// Failures are thrown, never papered over: a font that cannot be opened (`unreadableFontFile`, with
/// the library's error), a glyph that cannot be rendered (`glyphImage` and `draw` throw), ICU failing
/// in bidi or line breaking (`layoutParagraph` throws rather than lay the text out another way).
///
/// Units: layout happens at the pixel size (points × scale) so that positions are exact for the
/// raster; every length in `TextLayout` is in pixels, y down, from the paragraph's top-left.
package enum TextModule {
    /// ICU's version, for diagnostics.
    package static var icuVersion: String { ICU.version }

    /// FreeType's version, e.g. "2.12.1" (the library linked, not the headers built against).
    package static var freeTypeVersion: String { FreeType.version }

    /// HarfBuzz's version, e.g. "6.0.0" (the library linked).
    package static var harfBuzzVersion: String { HarfBuzz.version }
}
