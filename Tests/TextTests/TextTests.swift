import XCTest
@testable import Text

/// The package root, found from this file's path (Tests/TextTests/TextTests.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let fontsDirectory = packageRoot.appendingPathComponent("Fonts").path

func makeEngine() throws -> TextEngine { try TextEngine(fontsDirectory: fontsDirectory) }

final class LayoutTests: XCTestCase {
    var engine: TextEngine!
    var inter: Font!

    override func setUpWithError() throws {
        engine = try makeEngine()
        inter = try engine.systemFont()
    }

    func layout(_ text: String, size: Double = 17, width: Double = 300, lines: Int = 0,
                direction: TextDirection = .leftToRight, font: Font? = nil) throws -> TextLayout {
        try engine.layoutParagraph(text: text, font: font ?? inter, sizeInPoints: size, scale: 1,
                                   maxWidthInPoints: width, maxLines: lines, direction: direction)
    }

    // MARK: Lines and truncation

    func testWrapsIntoLinesWithoutTruncation() throws {
        let text = "Fresh croissants every weekend. Order now and get 20% off your first box!"
        let l = try layout(text, width: 240, lines: 4)
        XCTAssertEqual(l.lineCount, 3)
        XCTAssertFalse(l.truncated)
        XCTAssertEqual(l.shownText, text)
        for line in l.lines { XCTAssertLessThanOrEqual(line.width, 240) }
        XCTAssertEqual(l.height, 3 * l.lineHeight, accuracy: 1e-9)
    }

    func testMandatoryBreakAndHangingSpaces() throws {
        let l = try layout("One   \nTwo", width: 300)
        XCTAssertEqual(l.lineCount, 2)
        let one = try layout("One", width: 300)
        XCTAssertEqual(l.lines[0].width, one.lines[0].width, accuracy: 1e-9, "trailing spaces hang")
    }

    func testTailTruncationLeftToRight() throws {
        let text = "Fresh croissants every weekend. Order now and get 20% off your first box of pastries!"
        let l = try layout(text, width: 200, lines: 2)
        XCTAssertEqual(l.lineCount, 2)
        XCTAssertTrue(l.truncated)
        XCTAssertTrue(l.shownText.hasSuffix("\u{2026}"))
        XCTAssertTrue(text.hasPrefix(String(l.shownText.dropLast())))
        let last = try XCTUnwrap(l.lines.last)
        XCTAssertEqual(last.runs.last?.isEllipsis, true, "the ellipsis is the rightmost run")
        XCTAssertLessThanOrEqual(last.width, 200 + 1e-6)
        let ellipsisX = try XCTUnwrap(last.runs.last?.glyphs.first?.x)
        XCTAssertEqual(last.runs.flatMap(\.glyphs).map(\.x).max(), ellipsisX)
        // The last line is filled past the word boundary: it is cut at a grapheme, not a word.
        XCTAssertGreaterThan(last.width, 200 - 2 * 17)
    }

    func testTailTruncationRightToLeftPutsEllipsisOnTheLeft() throws {
        let text = "שלום עולם, זהו טקסט ארוך מאוד שצריך להיחתך בסוף השורה השנייה כי הוא ארוך מדי בשביל הבאנר"
        let l = try layout(text, width: 200, lines: 2, direction: .rightToLeft)
        XCTAssertEqual(l.lineCount, 2)
        XCTAssertTrue(l.truncated)
        let last = try XCTUnwrap(l.lines.last)
        XCTAssertEqual(last.runs.first?.isEllipsis, true, "the ellipsis is the leftmost run")
        XCTAssertEqual(last.x + last.width, 200, accuracy: 1e-6, "right-to-left lines end at the right edge")
        XCTAssertTrue(l.shownText.hasSuffix("\u{2026}"))
    }

    func testUnlimitedWidthRightToLeftLinesShareTheRightEdge() throws {
        let l = try layout("שלום\nעולם ארוך יותר\nולבסוף עוד שורה", width: .infinity, lines: 2, direction: .rightToLeft)
        XCTAssertEqual(l.lineCount, 2)
        XCTAssertTrue(l.truncated)
        for line in l.lines { XCTAssertEqual(line.x + line.width, l.alignmentWidth, accuracy: 1e-9) }
        XCTAssertEqual(l.alignmentWidth, l.width, accuracy: 1e-9)
    }

    func testEllipsisUsesTheFaceOfTheTextItFollows() throws {
        // Latin text under an Arabic theme font falls back to Inter; its ellipsis comes from Inter.
        let arabic = try engine.font(named: "NotoSansArabic-Regular.ttf")
        let text = "Fresh croissants every weekend, order now"
        let latin = try layout(text, width: 120, lines: 1, font: arabic)
        XCTAssertTrue(latin.truncated)
        XCTAssertEqual(latin.lines[0].runs.last { $0.isEllipsis }?.face, inter.face)
        XCTAssertNotEqual(inter.face, arabic.face)
        // Noto Sans Arabic has no U+2026, so the ellipsis after Arabic text falls back along the chain.
        let words = "مرحبا بكم في متجرنا! خصم عشرين بالمئة على طلبك الأول"
        let l = try layout(words, width: 120, lines: 1, direction: .rightToLeft, font: arabic)
        XCTAssertEqual(l.lines[0].runs.first?.isEllipsis, true)
        XCTAssertEqual(l.lines[0].runs.first?.face, inter.face)
    }

    func testLongGermanCompoundBreaksInsideTheWord() throws {
        let word = "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen"
        let l = try layout(word, width: 150)
        XCTAssertGreaterThan(l.lineCount, 2)
        XCTAssertFalse(l.truncated)
        let units = Array(word.utf16)
        let joined = l.lines.map { String(decoding: units[$0.textRange], as: UTF16.self) }.joined()
        XCTAssertEqual(joined, word)
        for line in l.lines { XCTAssertLessThanOrEqual(line.width, 150 + 1e-6) }
    }

    func testAccessibilitySizesKeepTheLineLimit() throws {
        // A banner title at accessibilityExtraExtraExtraLarge: title3 is 55 pt there (SPEC §2).
        let size = 55.0
        let text = "Fresh croissants every weekend. Order now and get 20% off your first box!"
        let l = try layout(text, size: size, width: 326, lines: 3)
        XCTAssertLessThanOrEqual(l.lineCount, 3)
        XCTAssertTrue(l.truncated)
    }

    // MARK: Bidi, shaping, fallback

    func testVisualOrderOfMixedRunsInLeftToRightParagraph() throws {
        let text = "Sale: שלום 123 עולם and مرحبا end"
        let l = try layout(text, width: 1000)
        XCTAssertEqual(l.visualRuns(of: text).first,
                       ["Sale: ", "עולם", " ", "123", "שלום ", " ", "and ", "مرحبا", " ", "end"])
    }

    func testVisualOrderOfMixedRunsInRightToLeftParagraph() throws {
        let text = "מבצע: Order 3 items, שלם 2 בלבד"
        let l = try layout(text, width: 1000, direction: .rightToLeft)
        XCTAssertEqual(l.visualRuns(of: text).first,
                       ["בלבד", " ", "2", "שלם ", ", ", "Order 3 items", ": ", "מבצע"])
        XCTAssertEqual(l.lines[0].x + l.lines[0].width, 1000, accuracy: 1e-6)
    }

    func testArabicLettersJoin() throws {
        let isolated = try layout("ب").glyphs.map(\.id)
        let joined = try layout("ببب").glyphs.map(\.id)
        XCTAssertEqual(joined.count, 3)
        XCTAssertFalse(joined.contains(isolated[0]), "joined forms differ from the isolated form")
    }

    func testKerningTightensAV() throws {
        let pair = try layout("AV").width
        let apart = try layout("A").width + layout("V").width
        XCTAssertLessThan(pair, apart - 0.1)
    }

    func testCombiningMarkStaysWithItsBase() throws {
        let text = "e\u{301}"
        let l = try layout(text)
        XCTAssertEqual(l.lines[0].runs.count, 1)
        XCTAssertEqual(l.width, try layout("e").width, accuracy: 0.01, "the accent does not advance")
    }

    func testEmojiComeFromTheColourFace() throws {
        let text = "Hi 👩‍👩‍👧‍👦 👍🏽 🇩🇪"
        let l = try layout(text)
        let emoji = l.glyphs.filter(\.isColor)
        XCTAssertEqual(emoji.count, 3, "a ZWJ family, a toned thumb and a flag are one glyph each")
        guard case let .color(pixmap, _, _, width, height)? = try engine.glyphImage(for: emoji[0]) else {
            return XCTFail("no colour image")
        }
        XCTAssertGreaterThan(pixmap.width, 50)
        XCTAssertEqual(height, 17 * Double(pixmap.height) / 109, accuracy: 1)
        XCTAssertGreaterThan(width, 10)
        XCTAssertTrue(stride(from: 3, to: pixmap.pixels.count, by: 4).contains { pixmap.pixels[$0] == 255 })
    }

    func testFallbackFacesDoNotChangeTheLineHeight() throws {
        let latin = try layout("Hello\nworld", width: 300)
        let mixed = try layout("Hello مرحبا 🎉\nשלום", width: 300)
        XCTAssertEqual(mixed.lineHeight, latin.lineHeight)
        XCTAssertEqual(mixed.lines.map(\.baseline), latin.lines.map(\.baseline))
        XCTAssertEqual(latin.lineHeight, 17 * 1.21, accuracy: 0.1, "Inter's line height")
    }

    // MARK: Fonts

    func testBoldFaceIsFoundByFamilyAndStyle() throws {
        let bold = engine.boldFont(of: inter)
        XCTAssertEqual(bold.styleName, "Bold")
        XCTAssertFalse(bold.isSyntheticBold)
        XCTAssertTrue(bold.path.hasSuffix("Inter-Bold.otf"))
        let arabic = engine.boldFont(of: try engine.font(named: "NotoSansArabic-Regular"))
        XCTAssertTrue(arabic.path.hasSuffix("NotoSansArabic-Bold.ttf"))
    }

    func testSyntheticBoldWhenTheFamilyHasNoBold() throws {
        let medium = try engine.font(named: "Inter-Medium.otf")
        XCTAssertEqual(medium.familyName, "Inter")  // Inter Medium shares the family name
        let emoji = try engine.font(named: "NotoColorEmoji.ttf")
        let synthetic = engine.boldFont(of: emoji)
        XCTAssertTrue(synthetic.isSyntheticBold)
        // A text face alone in a fonts folder, with no bold beside it, is emboldened: wider glyphs.
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("text-tests-\(getpid())")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        let copy = tmp.appendingPathComponent("Lonely-Regular.otf")
        try FileManager.default.copyItem(atPath: inter.path, toPath: copy.path)
        let lonelyEngine = try TextEngine(fontsDirectory: tmp.path)
        let lonely = try lonelyEngine.font(named: "Lonely-Regular")
        let emboldened = lonelyEngine.boldFont(of: lonely)
        XCTAssertTrue(emboldened.isSyntheticBold)
        XCTAssertTrue(emboldened.isBold)
        let regularWidth = try lonelyEngine.layoutParagraph(text: "Order now", font: lonely, sizeInPoints: 17, scale: 1,
                                                           maxWidthInPoints: .infinity, maxLines: 1,
                                                           direction: .leftToRight).width
        let boldLayout = try lonelyEngine.layoutParagraph(text: "Order now", font: emboldened, sizeInPoints: 17, scale: 1,
                                                         maxWidthInPoints: .infinity, maxLines: 1,
                                                         direction: .leftToRight)
        XCTAssertEqual(boldLayout.width, regularWidth + 9 * 17.0 / 24, accuracy: 1e-6, "every advancing glyph widens by em/24")
        let plainO = try lonelyEngine.layoutParagraph(text: "O", font: lonely, sizeInPoints: 17, scale: 1,
                                                     maxWidthInPoints: .infinity, maxLines: 1, direction: .leftToRight)
        let boldO = try lonelyEngine.layoutParagraph(text: "O", font: emboldened, sizeInPoints: 17, scale: 1,
                                                    maxWidthInPoints: .infinity, maxLines: 1, direction: .leftToRight)
        XCTAssertGreaterThan(Double(try ink(lonelyEngine, boldO)), Double(try ink(lonelyEngine, plainO)) * 1.2)
    }

    private func ink(_ engine: TextEngine, _ layout: TextLayout) throws -> Int {
        try layout.glyphs.reduce(0) { total, glyph in
            guard case let .mask(mask, _, _)? = try engine.glyphImage(for: glyph) else { return total }
            return total + mask.coverage.reduce(0) { $0 + Int($1) }
        }
    }

    func testFontLookupFailuresThrow() {
        XCTAssertThrowsError(try engine.font(named: "NoSuchFont-Regular"))
        XCTAssertThrowsError(try engine.font(atPath: "/nonexistent/font.otf"))
        XCTAssertThrowsError(try engine.font(atPath: packageRoot.appendingPathComponent("Package.swift").path))
        XCTAssertThrowsError(try layout("x", size: .nan))
        XCTAssertThrowsError(try layout("x", size: -3))
    }

    func testFontsByFamilyName() throws {
        XCTAssertEqual(try engine.font(named: "Inter-Bold").styleName, "Bold")
        XCTAssertEqual(try engine.font(named: "Inter").styleName, "Regular")
        XCTAssertEqual(try engine.font(named: "Noto Sans Hebrew Bold").familyName, "Noto Sans Hebrew")
    }
}

extension TextLayout {
    /// The text of each line's runs, in visual order (tests read bidi results through this).
    func visualRuns(of text: String) -> [[String]] {
        let units = Array(text.utf16)
        return lines.map { line in
            line.runs.map { run in
                run.isEllipsis ? "…" : String(decoding: units[run.textRange], as: UTF16.self)
            }
        }
    }
}
