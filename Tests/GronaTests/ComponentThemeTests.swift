import Foundation
import Raster
import Text
import XCTest
@testable import Grona

/// The theme's behaviours as drawn (SDK page, "Theme tokens", "How campaign styles combine",
/// "Light and dark appearance", "Accessibility"), checked on the renderer's report, scene and pixels.
final class ComponentThemeTests: XCTestCase {
    var engine: TextEngine!

    override func setUpWithError() throws {
        engine = try TextEngine(fontsDirectory: Package.fonts)
    }

    // MARK: Corner radius

    func testCornerRadiusIsClampedTo32Points() throws {
        // Tall enough (over 64 pt) for 32-pt corners: a shorter card rounds into a capsule.
        let banner = #"{"type": "banner", "title": "Corners", "body": "Kept between 0 and 32 points.", "button": "OK"}"#
        let spec = try decode(theme: #"{"cornerRadius": 50}"#, component: banner)
        XCTAssertEqual(spec.theme.cornerRadius, 32)
        let clamped = try renderFresh(spec, environment(.large, .light, .ltr), engine: engine).pixmap
        checkCorners(clamped, radius: 32, scale: 3, "radius 50")
        // (20, 20) px lies outside a 32-pt corner (centre at 96 px) but inside the default 14-pt one,
        // and (33, 33) inside a 32-pt corner but outside a 40-pt one: the radius is 32, neither less nor more.
        XCTAssertEqual(clamped.alpha(20, 20), 0)
        XCTAssertEqual(clamped.alpha(33, 33), 255)
        let standard = try renderFresh(try decode(theme: "{}", component: banner),
                                       environment(.large, .light, .ltr), engine: engine).pixmap
        XCTAssertEqual(standard.alpha(20, 20), 255)
        checkCorners(standard, radius: 14, scale: 3, "default radius")

        let square = try decode(theme: #"{"cornerRadius": -4}"#, component: #"{"type": "message", "icon": "info", "body": "Square"}"#)
        XCTAssertEqual(square.theme.cornerRadius, 0)
        let pixmap = try renderFresh(square, environment(.large, .light, .ltr), engine: engine).pixmap
        XCTAssertEqual(pixmap.alpha(0, 0), 255)
        XCTAssertEqual(pixmap.alpha(pixmap.width - 1, pixmap.height - 1), 255)
    }

    // MARK: Fonts

    func testBoldFontDefaultsToTheBoldFaceOfTheRegularFontsFamily() throws {
        // No fonts in the theme: Inter (the system font's stand-in), titles in Inter Bold.
        let standard = try Package.fixture("default-banner")
        XCTAssertNil(standard.theme.boldFont)
        let faces = try drawnFaces(try renderFresh(standard, environment(.large, .light, .ltr), engine: engine))
        let interBold = try engine.font(atPath: Package.fonts + "/Inter-Bold.otf")
        let interRegular = try engine.font(atPath: Package.fonts + "/Inter-Regular.otf")
        XCTAssertEqual(faces[.title], [interBold.face])
        XCTAssertEqual(faces[.eyebrow], [interBold.face])
        XCTAssertEqual(faces[.button], [interBold.face])
        XCTAssertEqual(faces[.body], [interRegular.face])

        // A regular font with a bold sibling in its family: the sibling, not an emboldened regular.
        var hebrew = standard
        hebrew.theme.regularFont = Package.fonts + "/NotoSansHebrew-Regular.ttf"
        hebrew.component = .banner(Banner(title: "מבצע סוף השבוע", body: "קפה שני עלינו"))
        let hebrewFaces = try drawnFaces(try renderFresh(hebrew, environment(.large, .light, .rtl), engine: engine))
        XCTAssertEqual(hebrewFaces[.title], [try engine.font(atPath: Package.fonts + "/NotoSansHebrew-Bold.ttf").face])
        XCTAssertEqual(hebrewFaces[.body], [try engine.font(atPath: Package.fonts + "/NotoSansHebrew-Regular.ttf").face])
    }

    func testARegularFontWithoutABoldSiblingGetsASyntheticBold() throws {
        // A folder holding one face of a family, and nothing else to fall back on.
        let folder = NSTemporaryDirectory() + "grona-bold-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Package.fonts + "/Inter-Medium.otf", toPath: folder + "/Inter-Medium.otf")
        let lonely = try TextEngine(fontsDirectory: folder)
        var spec = try Package.fixture("default-banner")
        spec.theme.regularFont = folder + "/Inter-Medium.otf"
        let snapshot = try ComponentRenderer(spec: spec, engine: lonely).render(environment(.large, .light, .ltr))
        let faces = try drawnFaces(snapshot)
        let medium = try lonely.font(atPath: folder + "/Inter-Medium.otf")
        XCTAssertEqual(faces[.body], [medium.face])
        let title = try XCTUnwrap(faces[.title]?.first)
        XCTAssertEqual(faces[.title]?.count, 1)
        XCTAssertTrue(title.isSyntheticBold, "the title is drawn in Inter Medium emboldened")
        XCTAssertEqual(title, lonely.boldFont(of: medium).face)
    }

    /// The faces each text role's glyphs come from.
    private func drawnFaces(_ snapshot: Snapshot) throws -> [TextRole: Set<FaceID>] {
        let layouts = textLayouts(snapshot.scene)
        XCTAssertEqual(layouts.count, snapshot.report.texts.count)
        var result: [TextRole: Set<FaceID>] = [:]
        for (text, drawn) in zip(snapshot.report.texts, layouts) {
            for line in drawn.layout.lines {
                for run in line.runs where !run.isEllipsis { result[text.role, default: []].insert(run.face) }
            }
        }
        return result
    }

    // MARK: Colours

    func testCampaignStyleOverridesOneComponentsColoursOnly() throws {
        let seasonal = try Package.fixture("seasonal-banner")
        let env = environment(.large, .light, .ltr)
        let styled = try renderFresh(seasonal, env, engine: engine)
        XCTAssertEqual(styled.report.texts.first { $0.role == .title }?.color.color, hex(0xFFF4E0))
        XCTAssertEqual(styled.report.texts.first { $0.role == .title }?.color.background, hex(0x7A2E0E))
        XCTAssertEqual(styled.pixmap.color(atPoint: 6, 6, scale: 3), hex(0x7A2E0E))
        XCTAssertEqual(buttonFill(styled), hex(0xFFB000), "the campaign accent fills the button")

        // The same theme, another component without a style: the theme's colours.
        var plain = seasonal
        plain.component = .banner(Banner(eyebrow: "WEEKEND", title: "Two pastries", button: "Order now"))
        let themed = try renderFresh(plain, env, engine: engine)
        XCTAssertEqual(themed.report.texts.first { $0.role == .title }?.color.color, .white)
        XCTAssertEqual(themed.pixmap.color(atPoint: 6, 6, scale: 3), hex(0x0A408C))
        XCTAssertEqual(buttonFill(themed), hex(0xFFC233))

        var bar = seasonal
        bar.component = .progressBar(ProgressBar(title: "Stamps", value: 1, tiers: [Tier(at: 5, label: "Free coffee")]))
        let barColors = ColorResolver(theme: bar.theme).colors(for: bar.component, appearance: .light)
        XCTAssertEqual(barColors.progressFill, hex(0x0A408C))
        XCTAssertEqual(barColors.background, .white)
    }

    /// The colour at the centre of the button's touch target (the button itself).
    private func buttonFill(_ snapshot: Snapshot) -> Color? {
        guard let target = snapshot.report.touchTargets.first,
              let label = snapshot.report.texts.first(where: { $0.role == .button }) else { return nil }
        // Just inside the button's leading edge, halfway down: fill, not label.
        let x = min(target.frame.x, label.frame.x) + 4
        return snapshot.pixmap.color(atPoint: max(x, label.frame.x - 8), target.frame.y + target.frame.height / 2, scale: 3)
    }

    func testColoursKeepTheAppearanceOfTheRenderersFirstDraw() throws {
        let spec = try Package.fixture("dark-banner")
        let renderer = ComponentRenderer(spec: spec, engine: engine)
        let dark = try renderer.render(environment(.large, .dark, .ltr))
        let lightAfterDark = try renderer.render(environment(.large, .light, .ltr))
        XCTAssertEqual(dark.pixmap.color(atPoint: 6, 6, scale: 3), hex(0x1E3A32))
        XCTAssertEqual(lightAfterDark.pixmap.color(atPoint: 6, 6, scale: 3), hex(0x1E3A32), "still the dark primary")
        XCTAssertEqual(lightAfterDark.report.texts.map(\.color), dark.report.texts.map(\.color))
        XCTAssertEqual(dark.report.texts.first { $0.role == .title }?.color.color, hex(0xE8F5EE))

        // A freshly launched app in light appearance takes the light variants.
        let light = try renderFresh(spec, environment(.large, .light, .ltr), engine: engine)
        XCTAssertEqual(light.pixmap.color(atPoint: 6, 6, scale: 3), hex(0x054B3A))
        XCTAssertNotEqual(light.report.texts.map(\.color), dark.report.texts.map(\.color))
        // And it keeps them when the shopper switches to dark.
        let renderer2 = ComponentRenderer(spec: spec, engine: engine)
        _ = try renderer2.render(environment(.large, .light, .ltr))
        XCTAssertEqual(try renderer2.render(environment(.large, .dark, .ltr)).pixmap.color(atPoint: 6, 6, scale: 3), hex(0x054B3A))
    }

    /// SDK page: only colours with a dark variant follow the appearance. A theme of fixed colours
    /// (here the SDK's defaults, and a fixed dark one) draws offers and messages pixel for pixel the
    /// same in light and dark, each in a freshly launched app.
    func testAFixedColourThemeDrawsTheSameInBothAppearances() throws {
        let themes = [Theme(), Theme(primary: .hex(0x6FCF97), accent: .hex(0xFFC233), surface: .hex(0x1C1C1E),
                                     text: .hex(0xF2F2F7), mutedText: .hex(0xA1A6A2))]
        for spec in [try Package.fixture("offer-code"), try Package.fixture("message-gift")] {
            for theme in themes {
                var fixed = spec
                fixed.theme = theme
                for size in [TextSize.large, .accessibilityExtraExtraExtraLarge] {
                    let light = try renderFresh(fixed, environment(size, .light, .ltr), engine: engine)
                    let dark = try renderFresh(fixed, environment(size, .dark, .ltr), engine: engine)
                    XCTAssertEqual(light.pixmap, dark.pixmap, "\(spec.name) at \(size)")
                    XCTAssertEqual(light.report, dark.report)
                }
            }
        }
        // A surface with a dark variant does follow the appearance.
        var adaptive = try Package.fixture("message-gift")
        adaptive.theme.surface = .adaptive(light: hex(0xFFFFFF), dark: hex(0x1C1C1E))
        let light = try renderFresh(adaptive, environment(.large, .light, .ltr), engine: engine)
        let dark = try renderFresh(adaptive, environment(.large, .dark, .ltr), engine: engine)
        XCTAssertNotEqual(light.pixmap, dark.pixmap)
    }

    func testFailingThemeColourSwitchesToNearBlackOrWhite() throws {
        let snapshot = try renderFresh(try Package.fixture("low-contrast-banner"), environment(.large, .light, .ltr), engine: engine)
        let title = try XCTUnwrap(snapshot.report.texts.first { $0.role == .title })
        XCTAssertEqual(title.color.preferred.rgbHex, "#FFFFFF")
        XCTAssertEqual(title.color.color.rgbHex, "#1A1C1A")
        XCTAssertEqual(title.color.background.rgbHex, "#FFD700")
        XCTAssertTrue(snapshot.report.json().contains(##""preferredColor": "#FFFFFF", "color": "#1A1C1A", "background": "#FFD700""##))
        // The scene draws the fixed colour, not the preferred one.
        let drawn = zip(snapshot.report.texts, textLayouts(snapshot.scene)).first { $0.0.role == .title }?.1.color
        XCTAssertEqual(drawn, hex(0x1A1C1A))
        // The body is white-on-gold too, and fixed the same way.
        XCTAssertEqual(snapshot.report.texts.first { $0.role == .body }?.color.color, hex(0x1A1C1A))
        // A dark background with dark preferred text switches to white.
        var navy = try Package.fixture("low-contrast-banner")
        navy.theme.primary = .hex(0x0A408C)
        navy.theme.onPrimary = .hex(0x333333)
        let onNavy = try renderFresh(navy, environment(.large, .light, .ltr), engine: engine)
        XCTAssertEqual(onNavy.report.texts.first { $0.role == .title }?.color.color, .white)
    }

    // MARK: Progress bar

    func testProgressBarFillsFromTheLeadingEdgeInTheRightColour() throws {
        // Fixture, appearance → the fill colour: primary before the first tier is met, accent once it is.
        let cases: [(String, Appearance, Color)] = [
            ("progress-before-tier", .light, hex(0x054B3A)), ("progress-before-tier", .dark, hex(0x054B3A)),
            ("progress-after-tier", .light, hex(0xFFC233)), ("progress-after-tier", .dark, hex(0xFFC233)),
            ("dark-progress", .light, hex(0x6FCF97)), ("dark-progress", .dark, hex(0xFFC233)),
        ]
        for (name, appearance, fill) in cases {
            let spec = try Package.fixture(name)
            var rows: [LayoutDirection: [Color]] = [:]
            for direction in LayoutDirection.allCases {
                let snapshot = try renderFresh(spec, environment(.large, appearance, direction), engine: engine)
                let track = try XCTUnwrap(fills(snapshot.scene).first { $0.shape.rect.height == ProgressBarLayout.trackHeight })
                let y = track.shape.rect.y + track.shape.rect.height / 2
                let leading = direction == .ltr ? track.shape.rect.x + 6 : track.shape.rect.maxX - 6
                // 14 pt in from the trailing end: past the fill, and clear of the last tier's marker.
                let trailing = direction == .ltr ? track.shape.rect.maxX - 14 : track.shape.rect.x + 14
                let what = "\(name) \(appearance) \(direction)"
                XCTAssertEqual(snapshot.pixmap.color(atPoint: leading, y, scale: 3), fill, what)
                XCTAssertEqual(snapshot.pixmap.color(atPoint: trailing, y, scale: 3), track.color, what)
                XCTAssertNotEqual(track.color, fill, what)
                let row = Int(y * 3)
                rows[direction] = (0..<snapshot.pixmap.width).map { snapshot.pixmap.color($0, row) }
            }
            // The track's row mirrors exactly (markers, fill, rounded ends).
            let ltr = try XCTUnwrap(rows[.ltr]), rtl = try XCTUnwrap(rows[.rtl])
            let mismatches = ltr.indices.filter { !close(ltr[$0], rtl[rtl.count - 1 - $0], 1) }
            XCTAssertEqual(mismatches.count, 0, "\(name) \(appearance): the track row does not mirror at \(mismatches.prefix(5))")
        }
    }

    // MARK: Dynamic Type

    func testTextSizesFollowTheDynamicTypeTable() throws {
        let banner = try Package.fixture("default-banner")
        func size(_ role: TextRole, _ textSize: TextSize, _ spec: Spec) throws -> Double? {
            try renderFresh(spec, environment(textSize, .light, .ltr), engine: engine).report.texts.first { $0.role == role }?.fontSize
        }
        XCTAssertEqual(try size(.title, .large, banner), 20)
        XCTAssertEqual(try size(.title, .accessibilityExtraExtraExtraLarge, banner), 55)
        XCTAssertEqual(try size(.title, .extraSmall, banner), 17)
        XCTAssertEqual(try size(.title, .extraLarge, banner), 22)
        XCTAssertEqual(try size(.body, .large, banner), 15)
        XCTAssertEqual(try size(.body, .accessibilityExtraExtraExtraLarge, banner), 49)
        XCTAssertEqual(try size(.body, .accessibilityMedium, banner), 25)
        // The glyphs are drawn at that size: the title's layout is 55 pt × 3 px per point.
        let ax5 = try renderFresh(banner, environment(.accessibilityExtraExtraExtraLarge, .light, .ltr), engine: engine)
        let titleLayout = zip(ax5.report.texts, textLayouts(ax5.scene)).first { $0.0.role == .title }?.1.layout
        XCTAssertEqual(titleLayout?.pixelSize, 165)
    }

    func testLineLimitsHoldAtTheLargestTextSize() throws {
        let long = try Package.fixture("long-copy-banner")
        let report = try renderFresh(long, environment(.accessibilityExtraExtraExtraLarge, .light, .ltr), engine: engine).report
        let title = try XCTUnwrap(report.texts.first { $0.role == .title })
        XCTAssertEqual(title.lines, 3)
        XCTAssertTrue(title.truncated)
        XCTAssertTrue(title.shownText.hasSuffix("\u{2026}"))
        XCTAssertEqual(report.texts.first { $0.role == .body }?.lines, 4)
        XCTAssertEqual(report.texts.first { $0.role == .eyebrow }?.lines, 1)
        XCTAssertEqual(report.texts.first { $0.role == .button }?.lines, 1)
        // At the smallest size the same title still needs cutting, but in fewer, smaller lines it shows more.
        let small = try renderFresh(long, environment(.extraSmall, .light, .ltr), engine: engine).report
        let smallTitle = try XCTUnwrap(small.texts.first { $0.role == .title })
        XCTAssertGreaterThan(smallTitle.shownText.count, title.shownText.count)
    }

    // MARK: Helpers

    private func decode(theme: String, component: String) throws -> Spec {
        let json = #"{"theme": \#(theme), "component": \#(component)}"#
        return try SpecDecoder(fontsFolder: Package.fonts).decode(Array(json.utf8), file: "test.json", name: "test",
                                                                  folder: Package.fixtures)
    }
}
