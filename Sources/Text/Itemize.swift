import CHarfBuzz

/// Itemize stage: choose a face for every grapheme cluster (per-character fallback), then cut the
/// text into runs of one face, one script and one bidi level — the unit HarfBuzz shapes.
///
/// Fallback works per cluster (Swift `Character`), never per scalar, so a base letter and its marks,
/// or an emoji ZWJ sequence with skin tones, always come from one face. The chain is the primary font,
/// Inter, Noto Sans Arabic, Noto Sans Hebrew, Noto Color Emoji (bold files for bold text):
/// - a cluster asking for emoji presentation (an Emoji_Presentation scalar, U+FE0F, a keycap, a
///   skin-tone modifier, a ZWJ sequence) goes to the first colour face that covers it;
/// - a cluster of only "common" characters (spaces, punctuation, digits) stays in the previous
///   cluster's face when that face covers it (unless it is the emoji face, whose spaces are
///   emoji-wide), so "مرحبا، عالم" is one run and shapes with one font;
/// - otherwise the first face covering every visible scalar wins, else the first covering the base
///   scalar, else the primary font (which draws .notdef, as a real device would draw a missing glyph).
enum Itemize {
    static func chooseFaces(_ paragraph: inout Paragraph, chain: [FontFace]) {
        var faces: [Int] = []
        faces.reserveCapacity(paragraph.characters.count)
        var previous: Int?
        for character in paragraph.characters {
            let index = faceIndex(for: character, chain: chain, previous: previous)
            faces.append(index)
            previous = index
        }
        paragraph.clusterFace = faces
    }

    private static func faceIndex(for character: Character, chain: [FontFace], previous: Int?) -> Int {
        let visible = character.unicodeScalars.filter(isVisible)
        guard let base = visible.first else { return previous ?? 0 }
        let covers = { (face: FontFace) in visible.allSatisfy(face.covers) }
        if wantsEmojiPresentation(character) {
            if let index = chain.firstIndex(where: { $0.isColorBitmap && covers($0) }) { return index }
        }
        if let previous, visible.allSatisfy(isCommon), chain.indices.contains(previous),
           !chain[previous].isColorBitmap, covers(chain[previous]) {
            return previous
        }
        let textFaces = chain.indices.filter { !chain[$0].isColorBitmap || !isTextPresentation(character) }
        if let index = textFaces.first(where: { covers(chain[$0]) }) { return index }
        if let index = textFaces.first(where: { chain[$0].covers(base) }) { return index }
        return 0
    }

    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isDefaultIgnorableCodePoint || properties.isVariationSelector { return false }
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return false
        default: return true
        }
    }

    private static func isCommon(_ scalar: Unicode.Scalar) -> Bool {
        let script = hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value)
        return script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED
    }

    private static func isTextPresentation(_ character: Character) -> Bool {
        character.unicodeScalars.contains { $0.value == 0xFE0E }
    }

    static func wantsEmojiPresentation(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        if isTextPresentation(character) { return false }
        guard let first = scalars.first else { return false }
        if first.properties.isEmojiPresentation { return true }
        return scalars.contains { scalar in
            scalar.value == 0xFE0F || scalar.value == 0x20E3 || scalar.value == 0x200D
                || scalar.properties.isEmojiModifier
        } && first.properties.isEmoji
    }

    /// Runs of one face, script and level, in logical order. Clusters of script Common or Inherited
    /// take the script of the text before them (or after, at the start).
    static func makeRuns(_ paragraph: inout Paragraph) {
        let clusterCount = paragraph.characters.count
        guard clusterCount > 0 else { paragraph.runs = []; return }
        var scripts = [UInt32](repeating: HB_SCRIPT_COMMON.rawValue, count: clusterCount)
        let funcs = hb_unicode_funcs_get_default()
        var last = HB_SCRIPT_COMMON.rawValue
        for (i, character) in paragraph.characters.enumerated() {
            var script = HB_SCRIPT_COMMON.rawValue
            for scalar in character.unicodeScalars {
                let s = hb_unicode_script(funcs, scalar.value)
                if s != HB_SCRIPT_COMMON && s != HB_SCRIPT_INHERITED && s != HB_SCRIPT_UNKNOWN {
                    script = s.rawValue
                    break
                }
            }
            if script == HB_SCRIPT_COMMON.rawValue { script = last } else { last = script }
            scripts[i] = script
        }
        // Leading common clusters take the first real script.
        if let firstReal = scripts.first(where: { $0 != HB_SCRIPT_COMMON.rawValue }) {
            for i in scripts.indices where scripts[i] == HB_SCRIPT_COMMON.rawValue { scripts[i] = firstReal }
        }
        var runs: [TextRun] = []
        for i in 0..<clusterCount {
            let start = paragraph.clusterStarts[i], end = paragraph.clusterStarts[i + 1]
            let level = start < paragraph.levels.count ? paragraph.levels[start] : paragraph.paragraphLevel
            let face = paragraph.clusterFace[i]
            if var run = runs.last, run.faceIndex == face, run.level == level, run.script == scripts[i] {
                run.range = run.range.lowerBound..<end
                runs[runs.count - 1] = run
            } else {
                runs.append(TextRun(range: start..<end, faceIndex: face, level: level, script: scripts[i]))
            }
        }
        paragraph.runs = runs
    }
}
