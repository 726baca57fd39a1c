import CHarfBuzz

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
    private let buffer: OpaquePointer
    /// "und" (undetermined): each script's default language system. Never the process locale, which
    /// HarfBuzz would otherwise use and which differs between machines.
    /// `nonisolated(unsafe)`: an `hb_language_t` is a pointer to HarfBuzz's interned, immutable
    /// language record, valid for the life of the process and safe to read from any thread.
    nonisolated(unsafe) static let undetermined = hb_language_from_string("und", -1)
    /// The language runs are shaped in: a font's `locl` features follow it (Serbian б, Polish ó, the
    /// Han forms of a CJK face). Set per layout.
    var language: hb_language_t? = Shaper.undetermined

    /// HarfBuzz's language for a BCP 47 tag; "und" for none, so text without a language shapes as it
    /// always has.
    static func language(_ tag: String?) -> hb_language_t? {
        guard let tag, !tag.isEmpty else { return undetermined }
        return hb_language_from_string(tag, -1)
    }

    init() {
        buffer = hb_buffer_create()
    }

    deinit { hb_buffer_destroy(buffer) }

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
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), UInt32(run.range.lowerBound),
                            Int32(run.range.count))
        hb_buffer_set_direction(buffer, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_t(rawValue: run.script))
        hb_buffer_set_language(buffer, language)
        hb_shape(face.hbFont, buffer, nil, 0)
        return glyphs(face: face, pixelSize: pixelSize, extraAdvance: extraAdvance)
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
    static func joins(script: UInt32) -> Bool { joiningScripts.contains(script) }

    private static let joiningScripts: Set<UInt32> = [
        HB_SCRIPT_ARABIC, HB_SCRIPT_SYRIAC, HB_SCRIPT_NKO, HB_SCRIPT_MONGOLIAN, HB_SCRIPT_MANDAIC,
        HB_SCRIPT_ADLAM, HB_SCRIPT_HANIFI_ROHINGYA, HB_SCRIPT_PHAGS_PA, HB_SCRIPT_MANICHAEAN,
        HB_SCRIPT_PSALTER_PAHLAVI, HB_SCRIPT_SOGDIAN,
    ].reduce(into: []) { $0.insert($1.rawValue) }

    /// Shapes a standalone string (the ellipsis) left to right.
    func shapeStandalone(_ string: String, face: FontFace, pixelSize: Double, extraAdvance: Double) -> [ShapedGlyph] {
        let units = Array(string.utf16)
        hb_buffer_clear_contents(buffer)
        units.withUnsafeBufferPointer { text in
            hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), 0, Int32(text.count))
        }
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_language(buffer, language)
        hb_buffer_guess_segment_properties(buffer)  // the script
        hb_shape(face.hbFont, buffer, nil, 0)
        return glyphs(face: face, pixelSize: pixelSize, extraAdvance: extraAdvance)
    }

    private func glyphs(face: FontFace, pixelSize: Double, extraAdvance: Double) -> [ShapedGlyph] {
        var length: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &length),
              let positions = hb_buffer_get_glyph_positions(buffer, nil) else { return [] }
        let k = pixelSize / face.unitsPerEm
        var result: [ShapedGlyph] = []
        result.reserveCapacity(Int(length))
        for i in 0..<Int(length) {
            let info = infos[i], position = positions[i]
            // Emboldening widens every glyph with ink; zero-advance marks stay zero.
            let extra = position.x_advance != 0 ? extraAdvance : 0
            result.append(ShapedGlyph(id: info.codepoint, cluster: Int(info.cluster),
                                      advance: Double(position.x_advance) * k + extra,
                                      offsetX: Double(position.x_offset) * k,
                                      offsetY: Double(position.y_offset) * k))
        }
        return result
    }

    /// How far synthetic bold pushes outlines (and widens advances), in pixels: FreeType's own choice
    /// in FT_GlyphSlot_Embolden, one 24th of the em.
    static func emboldenStrength(_ pixelSize: Double) -> Double { pixelSize / 24 }
}
