import Text

// What a person types to add a language to a campaign is checked beyond BCP 47's syntax: a tag whose
// language CLDR has no name for is no language an app runs in. The usual mistakes get a suggestion:
// a country's code for its language ("jp" for Japanese is ja, "dk" for Danish is da, by CLDR's likely
// subtags) and a language's name for its code ("German" is de, "Deutsch" too).

/// A language refused, with the one it most likely means.
package struct LanguageRefusal: Error, CustomStringConvertible, Sendable {
    package let message: String
    package let suggestion: LanguageTag?
    package var description: String { message }
}

extension LanguageTag {
    /// The language's name in itself ("Deutsch", "العربية"), nil when CLDR has none.
    public var nativeName: String? {
        ICU.languageName(description, in: description)
    }

    /// `text` as a language a campaign can be translated into: a well-formed tag whose language
    /// CLDR names. Otherwise throws `LanguageRefusal`, with the language meant when it is clear.
    /// (Spaces around what a person typed are dropped; `known` takes the text as it is.)
    public init(choosing text: String) throws {
        self = try LanguageTag.known(text.trimmingSpaces).get()
    }

    /// `text` in canonical case when it is a language an app can run in, or why not: every option,
    /// query parameter and spec field that names a locale reads it so, so `--locale jp` is refused
    /// as the studio's language box refuses it.
    static func checkKnown(_ text: String) -> Result<String, OverrideError> {
        known(text).map(\.description).mapError { OverrideError($0.message) }
    }

    /// The rule `init(choosing:)` and `checkKnown` share.
    static func known(_ typed: String) -> Result<LanguageTag, LanguageRefusal> {
        let tag: LanguageTag
        do {
            tag = try LanguageTag(parsing: typed)
        } catch {
            if let named = LanguageTag.named(typed) {
                return .failure(LanguageRefusal(message: "\(quoted(typed)) is a language's name; its code is \(named.description)", suggestion: named))
            }
            return .failure(LanguageRefusal(message: "\(error)", suggestion: nil))
        }
        let language = String(tag.description.prefix { $0 != "-" })
        if let preferred = LanguageTag.deprecated[language],
           let meant = try? LanguageTag(parsing: preferred + tag.description.dropFirst(language.count)) {
            return .failure(LanguageRefusal(message: "\(quoted(typed)) is an old code; \(meant.englishName ?? preferred) is now \(meant.description)",
                                            suggestion: meant))
        }
        if (try? LanguageTag(parsing: language))?.englishName != nil { return .success(tag) }
        if let named = LanguageTag.named(typed) {
            return .failure(LanguageRefusal(message: "\(quoted(typed)) is a language's name; its code is \(named.description)", suggestion: named))
        }
        if let meant = LanguageTag.spokenIn(region: language), let name = meant.englishName {
            return .failure(LanguageRefusal(message: "\(quoted(typed)) is not a language's code (it is a country's); \(name) is \(meant.description)",
                                            suggestion: meant))
        }
        return .failure(LanguageRefusal(message: "\(quoted(typed)) is no language GronaSnap knows; type its name, like German, or its code, like de",
                                        suggestion: nil))
    }

    /// Two-letter language codes the IANA registry deprecates, with their preferred values.
    static let deprecated = ["iw": "he", "in": "id", "ji": "yi", "jw": "jv", "mo": "ro"]

    /// The language most likely spoken in a region ("dk" → da), when `code` is a region's code.
    static func spokenIn(region code: String) -> LanguageTag? {
        guard code.count == 2 else { return nil }
        return ICU.likelyLanguage(ofRegion: code.uppercased()).flatMap { try? LanguageTag(parsing: $0) }
    }

    /// The language `text` is most likely written in, from its letters' script and CLDR's likely
    /// subtags ("قهوتك" → ar, "שלום" → he, "こんにちは" → ja, Latin letters → en); nil without letters.
    /// What a picture's copy is read in when its spec names no locale (a shot's alt text).
    package static func likelyLanguage(of text: String) -> LanguageTag? {
        ICU.likelyLanguage(ofText: text).flatMap { try? LanguageTag(parsing: $0) }
    }

    /// The language whose English or native name is `name` (any case): "German", "deutsch" → de.
    static func named(_ name: String) -> LanguageTag? {
        let wanted = name.lowercased()
        guard wanted.count > 3 || !wanted.allSatisfy(\.isASCII) else { return nil }
        return LanguageTag.namedLanguages.first { $0.names.contains(wanted) }?.tag
    }

    /// Every two-letter ISO 639 language CLDR names, with its names in lower case.
    static let namedLanguages: [(tag: LanguageTag, names: [String])] = {
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        return letters.flatMap { a in letters.map { a + $0 } }.compactMap { code in
            guard let tag = try? LanguageTag(parsing: code), let english = tag.englishName, english.lowercased() != code else { return nil }
            return (tag, [english.lowercased()] + (tag.nativeName.map { [$0.lowercased()] } ?? []))
        }
    }()
}

private extension String {
    var trimmingSpaces: String {
        String(unicodeScalars.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed().map(Character.init))
    }
}
