import Foundation

/// Paragraph direction, from the environment (UIKit's semantic content attribute), not from the text.
package enum TextDirection: String, Sendable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

/// Lays out and draws text. Holds the long-lived state — FreeType library, opened faces, fallback
/// chains, shaping buffer, glyph cache — while each `layoutParagraph` call builds its own throwaway
/// `Paragraph`.
///
/// Threading: a `TextEngine` is used by one thread at a time (it is not `Sendable`). It is cheap to
/// create — faces open lazily over font bytes that are read once per process and shared, immutable,
/// by every engine — so give each worker thread its own engine. `Font`, `TextLayout`,
/// `PositionedGlyph` and `GlyphImage` are plain values that may cross threads, and any engine can
/// draw a layout made by another. Output depends only on the inputs, never on cache state or on
/// which engine ran, so rendering with N threads is deterministic.
public final class TextEngine {
    /// The fonts folder: fallback fonts (Inter, Noto Sans Arabic/Hebrew, Noto Color Emoji, the script
    /// table's Noto fonts) and bare font names are looked up here.
    public var fontsDirectory: String { library.fontsDirectory }
    let library: FontLibrary
    private let shaper = Shaper()
    private let glyphCache = GlyphCache()
    private let layoutCache = LayoutCache()

    /// Opens the fonts folder at `fontsDirectory`; throws when it or a font in it cannot be read.
    public init(fontsDirectory: String) throws {
        library = try FontLibrary(fontsDirectory: fontsDirectory)
    }

    // MARK: Fonts

    /// The font in the file at `path`. Throws if the file is missing or not a font.
    package func font(atPath path: String) throws -> Font { try library.font(atPath: path) }

    /// A font in the fonts folder by file name ("Inter-Bold.otf", "Inter-Bold") or by family and
    /// style ("Inter", "Inter-Bold", "Noto Sans Arabic Bold").
    package func font(named name: String) throws -> Font { try library.font(named: name) }

    /// The bold face of `font`'s family (same family, style "Bold", beside the font file or in the
    /// fonts folder), else `font` emboldened synthetically. A bold font is returned unchanged.
    package func boldFont(of font: Font) -> Font { library.boldFont(of: font) }

    /// Inter, GronaSnap's stand-in for the system font.
    package func systemFont(bold: Bool = false) throws -> Font {
        try library.font(named: bold ? "Inter-Bold.otf" : "Inter-Regular.otf")
    }

    // MARK: Layout

    /// Lays out one paragraph: bidi → itemize → shape → break lines (push-out included) → truncate →
    /// line heights → align.
    ///
    /// - Parameters:
    ///   - sizeInPoints: the text size; the layout is made at `sizeInPoints × scale` pixels.
    ///   - maxWidthInPoints: the line width; `.infinity` for none.
    ///   - maxLines: the line limit; 0 for none. Text beyond it is cut at a grapheme boundary and ends
    ///     in "…" at its logical end.
    ///   - direction: the paragraph direction; lines start at the leading edge.
    ///   - language: the text's language as a BCP 47 tag ("ja", "zh-Hant"), or nil. It picks the face
    ///     of Noto Sans CJK that draws Han (see `Cascade`), the font's localized forms (HarfBuzz
    ///     `locl`) and ICU's line-breaking tailoring. Nil shapes with "und" and the root locale.
    /// - Returns: a layout in pixels (see `TextLayout`).
    /// - Throws: `TextError` for an invalid size, scale or width, a font file that cannot be read, or
    ///   ICU failing to resolve bidi levels or line breaks (`.unicode`): text is never laid out some
    ///   other way behind the caller's back.
    package func layoutParagraph(text: String, font: Font, sizeInPoints: Double, scale: Double,
                                maxWidthInPoints: Double, maxLines: Int,
                                direction: TextDirection, language: String? = nil) throws -> TextLayout {
        guard sizeInPoints.isFinite, sizeInPoints > 0, sizeInPoints < 10_000 else {
            throw TextError.invalid("size", sizeInPoints)
        }
        guard scale.isFinite, scale > 0, scale <= 16 else { throw TextError.invalid("scale", scale) }
        guard !maxWidthInPoints.isNaN else { throw TextError.invalid("width", maxWidthInPoints) }
        let key = LayoutCache.Key(text: text, font: font, sizeInPoints: sizeInPoints, scale: scale,
                                  maxWidthInPoints: maxWidthInPoints, maxLines: maxLines, direction: direction,
                                  language: language)
        return try layoutCache.layout(for: key) {
            try makeLayout(text: text, font: font, sizeInPoints: sizeInPoints, scale: scale,
                           maxWidthInPoints: maxWidthInPoints, maxLines: maxLines, direction: direction,
                           language: language?.isEmpty == true ? nil : language)
        }
    }

    private func makeLayout(text: String, font: Font, sizeInPoints: Double, scale: Double,
                            maxWidthInPoints: Double, maxLines: Int,
                            direction: TextDirection, language: String?) throws -> TextLayout {
        let pixelSize = sizeInPoints * scale
        let maxWidth = max(0, maxWidthInPoints * scale)

        let chainFonts = library.fallbackChain(for: font)
        var chain: [FontFace] = []
        var fonts: [Font] = []
        for candidate in chainFonts {
            if let face = library.face(candidate.fileID) { chain.append(face); fonts.append(candidate) }
        }
        guard let primary = chain.first, fonts.first?.fileID == font.fileID else {
            throw TextError.unreadableFont(font.path)
        }

        var paragraph = Prepare.paragraph(text, paragraphLevel: direction == .rightToLeft ? 1 : 0)
        paragraph.tabInterval = Paragraph.tabIntervalInPoints * scale
        try Bidi.resolveLevels(&paragraph)
        var faceChain = FaceChain(faces: chain, fonts: fonts, library: library, bold: font.isBold, language: language)
        Itemize.chooseFaces(&paragraph, chain: &faceChain)
        chain = faceChain.faces
        fonts = faceChain.fonts
        let faceIDs = fonts.map(\.face)
        Itemize.makeRuns(&paragraph)
        let emboldened = Set(fonts.indices.filter { fonts[$0].isSyntheticBold })
        shaper.language = Shaper.language(language)
        shaper.shape(&paragraph, chain: chain, pixelSize: pixelSize, emboldenedFaces: emboldened)
        try BreakLines.findOpportunities(&paragraph, language: language)

        // The ellipsis at a cut and the hyphen at a soft hyphen's break, shaped once per face.
        var inserted: [String: [Int: InsertedGlyphs]] = [:]
        let insert = { [shaper] (text: String, end: Int) -> InsertedGlyphs in
            let index = Truncate.insertedFaceIndex(of: text.unicodeScalars.first!, paragraph, after: end, chain: chain)
            if let known = inserted[text]?[index] { return known }
            let extra = emboldened.contains(index) ? Shaper.emboldenStrength(pixelSize) : 0
            let glyphs = shaper.shapeStandalone(text, face: chain[index], pixelSize: pixelSize, extraAdvance: extra)
            let made = InsertedGlyphs(glyphs: glyphs, faceIndex: index)
            inserted[text, default: [:]][index] = made
            return made
        }
        let ellipsisAt = { (end: Int) in insert(Truncate.ellipsis, end) }
        let hyphenWidth = { (next: Int) in paragraph.breaksAtSoftHyphen(next) ? insert(Truncate.hyphen, next).width : 0 }
        // A word of a joining script cut for the ellipsis is shaped anew up to the cut, as a device shapes
        // its truncated line: the last letter shown takes its final or isolated form, not the joining
        // form it had before the letters that are gone (see `Shaper.shapeCut`).
        var cutRuns: [Int: TextRun?] = [:]
        let cutRunAt = { [shaper] (end: Int) -> TextRun? in
            if let known = cutRuns[end] { return known }
            var made: TextRun?
            let r = partitionPoint(paragraph.runs.count) { paragraph.runs[$0].range.upperBound >= end }
            if end > 0, paragraph.runs.indices.contains(r), paragraph.runs[r].range.lowerBound < end,
               paragraph.runs[r].range.upperBound > end, Shaper.joins(script: paragraph.runs[r].script) {
                let run = paragraph.runs[r]
                let extra = emboldened.contains(run.faceIndex) ? Shaper.emboldenStrength(pixelSize) : 0
                // Joining reaches a letter or two: the last few dozen units before the cut are shaped
                // again (the text before them is HarfBuzz's context), never the whole run, which may be
                // the whole paragraph.
                var from = max(run.range.lowerBound, end - 32)
                while from > run.range.lowerBound, !paragraph.cuttable[from] { from -= 1 }
                // Not across a tab, whose advance depends on the line (`Paragraph.width`).
                if let tab = paragraph.tabs.last(where: { $0 >= from && $0 < end }) {
                    from = tab + 1
                    while from < end, !paragraph.cuttable[from] { from += 1 }
                }
                made = shaper.shapeCut(run, from: from, to: end, text: paragraph.shapingUTF16,
                                       face: chain[run.faceIndex], pixelSize: pixelSize, extraAdvance: extra)
            }
            cutRuns[end] = .some(made)
            return made
        }
        let cutWidth = { (end: Int) -> Double in
            var width = ellipsisAt(end).width
            if let cut = cutRunAt(end) {
                width += cut.glyphs.reduce(0) { $0 + $1.advance } - paragraph.width(cut.range)
            }
            return width
        }
        let spans = BreakLines.lines(paragraph, maxWidth: maxWidth, maxLines: max(0, maxLines), cutWidth: cutWidth,
                                     hyphenWidth: hyphenWidth)
        let lineHeight = primary.lineHeight * pixelSize / primary.unitsPerEm
        let ascent = primary.ascender * pixelSize / primary.unitsPerEm

        // Without a width limit, lines align within the widest line.
        let alignmentWidth = maxWidth.isFinite
            ? maxWidth : spans.map {
                paragraph.width($0.start..<$0.end) + ($0.ellipsis ? cutWidth($0.end) : hyphenWidth($0.next))
            }.max() ?? 0
        var lines: [TextLine] = []
        // Room made so far for taller fonts; 0 on lines of the system font and its companions alone,
        // so their baselines are exactly today's.
        var grown = 0.0
        var previous: LineHeight.Growth?
        for (i, span) in spans.enumerated() {
            let ellipsis = span.ellipsis ? ellipsisAt(span.end) : nil
            let growth = LineHeight.separation(
                LineHeight.growth(of: span, paragraph: paragraph, ellipsisFace: ellipsis?.faceIndex,
                                  chain: faceChain, pixelSize: pixelSize),
                after: previous, isLast: i == spans.count - 1, lineHeight: lineHeight, ascent: ascent,
                descent: lineHeight - ascent)
            previous = growth
            let hyphen = !span.ellipsis && paragraph.breaksAtSoftHyphen(span.next) ? insert(Truncate.hyphen, span.next) : nil
            lines.append(try Align.line(span, paragraph: paragraph, ellipsis: ellipsis, hyphen: hyphen,
                                    cutRun: span.ellipsis ? cutRunAt(span.end) : nil,
                                    baseline: ascent + Double(i) * lineHeight + grown + growth.above,
                                    alignmentWidth: alignmentWidth,
                                    chain: chain, faceIDs: faceIDs, pixelSize: pixelSize))
            grown += growth.total
        }
        // Past the safety cap, missing characters are still named (`MissingCharacters`).
        let restStart = text.utf16.index(text.utf16.startIndex, offsetBy: paragraph.count,
                                         limitedBy: text.utf16.endIndex) ?? text.utf16.endIndex
        let rest = text.unicodeScalars[restStart...]
        let missing = MissingCharacters.find(in: paragraph, rest: rest, chain: &faceChain)
        let truncated = spans.last?.ellipsis ?? false
        let shownEnd = truncated ? spans.last?.end ?? 0 : paragraph.count
        var shown = String(decoding: paragraph.utf16[0..<shownEnd], as: UTF16.self)
        if truncated { shown += Truncate.ellipsis }
        // As drawn: soft hyphens are invisible, but a line that breaks at one ends in a hyphen.
        let lineTexts = spans.map { span in
            String(decoding: paragraph.utf16[span.start..<span.end].filter { $0 != Paragraph.softHyphen }, as: UTF16.self)
                + (span.ellipsis ? Truncate.ellipsis : paragraph.breaksAtSoftHyphen(span.next) ? Truncate.hyphen : "")
        }
        return TextLayout(scale: scale, pixelSize: pixelSize,
                          alignmentWidth: alignmentWidth, lineHeight: lineHeight,
                          height: Double(lines.count) * lineHeight + grown, lines: lines,
                          truncated: truncated, shownText: shown, lineTexts: lineTexts,
                          breaks: spans.dropLast().map { $0.reason ?? .space },
                          missingCharacters: missing, privateUseCharacters: MissingCharacters.privateUse(in: text))
    }

    // MARK: Drawing

    /// The image of a laid-out glyph, placed at the glyph's position plus (`originX`, `originY`)
    /// pixels. Nil for glyphs without ink (spaces, invisible controls) or faces that cannot draw.
    /// Throws `TextError.freeType` when FreeType cannot load or render the glyph: a glyph that a font
    /// maps but cannot draw is an error in the font, and a snapshot must not show it as nothing.
    package func glyphImage(for glyph: PositionedGlyph, originX: Double = 0, originY: Double = 0) throws -> GlyphImage? {
        guard let face = library.face(glyph.face.fileID) else { return nil }
        return try glyphCache.image(for: glyph, originX: originX, originY: originY, face: face)
    }
}
