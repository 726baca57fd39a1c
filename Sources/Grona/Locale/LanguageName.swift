import CUnicode

extension LanguageTag {
    /// The language's name in English as CLDR (through ICU) has it: "German", "Arabic",
    /// "Portuguese (Brazil)", "Chinese (Traditional)"; nil when CLDR has no name for it (a made-up
    /// but well-formed tag such as "xq"), so a caller shows the tag alone.
    public var englishName: String? {
        var units = [UInt16](repeating: 0, count: 256)
        let length = description.withCString { tag in
            "en".withCString { cu_language_display_name(tag, $0, &units, Int32(units.count)) }
        }
        guard length > 0 else { return nil }
        return String(decoding: units.prefix(min(Int(length), units.count)), as: UTF16.self)
    }
}
