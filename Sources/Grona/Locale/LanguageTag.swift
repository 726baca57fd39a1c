import Text

// BCP 47 language tags (RFC 5646), as specs and the command line name locales: "en", "de-CH",
// "zh-Hant", "pt-BR", "sr-Latn-RS". A tag is checked for well-formedness (the syntax of §2.1, without
// the grandfathered tags and without a bare private-use tag, neither of which names a language an
// app can run in) and put in its canonical case (§2.1.1: language lower case, script title case,
// region upper case), so "pt-br" and "pt-BR" are one locale with one golden folder. Where a locale is
// named (options, query parameters, spec fields), `checkKnown` (LanguageSuggestion.swift) also wants
// a language CLDR names, so "jp" and "xx" are refused; other subtags are only checked for their
// form: "en-QQ" passes, "english" and "en_US" do not.

/// A well-formed BCP 47 language tag in canonical case.
public struct LanguageTag: Hashable, Sendable, CustomStringConvertible {
    /// The tag, e.g. "zh-Hant-TW".
    public let description: String

    /// Tags longer than this are refused; the longest tags in use are about 20 characters.
    package static let maximumLength = 64

    /// The grammar `check` reads, as a regular expression (no anchors), for descriptions of the
    /// values it takes (the HTTP API's): language, script, region, variants, extensions, private use.
    package static let pattern = "[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?(-([A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*"
        + "(-[A-WYZa-wyz0-9](-[A-Za-z0-9]{2,8})+)*(-[Xx](-[A-Za-z0-9]{1,8})+)?"

    /// Parses and canonicalizes `text`; throws the problem alone (`"en_US" is not …`).
    public init(parsing text: String) throws {
        description = try LanguageTag.check(text).get()
    }

    /// `text` in canonical case, or why it is not a BCP 47 language tag.
    static func check(_ text: String) -> Result<String, OverrideError> {
        func refuse(_ why: String) -> Result<String, OverrideError> {
            .failure(OverrideError("\(quoted(text)) is not a BCP 47 language tag: \(why)"))
        }
        guard !text.isEmpty else { return refuse("it is empty; expected e.g. \"en\", \"pt-BR\" or \"zh-Hant\"") }
        guard text.unicodeScalars.count <= maximumLength else { return refuse("it is longer than \(maximumLength) characters") }
        if text.contains("_") {
            return refuse("subtags are separated by \"-\", as in \(quoted(text.replacingUnderscores()))")
        }
        guard text.unicodeScalars.allSatisfy({ $0.isASCIILetterOrDigit || $0 == "-" }) else {
            return refuse("only letters A–Z, digits and \"-\" may appear")
        }
        let original = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        let subtags = original.map { $0.lowercased() }
        guard !subtags.contains(where: \.isEmpty) else { return refuse("it has an empty subtag") }

        // language: 2–3 letters (ISO 639). Extended-language subtags ("zh-yue") are not taken: RFC
        // 5646 prefers the language's own code ("yue"), and "en-USA" is then refused, not misread.
        let language = subtags[0]
        guard (2...3).contains(language.count), language.allLetters else {
            return refuse("the language comes first, as a 2- or 3-letter ISO 639 code such as \"en\" or \"ast\"")
        }
        var canonical = [language]
        var index = 1
        // script: 4 letters, title case.
        if index < subtags.count, subtags[index].count == 4, subtags[index].allLetters {
            canonical.append(subtags[index].prefix(1).uppercased() + subtags[index].dropFirst()); index += 1
        }
        // region: 2 letters (ISO 3166) or 3 digits (UN M.49), upper case.
        if index < subtags.count,
           (subtags[index].count == 2 && subtags[index].allLetters) || (subtags[index].count == 3 && subtags[index].allDigits) {
            canonical.append(subtags[index].uppercased()); index += 1
        }
        // variants: 5–8 characters, or 4 starting with a digit.
        while index < subtags.count {
            let subtag = subtags[index]
            let isVariant = (5...8).contains(subtag.count) || (subtag.count == 4 && subtag.first?.isNumber == true)
            guard isVariant else { break }
            canonical.append(subtag); index += 1
        }
        // extensions ("u-ca-buddhist") and private use ("x-grona").
        while index < subtags.count {
            let singleton = subtags[index]
            guard singleton.count == 1 else {
                return refuse("\(quoted(original[index])) is not a script (4 letters), region (2 letters or 3 digits) "
                    + "or variant in its place")
            }
            let isPrivate = singleton == "x"
            canonical.append(singleton); index += 1
            var count = 0
            while index < subtags.count, subtags[index].count <= 8, subtags[index].count >= (isPrivate ? 1 : 2) {
                if !isPrivate && subtags[index].count == 1 { break }
                canonical.append(subtags[index]); index += 1; count += 1
            }
            guard count > 0 else {
                // Most often the subtag is there but too long ("x-1234567890"): say so.
                if index < subtags.count, subtags[index].count > 8 {
                    return refuse("\(quoted(original[index])) after \(quoted(singleton)) is \(subtags[index].count) characters; "
                        + "a subtag there is \(isPrivate ? 1 : 2) to 8 letters or digits")
                }
                return refuse("the singleton \(quoted(singleton)) must be followed by a subtag")
            }
        }
        return .success(canonical.joined(separator: "-"))
    }

    /// Whether the language is written right to left: Arabic, Hebrew, Persian, Urdu, Pashto, Yiddish,
    /// … with any region, or any language with a right-to-left script subtag ("az-Arab"). The data is
    /// CLDR's (through ICU), which is what iOS uses to lay out an app launched in the language; a tag
    /// without a script takes the language's likely script ("pa-PK" is Arabic-script Punjabi).
    public var isRightToLeft: Bool { LanguageTag.isRightToLeft(description) }

    static func isRightToLeft(_ tag: String) -> Bool {
        ICU.isRightToLeft(language: tag)
    }
}

private extension String {
    var allLetters: Bool { unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) } }
    var allDigits: Bool { unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }
    func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}

private extension Unicode.Scalar {
    var isASCIILetterOrDigit: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) || ("0"..."9").contains(self) }
}
