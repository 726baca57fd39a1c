import XCTest
@testable import Grona

final class ModelTests: XCTestCase {
    func testTextSizeNames() {
        XCTAssertEqual(TextSize.allCases.count, 12)
        XCTAssertEqual(TextSize.allCases.map(\.shortName),
                       ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"])
        for size in TextSize.allCases {
            XCTAssertEqual(TextSize(name: size.shortName), size)
            XCTAssertEqual(TextSize(name: size.uikitName), size)
        }
        XCTAssertEqual(TextSize(name: "accessibilityMedium"), .accessibilityMedium)
        // Any letter case: no two names differ only in case.
        XCTAssertEqual(TextSize(name: "XL"), .extraLarge)
        XCTAssertEqual(TextSize(name: "ax5"), .accessibilityExtraExtraExtraLarge)
        XCTAssertEqual(TextSize(name: "EXTRASMALL"), .extraSmall)
        XCTAssertNil(TextSize(name: "XXXXL"))
        XCTAssertTrue(TextSize.accessibilityMedium.isAccessibilitySize)
        XCTAssertFalse(TextSize.extraExtraExtraLarge.isAccessibilitySize)
    }

    func testCornerRadiusIsClamped() {
        XCTAssertEqual(Theme(cornerRadius: 40).cornerRadius, 32)
        XCTAssertEqual(Theme(cornerRadius: -3).cornerRadius, 0)
        XCTAssertEqual(Theme(cornerRadius: 12.5).cornerRadius, 12.5)
        var theme = Theme()
        theme.cornerRadius = 100
        XCTAssertEqual(theme.cornerRadius, 32)
    }

    func testCornerRadiusFromASpecIsClamped() throws {
        let decode = { (radius: String) in
            try SpecDecoder().decode(Array(#"{"theme": {"cornerRadius": \#(radius)}, "component": {"type": "banner", "title": "t"}}"#.utf8),
                                     file: "b.json", name: "b", folder: "/").theme.cornerRadius
        }
        XCTAssertEqual(try decode("99"), 32)
        XCTAssertEqual(try decode("-1"), 0)
        XCTAssertEqual(try decode("0"), 0)
    }

    func testOverridesWinOverTheSpec() {
        let spec = Environment(width: 358, scale: 3, textSize: .large, appearance: .light, direction: .ltr)
        XCTAssertEqual(spec.applying(EnvironmentOverrides()), spec)
        let overridden = spec.applying(EnvironmentOverrides(width: 320, textSize: .accessibilityMedium, direction: .rtl,
                                                            reduceMotion: true, time: 0.25))
        XCTAssertEqual(overridden, Environment(width: 320, scale: 3, textSize: .accessibilityMedium, appearance: .light,
                                               direction: .rtl, reduceMotion: true, time: 0.25))
        XCTAssertEqual(overridden.pixelWidth, 960)
    }

    func testOverrideParsing() throws {
        XCTAssertEqual(try EnvironmentOverrides.parseWidth("320.5"), 320.5)
        XCTAssertEqual(try EnvironmentOverrides.parseScale("2"), 2)
        XCTAssertEqual(try EnvironmentOverrides.parseTextSize("AX3"), .accessibilityExtraLarge)
        XCTAssertEqual(try EnvironmentOverrides.parseAppearance("dark"), .dark)
        XCTAssertEqual(try EnvironmentOverrides.parseDirection("rtl"), .rtl)
        XCTAssertEqual(try EnvironmentOverrides.parseTime("0.5"), 0.5)
        func problem(_ body: () throws -> Any) -> String? {
            do { _ = try body(); return nil } catch { return (error as? OverrideError)?.description }
        }
        XCTAssertEqual(problem { try EnvironmentOverrides.parseWidth("wide") }, #""wide" is not a number"#)
        XCTAssertEqual(problem { try EnvironmentOverrides.parseWidth("nan") }, #""nan" is not a number"#)
        // Swift's Double(_:) reads these too; a typed width must be a plain decimal number.
        XCTAssertEqual(problem { try EnvironmentOverrides.parseWidth("0x10") }, #""0x10" is not a number"#)
        XCTAssertEqual(problem { try EnvironmentOverrides.parseWidth("inf") }, #""inf" is not a number"#)
        XCTAssertEqual(try EnvironmentOverrides.parseWidth("2e2"), 200)
        XCTAssertEqual(problem { try EnvironmentOverrides.parseWidth("3000") }, "3000 is not within 44…2048 points")
        XCTAssertEqual(problem { try EnvironmentOverrides.parseScale("0") }, "0 is not one of 1, 2, 3")
        XCTAssertEqual(problem { try EnvironmentOverrides.parseDirection("up") }, #""up" is not one of: ltr, rtl"#)
        XCTAssertEqual(problem { try EnvironmentOverrides.parseTime("-1") }, "-1 is negative; time must be at least 0")
    }

    func testGoldenNaming() {
        let env = Environment(width: 358, scale: 3, textSize: .accessibilityExtraExtraExtraLarge, appearance: .dark, direction: .rtl)
        XCTAssertEqual(Variants.goldenName(specName: "banner", environment: env), "banner/AX5-dark-rtl@3x.png")
        var small = env
        small.textSize = .extraSmall; small.appearance = .light; small.direction = .ltr; small.scale = 1
        XCTAssertEqual(Variants.goldenName(specName: "offer", environment: small), "offer/xS-light-ltr@1x.png")
        small.width = 320.5
        XCTAssertEqual(Variants.goldenName(specName: "offer", environment: small, includingWidth: true),
                       "offer/xS-light-ltr-320.5pt@1x.png")
    }

    func testVariantProductOrderAndWidthAxis() {
        let variants = Variants(appearances: [.light, .dark], scales: [2, 3], widths: [320, 390])
        let base = Environment(textSize: .extraLarge)
        let envs = variants.environments(base: base)
        XCTAssertEqual(envs.count, 8)
        XCTAssertTrue(envs.allSatisfy { $0.textSize == .extraLarge && $0.direction == .ltr })
        XCTAssertEqual(envs.map(\.width), [320, 390, 320, 390, 320, 390, 320, 390])
        XCTAssertEqual(envs.map(\.scale), [2, 2, 3, 3, 2, 2, 3, 3])
        let spec = Spec(name: "bar", folder: "/", theme: Theme(), component: .message(Message(icon: .info, body: "b")),
                        environment: base, variants: variants)
        XCTAssertEqual(spec.goldenName(for: envs[1]), "bar/xL-light-ltr-390pt@2x.png")
        XCTAssertEqual(Set(envs.map(spec.goldenName(for:))).count, 8)
    }

    func testLineLimitsAndThresholds() {
        XCTAssertEqual(Component.Kind.banner.lineLimit(.title), 3)
        XCTAssertEqual(Component.Kind.banner.lineLimit(.body), 4)
        XCTAssertEqual(Component.Kind.offer.lineLimit(.title), 2)
        XCTAssertEqual(Component.Kind.progressBar.lineLimit(.footnote), 2)
        XCTAssertNil(Component.Kind.message.lineLimit(.button))
        XCTAssertEqual(TextRole.eyebrow.minimumContrast, 3)
        XCTAssertEqual(TextRole.code.minimumContrast, 4.5)
    }
}
