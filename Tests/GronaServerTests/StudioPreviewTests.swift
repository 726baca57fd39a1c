import Foundation
import XCTest
import TestSupport

/// The studio's own routes: /api/schema from GronaSnap's tables, /api/locale, and /api/preview, whose
/// findings and contrasts are the render report's.
final class StudioPreviewTests: XCTestCase {
    func testSchemaHoldsGronaSnapsTables() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        let answer = try server.request("GET", "/api/schema")
        XCTAssertEqual(answer.status, 200, answer.text)
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        let sizes = try XCTUnwrap(schema["textSizes"] as? [[String: Any]])
        XCTAssertEqual(sizes.map { $0["value"] as? String }, ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"])
        XCTAssertEqual(sizes[3]["name"] as? String, "Large (default)")
        XCTAssertEqual(sizes[11]["name"] as? String, "Accessibility 5")
        let components = try XCTUnwrap(schema["components"] as? [[String: Any]])
        let banner = try XCTUnwrap(components.first { $0["type"] as? String == "banner" })
        let title = try XCTUnwrap((banner["fields"] as? [[String: Any]])?.first { $0["key"] as? String == "title" })
        XCTAssertEqual(title["lines"] as? Int, 3)
        XCTAssertEqual(title["required"] as? Bool, true)
        let theme = try XCTUnwrap(schema["theme"] as? [[String: Any]])
        XCTAssertEqual(theme.first { $0["token"] as? String == "primary" }?["default"] as? String, "#054B3A")
        let locales = try XCTUnwrap(schema["locales"] as? [[String: String]])
        XCTAssertTrue(locales.contains(["tag": "de", "name": "German", "nativeName": "Deutsch", "direction": "ltr"]), "\(locales)")
        XCTAssertTrue(locales.contains(["tag": "ar", "name": "Arabic", "nativeName": "العربية", "direction": "rtl"]), "\(locales)")
        let kinds = try XCTUnwrap(schema["findings"] as? [[String: Any]])
        XCTAssertEqual(kinds.count, 8)
    }

    /// A whole number and a true-or-false are checked by the command line's one rule for each
    /// (`ValueSchema.integer`, `ValueSchema.boolean`): the answer says the mistake in the words the
    /// command line does (its `--fps: "…" is not a whole number…`), a long value cut as it cuts it.
    func testAnOptionsValueIsRefusedInTheCommandLinesWords() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        let body = try bytes(fixtures + "/acme-banner.json")
        let ones = String(repeating: "1", count: 100)
        let fps = try server.request("POST", "/api/animate?name=acme-banner.json&fps=" + ones, body: body)
        XCTAssertEqual(fps.status, 400)
        XCTAssertEqual(fps.errorMessage, "fps: \"\(ones.prefix(60))…\" is not a whole number from 1 to 30 (the service draws at most 30 frames per second; grona-snap animate up to 120)")
        let findings = try server.request("POST", "/api/preview?name=acme-banner.json&findings=maybe", body: body)
        XCTAssertEqual(findings.errorMessage, "findings: \"maybe\" is not true or false")
        let motion = try server.request("POST", "/api/render?name=acme-banner.json&reduceMotion=" + ones, body: body)
        XCTAssertEqual(motion.errorMessage, "reduceMotion: \"\(ones.prefix(60))…\" is not true or false")
    }

    func testLocaleNamesATagAsGronaSnapReadsIt() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        let arabic = try server.request("GET", "/api/locale?tag=ar")
        XCTAssertEqual(arabic.text, #"{"tag": "ar", "name": "Arabic", "nativeName": "العربية", "direction": "rtl"}"# + "\n")
        let canonical = try server.request("GET", "/api/locale?tag=PT-br")
        XCTAssertEqual(canonical.text, #"{"tag": "pt-BR", "name": "Portuguese (Brazil)", "nativeName": "português (Brasil)", "direction": "ltr"}"# + "\n")
        let refused = try server.request("GET", "/api/locale?tag=en_US")
        XCTAssertEqual(refused.status, 400)
        XCTAssertEqual(refused.errorMessage?.hasPrefix("tag: "), true, refused.text)
        // A country's code for its language: refused, with the language meant.
        let country = try server.request("GET", "/api/locale?tag=jp")
        XCTAssertEqual(country.status, 400)
        XCTAssertEqual(country.text, #"{"error": "tag: \"jp\" is not a language's code (it is a country's); Japanese is ja", "#
                       + #""suggestion": {"tag": "ja", "name": "Japanese", "nativeName": "日本語", "direction": "ltr"}}"# + "\n")
        XCTAssertEqual(try server.request("GET", "/api/locale?tag=xx").status, 400)
    }

    /// One request: every tile once, in the page's order, findings grouped as /api/check finds them,
    /// and each colour field's contrast exactly the report's.
    func testPreviewRendersEveryTileOnceWithTheReportsFindingsAndContrasts() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        let body = try bytes(fixtures + "/offer-code.json")
        let axes = "textSizes=xS,L,AX5&appearances=light,dark&directions=ltr,rtl&scale=2"
        let answer = try server.request("POST", "/api/preview?name=offer-code.json&languages=base,pseudo:double&" + axes, body: body)
        XCTAssertEqual(answer.status, 200, answer.text)
        let preview = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        let tiles = try XCTUnwrap(preview["tiles"] as? [[String: Any]])
        XCTAssertEqual(tiles.count, 24)
        XCTAssertEqual(tiles[0]["name"] as? String, "Base copy, Extra small, light, left to right")
        XCTAssertEqual(tiles[13]["name"] as? String, "Pseudo: double length, Extra small, light, right to left")
        // A tile is what /api/render draws for its variant.
        let render = try server.request("POST", "/api/render?name=offer-code.json&textSize=AX5&appearance=dark&direction=rtl&scale=2", body: body)
        let png = try XCTUnwrap((tiles[11]["png"] as? String)?.split(separator: ",").last.flatMap { Data(base64Encoded: String($0)) })
        XCTAssertEqual([UInt8](png), render.body)
        // The same problems as /api/check, base copy only.
        let check = try server.request("POST", "/api/check?name=offer-code.json&" + axes, body: body)
        let checked = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(check.body)) as? [[String: Any]])
        let findings = try XCTUnwrap(preview["findings"] as? [[String: Any]])
        let baseKinds = Set(findings.filter { ($0["tiles"] as? [Int] ?? []).contains { $0 < 12 } }
            .map { "\($0["kind"]!) \($0["role"]!)" })
        XCTAssertEqual(baseKinds, Set(checked.map { "\($0["kind"]!) \($0["role"]!)" }))
        // The offer's accent tints the card: its hint is the report's contrasts on the tinted card.
        let report = try server.request("POST", "/api/report?name=offer-code.json&scale=2&textSize=xS&appearance=light&direction=ltr", body: body)
        let texts = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(report.body)) as? [String: Any])?["texts"] as? [[String: Any]])
        let colors = try XCTUnwrap((preview["colors"] as? [String: Any])?["light"] as? [String: [String: Any]])
        let accent = try XCTUnwrap(colors["theme.accent"]?["checks"] as? [[String: Any]])
        let title = try XCTUnwrap(accent.first { $0["role"] as? String == "title" })
        let reported = try XCTUnwrap(texts.first { $0["role"] as? String == "title" })
        XCTAssertEqual(title["contrast"] as? Double, reported["contrast"] as? Double)
        XCTAssertEqual(title["background"] as? String, reported["background"] as? String)
        XCTAssertEqual(title["reaches"] as? Bool, true)
        // Drawing only some tiles: the same findings, fewer pictures; a second request fills in others.
        let some = try server.request("POST", "/api/preview?name=offer-code.json&languages=base,pseudo:double&draw=0,11&" + axes, body: body)
        let part = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(some.body)) as? [String: Any])
        XCTAssertEqual((part["tiles"] as? [[String: Any]])?.map { $0["index"] as? Int }, [0, 11])
        XCTAssertEqual((part["tiles"] as? [[String: Any]])?.last?["png"] as? String, tiles[11]["png"] as? String)
        XCTAssertEqual((part["findings"] as? [[String: Any]])?.count, findings.count)
        let rest = try server.request("POST", "/api/preview?name=offer-code.json&draw=3&findings=false&" + axes, body: body)
        let filled = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(rest.body)) as? [String: Any])
        XCTAssertEqual((filled["tiles"] as? [[String: Any]])?.map { $0["index"] as? Int }, [3])
        XCTAssertNil(filled["findings"])
        XCTAssertEqual(try server.request("POST", "/api/preview?draw=99", body: body).status, 400)
    }

    func testPreviewErrorsNameTheFieldAndTheBudget() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        let bad = try server.request("POST", "/api/preview?name=x.json", body: Array(##"{"theme": {"primary": "#12"}, "component": {"type": "banner", "title": "a"}}"##.utf8))
        XCTAssertEqual(bad.status, 400)
        let fields = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bad.body)) as? [String: String])
        XCTAssertEqual(fields["path"], "$.theme.primary", bad.text)
        XCTAssertEqual(fields["file"], "x.json")
        let many = try server.request("POST", "/api/preview?textSizes=all&appearances=light,dark&directions=ltr,rtl&languages=base,de,fr,ar,pseudo:double",
                                      body: try bytes(fixtures + "/acme-banner.json"))
        XCTAssertEqual(many.status, 422, many.text)
        let language = try server.request("POST", "/api/preview?languages=en_US", body: try bytes(fixtures + "/acme-banner.json"))
        XCTAssertEqual(language.status, 400)
        XCTAssertEqual(language.errorMessage?.hasPrefix("languages: "), true, language.text)
        // The language box's rule holds for the preview's own parameter too.
        let country = try server.request("POST", "/api/preview?languages=base,jp", body: try bytes(fixtures + "/acme-banner.json"))
        XCTAssertEqual(country.status, 400)
        XCTAssertEqual(country.errorMessage, "languages: \"jp\" is not a language's code (it is a country's); Japanese is ja", country.text)
        // Each thread compiles a route's pattern once and keeps it: the value it refused is refused
        // again on every worker, and the good one is taken.
        for _ in 0..<3 {
            let again = try server.request("POST", "/api/preview?languages=en_US&textSizes=L&appearances=light&directions=ltr",
                                           body: try bytes(fixtures + "/acme-banner.json"))
            XCTAssertEqual(again.status, 400, again.text)
            XCTAssertEqual(again.errorMessage, language.errorMessage)
            let good = try server.request("POST", "/api/preview?languages=base,de&textSizes=L&appearances=light&directions=ltr&findings=false",
                                          body: try bytes(fixtures + "/acme-banner.json"))
            XCTAssertEqual(good.status, 200, good.text)
        }
    }
}
