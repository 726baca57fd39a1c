import Foundation
import XCTest
import TestSupport

/// The language axis can name the spec's own copy (`base`) beside its localizations, and leave it
/// out (an empty list with pseudolanguages), so a sheet holds exactly the languages asked for.
final class SheetLanguagesTests: XCTestCase {
    static let axes = ["--text-sizes", "L", "--appearances", "light", "--directions", "ltr", "--scale", "1"]

    func testBaseIsTheSpecsOwnCopy() throws {
        let out = try temporaryFolder()
        let spec = fixtures + "/weekend-campaign.json"  // environment.locale en; copy for de, fr, ar, ja
        let base = try snap(arguments: ["sheet", spec, "-o", out + "/base.png", "--locales", "base,fr"] + Self.axes)
        XCTAssertEqual(base.status, 0, base.stderr)
        let named = try snap(arguments: ["sheet", spec, "-o", out + "/en.png", "--locales", "en,fr"] + Self.axes)
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertEqual(try bytes(out + "/base.png"), try bytes(out + "/en.png"), "base is the spec's own locale's copy")
        let image = try self.image(out + "/base.png"), one = try snap(arguments: ["sheet", spec, "-o", out + "/one.png", "--locales", "fr"] + Self.axes)
        XCTAssertEqual(one.status, 0, one.stderr)
        let single = try self.image(out + "/one.png")
        XCTAssertGreaterThan(image.width * image.height, single.width * single.height, "two languages, two cells")

        // The API takes the same list, and answers the command line's sheet.
        let server = try StudioServer(folder: fixtures)
        defer { server.stop() }
        let query = "name=weekend-campaign.json&textSizes=L&appearances=light&directions=ltr&scale=1"
        let answer = try server.request("POST", "/api/sheet?\(query)&locales=base,fr", body: try bytes(spec))
        XCTAssertEqual(answer.status, 200, answer.text)
        XCTAssertEqual(answer.body, try bytes(out + "/base.png"))
        // The pseudolanguages alone: the spec's own copy and its localizations left out.
        let pseudos = try server.request("POST", "/api/sheet?\(query)&locales=&pseudos=double", body: try bytes(spec))
        XCTAssertEqual(pseudos.status, 200, pseudos.text)
        let both = try server.request("POST", "/api/sheet?\(query)&locales=base&pseudos=double", body: try bytes(spec))
        XCTAssertEqual(both.status, 200, both.text)
        let (alone, beside) = (pngSize(pseudos.body), pngSize(both.body))
        XCTAssertLessThan(alone.width * alone.height, beside.width * beside.height, "one language fewer")
        let none = try server.request("POST", "/api/sheet?\(query)&locales=", body: try bytes(spec))
        XCTAssertEqual(none.status, 400)
        XCTAssertEqual(none.errorMessage?.hasPrefix("locales: an empty list needs pseudolanguages"), true, none.text)
        XCTAssertEqual(try server.request("POST", "/api/sheet?\(query)&locales=bass", body: try bytes(spec)).status, 400)
    }

    private func image(_ path: String) throws -> (width: Int, height: Int) { pngSize(try bytes(path)) }

    /// The PNG's width and height, from its IHDR chunk.
    private func pngSize(_ png: [UInt8]) -> (width: Int, height: Int) {
        guard png.count >= 24 else { return (0, 0) }
        let number = { (at: Int) in png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }
}
