import Foundation
import Raster
import Text
import XCTest
@testable import Grona

/// Components with copy in the scripts of the text engine's fallback table: the locale reaches the
/// text engine, and characters no pinned font can draw are reported per text.
final class ScriptRenderTests: XCTestCase {
    func message(_ title: String, body: String = "Order today") -> Spec {
        Spec(name: "scripts", file: "scripts.json", folder: Package.fixtures, theme: Theme(),
             component: .message(Message(icon: .gift, title: title, body: body)), environment: Environment(), variants: nil)
    }

    func testTheLocaleChoosesTheFaceHanIsDrawnIn() throws {
        let engine = try TextEngine(fontsDirectory: Package.fonts)
        let spec = message("直骨写")
        func render(_ locale: String?) throws -> Snapshot {
            var environment = environment(.large, .light, .ltr)
            environment.locale = locale
            return try renderFresh(spec, environment, engine: engine)
        }
        let japanese = try render("ja"), simplified = try render("zh-Hans")
        XCTAssertNotEqual(japanese.pixmap, simplified.pixmap)
        XCTAssertEqual(try render(nil).pixmap, simplified.pixmap, "without a locale Han takes the Simplified Chinese face")
        for snapshot in [japanese, simplified] {
            XCTAssertEqual(snapshot.report.texts.flatMap(\.missingCharacters), [])
        }
    }

    func testMissingCharactersAreListedPerText() throws {
        let engine = try TextEngine(fontsDirectory: Package.fonts)
        let snapshot = try renderFresh(message("Order on your \u{F8FF} Watch", body: "Fresh \u{0378}\u{E001} and \u{F8FF}"),
                                       environment(.large, .light, .ltr), engine: engine)
        // U+0378 is unassigned (a box); U+E001 and U+F8FF are private use, reported as such only,
        // whether a pinned font maps them (Inter has U+E001) or not (U+F8FF, Apple's logo on an iPhone).
        XCTAssertEqual(snapshot.report.texts.map(\.missingCharacters), [[], ["U+0378"]])
        XCTAssertEqual(snapshot.report.texts.map(\.privateUseCharacters), [["U+F8FF"], ["U+E001", "U+F8FF"]])
        let json = snapshot.report.json()
        XCTAssertTrue(json.contains("\"missingCharacters\": [], \"privateUseCharacters\": [\"U+F8FF\"]}"), json)
        XCTAssertEqual(snapshot.report.missingCharacterMessages(spec: "promo.json"), [
            "promo.json: the title text has private-use characters, which an iPhone's fonts draw their own way: U+F8FF",
            "promo.json: the body text has characters no pinned font can draw, drawn as boxes: U+0378",
            "promo.json: the body text has private-use characters, which an iPhone's fonts draw their own way: U+E001 U+F8FF",
        ])
        XCTAssertEqual(Findings.of(snapshot.report).filter { $0.kind == .privateUseCharacters }.map(\.message), [
            "title has private-use characters, which an iPhone's fonts draw their own way: U+F8FF",
            "body has private-use characters, which an iPhone's fonts draw their own way: U+E001 U+F8FF",
        ])
        XCTAssertEqual(TextReport.codePoint("\u{1F600}"), "U+1F600")
    }

    func testEveryScriptFixtureDrawsEveryCharacter() throws {
        let engine = try TextEngine(fontsDirectory: Package.fonts)
        var seen: [Pixmap] = []
        for name in ["japanese-banner", "traditional-chinese-offer", "korean-message", "thai-progress", "hindi-banner"] {
            let spec = try Package.fixture(name)
            for variant in spec.variantEnvironments {
                let snapshot = try renderFresh(spec, variant, engine: engine)
                XCTAssertEqual(snapshot.report.texts.flatMap(\.missingCharacters), [], "\(name) \(variant)")
                XCTAssertFalse(seen.contains(snapshot.pixmap), "\(name): two variants with the same pixels")
                seen.append(snapshot.pixmap)
            }
        }
    }
}
