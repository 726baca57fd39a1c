import XCTest
@testable import Grona

/// A language typed to add to a campaign: a tag whose language CLDR names is taken in canonical case;
/// a country's code, a language's name or an old code is refused with the language meant; anything
/// else is refused, saying what to type.
final class LanguageChoiceTests: XCTestCase {
    func refusal(_ text: String) -> LanguageRefusal? {
        do { _ = try LanguageTag(choosing: text); return nil } catch { return error as? LanguageRefusal }
    }

    func testALanguageCLDRNamesIsTaken() throws {
        XCTAssertEqual(try LanguageTag(choosing: "DE-ch").description, "de-CH")
        XCTAssertEqual(try LanguageTag(choosing: "zh-Hant").description, "zh-Hant")
        XCTAssertEqual(try LanguageTag(choosing: "se").englishName, "Northern Sami")
        XCTAssertEqual(try LanguageTag(choosing: "de").nativeName, "Deutsch")
        XCTAssertEqual(try LanguageTag(choosing: "ar").nativeName, "العربية")
    }

    func testTheUsualMistakesAreRefusedWithTheLanguageMeant() throws {
        let cases = ["jp": "ja", "dk": "da", "German": "de", "deutsch": "de", "Japanese": "ja", "iw": "he", "in": "id", "العربية": "ar"]
        for (typed, meant) in cases {
            let refusal = try XCTUnwrap(refusal(typed), "\(typed) was taken")
            XCTAssertEqual(refusal.suggestion?.description, meant, "\(typed): \(refusal)")
        }
        XCTAssertEqual(refusal("jp")?.message, "\"jp\" is not a language's code (it is a country's); Japanese is ja")
        XCTAssertEqual(refusal("German")?.message, "\"German\" is a language's name; its code is de")
    }

    func testAnUnknownCodeIsRefusedSayingWhatToType() throws {
        for typed in ["xx", "qq", "zz-ZZ"] {
            let refusal = try XCTUnwrap(refusal(typed), "\(typed) was taken")
            XCTAssertNil(refusal.suggestion, typed)
            XCTAssertTrue(refusal.message.hasSuffix("is no language GronaSnap knows; type its name, like German, or its code, like de"), refusal.message)
        }
        XCTAssertTrue(refusal("fr_CA")?.message.contains("\"fr-CA\"") ?? false)
    }
}
