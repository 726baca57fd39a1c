import CUnicode
import XCTest
@testable import Text

/// Every language an iPhone offers (Settings › General › Language & Region: the iPhone languages and
/// the other languages it lets a person add) draws its main exemplar characters — the letters CLDR
/// says a reader of the language expects, read from ICU's data at test time — with no box.
final class ExemplarCoverageTests: XCTestCase {
    /// BCP 47 tags, each a language ICU has CLDR data for.
    static let languages = [
        // iPhone languages
        "en", "ar", "bg", "ca", "cs", "da", "de", "el", "es", "fi", "fr", "he", "hi", "hr", "hu", "id", "it",
        "ja", "kk", "ko", "ms", "nb", "nl", "pl", "pt", "ro", "ru", "sk", "sl", "sv", "th", "tr", "uk", "vi",
        "zh-Hans", "zh-Hant", "yue",
        // other languages iOS lets a person add, by script
        "af", "sq", "az", "eu", "be", "bs", "et", "fil", "gl", "is", "ga", "lv", "lt", "mk", "mt", "sr", "sr-Latn",
        "sw", "uz", "cy", "zu", "ha", "yo", "ig", "jv", "mn", "ky", "tg", "tk",
        "fa", "ur", "ps", "ckb", "sd", "ug",
        "bn", "gu", "pa", "ta", "te", "kn", "ml", "mr", "ne", "or", "si", "as",
        "my", "km", "lo", "ka", "hy", "am", "ti", "bo", "chr", "sat", "ff-Adlm", "dz",
    ]

    func exemplars(_ language: String) -> [Unicode.Scalar]? {
        let count = language.withCString { cu_exemplar_characters($0, nil, 0) }
        guard count >= 0 else { return nil }
        var buffer = [UInt32](repeating: 0, count: Int(count))
        _ = language.withCString { cu_exemplar_characters($0, &buffer, count) }
        return buffer.compactMap(Unicode.Scalar.init)
    }

    func testEveryLanguageAnIPhoneOffersDrawsItsExemplarCharacters() throws {
        let engine = try makeEngine()
        let regular = try engine.systemFont(), bold = engine.boldFont(of: regular)
        var characters = 0
        for language in Self.languages {
            let set = try XCTUnwrap(exemplars(language), "ICU has no exemplar characters for \(language)")
            XCTAssertGreaterThan(set.count, 10, language)
            characters += set.count
            // Each character on its own, between spaces, as a reader meets it in a word list.
            let text = set.map { String($0) }.joined(separator: " ")
            for font in [regular, bold] {
                let laidOut = try engine.layoutParagraph(text: text, font: font, sizeInPoints: 17, scale: 2,
                                                         maxWidthInPoints: 300, maxLines: 0, direction: .leftToRight,
                                                         language: language)
                XCTAssertEqual(laidOut.missingCharacters.map { "U+" + String($0.value, radix: 16, uppercase: true) }, [],
                               "\(language) (\(font))")
            }
        }
        XCTAssertGreaterThan(characters, 5_000)
    }

    func testALanguageICUDoesNotKnowHasNoExemplars() {
        XCTAssertNil(exemplars("qaa"))
        XCTAssertEqual(exemplars("en")?.prefix(3), ["a", "b", "c"])
    }
}
