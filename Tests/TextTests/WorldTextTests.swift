import Raster
import XCTest
@testable import Text

/// World text, second pass: every character some pinned font maps is drawn with it (fallback by
/// coverage), Korean breaks between words, no line starts with what belongs to the syllable before,
/// lines make room for the ink of marks, the scripts added with their fonts, private-use characters
/// reported, and missing characters named exactly over the whole text.
final class WorldTextTests: XCTestCase {
    var engine: TextEngine!
    var inter: Font!

    override func setUpWithError() throws {
        engine = try makeEngine()
        inter = try engine.systemFont()
    }

    func layout(_ text: String, font: Font? = nil, size: Double = 17, width: Double = 300, maxLines: Int = 0,
                language: String? = nil, direction: TextDirection = .leftToRight) throws -> TextLayout {
        try engine.layoutParagraph(text: text, font: font ?? inter, sizeInPoints: size, scale: 3,
                                   maxWidthInPoints: width, maxLines: maxLines, direction: direction, language: language)
    }

    // MARK: Fallback by coverage

    /// Characters that only some pinned font outside the chain and the script's own font maps.
    static let coveredElsewhere: [(group: String, language: String?, text: String)] = [
        ("full-width Latin in Japanese copy", "ja", "今だけ！ＳＡＬＥ開催中"),
        ("full-width Latin, no language", nil, "ＳＡＬＥ ５０％ＯＦＦ"),
        ("ligature code points", nil, "Oﬃce ﬀ ﬁ ﬂ ﬃ ﬄ"),
        ("arrows and maths", nil, "∀ ∈ ∉ ∑ ∮ ∇ ℝ ⇒ ⇔ ↦ ⊂ ≅"),
        ("vertical ellipsis", nil, "Menu ⋮"),
        ("enclosed alphanumerics", nil, "🄀 🄐 🄰 🅐 🆬 🈐 🈚 🉈"),
        ("circled numbers", nil, "⑩ ⑮ ⑳ ㉑ ❶ ❿ ➀"),
        ("small form variants", nil, "﹐﹑﹒﹔﹕﹖﹗﹘﹙﹚﹛﹜﹝﹞﹟﹠﹡﹢﹣﹤﹥﹦﹨﹩﹪﹫"),
        ("small form variants after Chinese", "zh-Hans", "中文﹐﹑﹒﹔"),
    ]

    func testCharactersSomePinnedFontMapsDrawWithRealGlyphs() throws {
        for font in [inter!, engine.boldFont(of: inter)] {
            for sample in Self.coveredElsewhere {
                let laidOut = try layout(sample.text, font: font, language: sample.language)
                XCTAssertEqual(laidOut.missingCharacters, [], "\(sample.group) (\(font))")
                XCTAssertFalse(laidOut.glyphs.contains { $0.id == 0 }, "\(sample.group) (\(font)): a .notdef box")
            }
        }
        // In Japanese copy the full-width letters come from the Japanese CJK face, as the ideographs do.
        let japanese = try layout("今だけ！ＳＡＬＥ開催中", language: "ja")
        XCTAssertEqual(Set(japanese.glyphs.map(\.face)).count, 1)
    }

    func testLatinTextStillOpensNoOtherFont() throws {
        // A fresh engine: the fallback chain (Inter, Noto Sans Arabic, Hebrew, Color Emoji) and no more,
        // even for an unassigned or a private-use character, which fallback by coverage never looks for.
        let fresh = try makeEngine()
        let laidOut = try fresh.layoutParagraph(text: "Fresh croissants every weekend — 20% off, café au lait «gratuit» \u{F8FF} \u{0378}",
                                                font: try fresh.systemFont(), sizeInPoints: 17, scale: 3, maxWidthInPoints: 300,
                                                maxLines: 0, direction: .leftToRight)
        XCTAssertEqual(Set(laidOut.glyphs.map(\.face)), [inter.face])
        XCTAssertEqual(fresh.library.openedFaceCount, 4)
        // A symbol opens the one font that has it.
        _ = try fresh.layoutParagraph(text: "Call ⑩", font: try fresh.systemFont(), sizeInPoints: 17, scale: 3,
                                      maxWidthInPoints: 300, maxLines: 0, direction: .leftToRight)
        XCTAssertEqual(fresh.library.openedFaceCount, 5)
    }

    // MARK: Missing and private-use characters

    func testMissingCharactersAreNamedExactly() throws {
        // The Arabic number sign is a format character by category but is drawn (Noto Sans Arabic has it).
        XCTAssertEqual(try layout("\u{0600} 12").missingCharacters, [])
        // Kaithi's number sign is no pinned font's: it is named, not the space it forms a cluster with.
        XCTAssertEqual(try layout("\u{110BD} 12").missingCharacters, ["\u{110BD}"])
        XCTAssertEqual(try layout("Order \u{0378} now").missingCharacters, ["\u{0378}"])
    }

    func testMissingCharactersArePastTheCapToo() throws {
        let long = String(repeating: "a", count: 9_000) + " \u{0378} " + String(repeating: "b", count: 1_000) + "\u{0379}"
        let laidOut = try layout(long, maxLines: 2)
        XCTAssertEqual(laidOut.missingCharacters, ["\u{0378}", "\u{0379}"])
        // Characters past the cap that a pinned font maps are not missing.
        XCTAssertEqual(try layout(String(repeating: "a", count: 9_000) + " 中文 ⑩ ﬃ", maxLines: 2).missingCharacters, [])
    }

    func testPrivateUseCharactersAreReportedWhateverFontMapsThem() throws {
        // Inter maps U+E000; nothing maps U+F8FF: both are private use, each once.
        let laidOut = try layout("Tap \u{E000} or \u{F8FF} and \u{E000} \u{F0000}")
        XCTAssertEqual(laidOut.privateUseCharacters, ["\u{E000}", "\u{F8FF}", "\u{F0000}"])
        XCTAssertEqual(try layout("Nothing private here").privateUseCharacters, [])
    }

    // MARK: New scripts

    static let newScripts: [(script: String, language: String?, text: String)] = [
        ("Odia", "or", "ଆଜି ହିଁ ଅର୍ଡର କରନ୍ତୁ"),
        ("Tibetan", "bo", "དེ་རིང་བཀའ་རྒྱ་གནང་རོགས།"),
        ("Mongolian", "mn-Mong", "ᠮᠣᠩᠭᠣᠯ ᠪᠢᠴᠢᠭ"),
        ("Cherokee", "chr", "ᏣᎳᎩ ᎦᏬᏂᎯᏍᏗ"),
        ("Syriac", "syr", "ܠܫܢܐ ܣܘܪܝܝܐ"),
        ("Thaana", "dv", "ދިވެހި ބަސް"),
        ("N'Ko", "nqo", "ߒߞߏ ߛߓߍߛߎ߲"),
        ("Javanese", "jv", "ꦲꦏ꧀ꦱꦫꦗꦮ"),
        ("Ol Chiki", "sat", "ᱥᱟᱱᱛᱟᱲᱤ ᱯᱟᱹᱨᱥᱤ"),
        ("Adlam", "ff-Adlm", "𞤀𞤣𞤤𞤢𞤥 𞤆𞤵𞤤𞤢𞤪"),
        ("Canadian Aboriginal", "iu", "ᐃᓄᒃᑎᑐᑦ ᑐᑭᓯᓇᓂᒃ"),
        ("maths", nil, "∀x ∈ ℝ: ∮ ∇·F dA = 0"),
        ("symbols", nil, "⌘ ⏎ ⚐ ♻ 🜁 🝖"),
    ]

    func testEveryNewScriptDrawsWithNoMissingCharacter() throws {
        for font in [inter!, engine.boldFont(of: inter)] {
            var seen: [Pixmap] = []
            for sample in Self.newScripts {
                let laidOut = try layout(sample.text, font: font, language: sample.language)
                XCTAssertEqual(laidOut.missingCharacters, [], "\(sample.script) (\(font))")
                XCTAssertFalse(laidOut.glyphs.contains { $0.id == 0 }, sample.script)
                XCTAssertFalse(Set(laidOut.glyphs.map(\.face)) == [font.face], "\(sample.script): drawn by \(font) alone")
                let image = try XCTUnwrap(render(laidOut, engine: engine))
                XCTAssertFalse(seen.contains { $0.pixels == image.pixels }, sample.script)
                seen.append(image)
            }
        }
    }

    // MARK: Korean

    static let koreanBody = "이번 주말 한정! 앱에서 주문하시면 모든 상품에 할인된 가격이 적용되고 추가 적립금도 드립니다. 지금 바로 확인하세요."

    /// Lines of `laidOut` but the last end at a space: the unit after the line's shown text is one.
    func linesEndAtSpaces(_ laidOut: TextLayout, _ text: String) -> Bool {
        let units = Array(text.utf16)
        return laidOut.lines.dropLast().allSatisfy { units.indices.contains($0.textRange.upperBound) && units[$0.textRange.upperBound] == 0x20 }
    }

    func testKoreanBreaksBetweenWords() throws {
        var report: [String] = []
        // Two text sizes (body at L, and at AX2), three widths where every word fits.
        for size in [15.0, 28.0] {
            for width in [200.0, 280.0, 358.0] {
                let laidOut = try layout(Self.koreanBody, size: size, width: width, language: "ko")
                XCTAssertGreaterThan(laidOut.lineCount, 1)
                XCTAssertTrue(linesEndAtSpaces(laidOut, Self.koreanBody), "\(size) pt at \(width) pt: \(laidOut.lineTexts)")
                report.append("\(Int(size)) pt × \(Int(width)) pt: \(laidOut.lineCount) lines")
            }
        }
        // A sweep: from 150 pt every word fits, so every break is at a space.
        var breaks = 0
        for width in stride(from: 150.0, through: 358, by: 2) {
            let laidOut = try layout(Self.koreanBody, size: 15, width: width, language: "ko")
            XCTAssertTrue(linesEndAtSpaces(laidOut, Self.koreanBody), "\(width) pt: \(laidOut.lineTexts)")
            breaks += laidOut.lineCount - 1
        }
        XCTAssertGreaterThan(breaks, 250)
        // Without a language too: Hangul word priority follows the characters, as on iOS.
        XCTAssertTrue(linesEndAtSpaces(try layout(Self.koreanBody, width: 160), Self.koreanBody))
        // A word longer than the line is still cut inside.
        let long = try layout("초특가할인이벤트진행중입니다", width: 60, language: "ko")
        XCTAssertGreaterThan(long.lineCount, 1)
        // Japanese and Chinese keep breaking between characters.
        XCTAssertFalse(linesEndAtSpaces(try layout("週末限定 全商品ポイント十倍キャンペーン実施中", width: 100, language: "ja"),
                                        "週末限定 全商品ポイント十倍キャンペーン実施中"))
    }

    // MARK: Line starts

    /// Whether a line may start with `g`: not a mark, not a repetition mark, not a consonant killed by asat.
    func startsValidly(_ g: Character) -> Bool {
        let scalars = Array(g.unicodeScalars)
        let category = scalars[0].properties.generalCategory
        if [.nonspacingMark, .spacingMark, .enclosingMark].contains(category) { return false }
        if [0x17D7, 0x0E46, 0x0EC6].contains(scalars[0].value) { return false }
        return !(scalars.count > 1 && (scalars[1].value == 0x103A || scalars[1].value == 0x1037 && scalars.count > 2 && scalars[2].value == 0x103A))
    }

    func testKhmerAndMyanmarLinesStartValidly() throws {
        let texts = [
            ("km", "ផ្សេងៗទៀតជាច្រើនៗ ទំនិញថ្មីៗ ដឹកជញ្ជូនឥតគិតថ្លៃសម្រាប់ការបញ្ជាទិញទាំងអស់ ផ្សេងៗ បញ្ចុះតម្លៃពិសេសៗ"),
            ("my", "အက်ပ်မှာ မှာယူပါ အက်ပ်ဖြင့် ပို့ဆောင်ခ အခမဲ့ ဒီတစ်ပတ်ကုန်အထိ အထူးလျှော့ဈေး ဝယ်ယူပါ အက်ပ်"),
        ]
        for (language, text) in texts {
            var lines = 0
            for width in stride(from: 30.0, through: 300, by: 3) {
                let laidOut = try layout(text, width: width, language: language)
                let units = Array(text.utf16)
                for line in laidOut.lines.dropFirst() {
                    let start = line.textRange.lowerBound
                    let g = String(decoding: units[start...], as: UTF16.self).first!
                    XCTAssertTrue(startsValidly(g), "\(language) at \(width) pt: a line starts with \(g.unicodeScalars.map { String($0.value, radix: 16) })")
                }
                lines += laidOut.lineCount
            }
            XCTAssertGreaterThan(lines, 200, language)
        }
        // ICU offers a break before ៗ; it is not taken.
        var paragraph = Prepare.paragraph("ផ្សេងៗទៀត", paragraphLevel: 0)
        try BreakLines.findOpportunities(&paragraph, language: "km")
        let repetition = Array("ផ្សេងៗទៀត".utf16).firstIndex(of: 0x17D7)!
        XCTAssertEqual(paragraph.breakFlags[repetition], 0)
    }

    // MARK: Room for marks

    static let harakat = "سَّٰٓ مَرْحَبًا بِكُمْ فِي مَتْجَرِنَا! خَصْمٌ عِشْرِينَ بِالْمِئَةِ عَلَى طَلَبِكَ الْأَوَّلِ سَّٰٓ"

    /// Each line's ink, drawn on its own, is a band of rows apart from the next line's by at least one
    /// clear row; the first line's ink is below the layout's top row. Returns the bands.
    func assertSeparateInkBands(_ laidOut: TextLayout, _ what: String) throws -> [ClosedRange<Int>] {
        let bands = try XCTUnwrap(inkRows(laidOut, engine: engine)).map { ($0.top - 100)...($0.bottom - 100) }
        XCTAssertEqual(bands.count, laidOut.lineCount)
        for i in bands.indices.dropLast() {
            XCTAssertLessThan(bands[i].upperBound + 1, bands[i + 1].lowerBound, "\(what): lines \(i + 1) and \(i + 2) touch")
        }
        XCTAssertGreaterThan(bands.first?.lowerBound ?? 0, 0, "\(what): ink on the layout's top row")
        XCTAssertLessThan(bands.last?.upperBound ?? 0, Int(laidOut.height), "\(what): ink below the layout's box")
        return bands
    }

    func testArabicWithHarakatAtAX5HasOneInkBandPerLine() throws {
        for font in [inter!, engine.boldFont(of: inter)] {
            // AX5 body (15 pt subheadline → 53 pt … the banner body's largest size) in a 390 pt card.
            let laidOut = try layout(Self.harakat, font: font, size: 53, width: 390 - 32, language: "ar", direction: .rightToLeft)
            XCTAssertGreaterThan(laidOut.lineCount, 2)
            _ = try assertSeparateInkBands(laidOut, "\(font)")
            // Marks drawn by a face of the chain grew the lines: taller than lines of the system font alone.
            XCTAssertGreaterThan(laidOut.height, Double(laidOut.lineCount) * laidOut.lineHeight)
        }
        // Arabic without marks keeps the system font's line height exactly.
        let plain = try layout("مرحبا بكم في متجرنا خصم عشرين بالمئة على طلبك الأول", size: 53, width: 358, direction: .rightToLeft)
        XCTAssertEqual(plain.height, Double(plain.lineCount) * plain.lineHeight)
    }

    // MARK: Line texts

    func testLineTextsAreWhatEachLineShows() throws {
        let laidOut = try layout("Two pastries for the price of one every weekend morning", width: 120, maxLines: 2)
        XCTAssertEqual(laidOut.lineTexts.count, 2)
        XCTAssertEqual(laidOut.lineTexts.last?.last, "…")
        XCTAssertEqual(laidOut.lineTexts.joined(separator: " "), laidOut.shownText)
        let arabic = try layout("مرحبا بكم في متجرنا خصم عشرين بالمئة", width: 100, direction: .rightToLeft)
        XCTAssertEqual(arabic.lineTexts.joined(separator: " "), "مرحبا بكم في متجرنا خصم عشرين بالمئة")
    }
}
