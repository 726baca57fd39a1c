import CHarfBuzz
import Foundation
import XCTest
@testable import Text

/// The studio's web fonts: the CJK collection served face by face, each face a font file of its own
/// that draws what the collection's face draws, and `:lang()` rules that pick faces as the renderer does.
final class WebFontsTests: XCTestCase {
    func testAFaceCutOutOfTheCollectionIsThatFace() throws {
        let path = fontsDirectory + "/NotoSansCJK-Regular.ttc"
        let collection = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        for face in [Cascade.CJKFace.japanese, .korean, .traditionalChinese] {
            let single = try XCTUnwrap(WebFonts.face(face.rawValue, ofCollection: collection))
            XCTAssertEqual(Array(single.prefix(4)), Array("OTTO".utf8), "a CFF OpenType font, not a collection")
            // The whole file's checksum, with head's checkSumAdjustment, is the OpenType constant.
            var sum: UInt32 = 0
            for word in stride(from: 0, to: single.count, by: 4) {
                sum &+= UInt32(single[word]) << 24 | UInt32(single[word + 1]) << 16 | UInt32(single[word + 2]) << 8 | UInt32(single[word + 3])
            }
            XCTAssertEqual(sum, 0xB1B0_AFBA, "\(face)")
            // HarfBuzz reads it as the collection's face: the same glyphs for the same characters.
            func glyphs(_ bytes: [UInt8], index: UInt32) -> [hb_codepoint_t] {
                bytes.withUnsafeBufferPointer { buffer in
                    let blob = hb_blob_create(UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self),
                                              UInt32(buffer.count), HB_MEMORY_MODE_READONLY, nil, nil)
                    defer { hb_blob_destroy(blob) }
                    let hbFace = hb_face_create(blob, index)
                    defer { hb_face_destroy(hbFace) }
                    let font = hb_font_create(hbFace)
                    defer { hb_font_destroy(font) }
                    return "直骨写한글あ".unicodeScalars.map { scalar in
                        var glyph: hb_codepoint_t = 0
                        _ = hb_font_get_nominal_glyph(font, scalar.value, &glyph)
                        return glyph
                    }
                }
            }
            let own = glyphs(single, index: 0)
            XCTAssertFalse(own.contains(0), "\(face) maps every character")
            XCTAssertEqual(own, glyphs(collection, index: UInt32(face.rawValue)), "\(face)")
        }
        XCTAssertNil(WebFonts.face(10, ofCollection: collection), "the collection has ten faces")
        XCTAssertNil(WebFonts.face(0, ofCollection: Array("OTTO and nothing else".utf8)))
        XCTAssertNil(WebFonts.face(0, ofCollection: Array(collection.prefix(200))), "a cut-off file")
    }

    /// A style sheet's `:lang()` rules, the later winning, choose the face `cjkFace(forLanguage:)` does.
    func testTheLanguageRulesChooseTheRenderersFace() {
        func cssFace(_ tag: String) -> Cascade.CJKFace {
            var chosen = Cascade.defaultCJKFace
            for (face, selectors) in Cascade.cjkLanguageSelectors
            where selectors.contains(where: { tag.lowercased() == $0.lowercased() || tag.lowercased().hasPrefix($0.lowercased() + "-") }) {
                chosen = face
            }
            return chosen
        }
        for tag in ["ja", "ja-JP", "ko", "ko-KR", "zh", "zh-CN", "zh-SG", "zh-Hans", "zh-Hans-CN", "zh-Hans-HK", "zh-Hant",
                    "zh-TW", "zh-Hant-TW", "zh-HK", "zh-Hant-HK", "zh-MO", "yue", "yue-Hant", "yue-Hans", "en", "de", "ar"] {
            XCTAssertEqual(cssFace(tag), Cascade.cjkFace(forLanguage: tag) ?? Cascade.defaultCJKFace, tag)
        }
    }

    func testTheCollectionIsServedFaceByFace() throws {
        let fonts = WebFonts(folder: fontsDirectory)
        XCTAssertNil(fonts.face(named: "NotoSansCJK-Regular.ttc"), "a browser would draw only its first face")
        let chinese = try XCTUnwrap(fonts.face(named: "NotoSansCJKsc-Regular.otf"))
        XCTAssertEqual(chinese.family, "Grona NotoSansCJK")
        XCTAssertEqual(chinese.faceIndex, Cascade.CJKFace.simplifiedChinese.rawValue)
        XCTAssertEqual(fonts.face(named: "NotoSansCJKjp-Bold.otf")?.family, "Grona NotoSansCJK jp")
        XCTAssertEqual(fonts.face(named: "NotoSansCJKjp-Bold.otf")?.weight, "700")
        XCTAssertTrue(fonts.families.contains("Grona NotoSansCJK"))
        XCTAssertFalse(fonts.families.contains("Grona NotoSansCJK jp"), "a language's face is picked by its :lang() rule only")
        let css = fonts.css(prefix: "/f/")
        XCTAssertTrue(css.contains(":lang(ja) { font-family: \"Grona Inter\""), css)
        XCTAssertTrue(css.contains("\"Grona NotoSansCJK jp\", \"Grona NotoSansThai\""))
    }
}
