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

    func testDump() throws {
        for (t, d) in [("מבצע: Order 3 items, שלם 2 בלבד ב-99.90 ₪", TextDirection.rightToLeft),
                       ("Sale: שלום 123 עולם and مرحبا 2024 — 50% off", .leftToRight),
                       ("Party 🎉 👩‍👩‍👧‍👦 👍🏽", .leftToRight)] {
            let l = try layout(t, width: 300, direction: d)
            print(l.visualRuns(of: t))
            for line in l.lines { for run in line.runs { print(run.face, run.textRange, run.glyphs.map { ($0.id, $0.x) }) } }
        }
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
