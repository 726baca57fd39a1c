import CHarfBuzz

/// HarfBuzz, the only file of the text engine that sees it: fonts over font bytes (HarfBuzz's blob,
/// face and font, with their lifetimes), a shaping buffer, glyph extents and classes, Unicode
/// scripts and code point sets. HarfBuzz's handles stay private to the types here.
///
/// HarfBuzz reports few failures: it hands back an empty object (an empty face, an empty set)
/// rather than nil, and its buffers and sets remember a failed allocation. `check(_:_:)` turns a
/// failure into `TextError.harfBuzz`, naming the call. A failed allocation while shaping is not
/// thrown but traps, as a Swift allocation that fails does: the process is out of memory, and no
/// layout made after it could be trusted.
enum HarfBuzz {
    /// Throws `TextError.harfBuzz` when `succeeded` is false.
    static func check(_ succeeded: Bool, _ call: String) throws {
        guard succeeded else { throw TextError.harfBuzz(call: call) }
    }

    /// HarfBuzz's version, e.g. "6.0.0" (the library linked).
    static var version: String { String(cString: hb_version_string()) }

    // MARK: Scripts

    /// A Unicode script, as HarfBuzz's `hb_script_t` numbers it (an ISO 15924 tag).
    struct Script: Hashable, Sendable {
        let rawValue: UInt32
        private init(_ script: hb_script_t) { rawValue = script.rawValue }

        /// The script of `scalar` (Unicode's Scripts.txt, as HarfBuzz's Unicode functions have it).
        init(of scalar: Unicode.Scalar) {
            self.init(hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value))
        }

        /// Common or Inherited: the script of the text around it.
        var isCommonOrInherited: Bool { self == .common || self == .inherited }
        /// Neither Common, Inherited nor Unknown: a script of its own.
        var isReal: Bool { !isCommonOrInherited && self != .unknown }

        static let common = Script(HB_SCRIPT_COMMON)
        static let inherited = Script(HB_SCRIPT_INHERITED)
        static let unknown = Script(HB_SCRIPT_UNKNOWN)

        static let adlam = Script(HB_SCRIPT_ADLAM)
        static let arabic = Script(HB_SCRIPT_ARABIC)
        static let armenian = Script(HB_SCRIPT_ARMENIAN)
        static let bengali = Script(HB_SCRIPT_BENGALI)
        static let bopomofo = Script(HB_SCRIPT_BOPOMOFO)
        static let canadianSyllabics = Script(HB_SCRIPT_CANADIAN_SYLLABICS)
        static let cherokee = Script(HB_SCRIPT_CHEROKEE)
        static let devanagari = Script(HB_SCRIPT_DEVANAGARI)
        static let ethiopic = Script(HB_SCRIPT_ETHIOPIC)
        static let georgian = Script(HB_SCRIPT_GEORGIAN)
        static let gujarati = Script(HB_SCRIPT_GUJARATI)
        static let gurmukhi = Script(HB_SCRIPT_GURMUKHI)
        static let han = Script(HB_SCRIPT_HAN)
        static let hangul = Script(HB_SCRIPT_HANGUL)
        static let hanifiRohingya = Script(HB_SCRIPT_HANIFI_ROHINGYA)
        static let hiragana = Script(HB_SCRIPT_HIRAGANA)
        static let javanese = Script(HB_SCRIPT_JAVANESE)
        static let kannada = Script(HB_SCRIPT_KANNADA)
        static let katakana = Script(HB_SCRIPT_KATAKANA)
        static let khmer = Script(HB_SCRIPT_KHMER)
        static let lao = Script(HB_SCRIPT_LAO)
        static let malayalam = Script(HB_SCRIPT_MALAYALAM)
        static let mandaic = Script(HB_SCRIPT_MANDAIC)
        static let manichaean = Script(HB_SCRIPT_MANICHAEAN)
        static let mongolian = Script(HB_SCRIPT_MONGOLIAN)
        static let myanmar = Script(HB_SCRIPT_MYANMAR)
        static let nko = Script(HB_SCRIPT_NKO)
        static let olChiki = Script(HB_SCRIPT_OL_CHIKI)
        static let oriya = Script(HB_SCRIPT_ORIYA)
        static let phagsPa = Script(HB_SCRIPT_PHAGS_PA)
        static let psalterPahlavi = Script(HB_SCRIPT_PSALTER_PAHLAVI)
        static let sinhala = Script(HB_SCRIPT_SINHALA)
        static let sogdian = Script(HB_SCRIPT_SOGDIAN)
        static let syriac = Script(HB_SCRIPT_SYRIAC)
        static let tamil = Script(HB_SCRIPT_TAMIL)
        static let telugu = Script(HB_SCRIPT_TELUGU)
        static let thaana = Script(HB_SCRIPT_THAANA)
        static let thai = Script(HB_SCRIPT_THAI)
        static let tibetan = Script(HB_SCRIPT_TIBETAN)
    }

    // MARK: Languages

    /// A language for shaping (a font's `locl` features follow it).
    /// `@unchecked Sendable`: an `hb_language_t` points to HarfBuzz's interned, immutable language
    /// record, valid for the life of the process and safe to read from any thread.
    struct Language: @unchecked Sendable {
        fileprivate let handle: hb_language_t?

        /// The language of a BCP 47 tag.
        init(_ tag: String) { handle = hb_language_from_string(tag, -1) }

        /// "und" (undetermined): each script's default language system.
        static let undetermined = Language("und")
    }

    // MARK: Fonts

    /// One face of a font file for shaping: HarfBuzz's blob, face and font over the file's bytes,
    /// in font units (HarfBuzz's default scale is the em size, so one font serves every text size).
    final class Font {
        private let font: OpaquePointer
        /// The em size in font units (from `head`).
        let unitsPerEm: Int

        /// HarfBuzz reads `bytes` for as long as the font lives: the caller keeps them alive longer.
        init(bytes: UnsafeRawBufferPointer, faceIndex: Int) throws {
            guard let base = bytes.baseAddress else { throw TextError.harfBuzz(call: "hb_blob_create") }
            let blob = hb_blob_create(base.assumingMemoryBound(to: CChar.self), UInt32(bytes.count),
                                      HB_MEMORY_MODE_READONLY, nil, nil)
            defer { hb_blob_destroy(blob) }
            let face = hb_face_create(blob, UInt32(faceIndex))
            defer { hb_face_destroy(face) }
            // A face HarfBuzz cannot read is its empty face, without glyphs: every character would
            // shape to .notdef.
            try HarfBuzz.check(hb_face_get_glyph_count(face) > 0, "hb_face_create")
            guard let font = hb_font_create(face) else { throw TextError.harfBuzz(call: "hb_font_create") }
            self.font = font
            unitsPerEm = Int(hb_face_get_upem(face))
        }

        deinit { hb_font_destroy(font) }

        /// How far the glyph's ink reaches above the baseline and its height (negative: down), in
        /// font units; nil when HarfBuzz has no extents for it.
        func extents(of glyph: UInt32) -> (yBearing: Int, height: Int)? {
            var extents = hb_glyph_extents_t()
            guard hb_font_get_glyph_extents(font, glyph, &extents) != 0 else { return nil }
            return (Int(extents.y_bearing), Int(extents.height))
        }

        /// Whether the glyph is a mark in the font's GDEF table (a haraka, an accent drawn on a base).
        func isMark(_ glyph: UInt32) -> Bool {
            hb_ot_layout_get_glyph_class(hb_font_get_face(font), glyph) == HB_OT_LAYOUT_GLYPH_CLASS_MARK
        }

        /// For `Buffer.shape`.
        fileprivate var handle: OpaquePointer { font }
    }

    // MARK: Shaping

    /// A glyph as HarfBuzz shaped it, in font units.
    struct Glyph {
        var id: UInt32
        /// The UTF-16 offset of the cluster it belongs to.
        var cluster: Int
        var xAdvance: Int32
        var xOffset: Int32
        var yOffset: Int32
    }

    /// A shaping buffer, reused from one run to the next. Not thread-safe.
    final class Buffer {
        private let buffer: OpaquePointer

        init() { buffer = hb_buffer_create() }

        deinit { hb_buffer_destroy(buffer) }

        /// The glyphs of `text[range]` shaped with `font`, in visual order, the rest of `text` being
        /// context, each turned into what the caller keeps by `transform`. Without a `script`,
        /// HarfBuzz guesses it from the text.
        func shape<T>(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, rightToLeft: Bool,
                      script: Script?, language: Language, font: Font, _ transform: (Glyph) -> T) -> [T] {
            hb_buffer_clear_contents(buffer)
            hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound),
                                Int32(range.count))
            hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            if let script { hb_buffer_set_script(buffer, hb_script_t(rawValue: script.rawValue)) }
            hb_buffer_set_language(buffer, language.handle)
            if script == nil { hb_buffer_guess_segment_properties(buffer) }
            hb_shape(font.handle, buffer, nil, 0)
            // See the type's comment: out of memory is a trap, as it is for Swift's own allocations.
            precondition(hb_buffer_allocation_successful(buffer) != 0, "HarfBuzz ran out of memory while shaping")
            var length: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &length),
                  let positions = hb_buffer_get_glyph_positions(buffer, nil) else { return [] }
            var result: [T] = []
            result.reserveCapacity(Int(length))
            for i in 0..<Int(length) {
                let info = infos[i], position = positions[i]
                result.append(transform(Glyph(id: info.codepoint, cluster: Int(info.cluster),
                                              xAdvance: position.x_advance, xOffset: position.x_offset,
                                              yOffset: position.y_offset)))
            }
            return result
        }
    }

    // MARK: Code point sets

    /// A set of Unicode code points (HarfBuzz's `hb_set_t`).
    final class CodePointSet {
        private let set: OpaquePointer

        init() {
            set = hb_set_create()
        }

        /// The characters the first face of the font file at `path` maps (its `cmap`).
        convenience init(charactersOfFileAt path: String) throws {
            self.init()
            let blob = hb_blob_create_from_file_or_fail(path)
            try HarfBuzz.check(blob != nil, "hb_blob_create_from_file_or_fail")
            defer { hb_blob_destroy(blob) }
            let face = hb_face_create(blob, 0)
            defer { hb_face_destroy(face) }
            hb_face_collect_unicodes(face, set)
            try HarfBuzz.check(hb_set_allocation_successful(set) != 0, "hb_face_collect_unicodes")
        }

        deinit { hb_set_destroy(set) }

        func subtract(_ other: CodePointSet) { hb_set_subtract(set, other.set) }
        func formUnion(_ other: CodePointSet) { hb_set_union(set, other.set) }

        /// The set as ranges, in order.
        var ranges: [ClosedRange<UInt32>] {
            var result: [ClosedRange<UInt32>] = []
            var first = hb_codepoint_t.max, last = hb_codepoint_t.max
            while hb_set_next_range(set, &first, &last) != 0 {
                result.append(first...last)
            }
            return result
        }
    }
}
