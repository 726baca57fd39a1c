import Text

extension LanguageTag {
    /// The language's name in English as CLDR (through ICU) has it: "German", "Arabic",
    /// "Portuguese (Brazil)", "Chinese (Traditional)"; nil when CLDR has no name for it (a made-up
    /// but well-formed tag such as "xq"), so a caller shows the tag alone.
    public var englishName: String? {
        ICU.languageName(description, in: "en")
    }
}
