import Foundation
import XCTest

/// POST /api/translations writes a campaign's copy for translators and /api/translations/import
/// reads it back: the localizations that come back are the campaign's own, in every format.
final class StudioTranslationsTests: XCTestCase {
    func testEachFormatComesBackAsTheCampaignsLocalizations() throws {
        let server = try StudioServer(folder: fixtures)
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
}
