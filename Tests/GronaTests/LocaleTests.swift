import Foundation
import Raster
import Text
import XCTest
@testable import Grona

/// Locales: BCP 47 tags, localizations, the direction a language brings, golden names per locale,
/// pseudolanguages, and the localized fixture rendered in each of its languages.
final class LocaleTests: XCTestCase {
    var fixture: FixtureFolder!
    override func setUpWithError() throws { fixture = try FixtureFolder() }
    override func tearDown() { fixture = nil }

    func decode(_ json: String) throws -> Spec {
        try SpecDecoder(fontsFolder: fixture.fontsFolder)
            .decode(Array(json.utf8), file: "campaign.json", name: "campaign", folder: fixture.specFolder)
    }

    func message(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try decode(json)
            XCTFail("expected an error", file: file, line: line)
        } catch {
            return "\(error)"
        }
        return ""
    }

    static let banner = #""component": {"type": "banner", "eyebrow": "WEEKEND", "title": "Two for one", "button": "Order now"}"#
    static let bar = #""component": {"type": "progressBar", "title": "Stamps", "value": 3, "#
        + #""tiers": [{"at": 2, "label": "Coffee"}, {"at": 5, "label": "Cake"}, {"at": 9, "label": "Lunch"}]}"#

    // MARK: - Tags

    func testWellFormedTagsAreKeptInCanonicalCase() throws {
        let cases = ["en": "en", "DE": "de", "pt-br": "pt-BR", "zh-hant-tw": "zh-Hant-TW", "sr-LATN": "sr-Latn",
                     "es-419": "es-419", "de-CH-1996": "de-CH-1996", "ast": "ast",
                     "en-US-u-ca-gregory": "en-US-u-ca-gregory", "de-x-formal": "de-x-formal"]
        for (text, canonical) in cases {
            XCTAssertEqual(try EnvironmentOverrides.parseLocale(text), canonical, text)
            let spec = try decode(#"{"environment": {"locale": "\#(text)"}, \#(Self.banner)}"#)
            XCTAssertEqual(spec.environment.locale, canonical, text)
        }
    }

    func testMalformedTagsAreRefusedWithTheFileAndPath() {
        func locale(_ tag: String) -> String { message(#"{"environment": {"locale": "\#(tag)"}, \#(Self.banner)}"#) }
        XCTAssertEqual(locale("en_US"), #"campaign.json: $.environment.locale: "en_US" is not a BCP 47 language tag: subtags are separated by "-", as in "en-US""#)
        XCTAssertEqual(locale("english"), #"campaign.json: $.environment.locale: "english" is a language's name; its code is en"#)
        XCTAssertEqual(locale("englishh"), #"campaign.json: $.environment.locale: "englishh" is not a BCP 47 language tag: the language comes first, as a 2- or 3-letter ISO 639 code such as "en" or "ast""#)
        XCTAssertEqual(locale("en-USA"), #"campaign.json: $.environment.locale: "en-USA" is not a BCP 47 language tag: "USA" is not a script (4 letters), region (2 letters or 3 digits) or variant in its place"#)
        XCTAssertEqual(locale(""), #"campaign.json: $.environment.locale: "" is not a BCP 47 language tag: it is empty; expected e.g. "en", "pt-BR" or "zh-Hant""#)
        XCTAssertEqual(locale("en--US"), #"campaign.json: $.environment.locale: "en--US" is not a BCP 47 language tag: it has an empty subtag"#)
        XCTAssertEqual(locale("de-Ä"), #"campaign.json: $.environment.locale: "de-Ä" is not a BCP 47 language tag: only letters A–Z, digits and "-" may appear"#)
        XCTAssertEqual(locale("de-x"), #"campaign.json: $.environment.locale: "de-x" is not a BCP 47 language tag: the singleton "x" must be followed by a subtag"#)
        XCTAssertEqual(locale("de-DE-x-1234567890"), #"campaign.json: $.environment.locale: "de-DE-x-1234567890" is not a BCP 47 language tag: "1234567890" after "x" is 10 characters; a subtag there is 1 to 8 letters or digits"#)
        XCTAssertEqual(message(#"{"environment": {"locale": 7}, \#(Self.banner)}"#),
                       "campaign.json: $.environment.locale: expected a string, found 7")
        XCTAssertEqual(message(#"{\#(Self.banner), "variants": {"locale": ["en", "de", "EN"]}}"#),
                       #"campaign.json: $.variants.locale[2]: duplicate value "EN""#)
        XCTAssertEqual(message(#"{\#(Self.banner), "variants": {"locale": ["en", "en_GB"]}}"#),
                       #"campaign.json: $.variants.locale[1]: "en_GB" is not a BCP 47 language tag: subtags are separated by "-", as in "en-GB""#)
        XCTAssertEqual(message(#"{\#(Self.banner), "variants": {"pseudo": ["accent"]}}"#),
                       #"campaign.json: $.variants.pseudo[0]: "accent" is not one of: accented, double, bounded, rtl (did you mean "accented"?)"#)
        XCTAssertThrowsError(try EnvironmentOverrides.parseLocale("pt_BR")) { error in
            XCTAssertEqual("\(error)", #""pt_BR" is not a BCP 47 language tag: subtags are separated by "-", as in "pt-BR""#)
        }
        XCTAssertThrowsError(try EnvironmentOverrides.parsePseudo("long")) { error in
            XCTAssertEqual("\(error)", #""long" is not one of: accented, double, bounded, rtl"#)
        }
    }

    // MARK: - Localizations

    func testLocalizationsDecodeByFieldAndTierPosition() throws {
        let spec = try decode(#"""
            {\#(Self.bar), "localizations": {
              "de": {"title": "Stempel", "tiers": ["Kaffee", null, "Mittagessen"]},
              "pt-br": {"tiers": ["Café"]}
            }}
            """#)
        XCTAssertEqual(Set(spec.localizations.keys), ["de", "pt-BR"])
        XCTAssertEqual(spec.localizations["de"], Localization(texts: [.title: "Stempel"], tierLabels: ["Kaffee", nil, "Mittagessen"]))
        guard case .progressBar(let de) = spec.localized(for: locale("de")).component else { return XCTFail("not a bar") }
        XCTAssertEqual(de.title, "Stempel")
        XCTAssertEqual(de.tiers.map(\.label), ["Kaffee", "Cake", "Mittagessen"])   // null keeps the base label
        XCTAssertEqual(de.tiers.map(\.at), [2, 5, 9])
        guard case .progressBar(let pt) = spec.localized(for: locale("pt-BR")).component else { return XCTFail("not a bar") }
        XCTAssertEqual(pt.title, "Stamps")                                          // absent: the base copy
        XCTAssertEqual(pt.tiers.map(\.label), ["Café", "Cake", "Lunch"])             // fewer labels: the rest are base
    }

    func testLocalizationErrorsNameTheirPath() {
        XCTAssertEqual(message(#"{\#(Self.banner), "localizations": {"de": {"title": "Zwei für eins", "image": "de.png"}}}"#),
                       #"campaign.json: $.localizations.de: unknown key "image"; expected one of: eyebrow, title, body, button"#)
        XCTAssertEqual(message(#"{\#(Self.banner), "localizations": {"de": {"titel": "Zwei für eins"}}}"#),
                       #"campaign.json: $.localizations.de: unknown key "titel"; expected one of: eyebrow, title, body, button"#)
        XCTAssertEqual(message(#"{\#(Self.banner), "localizations": {"de": {"body": "Nur am Wochenende"}}}"#),
                       "campaign.json: $.localizations.de.body: the banner has no body to localize; add it to the component first")
        XCTAssertEqual(message(#"{\#(Self.banner), "localizations": {"de": {"tiers": ["Kaffee"]}}}"#),
                       #"campaign.json: $.localizations.de: unknown key "tiers"; expected one of: eyebrow, title, body, button"#)
        XCTAssertEqual(message(#"{\#(Self.bar), "localizations": {"de": {"tiers": ["a", "b", "c", "d"]}}}"#),
                       "campaign.json: $.localizations.de.tiers[3]: the progress bar has 3 tiers; there is no tier 3 to label (tier labels go by position, from 0)")
        XCTAssertEqual(message(#"{\#(Self.bar), "localizations": {"de": {"tiers": [7]}}}"#),
                       "campaign.json: $.localizations.de.tiers[0]: expected a string, found 7")
        XCTAssertEqual(message(#"{\#(Self.banner), "localizations": {"pt_BR": {"title": "Dois por um"}}}"#),
                       #"campaign.json: $.localizations.pt_BR: "pt_BR" is not a BCP 47 language tag: subtags are separated by "-", as in "pt-BR""#)
        XCTAssertEqual(message(#"{\#(Self.banner), "localizations": {"de": {"title": "A"}, "DE": {"title": "B"}}}"#),
                       #"campaign.json: $.localizations.DE: a second localization for "de"; give each locale one"#)
        XCTAssertEqual(message(#"{\#(Self.banner), "localizations": ["de"]}"#),
                       "campaign.json: $.localizations: expected an object, found an array")
        XCTAssertEqual(message(#"{\#(Self.banner), "localizations": {"de": {"title": "Zwei\u0000"}}}"#),
                       "campaign.json: $.localizations.de.title: text contains a NUL character (U+0000)")
    }

    func testALocaleFindsItsLocalizationByDroppingSubtags() throws {
        let spec = try decode(#"""
            {\#(Self.banner), "localizations": {"pt": {"title": "Dois por um"}, "zh-Hant": {"title": "買一送一"},
                                                "de": {"button": "Jetzt bestellen"}}}
            """#)
        func title(_ tag: String) -> String? {
            guard case .banner(let b) = spec.localized(for: locale(tag)).component else { return nil }
            return b.title
        }
        XCTAssertEqual(title("pt-BR"), "Dois por um")
        XCTAssertEqual(title("zh-Hant-TW"), "買一送一")
        XCTAssertEqual(title("zh-Hans"), "Two for one")      // no zh, no zh-Hans: the base copy
        XCTAssertEqual(title("fr"), "Two for one")
        XCTAssertEqual(title("de-x-formal"), "Two for one")  // de has no title: the base copy
        guard case .banner(let de) = spec.localized(for: locale("de-CH")).component else { return XCTFail() }
        XCTAssertEqual(de.button, "Jetzt bestellen")
        XCTAssertEqual(de.eyebrow, "WEEKEND")
    }

    // MARK: - Direction

    func testARightToLeftLocaleSetsTheDirectionUnlessOneIsSet() throws {
        for tag in ["ar", "ar-EG", "he", "he-IL", "fa", "fa-IR", "ur", "ur-Arab-PK", "ps", "az-Arab", "pa-PK"] {
            XCTAssertEqual(locale(tag).direction, .rtl, tag)
        }
        for tag in ["en", "de", "ja", "zh-Hant", "pt-BR", "ar-Latn", "sr-Latn", "pa"] {
            XCTAssertEqual(locale(tag).direction, .ltr, tag)
        }
        XCTAssertEqual(Environment().direction, .ltr)

        // The spec's environment sets one: it stays.
        let explicit = try decode(#"{"environment": {"locale": "ar", "direction": "ltr"}, \#(Self.banner)}"#)
        XCTAssertEqual(explicit.environment.direction, .ltr)
        let implicit = try decode(#"{"environment": {"locale": "ar"}, \#(Self.banner)}"#)
        XCTAssertEqual(implicit.environment.direction, .rtl)
        XCTAssertNil(implicit.environment.explicitDirection)

        // The command line: --locale ar turns an unset direction; --direction wins over it.
        let english = try decode(#"{\#(Self.banner)}"#)
        XCTAssertEqual(english.environment.applying(EnvironmentOverrides(locale: "he")).direction, .rtl)
        XCTAssertEqual(english.environment.applying(EnvironmentOverrides(direction: .ltr, locale: "he")).direction, .ltr)
        XCTAssertEqual(explicit.environment.applying(EnvironmentOverrides(locale: "fa")).direction, .ltr)

        // A direction axis sets it per variant; without one each locale brings its own.
        let axes = try decode(#"{\#(Self.banner), "variants": {"locale": ["en", "ar"], "direction": ["ltr", "rtl"]}}"#)
        XCTAssertEqual(axes.variantEnvironments.map { "\($0.locale!)-\($0.direction)" }, ["en-ltr", "en-rtl", "ar-ltr", "ar-rtl"])
        let languages = try decode(#"{\#(Self.banner), "variants": {"locale": ["en", "ar", "ja"]}}"#)
        XCTAssertEqual(languages.variantEnvironments.map(\.direction), [.ltr, .rtl, .ltr])

        // The rtl pseudolanguage is a right-to-left language too.
        var pseudo = Environment()
        pseudo.pseudo = .rtl
        XCTAssertEqual(pseudo.direction, .rtl)
        pseudo.direction = .ltr
        XCTAssertEqual(pseudo.direction, .ltr)
    }

    // MARK: - Variants and golden names

    func testLanguagesAreTheOutermostAxisAndPseudolanguagesFollowTheLocales() throws {
        let spec = try decode(#"""
            {"environment": {"locale": "en"}, \#(Self.banner), "localizations": {"de": {"title": "Zwei für eins"}},
             "variants": {"locale": ["en", "de"], "pseudo": ["accented", "rtl"], "textSize": ["L", "AX5"]}}
            """#)
        let names = spec.variantEnvironments.map { spec.goldenName(for: $0) }
        XCTAssertEqual(names, [
            "campaign/en/L-light-ltr@3x.png", "campaign/en/AX5-light-ltr@3x.png",
            "campaign/de/L-light-ltr@3x.png", "campaign/de/AX5-light-ltr@3x.png",
            "campaign/en/L-light-ltr-pseudo-accented@3x.png", "campaign/en/AX5-light-ltr-pseudo-accented@3x.png",
            "campaign/en/L-light-rtl-pseudo-rtl@3x.png", "campaign/en/AX5-light-rtl-pseudo-rtl@3x.png",
        ])
        XCTAssertEqual(spec.variants?.count, 8)
    }

    func testGoldenNamesPerLocaleOnlyForLocalizedSpecs() throws {
        let plain = try decode(#"{\#(Self.banner)}"#)
        XCTAssertFalse(plain.hasGoldensPerLocale)
        XCTAssertEqual(plain.goldenName(for: plain.environment), "campaign/L-light-ltr@3x.png")      // as before
        var arabic = plain.environment
        arabic.locale = "ar"
        XCTAssertEqual(plain.goldenName(for: arabic), "campaign/L-light-rtl@3x.png")
        var bounded = plain.environment
        bounded.pseudo = .bounded
        XCTAssertEqual(plain.goldenName(for: bounded), "campaign/L-light-ltr-pseudo-bounded@3x.png")

        let localized = try decode(#"{\#(Self.banner), "localizations": {"ja": {"title": "1個買うと1個無料"}}}"#)
        XCTAssertTrue(localized.hasGoldensPerLocale)
        XCTAssertEqual(localized.goldenName(for: localized.environment), "campaign/base/L-light-ltr@3x.png")
        var japanese = localized.environment
        japanese.locale = "ja"
        japanese.scale = 2
        XCTAssertEqual(localized.goldenName(for: japanese), "campaign/ja/L-light-ltr@2x.png")

        // A locale axis without localizations also needs a folder per locale, or names would collide.
        let axis = try decode(#"{\#(Self.banner), "variants": {"locale": ["ja", "zh-Hans"]}}"#)
        XCTAssertEqual(axis.variantEnvironments.map { axis.goldenName(for: $0) },
                       ["campaign/ja/L-light-ltr@3x.png", "campaign/zh-Hans/L-light-ltr@3x.png"])
    }

    // MARK: - Pseudolanguages

    func testEachPseudolanguageTransformsTheCopy() {
        XCTAssertEqual(PseudoLocalization.accented.transform("Order now"), "ÖÖŕðééŕ ñööŵ")
        XCTAssertEqual(PseudoLocalization.accented.transform("SAVE 20% – café"), "ŠÅÅṼÉÉ 20% – çååƒé")   // é is not ASCII: kept
        XCTAssertEqual(PseudoLocalization.accented.transform("週末 عرض"), "週末 عرض")   // only Latin letters change
        XCTAssertEqual(PseudoLocalization.double.transform("Order now"), "Order now Order now")
        XCTAssertEqual(PseudoLocalization.bounded.transform("Order now"), "[# Order now #]")
        XCTAssertEqual(PseudoLocalization.rtl.transform("Order now"), "\u{200F}\u{202E}Order now\u{202C}")
    }

    func testAccentedCopyIsAThirdLonger() throws {
        // The English campaign copy of the localized fixture, all its fields together.
        let spec = try Package.fixture("weekend-campaign")
        let copy = spec.component.texts.map(\.text)
        let plain = copy.map(\.count).reduce(0, +)
        let accented = copy.map { PseudoLocalization.accented.transform($0).count }.reduce(0, +)
        let growth = Double(accented - plain) / Double(plain)
        XCTAssertGreaterThanOrEqual(growth, 0.30)
        XCTAssertLessThanOrEqual(growth, 0.40)
    }

    func testAPseudolanguageAppliesToEveryFieldAfterTheLocalesCopy() throws {
        let spec = try decode(#"{\#(Self.bar), "localizations": {"de": {"title": "Stempel"}}}"#)
        var env = locale("de")
        env.pseudo = .bounded
        guard case .progressBar(let bar) = spec.localized(for: env).component else { return XCTFail("not a bar") }
        XCTAssertEqual(bar.title, "[# Stempel #]")
        XCTAssertEqual(bar.tiers.map(\.label), ["[# Coffee #]", "[# Cake #]", "[# Lunch #]"])
    }

    // MARK: - The localized fixture, rendered

    func testTheLocalizedFixtureRendersEachLocalesCopy() throws {
        let spec = try Package.fixture("weekend-campaign")
        let engine = try TextEngine(fontsDirectory: Package.fonts)
        XCTAssertEqual(Set(spec.localizations.keys), ["de", "fr", "ar", "ja"])
        for tag in ["en", "de", "fr", "ar", "ja"] {
            var env = spec.environment
            env.locale = tag
            let report = try renderFresh(spec, env, engine: engine).report
            let expected = tag == "en" ? spec.component.texts.map(\.text)
                : [.eyebrow, .title, .body, .button].compactMap { spec.localizations[tag]?.texts[$0] }
            XCTAssertEqual(report.texts.map(\.text), expected, tag)
            XCTAssertEqual(report.accessibility.last?.label, expected.last, tag)
        }
        // German copy is longer than English, as the fixture means it to be.
        XCTAssertGreaterThan(spec.localizations["de"]!.texts.values.map(\.count).reduce(0, +),
                             spec.component.texts.map(\.text.count).reduce(0, +))
    }

    func testArabicIsLaidOutRightToLeftWithMirroredFrames() throws {
        let spec = try Package.fixture("weekend-campaign")
        let engine = try TextEngine(fontsDirectory: Package.fonts)
        var arabic = spec.environment
        arabic.locale = "ar"
        var leftToRight = arabic
        leftToRight.direction = .ltr
        let rtl = try renderFresh(spec, arabic, engine: engine)
        let ltr = try renderFresh(spec, leftToRight, engine: engine)
        let width = spec.environment.width
        XCTAssertEqual(rtl.scene.height, ltr.scene.height)
        func mirrored(_ r: Rect) -> Double { width - r.x - r.width }
        // The button and the image swap sides; every text block does too.
        let button = try XCTUnwrap(rtl.report.touchTargets.first?.frame), ltrButton = try XCTUnwrap(ltr.report.touchTargets.first?.frame)
        XCTAssertEqual(button.x, mirrored(ltrButton), accuracy: 1e-9)
        XCTAssertGreaterThan(button.x, width / 2)
        func imageFrame(_ scene: Scene) -> Rect? {
            for case .image(_, let frame, _) in scene.items { return frame }
            return nil
        }
        let image = try XCTUnwrap(imageFrame(rtl.scene)), ltrImage = try XCTUnwrap(imageFrame(ltr.scene))
        XCTAssertEqual(image.x, mirrored(ltrImage), accuracy: 1e-9)
        XCTAssertLessThan(image.x, width / 2)
        for (a, b) in zip(rtl.report.texts, ltr.report.texts) {
            XCTAssertEqual(a.frame.x, mirrored(b.frame), accuracy: 1e-9, a.role.rawValue)
        }
        XCTAssertNotEqual(rtl.pixmap.pixels, ltr.pixmap.pixels)
    }

    func testTheRTLPseudolanguageMirrorsAndReversesTheCopy() throws {
        let spec = try Package.fixture("weekend-campaign")
        let engine = try TextEngine(fontsDirectory: Package.fonts)
        var env = spec.environment
        env.pseudo = .rtl
        let snapshot = try renderFresh(spec, env, engine: engine)
        let english = try renderFresh(spec, spec.environment, engine: engine)
        XCTAssertEqual(snapshot.report.texts.first { $0.role == .button }?.text, "\u{200F}\u{202E}Order now\u{202C}")
        let button = try XCTUnwrap(snapshot.report.touchTargets.first?.frame)
        XCTAssertGreaterThan(button.x, spec.environment.width / 2)        // at the trailing edge of an RTL card
        XCTAssertLessThan(try XCTUnwrap(english.report.touchTargets.first?.frame).x, spec.environment.width / 2)
    }

    func locale(_ tag: String) -> Environment {
        var env = Environment()
        env.locale = tag
        return env
    }
}
