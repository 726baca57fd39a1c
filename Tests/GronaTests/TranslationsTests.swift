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
        XCTAssertThrowsError(try Translations.read("key,en,de_DE\n", format: .csv)) { XCTAssertTrue("\($0)".hasPrefix("column 3: \"de_DE\" is not a BCP 47 language tag"), "\($0)") }
        let markup = #"<xliff version="2.0" srcLang="en" trgLang="de"><file id="f"><unit id="title"><segment><source>Hi</source><target>Hallo <pc id="1">Welt</pc></target></segment></unit></file></xliff>"#
        XCTAssertThrowsError(try Translations.read(markup, format: .xliff20)) { XCTAssertEqual("\($0)", "unit \"title\": the target holds markup; only plain text is read") }
        XCTAssertThrowsError(try Translations.read("<xliff version=\"1.2\"></xliff>", format: .xliff12))
        let copy = Translations(try spec(try fixtureJSON("default-banner"), localizations: nil, name: "default-banner"))
        XCTAssertThrowsError(try copy.localizationsJSON(["de": ["code": "X"]])) { XCTAssertEqual("\($0)", "de: the campaign has no field \"code\"") }
        XCTAssertThrowsError(try copy.file(.xliff20, name: "x.json")) { XCTAssertTrue("\($0)".hasPrefix("language: XLIFF 2.0 holds one target language")) }
    }

    // ------------------------------------------------------------------ imports that must not trap or change copy silently

    func message(_ body: () throws -> Any) -> String {
        do { _ = try body(); return "no error" } catch { return "\(error)" }
    }

    /// A header naming one language twice (by case, or before its tag is written canonically) trapped
    /// the server (`Dictionary(uniqueKeysWithValues:)`); it is refused, naming both columns.
    func testALanguageColumnTwiceIsRefusedInWords() {
        XCTAssertEqual(message { try Translations.read("key,en,de,DE\ntitle,Hi,Hallo,HALLO\n", format: .csv) },
                       "columns 3 and 4 are both de (\"de\" and \"DE\"); keep one")
        XCTAssertEqual(message { try Translations.read("key,en,de-at,fr,DE-AT\n", format: .csv) },
                       "columns 3 and 5 are both de-AT (\"de-at\" and \"DE-AT\"); keep one")
        XCTAssertEqual(message { try Translations.read("key,en,de\ntitle,Hi,Hallo\ntitle,Hi,Moin\n", format: .csv) },
                       "rows 2 and 3 are both \"title\"; keep one")
        XCTAssertEqual(message { try Translations.read("key,en,de\n,Hi,Hallo\n", format: .csv) }, "row 2 has no key")
        let twice = #"<xliff version="2.0" srcLang="en" trgLang="de"><file id="f"><unit id="title"><segment><source>A</source><target>B</target></segment></unit><unit id="title"><segment><source>A</source><target>C</target></segment></unit></file></xliff>"#
        XCTAssertEqual(message { try Translations.read(twice, format: .xliff20) }, "unit \"title\" appears twice")
    }

    /// `jp` is a country; the language box refuses it naming ja, and so does every import format.
    func testLanguagesAreCheckedAsTheLanguageBoxChecksThem() {
        XCTAssertEqual(message { try Translations.read("key,en,jp\ntitle,Hi,こんにちは\n", format: .csv) },
                       "column 3: \"jp\" is not a language's code (it is a country's); Japanese is ja")
        let xliff12 = #"<xliff version="1.2"><file original="x" source-language="en" target-language="jp"><body></body></file></xliff>"#
        XCTAssertEqual(message { try Translations.read(xliff12, format: .xliff12) },
                       "target-language: \"jp\" is not a language's code (it is a country's); Japanese is ja")
        let xliff20 = #"<xliff version="2.0" srcLang="en" trgLang="jp"><file id="f"></file></xliff>"#
        XCTAssertEqual(message { try Translations.read(xliff20, format: .xliff20) },
                       "trgLang: \"jp\" is not a language's code (it is a country's); Japanese is ja")
    }

    /// An empty or missing target (XLIFF 1.2 `<target state="new"/>`, an empty CSV cell, an empty
    /// XLIFF 2.0 target) is untranslated: not read, so the campaign's text is kept and the import names it.
    func testAnEmptyTargetIsUntranslatedNeverAnEmptyText() throws {
        let xliff12 = #"""
            <xliff version="1.2"><file original="x" source-language="en" target-language="it"><body>
            <trans-unit id="title"><source>Hi</source><target state="translated">Ciao</target></trans-unit>
            <trans-unit id="button"><source>Buy</source><target state="new"/></trans-unit>
            <trans-unit id="body"><source>Text</source><target>  </target></trans-unit>
            </body></file></xliff>
            """#
        XCTAssertEqual(try Translations.read(xliff12, format: .xliff12), ["it": ["title": "Ciao"]])
        let xliff20 = #"<xliff version="2.0" srcLang="en" trgLang="it"><file id="f"><unit id="title"><segment><source>Hi</source><target>Ciao</target></segment></unit><unit id="button"><segment><source>Buy</source><target></target></segment></unit></file></xliff>"#
        XCTAssertEqual(try Translations.read(xliff20, format: .xliff20), ["it": ["title": "Ciao"]])
        XCTAssertEqual(try Translations.read("key,en,it,de\ntitle,Hi,Ciao,\nbutton,Buy,,Kaufen\n", format: .csv),
                       ["it": ["title": "Ciao"], "de": ["button": "Kaufen"]])

        // The campaign's Italian button stays; the answer says so.
        let copy = Translations(try spec(try fixtureJSON("default-banner"), localizations: ["it": ["button": "Acquista", "title": "Salve"]], name: "default-banner"))
        let result = try copy.importing(try Translations.read(xliff12, format: .xliff12))
        XCTAssertEqual(result.changes, [
            .init(language: "it", key: "title", kind: .changed, before: "Salve", after: "Ciao"),
            .init(language: "it", key: "button", kind: .emptied, before: "Acquista", after: nil),
        ])
        XCTAssertEqual(result.localizations, ["it": ["title": "Ciao", "button": "Acquista"]])
        XCTAssertTrue(result.untranslated.contains(.init(language: "it", key: "button")))
        XCTAssertTrue(result.untranslated.contains(.init(language: "it", key: "body")))
        XCTAssertFalse(try copy.localizationsJSON(result.localizations).contains("\"\""))
    }

    /// What an import changes: added, changed and emptied (kept) fields, per language in the
    /// campaign's order of fields; unchanged ones are not listed, and a tier left out keeps its label.
    func testTheImportSaysWhatItChangesPerLanguageAndField() throws {
        var json = try fixtureJSON("progress-after-tier")
        json["localizations"] = ["de": ["title": "Alt", "body": "Gleich", "tiers": ["Erste", "Zweite"]]]
        let copy = Translations(try spec(json, localizations: json["localizations"], name: "progress-after-tier"))
        let result = try copy.importing(["de": ["title": "Neu", "body": "Gleich", "tiers.1": "Andere"], "fr": ["title": "Nouveau"]])
        XCTAssertEqual(result.changes, [
            .init(language: "de", key: "title", kind: .changed, before: "Alt", after: "Neu"),
            .init(language: "de", key: "tiers.0", kind: .emptied, before: "Erste", after: nil),
            .init(language: "de", key: "tiers.1", kind: .changed, before: "Zweite", after: "Andere"),
            .init(language: "fr", key: "title", kind: .added, before: nil, after: "Nouveau"),
        ])
        let back = try JSONSerialization.jsonObject(with: Data(try copy.localizationsJSON(result.localizations).utf8)) as? NSDictionary
        XCTAssertEqual(back, ["de": ["title": "Neu", "body": "Gleich", "tiers": ["Erste", "Andere"]], "fr": ["title": "Nouveau"]] as NSDictionary)
        XCTAssertEqual(try copy.importing(copy.targets).changes, [], "the campaign's own copy changes nothing")
    }

    /// XLIFF 2.0 may split a unit into segments, with `<ignorable>` whitespace between them; the
    /// target is all of them joined (only the first was read).
    func testXLIFF20SegmentsAreJoined() throws {
        let file = #"""
            <xliff version="2.0" srcLang="en" trgLang="de"><file id="f">
            <unit id="body"><segment id="1"><source>Order today.</source><target>Heute bestellen.</target></segment><ignorable><source> </source></ignorable><segment id="2"><source>Get it tomorrow.</source><target>Morgen erhalten.</target></segment></unit>
            <unit id="title"><segment><source>Hi</source><target>Hallo</target></segment><segment><source> there</source></segment></unit>
            </file></xliff>
            """#
        XCTAssertEqual(message { try Translations.read(file, format: .xliff20) },
                       "unit \"title\": segment 2 of 2 has no target; translate every segment or none")
        let whole = file.replacingOccurrences(of: "<source> there</source>", with: "<source> there</source><target> zusammen</target>")
        XCTAssertEqual(try Translations.read(whole, format: .xliff20), ["de": ["body": "Heute bestellen. Morgen erhalten.", "title": "Hallo zusammen"]])
    }

    /// UTF-8 with or without a BOM and UTF-16 with one are read; a Windows-1252 CSV (Excel's) is
    /// refused naming the encoding, the byte and the line, never read as "Geb�ckst�cke".
    func testEncodingsAreDetectedOrRefusedByName() throws {
        let csv = "key,en,de\r\ntitle,Pastries,Gebäckstücke\r\n"
        let expected = ["de": ["title": "Gebäckstücke"]]
        XCTAssertEqual(try Translations.read(bytes: Array(csv.utf8), format: .csv), expected)
        XCTAssertEqual(try Translations.read(bytes: [0xEF, 0xBB, 0xBF] + Array(csv.utf8), format: .csv), expected)
        let units = Array(csv.utf16)
        XCTAssertEqual(try Translations.read(bytes: [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, format: .csv), expected)
        XCTAssertEqual(try Translations.read(bytes: [0xFE, 0xFF] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, format: .csv), expected)
        let windows1252 = "key;en;de\r\ntitle;Order now;Jetzt bestellen\r\nbody;Pastries;Geb\u{E4}ckst\u{FC}cke\r\n".unicodeScalars.map { UInt8($0.value) }
        XCTAssertEqual(message { try Translations.read(bytes: windows1252, format: .csv) },
                       "this file is not UTF-8 (it looks like Windows-1252: byte 0xE4, “ä” in Windows-1252, at line 3); save it as UTF-8")
        XCTAssertEqual(message { try Translations.read(bytes: Array("key,en,de\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } + [0xE4, 0], format: .csv) },
                       "this file is not UTF-8 (it looks like UTF-16 without a byte-order mark); save it as UTF-8")
        XCTAssertEqual(message { try Translations.read(bytes: [0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00], format: .csv) },
                       "this file is not valid UTF-16 LE: a lone surrogate 0xD800 at line 1; save it as UTF-8")
        let latin1 = Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><xliff version="2.0" srcLang="en" trgLang="de"><file id="f"><unit id="title"><segment><source>A</source><target>"#.utf8) + [0xE4] + Array("</target></segment></unit></file></xliff>".utf8)
        XCTAssertEqual(message { try Translations.read(bytes: latin1, format: .xliff20) },
                       "this file says it is in ISO-8859-1 (its <?xml … encoding=\"ISO-8859-1\"?>); save it as UTF-8")
        XCTAssertEqual([0x80, 0x8A, 0x9F, 0xE4].map { Translations.windows1252($0) }, ["€", "Š", "Ÿ", "ä"])
        XCTAssertNil(Translations.windows1252(0x81))
        XCTAssertEqual(message { try Translations.read(bytes: Array("key,en,de\ntitle,x,".utf8) + [0x81, 0x80], format: .csv) },
                       "this file is not UTF-8 (byte 0x81 at line 2 is not UTF-8); save it as UTF-8")
        // Text already decoded with "�" for its letters (the file read in the wrong encoding) is refused too.
        XCTAssertEqual(message { try Translations.read("key,en,de\ntitle,Pastries,Geb\u{FFFD}ckst\u{FFFD}cke\n", format: .csv) },
                       "line 2 holds “\u{FFFD}”, a letter lost to a wrong encoding; send the file's own bytes, saved as UTF-8")
    }

    /// Excel writes semicolons where the decimal mark is a comma (and may name it on a `sep=` line);
    /// tab-separated files are read too; any other separator is named in the refusal.
    func testSemicolonAndTabSeparatorsAreDetected() throws {
        let expected = ["de": ["title": "Zwei, für eins", "body": "a;b"]]
        XCTAssertEqual(try Translations.read("key;en;de\r\ntitle;Two;Zwei, für eins\r\nbody;x;\"a;b\"\r\n;;\r\n", format: .csv), expected)
        XCTAssertEqual(try Translations.read("sep=;\r\nkey;en;de\r\ntitle;Two;Zwei, für eins\r\nbody;x;\"a;b\"\r\n", format: .csv), expected)
        XCTAssertEqual(try Translations.read("\"key\"\t\"en\"\t\"de\"\ntitle\tTwo\tZwei, für eins\nbody\tx\ta;b\n", format: .csv), expected)
        XCTAssertEqual(message { try Translations.read("key|en|de\ntitle|Two|Zwei\n", format: .csv) },
                       "the first row separates its columns with “|”; GronaSnap reads columns separated by commas, semicolons or tabs")
        XCTAssertEqual(message { try Translations.read("key;en;de\ntitle;Two\n", format: .csv) },
                       "row 2 has 2 fields separated by semicolons, not 3 as the first row")
    }

    /// The export puts a quote before a cell a spreadsheet would run as a formula; the import takes
    /// it off, so such copy comes back as it was.
    func testAFormulaCellsQuoteComesOffOnImport() throws {
        XCTAssertEqual(try Translations.read("key,en,de\ntitle,'=HYPERLINK(x),'=HYPERLINK(y)\nbody,'+1,'-2\nbutton,'@SUM,\"'\tTab\"\n", format: .csv),
                       ["de": ["title": "=HYPERLINK(y)", "body": "-2", "button": "\tTab"]])
        XCTAssertEqual(try Translations.read("key,en,de\ntitle,x,'quoted'\n", format: .csv), ["de": ["title": "'quoted'"]])
        var json = try fixtureJSON("default-banner")
        json["localizations"] = ["de": ["title": "=HYPERLINK(\"https://example.com\")", "body": "+49 30 1234", "button": "@Bäckerei"]]
        try roundTrip(json, name: "default-banner")
    }
}

