import Foundation
import XCTest
@testable import Grona

/// A campaign's copy exported for translators (XLIFF 1.2, XLIFF 2.0, CSV) and imported again is the
/// same copy: every fixture, and copy made to trip the formats up (commas, quotes, line breaks,
/// markup characters, right-to-left text, a tier left untranslated).
final class TranslationsTests: XCTestCase {
    /// The spec `file` (JSON) with `localizations` in place of its own, decoded.
    func spec(_ json: [String: Any], localizations: Any?, name: String) throws -> Spec {
        var json = json
        json["localizations"] = localizations
        let bytes = [UInt8](try JSONSerialization.data(withJSONObject: json))
        return try SpecDecoder(fontsFolder: Package.fonts).decode(bytes, file: name + ".json", name: name, folder: Package.fixtures)
    }

    func roundTrip(_ json: [String: Any], name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let original = try spec(json, localizations: json["localizations"], name: name)
        let copy = Translations(original)
        for format in TranslationFormat.allCases {
            for language in format == .xliff20 ? copy.languages.map(Optional.some) : [nil] {
                let text = try copy.file(format, name: name + ".json", language: language)
                let read = try Translations.read(text, format: format)
                let localizations = try JSONSerialization.jsonObject(with: Data(try copy.localizationsJSON(read).utf8))
                let imported = try spec(json, localizations: localizations, name: name)
                if let language {
                    XCTAssertEqual(imported.localizations[language], original.localizations[language], "\(name) \(format) \(language)", file: file, line: line)
                } else {
                    XCTAssertEqual(imported.localizations, original.localizations, "\(name) \(format)\n\(text)", file: file, line: line)
                }
            }
        }
    }

    func fixtureJSON(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: Package.fixtures + "/" + name + ".json"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testEveryFixturesCopyComesBackUnchanged() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Package.fixtures).filter { $0.hasSuffix(".json") }.sorted()
        for name in names.map({ String($0.dropLast(5)) }) {
            var json = try fixtureJSON(name)
            // Each fixture with a German and an Arabic copy of its title, besides any it has.
            var localizations = json["localizations"] as? [String: Any] ?? [:]
            let title = json["component"].flatMap { ($0 as? [String: Any])?["title"] } != nil
            if title {
                localizations["de"] = ["title": "Doppelte Punkte, \"heute\" & <morgen>"]
                localizations["ar"] = ["title": "نقاط مضاعفة على كل طلب"]
            }
            json["localizations"] = localizations.isEmpty ? nil : localizations
            try roundTrip(json, name: name)
        }
    }

    func testCopyThatTripsTheFormatsUp() throws {
        var json = try fixtureJSON("progress-after-tier")
        json["localizations"] = ["de": ["title": "Zeile eins\nZeile zwei, mit \"Anführung\"", "body": "a,b;c\r\nd & <e> 'f'", "tiers": [NSNull(), "10 % Rabatt"]],
                                 "fr-CA": ["footnote": "« Offre » valable jusqu'au 1er mai"], "he": ["title": "הנחה של 10%"]]
        try roundTrip(json, name: "progress-after-tier")
        let copy = Translations(try spec(json, localizations: json["localizations"], name: "progress-after-tier"))
        let csv = try copy.file(.csv, name: "x.json")
        XCTAssertTrue(csv.hasPrefix("key,und,de,fr-CA,he\r\ntitle,"), csv)
        XCTAssertTrue(csv.contains("\"Zeile eins\nZeile zwei, mit \"\"Anführung\"\"\""), csv)
        let xliff = try copy.file(.xliff12, name: "x.json")
        XCTAssertTrue(xliff.contains("<trans-unit id=\"tiers.1\"><source>10% off</source><target>10 % Rabatt</target></trans-unit>"), xliff)
        XCTAssertTrue(xliff.contains("<trans-unit id=\"tiers.0\"><source>Free delivery</source></trans-unit>"), xliff)
        XCTAssertTrue(try copy.file(.xliff20, name: "x.json", language: "he").contains("srcLang=\"und\" trgLang=\"he\""))
    }

    func testAFileThatCannotBeReadSaysWhy() throws {
        XCTAssertThrowsError(try Translations.read("title,Hi\n", format: .csv)) { XCTAssertTrue("\($0)".contains("the first row is key")) }
        XCTAssertThrowsError(try Translations.read("key,en,de\ntitle,\"Hi\n", format: .csv)) { XCTAssertEqual("\($0)", "a quoted field is not closed") }
        XCTAssertThrowsError(try Translations.read("key,en,de_DE\n", format: .csv)) { XCTAssertTrue("\($0)".hasPrefix("target language: ")) }
        let markup = #"<xliff version="2.0" srcLang="en" trgLang="de"><file id="f"><unit id="title"><segment><source>Hi</source><target>Hallo <pc id="1">Welt</pc></target></segment></unit></file></xliff>"#
        XCTAssertThrowsError(try Translations.read(markup, format: .xliff20)) { XCTAssertEqual("\($0)", "unit title: the target holds markup; only plain text is read") }
        XCTAssertThrowsError(try Translations.read("<xliff version=\"1.2\"></xliff>", format: .xliff12))
        let copy = Translations(try spec(try fixtureJSON("default-banner"), localizations: nil, name: "default-banner"))
        XCTAssertThrowsError(try copy.localizationsJSON(["de": ["code": "X"]])) { XCTAssertEqual("\($0)", "de: the campaign has no field \"code\"") }
        XCTAssertThrowsError(try copy.file(.xliff20, name: "x.json")) { XCTAssertTrue("\($0)".hasPrefix("language: XLIFF 2.0 holds one target language")) }
    }
}
