import XCTest
@testable import Text

/// Where lines break as an iPhone breaks them (UILabel's standard strategy: push-out and Hangul word
/// priority), why each break was made, which face an emoji's presentation picks, and where the
/// ellipsis goes in mixed-direction text.
final class LineBreakStrategyTests: XCTestCase {
    var engine: TextEngine!
    var inter: Font!
    var interBold: Font!

    override func setUpWithError() throws {
        engine = try makeEngine()
        inter = try engine.systemFont()
        interBold = try engine.systemFont(bold: true)
    }

    func layout(_ text: String, size: Double = 17, width: Double = 300, lines: Int = 0,
                direction: TextDirection = .leftToRight, font: Font? = nil, language: String? = nil) throws -> TextLayout {
        try engine.layoutParagraph(text: text, font: font ?? inter, sizeInPoints: size, scale: 1,
                                   maxWidthInPoints: width, maxLines: lines, direction: direction, language: language)
    }

    // MARK: Push-out

    func testTheAcmeTitleEndsOnTwoWords() throws {
        // The acme banner's title: 20 pt bold in a 326 pt column.
        let l = try layout("Double points on every order this week", size: 20, width: 326, lines: 3, font: interBold)
        XCTAssertEqual(l.lineTexts, ["Double points on every order", "this week"])
        XCTAssertEqual(l.breaks, [.pushOut])
        // Without the rule, "this" fits on the first line: the push really moved a word.
        let first = try layout("Double points on every order this", size: 20, width: 326, lines: 1, font: interBold)
        XCTAssertFalse(first.truncated)
    }

    func testOnlyTheLastLineTakesAWordAndOnlyOne() throws {
        let text = "Spend as usual and watch your balance grow twice as fast with every single order"
        let width = try widthLeavingALoneWord(text)
        let greedy = try greedyLines(text, width: width)
        let l = try layout(text, width: width)
        XCTAssertGreaterThan(greedy.count, 2)
        XCTAssertEqual(l.lineCount, greedy.count)
        XCTAssertEqual(Array(l.lineTexts.dropLast(2)), Array(greedy.dropLast(2)), "earlier lines keep their breaks")
        var before = greedy[greedy.count - 2].split(separator: " ")
        let moved = before.removeLast()
        XCTAssertEqual(l.lineTexts.suffix(2), [before.joined(separator: " "), "\(moved) \(greedy.last!)"])
        XCTAssertEqual(l.breaks.last, .pushOut)
        XCTAssertEqual(l.breaks.dropLast(), Array(repeating: .space, count: l.lineCount - 2)[...])
    }

    func testNoPushWhenTheLastLineWouldOverflow() throws {
        // The last word nearly fills the line: with one more word it would make a new line, so nothing moves.
        let word = "Extraordinarilylongwordthatfills"
        let width = try layout(word, width: .infinity).width + 5
        let l = try layout("Save on \(word)", width: width)
        XCTAssertEqual(l.lineTexts, ["Save on", word])
        XCTAssertEqual(l.breaks, [.space])
    }

    func testNoPushIntoACutLineNorFromALoneWord() throws {
        // A cut last line is not the paragraph's last line.
        let text = "Spend as usual and watch your balance grow twice as fast with every single order"
        let width = try widthLeavingALoneWord(text)
        let greedy = try greedyLines(text, width: width)
        let cut = try layout(text, width: width, lines: greedy.count - 1)
        XCTAssertTrue(cut.truncated)
        XCTAssertEqual(Array(cut.lineTexts.dropLast()), Array(greedy.dropLast(2)))
        XCTAssertFalse(cut.breaks.contains(.pushOut))
        // A line of one word has no word to give.
        let l = try layout("Unbelievable deals", width: try layout("Unbelievable d", width: .infinity).width)
        XCTAssertEqual(l.lineTexts, ["Unbelievable", "deals"])
        XCTAssertEqual(l.breaks, [.space])
    }

    func testEachParagraphEndIsPushedOut() throws {
        let first = "Spend as usual and watch your balance grow twice as fast with every single order"
        let width = try widthLeavingALoneWord(first)
        let l = try layout(first + "\nThanks", width: width)
        let i = try XCTUnwrap(l.breaks.firstIndex(of: .newline))
        XCTAssertEqual(l.lineTexts[i].split(separator: " ").count, 2, "the first paragraph's end has two words")
        XCTAssertEqual(l.breaks[i - 1], .pushOut)
        XCTAssertEqual(l.lineTexts.last, "Thanks", "a one-line paragraph is left alone")
    }

    func testPushOutKeepsTheLineCountAndHeightAtEveryWidth() throws {
        let text = "Double points on every order this week, and a free coffee with each one you buy"
        for width in stride(from: 120.0, through: 420, by: 7) {
            let l = try layout(text, width: width)
            let greedy = try greedyLines(text, width: width)
            XCTAssertEqual(l.lineCount, greedy.count, "width \(width)")
            for line in l.lines { XCTAssertLessThanOrEqual(line.width, width + 1e-6) }
            if l.lineCount > 1, let last = l.lineTexts.last, !last.contains(" ") {
                // A lone word stays only where the word before it cannot join it.
                let before = try XCTUnwrap(l.lineTexts[l.lineCount - 2].split(separator: " ").last)
                XCTAssertGreaterThan(try layout("\(before) \(last)", width: .infinity).width, width, "width \(width)")
            }
        }
    }

    func testKoreanKeepsWordsAndSaysSo() throws {
        let text = "다음 주문 시 무료 디저트가 자동으로 추가됩니다. 이번 달 말까지 앱에서 주문하시면 누구나 받으실 수 있어요."
        let l = try layout(text, width: 220, language: "ko")
        XCTAssertGreaterThan(l.lineCount, 2)
        for line in l.lineTexts.dropLast() { XCTAssertTrue(text.contains(line + " "), "\(line) ends at a space") }
        XCTAssertTrue(l.breaks.contains(.hangulWord), "\(l.breaks)")
        XCTAssertTrue(l.breaks.allSatisfy { [.hangulWord, .space, .pushOut].contains($0) }, "\(l.breaks)")
    }

    func testBreakReasonsForScriptsWithoutSpaces() throws {
        let thai = try layout("สะสมแต้มสองเท่าทุกคำสั่งซื้อในสัปดาห์นี้เท่านั้น", width: 150, language: "th")
        XCTAssertGreaterThan(thai.lineCount, 1)
        XCTAssertEqual(thai.breaks.first, .dictionary)
        XCTAssertTrue(thai.breaks.allSatisfy { [.dictionary, .pushOut].contains($0) }, "\(thai.breaks)")
        let japanese = try layout("今週はすべてのご注文でポイントが二倍になります", width: 150, language: "ja")
        XCTAssertGreaterThan(japanese.lineCount, 1)
        XCTAssertEqual(japanese.breaks.first, .ideographic)
        XCTAssertTrue(japanese.breaks.allSatisfy { [.ideographic, .pushOut].contains($0) }, "\(japanese.breaks)")
        let hyphenated = try layout("Members-", width: .infinity).width + 1
        XCTAssertEqual(try layout("Members-only", width: hyphenated).breaks, [.punctuation])
        XCTAssertEqual(try layout("Supercalifragilistic", width: 80).breaks.first, .character)
        XCTAssertEqual(try layout("One\nTwo").breaks, [.newline])
        XCTAssertEqual(try layout("One line").breaks, [])
    }

    func testTextDefaultSymbolsComeFromTheTextFontThatHasThem() throws {
        // Inter, the system font's stand-in, maps ↔ ▶ ↩: drawn from it, as SF Pro draws them.
        for symbol in ["↔", "▶", "↩"] {
            let l = try layout("Swipe \(symbol) to see more", width: .infinity)
            let glyph = try XCTUnwrap(l.lines.first?.runs.flatMap(\.glyphs).first { !$0.isColor && $0.x > 40 && $0.x < 60 })
            XCTAssertEqual(glyph.face, inter.face, symbol)
            XCTAssertFalse(l.glyphs.contains(where: \.isColor), symbol)
            XCTAssertTrue(try layout("Swipe \(symbol)\u{FE0F}", width: .infinity).glyphs.contains(where: \.isColor), symbol)
        }
    }

    // MARK: Soft hyphens and tabs

    func testASoftHyphenIsAHyphenWhereTheLineBreaksAndInvisibleElsewhere() throws {
        let word = "Supercali\u{AD}fragilistic"
        let whole = try layout(word, width: .infinity)
        XCTAssertEqual(whole.lineTexts, ["Supercalifragilistic"])
        XCTAssertEqual(whole.width, try layout("Supercalifragilistic", width: .infinity).width, accuracy: 1e-9,
                       "no width where it does not break")
        let withHyphen = try layout("Supercali-", width: .infinity).width
        let broken = try layout(word, width: withHyphen + 1)
        XCTAssertEqual(broken.lineTexts, ["Supercali-", "fragilistic"])
        XCTAssertEqual(broken.breaks, [.softHyphen])
        XCTAssertEqual(broken.lines[0].width, withHyphen, accuracy: 1e-9, "the hyphen is drawn and counted")
        XCTAssertEqual(broken.lines[0].runs.flatMap(\.glyphs).map(\.id).last,
                       try layout("-", width: .infinity).glyphs.first?.id, "the line ends in the hyphen's glyph")
        // The hyphen counts when the line is filled: without room for it, the break is elsewhere.
        let tight = try layout(word, width: try layout("Supercali", width: .infinity).width + 0.5)
        XCTAssertNotEqual(tight.lineTexts.first, "Supercali-")
        for line in tight.lines { XCTAssertLessThanOrEqual(line.width, try layout("Supercali", width: .infinity).width + 0.5 + 1e-6) }
        // Between words a soft hyphen is not where push-out moves words.
        let l = try layout("Our best Supercali\u{AD}fragilistic", width: withHyphen + 1)
        XCTAssertFalse(l.lineTexts.contains { $0.contains("\u{AD}") })
    }

    func testTabsReachTheNextStopEvery28Points() throws {
        // "Price:" is 44.3 pt wide at 17 pt: the tab takes the bar to 56 pt, UIKit's second stop.
        let l = try layout("Price:\t|", width: .infinity)
        let bar = try XCTUnwrap(l.glyphs.last)
        XCTAssertEqual(bar.x, 56, accuracy: 1e-9)
        XCTAssertEqual(try layout("\t|", width: .infinity).glyphs.last?.x ?? 0, 28, accuracy: 1e-9, "a tab always moves the pen")
        XCTAssertEqual(try layout("P\tr:\t|", width: .infinity).glyphs.last?.x ?? 0, 56, accuracy: 1e-9)
        // At @3x the stops are 28 points, 84 pixels, apart.
        let big = try engine.layoutParagraph(text: "Price:\t|", font: inter, sizeInPoints: 17, scale: 3,
                                             maxWidthInPoints: .infinity, maxLines: 0, direction: .leftToRight)
        XCTAssertEqual(big.glyphs.last?.x ?? 0, 168, accuracy: 1e-9)
        // Each line counts its stops from its own start.
        let wrapped = try layout("Price:\t|\nTotal:\t|", width: .infinity)
        for line in wrapped.lines { XCTAssertEqual(line.runs.flatMap(\.glyphs).last?.x ?? 0, 56, accuracy: 1e-9) }
        // Right to left, the stops are counted from the right edge.
        let hebrew = try layout("שלום\tעולם", width: 200, direction: .rightToLeft)
        let firstWord = try layout("שלום", width: .infinity, direction: .rightToLeft).width
        XCTAssertLessThan(firstWord, 56)
        let secondWord = try layout("עולם", width: .infinity, direction: .rightToLeft).width
        XCTAssertEqual(hebrew.lines[0].width, (firstWord < 28 ? 28 : 56) + secondWord, accuracy: 1e-6)
        XCTAssertEqual(hebrew.lines[0].x, 200 - hebrew.lines[0].width, accuracy: 1e-6)
    }

    func testPushOutMovesAsManyWordsAsNeeded() throws {
        // French puts a no-break space before "!": "maintenant !" is one word to the line breaker.
        let text = "Réservez votre table dès aujourd'hui, faites vite, c'est maintenant\u{A0}!"
        var chained = 0
        for width in stride(from: 120.0, through: 330, by: 1) {
            let l = try layout(text, width: width)
            let greedy = try greedyLines(text, width: width)
            XCTAssertEqual(l.lineCount, greedy.count, "width \(width): the line count is kept")
            for line in l.lines { XCTAssertLessThanOrEqual(line.width, width + 1e-6) }
            guard l.lineCount > 2 else { continue }
            if l.breaks.suffix(2) == [.pushOut, .pushOut] { chained += 1 }
            // Neither the last line nor, once the last took a word, the one above it is left one word where
            // the word before could join it.
            let checked = l.breaks.last == .pushOut ? [l.lineCount - 1, l.lineCount - 2] : [l.lineCount - 1]
            for i in checked where !l.lineTexts[i].contains(" ") && l.breaks[i - 1] != .character {
                let before = try XCTUnwrap(l.lineTexts[i - 1].split(separator: " ").last)
                if l.lineTexts[i - 1].contains(" ") {
                    XCTAssertGreaterThan(try layout("\(before) \(l.lineTexts[i])", width: .infinity).width, width,
                                         "width \(width): \(l.lineTexts)")
                }
            }
        }
        XCTAssertGreaterThan(chained, 0, "some width makes the line above the last give a word too")
    }

    /// A width between 150 and 300 points at which greedy filling leaves `text` a lone last word that
    /// the word before it can join.
    private func widthLeavingALoneWord(_ text: String) throws -> Double {
        for width in stride(from: 150.0, through: 300, by: 1) {
            let lines = try greedyLines(text, width: width)
            guard lines.count > 2, let last = lines.last, !last.contains(" "),
                  let before = lines[lines.count - 2].split(separator: " ").last else { continue }
            if try layout("\(before) \(last)", width: .infinity).width <= width { return width }
        }
        struct NoLoneWord: Error {}
        throw NoLoneWord()
    }

    /// The lines a plain greedy filler makes: each line as long as fits, measured with the engine.
    private func greedyLines(_ text: String, width: Double) throws -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            let candidateWidth = try layout(candidate, width: .infinity).width
            if current.isEmpty || candidateWidth <= width {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        lines.append(current)
        return lines
    }

    // MARK: Emoji presentation

    func testTextPresentationSelectorsNeverMakeABox() throws {
        let l = try layout("A 🙂︎ B 😀︎ C 👍︎ D 🎉︎", width: .infinity)
        XCTAssertEqual(l.missingCharacters, [])
        XCTAssertFalse(l.glyphs.contains { $0.id == 0 }, "no .notdef")
        // 🙂 😀 🎉 have no text-style sequence in Unicode's list, so U+FE0E is ignored: emoji.
        let colourInk = try l.glyphs.filter { $0.isColor ? try engine.glyphImage(for: $0) != nil : false }
        XCTAssertGreaterThanOrEqual(colourInk.count, 3)
    }

    func testPresentationFollowsTheVariationSequences() throws {
        func isColour(_ text: String) throws -> Bool {
            let glyphs = try layout(text, width: .infinity).glyphs.filter { $0.id != 0 }
            XCTAssertFalse(glyphs.isEmpty, text)
            return glyphs.allSatisfy(\.isColor)
        }
        // Without a selector, a character whose Unicode default is text is text.
        XCTAssertFalse(try isColour("❤"), "Emoji_Presentation=No: text")
        XCTAssertFalse(try isColour("❤\u{FE0E}"))
        XCTAssertTrue(try isColour("❤\u{FE0F}"))
        XCTAssertFalse(try isColour("☀"))
        XCTAssertFalse(try isColour("☀\u{FE0E}"))
        XCTAssertTrue(try isColour("☀\u{FE0F}"))
        XCTAssertTrue(try isColour("⌚"), "Emoji_Presentation=Yes: emoji without a selector")
        XCTAssertFalse(try isColour("©"), "the system font draws ©")
        XCTAssertTrue(try isColour("©\u{FE0F}"))
        XCTAssertFalse(try isColour("1"))
        XCTAssertTrue(try isColour("1\u{FE0F}\u{20E3}"))
        XCTAssertTrue(try isColour("😀\u{FE0E}"), "not a listed sequence: the selector is ignored")
        XCTAssertFalse(try isColour("A\u{FE0F}"))
        XCTAssertEqual(EmojiPresentation.variationBases.count, 354)
    }

    // MARK: The ellipsis at the cut

    func testRightToLeftTextEndingInLatinIsCutWhereTheLatinEnds() throws {
        let text = "מבצע: order three items today and pay for two only, this weekend in every store"
        let l = try layout(text, width: 200, lines: 1, direction: .rightToLeft)
        XCTAssertTrue(l.truncated)
        let runs = l.lines[0].runs
        let e = try XCTUnwrap(runs.firstIndex(where: \.isEllipsis))
        guard e > 0 else { return XCTFail("the ellipsis is the leftmost run, at the paragraph's end, not the cut") }
        XCTAssertFalse(runs[e - 1].isRightToLeft, "the ellipsis follows the Latin on its right")
        let latinEnd = try XCTUnwrap(runs[e - 1].glyphs.last)
        XCTAssertLessThan(latinEnd.x, try XCTUnwrap(runs[e].glyphs.first).x)
        XCTAssertTrue(runs[(e + 1)...].contains { $0.isRightToLeft }, "the Hebrew stays at the right")
        XCTAssertEqual(l.lines[0].x + l.lines[0].width, 200, accuracy: 1e-6)
    }

    func testLeftToRightTextEndingInArabicIsCutWhereTheArabicEnds() throws {
        let text = "Offer: مرحبا بكم في متجرنا الجديد للقهوة والحلويات الطازجة"
        let l = try layout(text, width: 200, lines: 1)
        XCTAssertTrue(l.truncated)
        let runs = l.lines[0].runs
        let e = try XCTUnwrap(runs.firstIndex(where: \.isEllipsis))
        guard e > 0, e + 1 < runs.count else { return XCTFail("the ellipsis is at the line's end, not the cut") }
        XCTAssertTrue(runs[e + 1].isRightToLeft, "the ellipsis sits on the Arabic's left, where it was cut")
        XCTAssertFalse(runs[e - 1].isRightToLeft)
    }

    func testACutArabicLetterTakesItsEndForm() throws {
        let arabic = try engine.font(named: "NotoSansArabic-Regular.ttf")
        let text = "مرحبا بكم في متجرنا الجديد للقهوة والحلويات الطازجة"
        var cutInsideAWord = 0
        for width in stride(from: 90.0, through: 260, by: 5) {
            let l = try layout(text, width: width, lines: 1, direction: .rightToLeft, font: arabic)
            guard l.truncated else { continue }
            let shown = String(l.shownText.dropLast())
            let next = text.dropFirst(shown.count).first
            if next != nil && next != " " { cutInsideAWord += 1 }
            // The same glyphs as the shown text laid out alone, where it really ends.
            let alone = try layout(shown, width: .infinity, direction: .rightToLeft, font: arabic)
            let cutGlyphs = l.lines[0].runs.filter { !$0.isEllipsis }.flatMap(\.glyphs).map(\.id)
            XCTAssertEqual(cutGlyphs, alone.glyphs.map(\.id), "width \(width): \(shown)")
            XCTAssertLessThanOrEqual(l.lines[0].width, width + 1e-6)
        }
        XCTAssertGreaterThan(cutInsideAWord, 5, "the widths must cut inside words")
    }
}
