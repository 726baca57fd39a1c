import Foundation
import Raster
import Text
import XCTest
@testable import Grona

/// A contrast finding's fix names the colour field that clears it, and every fix offered clears its
/// finding when applied: over every fixture, as written and with campaign colours that make the
/// contrast findings there are (a yellow, a white, a grey and a near-black card; pale and grey text;
/// a pale accent).
final class FieldFixTests: XCTestCase {
    var engine: TextEngine!
    /// Enough checks for any group here.
    var renders = Int.max

    override func setUpWithError() throws {
        engine = try TextEngine(fontsDirectory: Package.fonts)
    }

    /// The variants the studio shows by default: xS, L, AX5 × light, dark × ltr, rtl.
    let shown = [TextSize.extraSmall, .large, .accessibilityExtraExtraExtraLarge].flatMap { size in
        [Appearance.light, .dark].flatMap { appearance in
            [LayoutDirection.ltr, .rtl].map { environment(size, appearance, $0, scale: 1) }
        }
    }

    func groups(_ spec: Spec) throws -> [FindingGroup] {
        let renderer = ComponentRenderer(spec: spec, engine: engine)
        return FindingGroup.groups(try shown.map { (environment: $0, findings: try renderer.report($0).findings) })
    }

    func testTheButtonLabelOnAYellowBannerIsFixedByTheAccent() throws {
        var spec = try Package.fixture("default-banner")
        spec.component.style = CampaignStyle(background: .hex(0xF4C542))
        let groups = try groups(spec)
        let label = try XCTUnwrap(groups.first { $0.first.kind == .contrastReplaced && $0.first.role == "button" })
        let fix = try XCTUnwrap(label.fieldFix(in: spec, engine: engine, renders: &renders))
        XCTAssertEqual(fix.path, "component.style.accent")
        XCTAssertEqual(fix.label, "Accent (the button's fill)")
        XCTAssertEqual(fix.sentence, "Set Accent (the button's fill) to \(fix.hex).")
        // The eyebrow's colour is the accent too, and says so.
        let eyebrow = try XCTUnwrap(groups.first { $0.first.role == "eyebrow" && FindingGroup.colourKinds.contains($0.first.kind) })
        XCTAssertEqual(eyebrow.fieldFix(in: spec, engine: engine, renders: &renders)?.label, "Accent (the eyebrow's colour)")
        // White copy on yellow: the text darkened, not the card.
        let title = try XCTUnwrap(groups.first { $0.first.role == "title" && FindingGroup.colourKinds.contains($0.first.kind) })
        XCTAssertEqual(title.fieldFix(in: spec, engine: engine, renders: &renders)?.path, "component.style.text")
    }

    func testEverySuggestedFixClearsItsFindingInEveryFixture() throws {
        let styles: [(String, CampaignStyle?)] = [
            ("as written", nil),
            ("yellow card", CampaignStyle(background: .hex(0xF4C542))),
            ("white card", CampaignStyle(background: .hex(0xFFFFFF))),
            ("grey card", CampaignStyle(background: .hex(0x8A8A8A))),
            ("near-black card", CampaignStyle(background: .hex(0x151515))),
            ("pale text", CampaignStyle(text: .hex(0xE8E8E8))),
            ("grey text on a grey card", CampaignStyle(background: .hex(0x7A7A7A), text: .hex(0x6B706C))),
            ("pale accent", CampaignStyle(accent: .hex(0xF4F4F4))),
        ]
        var offered = 0, colourGroups = 0
        for original in try Package.fixtureSpecs() {
            for (what, style) in styles {
                var spec = original
                if let style { spec.component.style = style }
                for group in try groups(spec) where FindingGroup.colourKinds.contains(group.first.kind) {
                    colourGroups += 1
                    guard let fix = group.fieldFix(in: spec, engine: engine, renders: &renders) else { continue }
                    offered += 1
                    let fixed = fix.applied(to: spec)
                    let renderer = ComponentRenderer(spec: fixed, engine: engine)
                    for variant in group.variants {
                        let left = try renderer.report(variant).findings.filter {
                            $0.role == group.first.role && ($0.kind == .nonTextContrast) == (group.first.kind == .nonTextContrast)
                                && FindingGroup.colourKinds.contains($0.kind)
                        }
                        XCTAssertEqual(left.map(\.message), [], "\(original.name), \(what): \(fix.sentence) leaves \(group.first.message)")
                    }
                    XCTAssertFalse(fix.label.contains("."), "\(fix.label) is a path, not words")
                }
            }
        }
        print("fixes offered for \(offered) of \(colourGroups) contrast findings")
        XCTAssertGreaterThan(offered, 50)
        XCTAssertGreaterThan(Double(offered), Double(colourGroups) * 0.9, "fixes offered for \(offered) of \(colourGroups) contrast findings")
    }

    func testAnAdaptiveThemeColourIsFixedInTheAppearanceOfTheFinding() throws {
        var spec = try Package.fixture("offer-code")
        spec.theme.primary = .adaptive(light: Color(r: 0xF4, g: 0xC5, b: 0x42), dark: Color(r: 0x05, g: 0x4B, b: 0x3A))
        let groups = try groups(spec)
        let fixes = groups.compactMap { $0.fieldFix(in: spec, engine: engine, renders: &renders) }.filter { $0.path.hasPrefix("theme.primary") }
        XCTAssertFalse(fixes.isEmpty, groups.map(\.first.message).joined(separator: "; "))
        for fix in fixes {
            XCTAssertEqual(fix.path, "theme.primary.light")
            XCTAssertTrue(fix.label.hasPrefix("Primary in the app theme ("), fix.label)
            guard case .adaptive(_, let dark) = fix.applied(to: spec).theme.primary else { return XCTFail("no longer adaptive") }
            XCTAssertEqual(dark, Color(r: 0x05, g: 0x4B, b: 0x3A))
        }
    }
}

extension FieldFixTests {
    func testAFixIsCheckedWithinItsBudgetOfLayouts() throws {
        var spec = try Package.fixture("default-banner")
        spec.component.style = CampaignStyle(background: .hex(0xF4C542))
        let label = try XCTUnwrap(try groups(spec).first { $0.first.kind == .contrastReplaced && $0.first.role == "button" })
        // Three text sizes in two appearances: six layouts a candidate.
        var few = 5
        XCTAssertNil(label.fieldFix(in: spec, engine: engine, renders: &few))
        var enough = 6
        XCTAssertNotNil(label.fieldFix(in: spec, engine: engine, renders: &enough))
        XCTAssertEqual(enough, 0)
    }
}
