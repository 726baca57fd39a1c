import XCTest
@testable import Text

/// Hostile copy must neither crash nor take unbounded time (bounded by the cap in Prepare.swift).
final class RobustnessTests: XCTestCase {
    var engine: TextEngine!
    var inter: Font!

    override func setUpWithError() throws {
        engine = try makeEngine()
        inter = try engine.systemFont()
    }

    func layout(_ text: String, lines: Int, direction: TextDirection = .leftToRight) throws -> TextLayout {
        try engine.layoutParagraph(text: text, font: inter, sizeInPoints: 17, scale: 3,
                                   maxWidthInPoints: 300, maxLines: lines, direction: direction)
    }

    func testAMegabyteOfText() throws {
        let text = String(repeating: "Lorem ipsum dolor sit amet, مرحبا שלום 🎉. ", count: 25_000)
        XCTAssertGreaterThan(text.utf8.count, 1_000_000)
        let limited = try layout(text, lines: 4)
        XCTAssertEqual(limited.lineCount, 4)
        XCTAssertTrue(limited.truncated)
        // Without a line limit, the text considered is capped and the layout says it was cut.
        let unlimited = try layout(text, lines: 0)
        XCTAssertTrue(unlimited.truncated)
        XCTAssertTrue(unlimited.shownText.hasSuffix("\u{2026}"))
        XCTAssertLessThanOrEqual(unlimited.shownText.count, Prepare.maximumCharacters + 1)
    }

    func testOneHugeWordInANarrowColumn() throws {
        let word = String(repeating: "a", count: 60_000)
        let l = try engine.layoutParagraph(text: word, font: inter, sizeInPoints: 17, scale: 1,
                                           maxWidthInPoints: 40, maxLines: 0, direction: .leftToRight)
        XCTAssertGreaterThan(l.lineCount, 1_000)
        XCTAssertTrue(l.truncated, "beyond the cap")
        for line in l.lines.prefix(50) { XCTAssertLessThanOrEqual(line.width, 40 + 1e-6) }
    }

    func testThousandsOfCombiningMarks() throws {
        let text = "Z" + String(repeating: "\u{0301}\u{0316}", count: 5_000) + "algo"
        let l = try layout(text, lines: 2)
        XCTAssertGreaterThanOrEqual(l.lineCount, 1)
        for glyph in l.glyphs.prefix(200) { _ = try engine.glyphImage(for: glyph) }
        // One enormous cluster alone is kept in part.
        let huge = "a" + String(repeating: "\u{0301}", count: 100_000)
        XCTAssertEqual(try layout(huge, lines: 1).lineCount, 1)
    }

    func testBidiControlsAndNul() throws {
        let controls = "\u{202E}abc\u{202C} \u{2067}שלום\u{2069} \u{200F}x\u{0}y\u{0}\u{0}z"
        let l = try layout(String(repeating: controls, count: 50) + String(repeating: "\u{202B}", count: 500),
                           lines: 3, direction: .rightToLeft)
        XCTAssertLessThanOrEqual(l.lineCount, 3)
        // NUL draws nothing: "x\0y" is exactly as wide as "xy".
        let nul = try layout("x\u{0}y", lines: 1), plain = try layout("xy", lines: 1)
        XCTAssertEqual(nul.width, plain.width, accuracy: 1e-9)
        XCTAssertEqual(try nul.glyphs.compactMap { try engine.glyphImage(for: $0) }.count, 2)
        XCTAssertEqual(nul.shownText, "x\u{0}y")
    }

    func testEmptyAndDegenerateInputs() throws {
        let empty = try layout("", lines: 3)
        XCTAssertEqual(empty.lineCount, 0)
        XCTAssertFalse(empty.truncated)
        XCTAssertEqual(empty.height, 0)
        let spaces = try layout("     ", lines: 3)
        XCTAssertLessThanOrEqual(spaces.lineCount, 1)
        let zeroWidth = try engine.layoutParagraph(text: "abc def", font: inter, sizeInPoints: 17, scale: 1,
                                                   maxWidthInPoints: 0, maxLines: 0, direction: .leftToRight)
        XCTAssertEqual(zeroWidth.lineCount, 6, "one grapheme per line when nothing fits")
    }

    func testTwoEnginesProduceTheSameLayoutAndPixels() throws {
        let other = try makeEngine()
        let text = "Hello مرحبا שלום 🎉 café"
        let a = try layout(text, lines: 2)
        let b = try other.layoutParagraph(text: text, font: inter, sizeInPoints: 17, scale: 3,
                                          maxWidthInPoints: 300, maxLines: 2, direction: .leftToRight)
        XCTAssertEqual(a.glyphs, b.glyphs)
        XCTAssertEqual(try render(a, engine: engine), try render(b, engine: other))
    }
}

final class ThreadingTests: XCTestCase {
    /// One engine per thread, sharing the process's font bytes: every thread draws the same pixels.
    func testEnginesOnManyThreadsAgree() throws {
        let text = "Sale: שלום 123 مرحبا 🎉 Donaudampfschifffahrtsgesellschaft"
        let results = ResultBox(count: 6)
        DispatchQueue.concurrentPerform(iterations: 6) { i in
            guard let engine = try? makeEngine(), let font = try? engine.systemFont(),
                  let layout = try? engine.layoutParagraph(text: text, font: i.isMultiple(of: 2) ? font : engine.boldFont(of: font),
                                                           sizeInPoints: 17, scale: 3, maxWidthInPoints: 200,
                                                           maxLines: 2, direction: .rightToLeft),
                  let pixmap = try? render(layout, engine: engine) else { return }

            results.set(i, Data(pixmap.pixels))
        }
        let images = results.values
        XCTAssertEqual(images.compactMap { $0 }.count, 6)
        XCTAssertEqual(Set(images.enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element)).count, 1)
        XCTAssertEqual(Set(images.enumerated().filter { !$0.offset.isMultiple(of: 2) }.map(\.element)).count, 1)
        XCTAssertNotEqual(images[0], images[1], "regular and bold differ")
    }
}

/// `@unchecked Sendable`: `storage` is touched only while `lock` is held.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Data?]
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: Data) { lock.lock(); storage[i] = value; lock.unlock() }
    var values: [Data?] { lock.lock(); defer { lock.unlock() }; return storage }
}
