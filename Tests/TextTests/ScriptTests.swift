import Raster
import XCTest
@testable import Text

/// The scripts of the fallback table (`Cascade`): real glyphs for each, Han by language, the line
/// breaks and line heights each needs, and characters no pinned font can draw reported as missing.
final class ScriptTests: XCTestCase {
    var engine: TextEngine!
    var inter: Font!

    override func setUpWithError() throws {
        engine = try makeEngine()
        inter = try engine.systemFont()
    }

    /// Marketing copy in every pinned script, with its language.
    static let copy: [(script: String, language: String?, text: String)] = [
        ("Japanese", "ja", "週末限定：全商品ポイント10倍！"),
        ("Simplified Chinese", "zh-Hans", "周末特惠：全场商品八折起"),
        ("Traditional Chinese", "zh-Hant", "會員限定：下一筆訂單享八折優惠"),
        ("Korean", "ko", "고객님을 위한 특별한 선물"),
        ("Thai", "th", "ใกล้ได้รับการจัดส่งฟรีแล้ว"),
        ("Lao", "lo", "ສົ່ງຟຣີສຳລັບທຸກຄຳສັ່ງຊື້"),
        ("Khmer", "km", "ដឹកជញ្ជូនឥតគិតថ្លៃ"),
        ("Myanmar", "my", "အခမဲ့ ပို့ဆောင်ပေးသည်"),
        ("Hindi", "hi", "दिवाली पर हर ऑर्डर पर छूट"),
        ("Bengali", "bn", "আজই অর্ডার করুন"),
        ("Punjabi", "pa", "ਅੱਜ ਹੀ ਆਰਡਰ ਕਰੋ"),
        ("Gujarati", "gu", "આજે જ ઓર્ડર કરો"),
        ("Tamil", "ta", "இன்றே ஆர்டர் செய்யுங்கள்"),
        ("Telugu", "te", "ఈరోజే ఆర్డర్ చేయండి"),
        ("Kannada", "kn", "ಇಂದೇ ಆರ್ಡರ್ ಮಾಡಿ"),
        ("Malayalam", "ml", "ഇന്നുതന്നെ ഓർഡർ ചെയ്യൂ"),
        ("Sinhala", "si", "අදම ඇණවුම් කරන්න"),
        ("Georgian", "ka", "შეუკვეთე დღესვე"),
        ("Armenian", "hy", "Պատվիրեք այսօր"),
        ("Amharic", "am", "ዛሬ ይዘዙ"),
    ]

    func layout(_ text: String, font: Font? = nil, size: Double = 17, width: Double = 300, language: String? = nil) throws -> TextLayout {
        try engine.layoutParagraph(text: text, font: font ?? inter, sizeInPoints: size, scale: 2,
                                   maxWidthInPoints: width, maxLines: 0, direction: .leftToRight, language: language)
    }

    // MARK: Real glyphs

    func testCopyInEveryPinnedScriptHasRealGlyphs() throws {
        let bold = engine.boldFont(of: inter)
        for font in [inter!, bold] {
            var images: [(script: String, pixels: Pixmap)] = []
            for sample in Self.copy {
                let laidOut = try layout(sample.text, font: font, language: sample.language)
                XCTAssertEqual(laidOut.missingCharacters, [], "\(sample.script) (\(font))")
                // Drawn from the script table's font, not the primary font's .notdef.
                let faces = Set(laidOut.glyphs.map(\.face))
                XCTAssertFalse(faces.contains(font.face) && faces.count == 1, sample.script)
                images.append((sample.script, try XCTUnwrap(render(laidOut, engine: engine))))
            }
            for i in images.indices {
                for j in images.indices where j > i {
                    XCTAssertNotEqual(images[i].pixels, images[j].pixels, "\(images[i].script) and \(images[j].script) look the same")
                }
            }
        }
    }

    func testBoxesOfUndrawableTextWouldAllLookAlike() throws {
        // What the test above guards against: text of missing glyphs draws identical boxes.
        let a = try layout("\u{F8FF}\u{F8FE}"), b = try layout("\u{F8FD}\u{F8FC}")
        XCTAssertEqual(try XCTUnwrap(render(a, engine: engine)), try XCTUnwrap(render(b, engine: engine)))
    }

    // MARK: Han by language

    func testHanTakesTheFaceOfTheLanguage() throws {
        let han = "直骨写"
        func image(_ language: String?) throws -> Pixmap { try XCTUnwrap(render(try layout(han, language: language), engine: engine)) }
        let japanese = try image("ja"), simplified = try image("zh-Hans")
        XCTAssertNotEqual(japanese, simplified, "直, 骨 and 写 are written differently in Japan and China")
        XCTAssertNotEqual(try image("zh-Hant"), simplified)
        XCTAssertEqual(try image("zh-CN"), simplified)
        XCTAssertEqual(try image("zh-TW"), try image("zh-Hant"))
        XCTAssertEqual(try image("ja-JP"), japanese)
        // Without a language (or with one that is not Chinese, Japanese or Korean): Simplified Chinese.
        XCTAssertEqual(try image(nil), simplified)
        XCTAssertEqual(try image("en"), simplified)
        // Each face comes from the one collection, by index.
        let faces = Set([try layout(han, language: "ja"), try layout(han, language: "zh-Hans"),
                         try layout(han, language: "zh-Hant"), try layout(han, language: "ko")].flatMap { $0.glyphs.map(\.face) })
        XCTAssertEqual(faces.count, 4)
    }

    func testCascadeLanguageTags() {
        XCTAssertEqual(Cascade.cjkFace(forLanguage: "ja"), .japanese)
        XCTAssertEqual(Cascade.cjkFace(forLanguage: "ko-KR"), .korean)
        XCTAssertEqual(Cascade.cjkFace(forLanguage: "zh"), .simplifiedChinese)
        XCTAssertEqual(Cascade.cjkFace(forLanguage: "zh-Hans-HK"), .simplifiedChinese)
        XCTAssertEqual(Cascade.cjkFace(forLanguage: "zh_TW"), .traditionalChinese)
        XCTAssertEqual(Cascade.cjkFace(forLanguage: "zh-HK"), .hongKong)
        XCTAssertNil(Cascade.cjkFace(forLanguage: "de"))
        XCTAssertNil(Cascade.cjkFace(forLanguage: nil))
    }

    func testLatinTextNeverOpensTheTableFonts() throws {
        let laidOut = try layout("Fresh croissants every weekend — 20% off, café au lait «gratuit»")
        XCTAssertEqual(Set(laidOut.glyphs.map(\.face)), [inter.face])
    }

    // MARK: Line breaking

    func testThaiBreaksBetweenDictionaryWords() throws {
        // No spaces: ภาษา|ไทย|ง่าย|นิด|เดียว. ICU's dictionary finds the words.
        var paragraph = Prepare.paragraph("ภาษาไทยง่ายนิดเดียว", paragraphLevel: 0)
        try BreakLines.findOpportunities(&paragraph)
        let breaks = paragraph.breakFlags.indices.filter { paragraph.breakFlags[$0] == 1 }
        XCTAssertEqual(breaks, [4, 7, 11, 14])
    }

    func testLaoKhmerAndMyanmarBreakInsideTextWithoutSpaces() throws {
        for text in ["ສົ່ງຟຣີສຳລັບທຸກຄຳສັ່ງຊື້", "ដឹកជញ្ជូនឥតគិតថ្លៃសម្រាប់ការបញ្ជាទិញ", "အခမဲ့ပို့ဆောင်ပေးသည်"] {
            var paragraph = Prepare.paragraph(text, paragraphLevel: 0)
            try BreakLines.findOpportunities(&paragraph)
            XCTAssertTrue(paragraph.breakFlags.dropLast().contains(1), "no break opportunity found in \(text)")
        }
        // And they wrap there: several lines, none cut inside a cluster.
        let laidOut = try layout("ສົ່ງຟຣີສຳລັບທຸກຄຳສັ່ງຊື້ສົ່ງຟຣີສຳລັບທຸກຄຳສັ່ງຊື້", width: 80, language: "lo")
        XCTAssertGreaterThan(laidOut.lineCount, 1)
        XCTAssertEqual(laidOut.missingCharacters, [])
    }

    func testNoLineStartsWithClosingPunctuationOrSmallKana() throws {
        let text = "週末限定：全商品ポイント10倍キャンペーン実施中。今週末はアプリからのご注文で、すべての商品にポイントが10倍つきます（「期間限定」）。ちょっと待って！お見逃しなく。"
        let neverFirst = Set("。、，．」』）！？：；ーぁぃぅぇぉっゃゅょァィゥェォッャュョ")
        let neverLast = Set("「『（")
        let units = Array(text.utf16)
        func character(_ offset: Int) -> Character { Character(String(decoding: units[offset..<offset + 1], as: UTF16.self)) }
        // ICU's opportunities, with and without a language (Japanese and Chinese keep the strict rules).
        for language in [nil, "ja", "zh-Hant", "zh-Hans"] {
            var paragraph = Prepare.paragraph(text, paragraphLevel: 0)
            try BreakLines.findOpportunities(&paragraph, language: language)
            let breaks = (1..<units.count).filter { paragraph.breakFlags[$0] != 0 }
            XCTAssertGreaterThan(breaks.count, 40, "ideographs and kana may be broken between")
            for offset in breaks {
                XCTAssertFalse(neverFirst.contains(character(offset)), "\(language ?? "-"): a break before \(character(offset))")
                XCTAssertFalse(neverLast.contains(character(offset - 1)), "\(language ?? "-"): a break after \(character(offset - 1))")
            }
        }
        // And the lines: from 80 points every unbreakable piece (す（「期: four ideographs wide) fits, so no line is cut inside one.
        for width in stride(from: 80.0, through: 260, by: 7) {
            let laidOut = try layout(text, width: width, language: "ja")
            XCTAssertEqual(laidOut.missingCharacters, [])
            XCTAssertGreaterThan(laidOut.lineCount, 2)
            for line in laidOut.lines.dropFirst() {
                XCTAssertFalse(neverFirst.contains(character(line.textRange.lowerBound)), "width \(width)")
            }
            for line in laidOut.lines.dropLast() where !line.textRange.isEmpty {
                XCTAssertFalse(neverLast.contains(character(line.textRange.upperBound - 1)), "width \(width)")
            }
        }
    }

    func testANewlineBeforeThaiDoesNotMakeEveryWordALine() throws {
        // ICU reports a dictionary boundary with the status of the rule boundary before it; a
        // newline's "hard" status must not turn each Thai word into a mandatory break.
        let laidOut = try layout("Order today\nส่งฟรีทุกคำสั่งซื้อ\nOrder today", width: 300)
        XCTAssertEqual(laidOut.lineCount, 3)
    }

    // MARK: Line height

    func testLinesOfTallerScriptsNeverTouch() throws {
        let texts = [
            ("Thai", "ใกล้ได้รับการจัดส่งฟรีแล้ว ซื้อเพิ่มอีกนิดเพื่อรับสิทธิ์จัดส่งฟรี ไม่รวมเครื่องดื่มแอลกอฮอล์และบัตรของขวัญ ผู้ใหญ่ปั้นฎีกาฏุ"),
            ("Hindi", "इस सप्ताह ऐप से ऑर्डर करें और मुफ़्त डिलीवरी के साथ अपनी पसंदीदा मिठाइयों पर बचत करें। ऑफ़र रविवार रात तक मान्य है।"),
            ("Latin and Thai", "Free delivery ส่งฟรี on every order ทุกคำสั่งซื้อ — Weekend Sale ลดราคาสุดสัปดาห์ Égypte Ångström ปั้นฎีกาฏุ"),
        ]
        let bold = engine.boldFont(of: inter)
        for (name, text) in texts {
            for (category, size) in [("L", 17.0), ("AX5", 53.0)] {
                for font in [inter!, bold] {
                    let laidOut = try layout(text, font: font, size: size, width: size * 12)
                    XCTAssertGreaterThan(laidOut.lineCount, 2, "\(name) at \(category)")
                    let rows = try XCTUnwrap(inkRows(laidOut, engine: engine))
                    for i in rows.indices.dropLast() {
                        XCTAssertLessThan(rows[i].bottom + 1, rows[i + 1].top,
                                          "\(name) at \(category) (\(font)): ink of line \(i + 1) touches line \(i + 2)")
                    }
                }
            }
        }
    }

    func testLinesOfEveryPinnedScriptNeverTouch() throws {
        // Khmer's subscript consonants hang below the font's declared descent; Sinhala's ink fills
        // its line to the edge: the ink itself must fit.
        for sample in Self.copy {
            let text = Array(repeating: sample.text, count: 4).joined(separator: " ")
            for size in [17.0, 53.0] {
                let laidOut = try layout(text, size: size, width: size * 8, language: sample.language)
                XCTAssertGreaterThan(laidOut.lineCount, 1, sample.script)
                let rows = try XCTUnwrap(inkRows(laidOut, engine: engine))
                for i in rows.indices.dropLast() {
                    XCTAssertLessThan(rows[i].bottom + 1, rows[i + 1].top, "\(sample.script) at \(size) pt: lines \(i + 1) and \(i + 2) touch")
                }
            }
        }
    }

    func testLinesOfTheSystemFontAndItsCompanionsKeepTheirHeight() throws {
        for text in ["Fresh croissants every weekend. Order now and get 20% off your first box!",
                     "مرحبا بكم في متجرنا! خصم عشرين بالمئة على طلبك الأول", "Party 🎉 family time ❤️ and more fun"] {
            let laidOut = try layout(text, width: 120)
            XCTAssertGreaterThan(laidOut.lineCount, 1)
            XCTAssertEqual(laidOut.height, Double(laidOut.lineCount) * laidOut.lineHeight)
            for (i, line) in laidOut.lines.enumerated() {
                XCTAssertEqual(line.baseline, laidOut.lines[0].baseline + Double(i) * laidOut.lineHeight)
            }
        }
        // A Thai line grows by what Noto Sans Thai reaches beyond Inter, and only that line.
        let mixed = try layout("Order today\nส่งฟรีทุกคำสั่งซื้อ\nOrder today", width: 300)
        XCTAssertEqual(mixed.lineCount, 3)
        let gaps = [mixed.lines[1].baseline - mixed.lines[0].baseline, mixed.lines[2].baseline - mixed.lines[1].baseline]
        XCTAssertGreaterThan(gaps[0], mixed.lineHeight)
        XCTAssertGreaterThan(gaps[1], mixed.lineHeight)
        XCTAssertGreaterThan(mixed.height, 3 * mixed.lineHeight)
    }

    // MARK: Missing characters

    func testCharactersNoPinnedFontDrawsAreReported() throws {
        // U+0378 (unassigned), each once; U+F8FF (private use: Apple's logo on an iPhone) is a box too,
        // but reported as private use only.
        let laidOut = try layout("Order on your \u{F8FF} Watch \u{0378} or \u{F8FF}")
        XCTAssertEqual(laidOut.missingCharacters, ["\u{0378}"])
        XCTAssertEqual(laidOut.privateUseCharacters, ["\u{F8FF}"])
        XCTAssertEqual(try layout("Order on your Watch").missingCharacters, [])
        // Invisible controls and joiners are not boxes.
        XCTAssertEqual(try layout("a\u{200D}b\u{200B}c\u{FE0F}\u{2028}d").missingCharacters, [])
    }
}
