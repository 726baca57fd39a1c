import Foundation
import Raster
import Text
import XCTest
@testable import Grona

/// Text direction in mirrored layouts: a paragraph runs in its own direction (its first strong
/// character) and hugs the leading edge of the interface; and the banner's and message's
/// arrangement at the accessibility text sizes.
final class ComponentLayoutTests: XCTestCase {
    var engine: TextEngine!

    override func setUpWithError() throws {
        engine = try TextEngine(fontsDirectory: Package.fonts)
    }

    func testParagraphDirectionComesFromTheFirstStrongCharacter() {
        XCTAssertEqual(ParagraphDirection.of("10% off", default: .rightToLeft), .leftToRight)
        XCTAssertEqual(ParagraphDirection.of("“Hello”", default: .rightToLeft), .leftToRight)
        XCTAssertEqual(ParagraphDirection.of("24 שעות", default: .leftToRight), .rightToLeft)
        XCTAssertEqual(ParagraphDirection.of("عرض نهاية الأسبوع", default: .leftToRight), .rightToLeft)
        XCTAssertEqual(ParagraphDirection.of("SHALOM20 בקופה", default: .rightToLeft), .leftToRight)
        // No letters: the interface decides.
        XCTAssertEqual(ParagraphDirection.of("20% – 30%", default: .rightToLeft), .rightToLeft)
        XCTAssertEqual(ParagraphDirection.of("🎉 2024", default: .leftToRight), .leftToRight)
        // Explicit marks count; isolated text is skipped (UAX #9, P2).
        XCTAssertEqual(ParagraphDirection.of("\u{200F}Sale", default: .leftToRight), .rightToLeft)
        XCTAssertEqual(ParagraphDirection.of("\u{2067}Sale\u{2069} שלום", default: .leftToRight), .rightToLeft)
        // A combining mark is not strong: the letter after it decides.
        XCTAssertEqual(ParagraphDirection.of("\u{0301}שלום", default: .leftToRight), .rightToLeft)
    }

    /// English copy in a right-to-left card: lines hug the right edge, the ellipsis ends the line on
    /// the right, and "10% off" keeps its order; the same glyphs in the same order as left-to-right.
    func testEnglishCopyInARightToLeftCardIsAnEnglishParagraphAlignedRight() throws {
        let spec = try Package.fixture("progress-after-tier")
        let ltr = try renderFresh(spec, environment(.accessibilityExtraExtraExtraLarge, .light, .ltr), engine: engine)
        let rtl = try renderFresh(spec, environment(.accessibilityExtraExtraExtraLarge, .light, .rtl), engine: engine)
        for (index, (text, drawn)) in zip(rtl.report.texts, textLayouts(rtl.scene)).enumerated() {
            let twin = textLayouts(ltr.scene)[index].layout
            XCTAssertEqual(drawn.layout.glyphs.map(\.id), twin.glyphs.map(\.id), "\(text.role): same glyphs, same order")
            XCTAssertEqual(text.shownText, ltr.report.texts[index].shownText)
            for line in drawn.layout.lines {
                // Drawn flush right in its box, which is itself at the card's right (leading) edge.
                let x = drawn.layout.drawnX(of: line, mirrored: true)
                XCTAssertEqual(x + line.width, drawn.layout.alignmentWidth, accuracy: 0.01, "\(text.role)")
            }
        }
        // The truncated title's ellipsis is its rightmost glyph.
        let title = try XCTUnwrap(zip(rtl.report.texts, textLayouts(rtl.scene)).first { $0.0.role == .title }?.1.layout)
        let last = try XCTUnwrap(title.lines.last)
        XCTAssertTrue(title.truncated)
        XCTAssertEqual(last.runs.last?.isEllipsis, true)
        // In pixels: the title's first line ends near the card's right padding, like its left start in ltr.
        let row = Int(ltr.report.texts[0].frame.y * 3 + title.lineHeight * 0.5)
        func inkColumns(_ pixmap: Pixmap) -> [Int] {
            (0..<pixmap.width).filter { x in (row - 20...row + 20).contains { pixmap.color(x, $0) == hex(0x1A1C1A) } }
        }
        let ltrInk = inkColumns(ltr.pixmap), rtlInk = inkColumns(rtl.pixmap)
        XCTAssertLessThan(try XCTUnwrap(ltrInk.first), 16 * 3 + 12)
        XCTAssertGreaterThan(try XCTUnwrap(rtlInk.last), ltr.pixmap.width - 16 * 3 - 12)
    }

    /// Arabic copy in a left-to-right card runs right to left (ellipsis on the left) and hugs the left edge.
    func testArabicCopyInALeftToRightCardRunsRightToLeftAlignedLeft() throws {
        let spec = try Package.fixture("arabic-banner")
        let snapshot = try renderFresh(spec, environment(.accessibilityExtraExtraExtraLarge, .light, .ltr), engine: engine)
        let eyebrow = try XCTUnwrap(zip(snapshot.report.texts, textLayouts(snapshot.scene)).first { $0.0.role == .eyebrow })
        XCTAssertTrue(eyebrow.0.truncated)
        let line = try XCTUnwrap(eyebrow.1.layout.lines.first)
        XCTAssertEqual(eyebrow.1.layout.drawnX(of: line, mirrored: true), 0, accuracy: 0.01, "flush left")
        // Visual order: the ellipsis, at the logical end of right-to-left text, is drawn first (leftmost).
        XCTAssertEqual(line.runs.first?.isEllipsis, true)
    }

    func testBannerImageMovesAboveTheCopyAtAccessibilitySizes() throws {
        let spec = try Package.fixture("banner-image")
        for direction in LayoutDirection.allCases {
            let large = try renderFresh(spec, environment(.large, .light, direction), engine: engine)
            let ax5 = try renderFresh(spec, environment(.accessibilityExtraExtraExtraLarge, .light, direction), engine: engine)
            let beside = try XCTUnwrap(imageFrame(large.scene)), above = try XCTUnwrap(imageFrame(ax5.scene))
            let title = try XCTUnwrap(ax5.report.texts.first { $0.role == .title })
            // Beside the copy at the trailing edge at L; at the leading edge above the copy at AX5.
            XCTAssertEqual(beside.x, direction == .ltr ? 358 - 16 - 72 : 16)
            XCTAssertEqual(above.x, direction == .ltr ? 16 : 358 - 16 - 72)
            XCTAssertGreaterThanOrEqual(title.frame.y, above.maxY)
            XCTAssertEqual(title.frame.width, 358 - 32, "the copy takes the card's whole inner width")
            // The title no longer breaks "croissants" in two: every line ends at a word boundary.
            let shown = title.shownText.replacingOccurrences(of: "\u{2026}", with: "")
            XCTAssertTrue("Fresh croissants from 7 am".hasPrefix(shown))
            let layout = try XCTUnwrap(zip(ax5.report.texts, textLayouts(ax5.scene)).first { $0.0.role == .title }?.1.layout)
            let utf16 = Array(title.text.utf16)
            for line in layout.lines.dropLast() {
                let end = line.textRange.upperBound
                XCTAssertTrue(end < utf16.count && (utf16[end] == 0x20 || utf16[end - 1] == 0x20),
                              "line ends inside a word at \(end)")
            }
            // The button spans up to the card's inner width and shows its whole label at L.
            XCTAssertEqual(large.report.texts.first { $0.role == .button }?.truncated, false)
        }
    }

    func testMessageIconMovesAboveTheCopyAtAccessibilitySizes() throws {
        let spec = try Package.fixture("message-info")
        for direction in LayoutDirection.allCases {
            let large = try renderFresh(spec, environment(.large, .light, direction), engine: engine)
            let ax5 = try renderFresh(spec, environment(.accessibilityExtraExtraExtraLarge, .light, direction), engine: engine)
            let largeTitle = try XCTUnwrap(large.report.texts.first), ax5Title = try XCTUnwrap(ax5.report.texts.first)
            // The disc scales with the title's Dynamic Type style: 36 pt at L, 64 pt (the cap) at AX5.
            let discSize = MessageLayout.discSize(at: .accessibilityExtraExtraExtraLarge)
            XCTAssertEqual(discSize, 64)
            XCTAssertEqual(MessageLayout.discSize(at: .large), 36)
            XCTAssertEqual(MessageLayout.discSize(at: .extraSmall), 30)
            let disc = try XCTUnwrap(fills(ax5.scene).first { $0.shape.rect.width == discSize }).shape.rect
            // Beside the disc at L: the copy starts 16 + 36 + 12 pt from the leading edge.
            XCTAssertEqual(largeTitle.frame.width, 358 - 64 - 16)
            XCTAssertEqual(direction == .ltr ? largeTitle.frame.x : 358 - largeTitle.frame.maxX, 64)
            // Under it at AX5, across the card's inner width; the disc stays at the leading edge.
            XCTAssertEqual(ax5Title.frame.width, 358 - 32)
            XCTAssertGreaterThanOrEqual(ax5Title.frame.y, disc.maxY)
            XCTAssertEqual(disc.x, direction == .ltr ? 16 : 358 - 16 - 64)
        }
    }

    private func imageFrame(_ scene: Scene) -> Rect? {
        for case .image(_, _, let clip?) in scene.items { return clip.rect }
        return nil
    }
}
