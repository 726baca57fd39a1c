/// Shape stage: HarfBuzz shapes each run with its direction (from the bidi level), script and the
/// text's language ("und" when the caller gives none), seeing the whole paragraph as context (so
/// Arabic letters join across a run boundary inside a word). This is where kerning, ligatures, Arabic
/// joining and mark positioning happen. HarfBuzz works in font units; we scale to pixels at the
/// layout's pixel size, unhinted, so advances match the unhinted glyph images.
///
/// The paragraph is shaped once, before line breaking, and lines are cut out of the shaped runs at
/// cluster boundaries (as parley does): breaking and truncation never reshape.
///
/// A glyph HarfBuzz maps to .notdef (glyph 0) is a box on screen: its cluster is recorded in
/// `Paragraph.notdefClusters`, and the layout reports the characters as missing.
final class Shaper {
    private let buffer = HarfBuzz.Buffer()
    /// The language runs are shaped in: a font's `locl` features follow it (Serbian б, Polish ó, the
    /// Han forms of a CJK face). Set per layout. "und" (undetermined, each script's default language
    /// system) when the text has none: never the process locale, which HarfBuzz would otherwise use
    /// and which differs between machines.
    var language = HarfBuzz.Language.undetermined

    /// HarfBuzz's language for a BCP 47 tag; "und" for none, so text without a language shapes as it
    /// always has.
    static func language(_ tag: String?) -> HarfBuzz.Language {
        guard let tag, !tag.isEmpty else { return .undetermined }
        return HarfBuzz.Language(tag)
    }

    func shape(_ paragraph: inout Paragraph, chain: [FontFace], pixelSize: Double, emboldenedFaces: Set<Int>) {
        let count = paragraph.count
        var perUnit = [Double](repeating: 0, count: count)
        var clusterEdge = [Bool](repeating: false, count: count + 1)
        clusterEdge[count] = true
        paragraph.shapingUTF16.withUnsafeBufferPointer { text in
            for r in paragraph.runs.indices {
                let run = paragraph.runs[r]
                let face = chain[run.faceIndex]
                let extra = emboldenedFaces.contains(run.faceIndex) ? Shaper.emboldenStrength(pixelSize) : 0
                let glyphs = shapeRun(run, text: text, face: face, pixelSize: pixelSize, extraAdvance: extra)
                clusterEdge[run.range.lowerBound] = true
                for glyph in glyphs where glyph.cluster >= 0 && glyph.cluster < count {
                    perUnit[glyph.cluster] += glyph.advance
                    clusterEdge[glyph.cluster] = true
                }
                paragraph.runs[r].glyphs = glyphs
                for glyph in glyphs where glyph.id == 0 && glyph.cluster >= 0 && glyph.cluster < count {
                    paragraph.notdefClusters.append(glyph.cluster)
                }
            }
        }
        // A tab's advance depends on where its line starts (`Paragraph.width`): its shaped space counts
        // for nothing here.
        for tab in paragraph.tabs { perUnit[tab] = 0 }
        var prefix = [Double](repeating: 0, count: count + 1)
        for i in 0..<count { prefix[i + 1] = prefix[i] + perUnit[i] }
        paragraph.advancePrefix = prefix
        // A line may be cut where a grapheme cluster and a HarfBuzz cluster both begin.
        var cuttable = [Bool](repeating: false, count: count + 1)
        for start in paragraph.clusterStarts where clusterEdge[start] { cuttable[start] = true }
        paragraph.cuttable = cuttable
    }

    /// Glyphs of one run in visual order, in pixels.
    func shapeRun(_ run: TextRun, text: UnsafeBufferPointer<UInt16>, face: FontFace, pixelSize: Double,
                  extraAdvance: Double) -> [ShapedGlyph] {
        buffer.shape(text, range: run.range, rightToLeft: run.isRightToLeft, script: run.script,
                     language: language, font: face.hbFont,
                     shapedGlyph(scale: pixelSize / face.unitsPerEm, extraAdvance: extraAdvance))
    }

    /// The part `start..<end` of `run` shaped as if the text ended at `end` (inside the run): the text
    /// before it is still context, the text after the cut is not, so the last letter shown takes the
    /// form it has at the end of a word (Arabic final or isolated, where the whole text had it medial
    /// or initial).
    func shapeCut(_ run: TextRun, from start: Int, to end: Int, text: [UInt16], face: FontFace, pixelSize: Double,
                  extraAdvance: Double) -> TextRun {
        var cut = run
        cut.range = start..<end
        cut.glyphs = text.withUnsafeBufferPointer { all in
            shapeRun(cut, text: UnsafeBufferPointer(rebasing: all[0..<end]), face: face, pixelSize: pixelSize,
                     extraAdvance: extraAdvance)
        }
        return cut
    }

    /// Scripts whose letters change shape with their neighbours (cursive joining): a cut inside one of
    /// their words changes the last letter's form. Other scripts keep their glyphs at a cut.
    static func joins(script: HarfBuzz.Script) -> Bool { joiningScripts.contains(script) }

    private static let joiningScripts: Set<HarfBuzz.Script> = [
        .arabic, .syriac, .nko, .mongolian, .mandaic, .adlam, .hanifiRohingya, .phagsPa, .manichaean,
        .psalterPahlavi, .sogdian,
    ]

    /// Shapes a standalone string (the ellipsis) left to right.
    func shapeStandalone(_ string: String, face: FontFace, pixelSize: Double, extraAdvance: Double) -> [ShapedGlyph] {
        let units = Array(string.utf16)
        return units.withUnsafeBufferPointer { text in
            // No script: HarfBuzz guesses it from the string.
            buffer.shape(text, range: 0..<text.count, rightToLeft: false, script: nil, language: language,
                         font: face.hbFont, shapedGlyph(scale: pixelSize / face.unitsPerEm, extraAdvance: extraAdvance))
        }
    }

    /// A HarfBuzz glyph (font units) as a shaped glyph in pixels, `scale` pixels per font unit.
    private func shapedGlyph(scale k: Double, extraAdvance: Double) -> (HarfBuzz.Glyph) -> ShapedGlyph {
        { glyph in
            // Emboldening widens every glyph with ink; zero-advance marks stay zero.
            let extra = glyph.xAdvance != 0 ? extraAdvance : 0
            return ShapedGlyph(id: glyph.id, cluster: glyph.cluster, advance: Double(glyph.xAdvance) * k + extra,
                               offsetX: Double(glyph.xOffset) * k, offsetY: Double(glyph.yOffset) * k)
        }
    }

    /// How far synthetic bold pushes outlines (and widens advances), in pixels: FreeType's own choice
    /// in FT_GlyphSlot_Embolden, one 24th of the em.
    static func emboldenStrength(_ pixelSize: Double) -> Double { pixelSize / 24 }
}
