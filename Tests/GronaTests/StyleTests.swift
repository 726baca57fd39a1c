import Raster
import XCTest
@testable import Grona

final class ContrastTests: XCTestCase {
    func rgb(_ hex: UInt32, alpha: UInt8 = 255) -> Color {
        Color(r: UInt8(hex >> 16 & 0xFF), g: UInt8(hex >> 8 & 0xFF), b: UInt8(hex & 0xFF), a: alpha)
    }

    func testRelativeLuminanceAndRatioMatchWCAG() {
        XCTAssertEqual(Contrast.relativeLuminance(.white), 1, accuracy: 1e-12)
        XCTAssertEqual(Contrast.relativeLuminance(.black), 0, accuracy: 1e-12)
        XCTAssertEqual(Contrast.ratio(.white, .black), 21, accuracy: 1e-9)
        XCTAssertEqual(Contrast.ratio(.black, .white), 21, accuracy: 1e-9)
        XCTAssertEqual(Contrast.ratio(rgb(0x777777), .white), 4.478, accuracy: 0.001)  // the classic near miss
        XCTAssertEqual(Contrast.ratio(rgb(0x767676), .white), 4.542, accuracy: 0.001)  // the lightest grey that passes
        XCTAssertEqual(Contrast.ratio(rgb(0xFF0000), .white), 3.998, accuracy: 0.001)
        // Channel values at and below the 0.04045 threshold use the linear segment: 10/255 = 0.0392.
        XCTAssertEqual(Contrast.relativeLuminance(rgb(0x0A0A0A)), (10.0 / 255) / 12.92, accuracy: 1e-12)
    }

    func testTranslucentColoursAreCompositedBeforeMeasuring() {
        XCTAssertEqual(Contrast.composite(rgb(0x000000, alpha: 128), over: .white), rgb(0x7F7F7F))
        XCTAssertEqual(Contrast.ratio(rgb(0xFFFFFF, alpha: 0), .black), 1, accuracy: 1e-12)
        let text = TextColor(role: .body, preferred: rgb(0xFFFFFF, alpha: 0x20), background: .white)
        XCTAssertEqual(text.color, Contrast.nearBlack)
        XCTAssertTrue(text.isAdjusted)
    }

    func testReadableContrastFixPicksWhiteOrNearBlack() {
        // White on gold fails 4.5 and becomes near-black.
        let onGold = TextColor(role: .title, preferred: .white, background: rgb(0xFFD700))
        XCTAssertEqual(onGold.color, Contrast.nearBlack)
        XCTAssertEqual(onGold.contrast, Contrast.ratio(Contrast.nearBlack, rgb(0xFFD700)), accuracy: 1e-12)
        XCTAssertGreaterThan(onGold.contrast, 12)
        XCTAssertEqual(onGold.minimumContrast, 4.5)
        // Dark grey on navy fails and becomes white.
        let onNavy = TextColor(role: .body, preferred: rgb(0x333333), background: rgb(0x0A408C))
        XCTAssertEqual(onNavy.color, .white)
        // #777777 on white passes an eyebrow's 3:1 but not a title's 4.5:1.
        XCTAssertEqual(TextColor(role: .eyebrow, preferred: rgb(0x777777), background: .white).color, rgb(0x777777))
        XCTAssertEqual(TextColor(role: .footnote, preferred: rgb(0x777777), background: .white).minimumContrast, 3)
        XCTAssertEqual(TextColor(role: .title, preferred: rgb(0x777777), background: .white).color, Contrast.nearBlack)
    }

    func testHexStrings() {
        XCTAssertEqual(rgb(0x0A408C, alpha: 0x80).rgbHex, "#0A408C")
        XCTAssertEqual(rgb(0x0A408C, alpha: 0x80).rgbaHex, "#0A408C80")
    }
}

final class ColorResolverTests: XCTestCase {
    let gold = Color(r: 0xFF, g: 0xD7, b: 0x00)

    func testFailingThemeSwitchesBannerText() {
        let theme = Theme(primary: .fixed(gold), onPrimary: .hex(0xFFFFFF))
        let colors = ColorResolver(theme: theme).colors(for: .banner(Banner(title: "t")), appearance: .light)
        XCTAssertEqual(colors.background, gold)
        let title = colors.text(.title)
        XCTAssertEqual(title?.preferred, .white)
        XCTAssertEqual(title?.background, gold)
        XCTAssertEqual(title?.color, Contrast.nearBlack)
        XCTAssertEqual(title?.contrast ?? 0, 12.22, accuracy: 0.01)
        XCTAssertEqual(colors.texts.map(\.role), [.eyebrow, .title, .body, .button])
    }

    func testDefaultThemeKeepsPreferredColours() {
        let colors = ColorResolver(theme: Theme()).colors(for: .banner(Banner(title: "t")), appearance: .light)
        XCTAssertEqual(colors.background, Color(r: 0x05, g: 0x4B, b: 0x3A))
        for text in colors.texts { XCTAssertFalse(text.isAdjusted, "\(text.role)") }
        XCTAssertEqual(colors.text(.title)?.color, .white)
        XCTAssertEqual(colors.text(.eyebrow)?.color, Color(r: 0x6F, g: 0xCF, b: 0x97))
    }

    func testFirstDrawAppearanceWins() {
        let theme = Theme(accent: .adaptive(light: Color(r: 0xFF, g: 0xC2, b: 0x33), dark: Color(r: 0xC7, g: 0x92, b: 0)))
        let banner = Component.banner(Banner(title: "t"))
        let darkFirst = ColorResolver(theme: theme)
        XCTAssertEqual(darkFirst.colors(for: banner, appearance: .dark).accent, Color(r: 0xC7, g: 0x92, b: 0))
        XCTAssertEqual(darkFirst.colors(for: banner, appearance: .light).accent, Color(r: 0xC7, g: 0x92, b: 0))
        XCTAssertEqual(darkFirst.resolvedTheme(appearance: .light).appearance, .dark)
        let lightFirst = ColorResolver(theme: theme)
        XCTAssertEqual(lightFirst.colors(for: banner, appearance: .light).accent, Color(r: 0xFF, g: 0xC2, b: 0x33))
        XCTAssertEqual(lightFirst.colors(for: banner, appearance: .dark).accent, Color(r: 0xFF, g: 0xC2, b: 0x33))
        // Campaign colours too: resolved when first drawn, then kept.
        let styled = Component.banner(Banner(title: "t", style: CampaignStyle(background: .adaptive(light: .white, dark: .black))))
        XCTAssertEqual(lightFirst.colors(for: styled, appearance: .dark).background, .black)
        XCTAssertEqual(lightFirst.colors(for: styled, appearance: .light).background, .black)
    }

    func testCampaignStyleOverridesOneComponentOnly() {
        let resolver = ColorResolver(theme: Theme())
        let style = CampaignStyle(background: .hex(0x7A2E0E), text: .hex(0xFFF4E0), accent: .hex(0xFFB000))
        let styled = resolver.colors(for: .banner(Banner(title: "t", style: style)), appearance: .light)
        XCTAssertEqual(styled.background, Color(r: 0x7A, g: 0x2E, b: 0x0E))
        XCTAssertEqual(styled.text(.title)?.color, Color(r: 0xFF, g: 0xF4, b: 0xE0))
        XCTAssertEqual(styled.accent, Color(r: 0xFF, g: 0xB0, b: 0x00))
        XCTAssertEqual(styled.buttonBackground, Color(r: 0xFF, g: 0xB0, b: 0x00))
        let plain = resolver.colors(for: .banner(Banner(title: "t")), appearance: .light)
        XCTAssertEqual(plain.background, Color(r: 0x05, g: 0x4B, b: 0x3A))
        XCTAssertEqual(plain.accent, Color(r: 0x6F, g: 0xCF, b: 0x97))
    }

    func testProgressFillFollowsTheFirstTier() {
        let resolver = ColorResolver(theme: Theme())
        func fill(_ value: Double) -> Color? {
            let bar = ProgressBar(title: "t", value: value, tiers: [Tier(at: 3, label: "a"), Tier(at: 6, label: "b")])
            return resolver.colors(for: .progressBar(bar), appearance: .light).progressFill
        }
        XCTAssertEqual(fill(2.99), Color(r: 0x05, g: 0x4B, b: 0x3A))
        XCTAssertEqual(fill(3), Color(r: 0x6F, g: 0xCF, b: 0x97))
        let colors = resolver.colors(for: .progressBar(ProgressBar(title: "t", value: 0, tiers: [Tier(at: 1, label: "a")])),
                                     appearance: .light)
        XCTAssertEqual(colors.background, .white)
        XCTAssertEqual(colors.text(.footnote)?.preferred, Color(r: 0x6B, g: 0x70, b: 0x6C))
        XCTAssertEqual(colors.text(.footnote)?.minimumContrast, 3)
        XCTAssertEqual(colors.text(.tierLabel)?.minimumContrast, 4.5)
    }

    func testOffersAndMessagesAreTintedByAccent() {
        let offer = ColorResolver(theme: Theme()).colors(for: .offer(Offer(title: "t")), appearance: .light)
        // #FFFFFF blended 12% toward #6FCF97.
        XCTAssertEqual(offer.background, Color(r: 0xEE, g: 0xF9, b: 0xF3))
        XCTAssertEqual(offer.texts.map(\.role), [.eyebrow, .title, .body, .code, .button])
        let dark = ColorResolver(theme: Theme(surface: .adaptive(light: .white, dark: .black)))
            .colors(for: .message(Message(icon: .star, body: "b")), appearance: .dark)
        // The dark variant #000000 blended 20% toward #6FCF97: the surface follows the appearance.
        XCTAssertEqual(dark.background, Color(r: 0x16, g: 0x29, b: 0x1E))
        XCTAssertEqual(dark.icon, Color(r: 0x05, g: 0x4B, b: 0x3A))
        XCTAssertEqual(dark.text(.body)?.color, .white)  // default text #1A1C1A on near-black is switched
    }
}

/// Seed fidelity: only colours with a dark variant follow the appearance; colour decisions are made
/// once, at the first draw; a campaign `text` colour reaches every text token of its component.
final class SeedFidelityTests: XCTestCase {
    func testAFixedSurfaceIsTintedTheSameInBothAppearances() {
        let theme = Theme(surface: .hex(0x000000))
        let message = Component.message(Message(icon: .star, body: "b"))
        let light = ColorResolver(theme: theme).colors(for: message, appearance: .light)
        let dark = ColorResolver(theme: theme).colors(for: message, appearance: .dark)
        // #000000 blended 12% toward #6FCF97, whichever appearance the app launched in.
        XCTAssertEqual(dark.background, Color(r: 0x0D, g: 0x19, b: 0x12))
        XCTAssertEqual(light, dark)
        // The default theme has no dark colours either: an offer is the same in both.
        let offer = Component.offer(Offer(title: "t", code: "C", button: "b"))
        XCTAssertEqual(ColorResolver(theme: Theme()).colors(for: offer, appearance: .dark),
                       ColorResolver(theme: Theme()).colors(for: offer, appearance: .light))
    }

    func testTranslucentColoursAreDecidedOnceAtTheFirstDraw() {
        // A half-transparent grey surface: over white it is light (dark text reads), over black dark.
        let theme = Theme(surface: .fixed(Color(r: 0x80, g: 0x80, b: 0x80, a: 0x80)))
        let message = Component.message(Message(icon: .info, title: "t", body: "b"))
        let resolver = ColorResolver(theme: theme)
        let light = resolver.colors(for: message, appearance: .light)
        let darkAfterLight = resolver.colors(for: message, appearance: .dark)
        XCTAssertEqual(light.text(.title)?.background, Color(r: 0xB7, g: 0xBD, b: 0xB9))
        XCTAssertEqual(darkAfterLight, light, "an appearance change does not flip text colour decisions")
        XCTAssertEqual(light.text(.title)?.color, Color(r: 0x1A, g: 0x1C, b: 0x1A))
        // A process whose first draw is dark sees the card over black, and keeps that.
        let darkFirst = ColorResolver(theme: theme)
        let dark = darkFirst.colors(for: message, appearance: .dark)
        XCTAssertEqual(dark.text(.title)?.background, Color(r: 0x47, g: 0x4D, b: 0x49))
        XCTAssertEqual(dark.text(.title)?.color, .white)
        XCTAssertEqual(darkFirst.colors(for: message, appearance: .light), dark)
    }

    func testCampaignTextReachesTierLabelsAndFootnotes() {
        let style = CampaignStyle(background: .hex(0x7A2E0E), text: .hex(0xFFF4E0))
        let bar = ProgressBar(title: "t", value: 1, tiers: [Tier(at: 2, label: "a")], footnote: "f", style: style)
        let colors = ColorResolver(theme: Theme()).colors(for: .progressBar(bar), appearance: .light)
        for role in [TextRole.title, .body, .tierLabel, .footnote] {
            XCTAssertEqual(colors.text(role)?.preferred, Color(r: 0xFF, g: 0xF4, b: 0xE0), "\(role)")
            XCTAssertEqual(colors.text(role)?.color, Color(r: 0xFF, g: 0xF4, b: 0xE0), "\(role) is not replaced")
        }
        // Without a campaign text colour, secondary text keeps the theme's mutedText.
        let plain = ColorResolver(theme: Theme()).colors(for: .progressBar(ProgressBar(title: "t", value: 1, tiers: [], footnote: "f")),
                                                         appearance: .light)
        XCTAssertEqual(plain.text(.footnote)?.preferred, Color(r: 0x6B, g: 0x70, b: 0x6C))
    }
}


final class DynamicTypeTests: XCTestCase {
    func testTableValues() {
        XCTAssertEqual(DynamicType.pointSize(style: .title3, category: .accessibilityExtraExtraExtraLarge), 55)
        XCTAssertEqual(DynamicType.pointSize(style: .body, category: .extraSmall), 14)
        XCTAssertEqual(DynamicType.pointSize(style: .headline, category: .accessibilityLarge), 33)
        XCTAssertEqual(DynamicType.pointSize(style: .footnote, category: .large), 13)
        XCTAssertEqual(DynamicType.pointSize(style: .caption2, category: .medium), 11)
        XCTAssertEqual(DynamicType.pointSize(style: .callout, category: .accessibilityExtraExtraExtraLarge), 51)
        for style in DynamicTypeStyle.allCases {
            let sizes = TextSize.allCases.map { DynamicType.pointSize(style: style, category: $0) }
            XCTAssertEqual(sizes, sizes.sorted(), "\(style) grows with the category")
        }
    }

    func testScaledSize() {
        XCTAssertEqual(scaledSize(base: 17, style: .body, category: .large), 17)
        XCTAssertEqual(scaledSize(base: 17, style: .body, category: .accessibilityExtraExtraExtraLarge), 53)
        XCTAssertEqual(scaledSize(base: 20, style: .footnote, category: .extraSmall), 20 * 12 / 13, accuracy: 1e-12)
        XCTAssertEqual(scaledSize(base: 10, style: .title3, category: .extraLarge), 11, accuracy: 1e-12)
    }
}
