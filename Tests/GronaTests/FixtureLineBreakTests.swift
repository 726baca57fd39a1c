import Foundation
import Text
import XCTest
@testable import Grona

/// Every fixture's copy, in every variant, breaks as an iPhone would: no paragraph ends on a lone word
/// where the word before it could join it (UILabel's push-out), and the report says why each line ends.
final class FixtureLineBreakTests: XCTestCase {
    func testNoFixtureEndsOnALoneWordWhereAnotherBreakFits() throws {
        let engine = try TextEngine(fontsDirectory: Package.fonts)
        var multiLine = 0, pushed = 0
        for spec in try Package.fixtureSpecs() {
            for environment in spec.variantEnvironments {
                let renderer = try ComponentRenderer(spec: spec, engine: engine)
                for text in try renderer.render(environment).report.texts where text.lines > 1 {
                    let name = "\(spec.goldenName(for: environment)) \(text.role.rawValue)"
                    multiLine += 1
                    XCTAssertEqual(text.breaks.count, text.lines - 1, name)
                    XCTAssertEqual(text.lineTexts.count, text.lines, name)
                    if text.breaks.last == "pushOut" { pushed += 1 }
                    guard !text.truncated, let last = text.lineTexts.last, let before = text.lineTexts.dropLast().last,
                          ["space", "hangulWord"].contains(text.breaks.last) else { continue }
                    // A lone last word: the word before it must not have fitted beside it.
                    guard !last.contains(" "), let moved = before.split(separator: " ").last else { continue }
                    let regular = try spec.theme.regularFont.map { try engine.font(atPath: $0) } ?? engine.systemFont()
                    let font = Typography.of(text.role, in: spec.component.kind).bold
                        ? try spec.theme.boldFont.map { try engine.font(atPath: $0) } ?? engine.boldFont(of: regular)
                        : regular
                    let joined = try engine.layoutParagraph(text: "\(moved) \(last)", font: font,
                                                            sizeInPoints: text.fontSize, scale: 1,
                                                            maxWidthInPoints: .infinity, maxLines: 0,
                                                            direction: .leftToRight)
                    XCTAssertGreaterThan(joined.widthInPoints, text.frame.width - 0.01,
                                         "\(name) ends on a lone word: \(text.lineTexts)")
                }
            }
        }
        XCTAssertGreaterThan(multiLine, 100)
        XCTAssertGreaterThan(pushed, 20, "the fixtures exercise push-out")
    }

    func testTheAcmeBannerTitleEndsOnEveryOrderThisWeek() throws {
        let engine = try TextEngine(fontsDirectory: Package.fonts)
        let report = try renderFresh(try Package.fixture("acme-banner"), environment(.large, .light, .ltr), engine: engine).report
        let title = try XCTUnwrap(report.texts.first { $0.role == .title })
        XCTAssertEqual(title.lineTexts, ["Double points on every order", "this week"])
        XCTAssertEqual(title.breaks, ["pushOut"])
    }
}
