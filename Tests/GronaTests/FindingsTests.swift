import Foundation
import Raster
import Text
import XCTest
@testable import Grona

/// Findings from reports: each kind's condition, fields and sentence, on reports built by hand (so
/// every branch is reached, including those today's layouts never produce) and on real renders.
final class FindingsTests: XCTestCase {
    private func report(texts: [TextReport] = [], graphics: [GraphicContrast] = [], targets: [TouchTarget] = [],
                        width: Double = 358, height: Double = 200) -> RenderReport {
        var report = RenderReport(width: width, height: height, scale: 1)
        report.texts = texts; report.graphics = graphics; report.touchTargets = targets
        return report
    }

    private func text(_ role: TextRole, _ copy: String, shown: String? = nil, lines: Int = 1, maxLines: Int = 3,
                      preferred: Color, on background: Color) -> TextReport {
        TextReport(role: role, text: copy, shownText: shown ?? copy, lines: lines, maxLines: maxLines,
                   truncated: shown != nil, fontSize: 17, frame: Rect(x: 16, y: 16, width: 300, height: 20),
                   color: TextColor(role: role, preferred: preferred, background: background))
    }

    func testEachTextKindAndItsSentence() {
        let found = Findings.of(report(texts: [
            // Cut, and readable as asked: one finding.
            text(.title, "Two pastries for the price of one", shown: "Two pastries for…", lines: 3, maxLines: 3,
                 preferred: hex(0x1A1C1A), on: .white),
            // Pale yellow on white: replaced by near-black, which reaches 4.5:1.
            text(.body, "Every weekend", preferred: hex(0xF5D76E), on: .white),
            // #6B706C on mid grey #7A7A7A: neither white (4.29:1) nor near-black (4.0:1) reaches 4.5:1.
            text(.footnote, "Excludes gift cards", preferred: hex(0x6B706C), on: hex(0x7A7A7A)),
            // Only whitespace.
            text(.tierLabel, "  ", preferred: hex(0x1A1C1A), on: .white),
        ]))
        // The footnote needs only 3:1, which white reaches on #7A7A7A: a replacement, not a failure.
        XCTAssertEqual(found.map(\.kind), [.truncated, .contrastReplaced, .contrastReplaced, .emptyText])
        XCTAssertEqual(found.map(\.role), ["title", "body", "footnote", "tierLabel"])
        XCTAssertEqual(found[0].message, "title cut after 3 lines, shows \"Two pastries for…\"")
        XCTAssertEqual(found[1].message, "body recoloured from #F5D76E (1.4:1) to #1A1C1A (17.1:1)")
        XCTAssertEqual(found[3].message, "tier label \"  \" is only whitespace: VoiceOver reads a blank label")

        let grey = Findings.of(report(texts: [text(.title, "Mid grey", preferred: hex(0x6B706C), on: hex(0x7A7A7A))]))
        XCTAssertEqual(grey.map(\.kind), [.contrastBelowMinimum])
        guard case .contrastBelowMinimum(let c) = grey[0].detail else { return XCTFail("\(grey)") }
        XCTAssertEqual(c.color, .white)
        XCTAssertEqual(c.contrast, 4.29, accuracy: 0.01)
        XCTAssertEqual(grey[0].message, "title under 4.5:1 on #7A7A7A: the preferred #6B706C gives 1.1:1, the fallback #FFFFFF 4.2:1")

        // A fallback that reads worse than the preferred colour did is said to be worse. Choosing the
        // better of white and near-black never does that today, so the decision is built by hand.
        var worse = text(.body, "Worse", preferred: .black, on: hex(0x767676))
        worse.color.color = Contrast.nearBlack
        worse.color.contrast = Contrast.ratio(Contrast.nearBlack, hex(0x767676))
        worse.color.preferredContrast = Contrast.ratio(.black, hex(0x767676))
        let worseFinding = Findings.of(report(texts: [worse]))
        XCTAssertEqual(worseFinding.map(\.kind), [.contrastBelowMinimum])
        XCTAssertTrue(worseFinding[0].message.hasSuffix(", worse than the preferred colour"), worseFinding[0].message)
    }

    func testFieldsInJSON() throws {
        let translucent = Color(r: 0x1A, g: 0x1C, b: 0x1A, a: 0x40)
        let found = Findings.of(report(texts: [text(.body, "Faint", preferred: translucent, on: .white)]))
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(("{" + found[0].jsonFields() + "}").utf8)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["kind", "role", "message", "text", "preferredColor", "preferredContrast",
                                          "color", "contrast", "minimumContrast", "background"])
        XCTAssertEqual(object["kind"] as? String, "contrastReplaced")
        XCTAssertEqual(object["preferredColor"] as? String, "#1A1C1A40", "a translucent colour keeps its alpha")
        XCTAssertEqual(object["color"] as? String, "#1A1C1A")
        XCTAssertEqual(object["background"] as? String, "#FFFFFF")
    }

    func testGraphicsAndTouchTargets() {
        let found = Findings.of(report(
            graphics: [GraphicContrast(role: .button, color: hex(0xFFE9A8), background: hex(0xFFF4E0)),
                       GraphicContrast(role: .progressFill, color: hex(0x054B3A), background: hex(0xE4E4E4))],
            // 44 × 44 but hanging 6 pt over the card's left edge: 38 pt usable.
            targets: [TouchTarget(role: .button, frame: Rect(x: -6, y: 100, width: 44, height: 44)),
                      TouchTarget(role: .button, frame: Rect(x: 16, y: 100, width: 44, height: 44))]))
        XCTAssertEqual(found.map(\.kind), [.nonTextContrast, .touchTarget])
        XCTAssertEqual(found[0].message, "button fill #FFE9A8 is 1.1:1 against the card #FFF4E0, under 3:1")
        XCTAssertEqual(found[1].message, "button touch target is 38 × 44 pt, under 44 × 44 pt")
    }

    func testRatiosRoundDownSoAFailureNeverPrintsAsThePass() {
        XCTAssertEqual(readableRatio(4.46), "4.4:1")
        XCTAssertEqual(readableRatio(4.5), "4.5:1")
        XCTAssertEqual(readableRatio(3), "3:1")
        XCTAssertEqual(readableRatio(12.44), "12.4:1")
        XCTAssertEqual(readableRatio(21), "21:1")
    }

    func testAWhitespaceFieldRendersAsAnEmptyTextFinding() throws {
        let engine = try TextEngine(fontsDirectory: Package.fonts)
        let json = #"{"component": {"type": "message", "icon": "info", "title": "   ", "body": "Hello"}}"#
        let spec = try SpecDecoder(fontsFolder: Package.fonts).decode(Array(json.utf8), file: "blank.json", name: "blank", folder: Package.root.path)
        let snapshot = try renderFresh(spec, environment(.large, .light, .ltr), engine: engine)
        XCTAssertEqual(snapshot.report.findings.map(\.kind), [.emptyText])
        // A required field of only whitespace is refused when the spec is read; an optional one is drawn.
        XCTAssertEqual(snapshot.report.findings.first?.role, "title")
    }

    func testGroupsSayWhereAProblemHappens() {
        let sizes: [TextSize] = [.extraSmall, .large, .accessibilityMedium, .accessibilityLarge, .accessibilityExtraExtraExtraLarge]
        var checked: [(environment: Environment, findings: [Finding])] = []
        for size in sizes {
            for appearance in Appearance.allCases {
                let cut = Finding(role: "title", text: "Copy", detail: .truncated(shownText: "Co… at \(size.shortName)", lines: 3, maxLines: 3))
                let recoloured = Finding(role: "title", text: "Copy", detail: .contrastReplaced(.init(
                    preferredColor: hex(0xF5D76E), preferredContrast: 1.6, color: Contrast.nearBlack, contrast: 12.4,
                    minimumContrast: 4.5, background: .white)))
                var findings: [Finding] = []
                if size.isAccessibilitySize { findings.append(cut) }
                if appearance == .light { findings.append(recoloured) }
                checked.append((environment(size, appearance, .ltr), findings))
            }
        }
        let groups = FindingGroup.groups(checked)
        let all = checked.map(\.environment)
        XCTAssertEqual(groups.map { $0.sentence(among: all) }, [
            "title recoloured from #F5D76E (1.6:1) to #1A1C1A (12.4:1) in light",
            "title cut after 3 lines at AX1–AX5, shows \"Co… at AX1\"",
        ])
        XCTAssertEqual(groups.map(\.variants.count), [5, 6])
        // Runs are of sizes adjacent among those checked (AX1, AX2, AX5 above); apart, they are listed.
        let gap = FindingGroup.describe(all.filter { [TextSize.extraSmall, .accessibilityLarge].contains($0.textSize) }, among: all)
        XCTAssertEqual(gap, "at xS, AX2")
        XCTAssertEqual(FindingGroup.describe(all, among: all), "in every variant")
    }

    /// The direction a language brings is not said again ("in ar", not "in ar in right-to-left");
    /// a direction that varies within a language is.
    func testDirectionFollowingTheLanguageGoesUnsaid() {
        func env(_ locale: String, _ direction: LayoutDirection) -> Environment {
            var env = environment(.large, .light, direction)
            env.locale = locale
            return env
        }
        let languages = [env("en", .ltr), env("de", .ltr), env("ar", .rtl)]
        XCTAssertEqual(FindingGroup.describe([languages[1]], among: languages), "in de")
        XCTAssertEqual(FindingGroup.describe([languages[2]], among: languages), "in ar")
        let both = languages + [env("en", .rtl)]
        XCTAssertEqual(FindingGroup.describe([both[0]], among: both), "in en in left-to-right")
        XCTAssertEqual(FindingGroup.describe([both[0], both[3]], among: both), "in en")
    }

    func testCountsSummary() {
        var counts = FindingCounts()
        XCTAssertEqual(counts.summary, "no findings")
        counts.add([Finding(role: "body", text: " ", detail: .emptyText)])
        XCTAssertEqual(counts.summary, "1 finding (1 emptyText)")
        counts.add([Finding(role: "title", text: "x", detail: .truncated(shownText: "…", lines: 1, maxLines: 1)),
                    Finding(role: "body", text: " ", detail: .emptyText)])
        XCTAssertEqual(counts.summary, "3 findings (1 truncated, 2 emptyText)")
    }
}
