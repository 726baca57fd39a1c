import Foundation
import XCTest
import TestSupport

/// POST /api/translations writes a campaign's copy for translators and /api/translations/import
/// reads it back: the localizations that come back are the campaign's own, in every format.
final class StudioTranslationsTests: XCTestCase {
    func testEachFormatComesBackAsTheCampaignsLocalizations() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        let body = try bytes(fixtures + "/weekend-campaign.json")
        let spec = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        let own = try XCTUnwrap(spec["localizations"] as? [String: [String: Any]])
        for (format, language) in [("xliff1.2", nil), ("csv", nil), ("xliff2.0", own.keys.sorted().first)] as [(String, String?)] {
            let query = "name=weekend-campaign.json&format=\(format)" + (language.map { "&language=\($0)" } ?? "")
            let exported = try server.request("POST", "/api/translations?" + query, body: body)
            XCTAssertEqual(exported.status, 200, exported.text)
            let file = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(exported.body)) as? [String: String])
            XCTAssertTrue(file["name"]?.hasPrefix("weekend-campaign") ?? false, "\(file)")
            let posted = try JSONSerialization.data(withJSONObject: ["spec": spec, "text": file["text"] ?? ""])
            let imported = try server.request("POST", "/api/translations/import?name=weekend-campaign.json&format=\(format)", body: [UInt8](posted))
            XCTAssertEqual(imported.status, 200, imported.text)
            let back = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(imported.body)) as? [String: Any])?["localizations"] as? [String: [String: Any]])
            let expected = language.map { [$0: own[$0]!] } ?? own
            XCTAssertEqual(NSDictionary(dictionary: back), NSDictionary(dictionary: expected), format)
        }
        let bad = try server.request("POST", "/api/translations?name=weekend-campaign.json&format=xliff", body: body)
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(bad.errorMessage?.hasPrefix("format: "), true, bad.text)
        let twoLanguages = try server.request("POST", "/api/translations?name=weekend-campaign.json&format=xliff2.0", body: body)
        XCTAssertEqual(twoLanguages.errorMessage?.hasPrefix("language: XLIFF 2.0 holds one target language"), true, twoLanguages.text)
    }

    /// A cell a spreadsheet would run as a formula is exported with a quote before it (OWASP's CSV
    /// injection advice), and read back as the text it was, quotes the text had included.
    func testCSVExportDefusesFormulasAndReadsThemBackAsTheyWere() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        var spec = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try bytes(fixtures + "/weekend-campaign.json"))) as? [String: Any])
        var component = try XCTUnwrap(spec["component"] as? [String: Any])
        component["title"] = "=HYPERLINK(\"http://evil.example\",\"Click\")"
        spec["component"] = component
        var localizations = try XCTUnwrap(spec["localizations"] as? [String: [String: Any]])
        let language = try XCTUnwrap(localizations.keys.sorted().first)
        let texts = ["title": "+cmd|' /C calc'!A0", "body": "@SUM(1+1)", "button": "-2+3"]
        for (key, text) in texts { localizations[language]?[key] = text }
        let others = ["'=already quoted", "\tTabbed", "\rReturn", "'not a formula", "5 - 3 = 2"]
        spec["localizations"] = localizations
        let body = [UInt8](try JSONSerialization.data(withJSONObject: spec))
        let exported = try server.request("POST", "/api/translations?name=weekend-campaign.json&format=csv", body: body)
        XCTAssertEqual(exported.status, 200, exported.text)
        let text = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(exported.body)) as? [String: String])?["text"])
        // Each formula starts its cell with a quote: no cell of the file starts with = + - or @.
        XCTAssertTrue(text.contains("'=HYPERLINK("), text)
        XCTAssertTrue(text.contains(",'+cmd|"), text)
        XCTAssertTrue(text.contains(",'@SUM(1+1)"), text)
        XCTAssertTrue(text.contains(",'-2+3"), text)
        for line in text.split(separator: "\r\n") {
            for cell in line.split(separator: ",", omittingEmptySubsequences: false) {
                XCTAssertFalse(["=", "+", "-", "@"].contains(cell.first.map(String.init) ?? ""), "a live formula: \(line)")
            }
        }
        let posted = try JSONSerialization.data(withJSONObject: ["spec": spec, "text": text])
        let imported = try server.request("POST", "/api/translations/import?name=weekend-campaign.json&format=csv", body: [UInt8](posted))
        XCTAssertEqual(imported.status, 200, imported.text)
        let back = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(imported.body)) as? [String: Any])?["localizations"] as? [String: [String: Any]])
        for (key, text) in texts { XCTAssertEqual(back[language]?[key] as? String, text, key) }
        // The rules on their own: a quote is added exactly when the text (after its own quotes)
        // starts a formula, and taken off exactly then.
        for text in others + Array(texts.values) + ["=x", "''=x", "", "'"] {
            let row = "key,en,de\r\ntitle,a,\"\(text.replacingOccurrences(of: "\"", with: "\"\""))\"\r\n"
            let sheet = try JSONSerialization.data(withJSONObject: ["spec": spec, "text": row])
            let read = try server.request("POST", "/api/translations/import?name=weekend-campaign.json&format=csv", body: [UInt8](sheet))
            let value = ((try? JSONSerialization.jsonObject(with: Data(read.body)) as? [String: Any])?["localizations"] as? [String: [String: Any]])?["de"]?["title"] as? String
            let quotedFormula = text.hasPrefix("'") && text.drop { $0 == "'" }.first.map { "=+-@\t\r".contains($0) } == true
            // An empty cell is untranslated: the campaign keeps its text.
            let kept = (spec["localizations"] as? [String: [String: Any]])?["de"]?["title"] as? String
            XCTAssertEqual(value, text.isEmpty ? kept : quotedFormula ? String(text.dropFirst()) : text, "\(text.debugDescription): \(read.text)")
        }
    }

    /// A sheet naming a language twice by case trapped the server, taking every user's requests down
    /// with it; it is a 400 in words and the server answers the next request. The answer to a file
    /// says what it would change, field by field, in words; a file's bytes are read in their
    /// encoding, and one that is not UTF-8 or UTF-16 is refused by name.
    func testAnImportAnswersWhatItWouldChangeAndABadOneIsRefused() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        var spec = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try bytes(fixtures + "/default-banner.json"))) as? [String: Any])
        spec["localizations"] = ["it": ["title": "Salve", "button": "Acquista"]]
        func post(_ format: String, _ file: [String: String]) throws -> (status: Int, json: [String: Any], text: String) {
            var payload: [String: Any] = file
            payload["spec"] = spec
            let body = try JSONSerialization.data(withJSONObject: payload)
            let answer = try server.request("POST", "/api/translations/import?name=default-banner.json&format=\(format)", body: [UInt8](body))
            return (answer.status, (try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]) ?? [:], answer.text)
        }
        let twice = try post("csv", ["text": "key,en,de,DE\ntitle,Hi,Hallo,HALLO\n"])
        XCTAssertEqual(twice.status, 400, twice.text)
        XCTAssertEqual(twice.json["error"] as? String, "text: columns 3 and 4 are both de (\"de\" and \"DE\"); keep one")

        let xliff = #"<xliff version="1.2"><file original="x" source-language="en" target-language="it"><body><trans-unit id="title"><source>Hi</source><target>Ciao</target></trans-unit><trans-unit id="button"><source>Set it up</source><target state="new"/></trans-unit></body></file></xliff>"#
        let preview = try post("xliff1.2", ["file": Data(xliff.utf8).base64EncodedString()])
        XCTAssertEqual(preview.status, 200, preview.text)
        let changes = try XCTUnwrap(preview.json["changes"] as? [[String: Any]])
        XCTAssertEqual(changes.map { NSDictionary(dictionary: $0) }, [
            ["language": "it", "languageName": "Italian", "key": "title", "label": "Title", "change": "changed", "before": "Salve", "after": "Ciao"],
            ["language": "it", "languageName": "Italian", "key": "button", "label": "Button label", "change": "emptied", "before": "Acquista", "after": NSNull()],
        ] as [NSDictionary])
        XCTAssertEqual(NSDictionary(dictionary: try XCTUnwrap(preview.json["localizations"] as? [String: Any])),
                       ["it": ["title": "Ciao", "button": "Acquista"]] as NSDictionary)
        let untranslated = try XCTUnwrap(preview.json["untranslated"] as? [[String: Any]]).map { $0["key"] as? String }
        XCTAssertEqual(untranslated, ["eyebrow", "body", "button"])

        let windows1252 = "key;en;it\r\ntitle;Hi;Pi\u{F9} dolci\r\n".unicodeScalars.map { UInt8($0.value) }
        let refused = try post("csv", ["file": Data(windows1252).base64EncodedString()])
        XCTAssertEqual(refused.status, 400, refused.text)
        XCTAssertEqual(refused.json["error"] as? String,
                       "file: this file is not UTF-8 (it looks like Windows-1252: byte 0xF9, “ù” in Windows-1252, at line 2); save it as UTF-8")
        let semicolons = try post("csv", ["file": Data("\u{FEFF}key;en;it\r\ntitle;Hi;Più dolci\r\n".utf8).base64EncodedString()])
        XCTAssertEqual((semicolons.json["localizations"] as? [String: [String: String]])?["it"]?["title"], "Più dolci", semicolons.text)
        XCTAssertEqual(try server.request("GET", "/healthz").status, 200)
    }
}

