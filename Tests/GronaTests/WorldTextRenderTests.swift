import Foundation
import Raster
import Text
import XCTest
@testable import Grona

/// World text in components: each text's lines in the report, Korean broken between words, marks
/// that keep off the card's edge, the added scripts drawn, and private-use characters reported.
final class WorldTextRenderTests: XCTestCase {
    var engine: TextEngine!

    override func setUpWithError() throws {
        engine = try TextEngine(fontsDirectory: Package.fonts)
    }

    func message(_ title: String, body: String = "Order today", locale: String? = nil) -> (Spec, Environment) {
        (Spec(name: "world", file: "world.json", folder: Package.fixtures, theme: Theme(),
              component: .message(Message(icon: .gift, title: title, body: body)), environment: Environment(), variants: nil),
         { var e = environment(.large, .light, .ltr); e.locale = locale; return e }())
    }

    func testEveryTextReportsItsLines() throws {
        let spec = try Package.fixture("korean-message")
        for variant in spec.variantEnvironments {
            let snapshot = try renderFresh(spec, variant, engine: engine)
            for text in snapshot.report.texts {
                XCTAssertEqual(text.lineTexts.count, text.lines, "\(variant)")
                if text.truncated {
                    XCTAssertEqual(text.lineTexts.last?.last, "…")
                    // Every line but the last ends at a space: the lines before it are the copy's words.
                    XCTAssertTrue(text.text.hasPrefix(text.lineTexts.dropLast().map { $0 + " " }.joined()), "\(variant): \(text.lineTexts)")
                } else {
                    XCTAssertEqual(text.lineTexts.joined(separator: " "), text.text, "\(variant)")
                }
            }
        }
    }

    func testStackedHarakatAtAX5KeepOffTheCardsTopEdge() throws {
        func render(_ title: String) throws -> Pixmap {
            var (spec, variant) = message(title, body: "سَّٰٓ مَرْحَبًا بِكُمْ فِي مَتْجَرِنَا", locale: "ar")
            variant.textSize = .accessibilityExtraExtraExtraLarge
            variant.direction = .rtl
            spec.component = .banner(Banner(title: title, body: "سَّٰٓ مَرْحَبًا بِكُمْ فِي مَتْجَرِنَا"))
            return try renderFresh(spec, variant, engine: engine).pixmap
        }
        let marked = try render("سَّٰٓ خَصْمٌ عِشْرِينَ بِالْمِئَةِ"), plain = try render("خصم")
        // The card's top rows are the card's alone: what a title without marks leaves there.
        for y in 0..<12 {
            XCTAssertEqual((0..<marked.width).map { marked.color($0, y) }, (0..<plain.width).map { plain.color($0, y) }, "row \(y)")
        }
    }

    func testTheAddedScriptsDrawInComponents() throws {
        for (title, locale) in [("ଆଜି ହିଁ ଅର୍ଡର କରନ୍ତୁ", "or"), ("དེ་རིང་བཀའ་རྒྱ་གནང་རོགས།", "bo"), ("ᏣᎳᎩ ᎦᏬᏂᎯᏍᏗ", "chr"),
                                ("ދިވެހި ބަސް", "dv"), ("ߒߞߏ ߛߓߍߛߎ߲", "nqo"), ("ᐃᓄᒃᑎᑐᑦ", "iu"), ("今だけ！ＳＡＬＥ開催中 🈐", "ja"),
                                ("Oﬃce ⋮ ⑩ ⑳ ❶ 🄰 🆬 ∀x ∈ ℝ ∮ ∇ ﹐﹑﹒", nil), ("中文﹐﹑﹒ ⑩", "zh-Hans")] {
            let (spec, variant) = message(title, locale: locale)
            let report = try renderFresh(spec, variant, engine: engine).report
            XCTAssertEqual(report.texts.flatMap(\.missingCharacters), [], title)
            XCTAssertFalse(report.findings.contains { $0.kind == .missingCharacters }, title)
            XCTAssertEqual(report.missingCharacterMessages(spec: "world.json"), [], "no warning for \(title)")
        }
    }

    func testPrivateUseIsAFindingWhateverFontMapsIt() throws {
        let (spec, variant) = message("Tap \u{E000} to start")
        let report = try renderFresh(spec, variant, engine: engine).report
        XCTAssertEqual(report.texts.map(\.privateUseCharacters), [["U+E000"], []])
        XCTAssertEqual(report.texts.flatMap(\.missingCharacters), [], "Inter maps U+E000: not a box")
        XCTAssertEqual(report.findings.filter { $0.kind == .privateUseCharacters }.map(\.message),
                       ["title has private-use characters, which an iPhone's fonts draw their own way: U+E000"])
        XCTAssertEqual(report.missingCharacterMessages(spec: "world.json"),
                       ["world.json: the title text has private-use characters, which an iPhone's fonts draw their own way: U+E000"])
    }
}
