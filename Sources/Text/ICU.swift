import CUnicode

/// ICU, through CUnicode (the C target that includes ICU's headers, which cannot be imported next to
/// Foundation's own ICU): the only Swift file of the package that calls it. The locale data (CLDR's
/// names, likely languages and directions) is `package`, for Grona's `LanguageTag`. CUnicode returns 0, or a
/// negative status naming the step of ICU that failed; `check(_:_:)` turns a failure into
/// `TextError.unicode`, naming the call and the status. Text is laid out only with ICU's answer:
/// falling back to other levels or other break opportunities would lay the same text out
/// differently on a machine whose ICU failed, so failures are thrown to `layoutParagraph`'s caller.
package enum ICU {
    /// Throws `TextError.unicode` when `status` is not 0.
    static func check(_ status: Int32, _ call: String) throws {
        guard status == 0 else { throw TextError.unicode(call: call, status: status) }
    }

    /// ICU's version, e.g. "72.1".
    static var version: String { String(cString: cu_icu_version()) }

    /// The resolved bidi embedding level of each UTF-16 unit of `text` (rules up to L1) in a
    /// paragraph of `paragraphLevel` (0 left to right, 1 right to left).
    static func bidiLevels(of text: [UInt16], paragraphLevel: UInt8) throws -> [UInt8] {
        var levels = [UInt8](repeating: paragraphLevel, count: text.count)
        guard !text.isEmpty else { return levels }
        let status = text.withUnsafeBufferPointer { text in
            levels.withUnsafeMutableBufferPointer { out in
                cu_bidi_levels(text.baseAddress, Int32(text.count), paragraphLevel, out.baseAddress)
            }
        }
        try check(status, "cu_bidi_levels")
        return levels
    }

    /// The visual order (left to right) of items with the given levels, as logical indices (rule L2).
    static func visualOrder(of levels: [UInt8]) throws -> [Int] {
        var map = [Int32](repeating: 0, count: levels.count)
        guard !levels.isEmpty else { return [] }
        let status = levels.withUnsafeBufferPointer { levels in
            map.withUnsafeMutableBufferPointer { out in
                cu_bidi_reorder_visual(levels.baseAddress, Int32(levels.count), out.baseAddress)
            }
        }
        try check(status, "cu_bidi_reorder_visual")
        return map.map { Int($0) }
    }

    /// The direction of the first strong character of `text` (rules P2 and P3): 0 left to right,
    /// 1 right to left, nil when it has none.
    static func firstStrongDirection(of text: [UInt16]) -> Int? {
        let direction = text.withUnsafeBufferPointer { cu_base_direction($0.baseAddress, Int32($0.count)) }
        return direction >= 0 ? Int(direction) : nil
    }

    /// Line-break flags before each UTF-16 offset 0…count of `text` (0 none, 1 allowed,
    /// 2 mandatory), with the tailoring of `language` (a BCP 47 tag; nil for the root locale).
    static func lineBreaks(of text: [UInt16], language: String?) throws -> [UInt8] {
        var flags = [UInt8](repeating: 0, count: text.count + 1)
        let status = text.withUnsafeBufferPointer { text in
            flags.withUnsafeMutableBufferPointer { out in
                cu_line_break_opportunities(text.baseAddress, Int32(text.count), language, out.baseAddress)
            }
        }
        try check(status, "cu_line_break_opportunities")
        return flags
    }

    // CLDR's locale data, for Grona's `LanguageTag`.

    /// `tag`'s name in the language `displayTag` ("de" in "en" → "German"; in "de" → "Deutsch"), nil
    /// when CLDR has no name for it.
    package static func languageName(_ tag: String, in displayTag: String) -> String? {
        var units = [UInt16](repeating: 0, count: 256)
        let length = tag.withCString { tag in displayTag.withCString { cu_language_display_name(tag, $0, &units, Int32(units.count)) } }
        guard length > 0 else { return nil }
        return String(decoding: units.prefix(min(Int(length), units.count)), as: UTF16.self)
    }

    /// The language most likely spoken in the region `code` ("DK" → "da"), from CLDR's likely subtags.
    package static func likelyLanguage(ofRegion code: String) -> String? {
        var out = [CChar](repeating: 0, count: 16)
        let length = code.withCString { cu_likely_language_of_region($0, &out, Int32(out.count)) }
        return tag(out, length)
    }

    /// The language `text` is most likely written in, from its letters' script; nil without letters.
    package static func likelyLanguage(ofText text: String) -> String? {
        let units = Array(text.utf16)
        var out = [CChar](repeating: 0, count: 16)
        let length = units.withUnsafeBufferPointer { cu_likely_language_of_text($0.baseAddress, Int32($0.count), &out, Int32(out.count)) }
        return tag(out, length)
    }

    /// Whether `tag` is written right to left (its script's, or its language's likely script's, direction).
    package static func isRightToLeft(language tag: String) -> Bool {
        tag.withCString { cu_language_is_right_to_left($0) } == 1
    }

    private static func tag(_ out: [CChar], _ length: Int32) -> String? {
        guard length > 0 else { return nil }
        return String(decoding: out.prefix(min(Int(length), out.count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
