import Foundation
import Raster
import XCTest
@testable import Grona

/// A throwaway folder laid out like a fixture: the spec's folder with `Fonts/` and `images/` inside,
/// a separate fonts folder, and a folder outside both.
final class FixtureFolder {
    let root: String
    var specFolder: String { root + "/specs" }
    var fontsFolder: String { root + "/fonts" }
    var outside: String { root + "/outside" }

    init() throws {
        root = NSTemporaryDirectory() + "grona-tests-" + UUID().uuidString
        let fm = FileManager.default
        for dir in [specFolder + "/Fonts", specFolder + "/images", fontsFolder, outside] {
            try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        }
        for file in [specFolder + "/Fonts/Inter-Regular.otf", specFolder + "/images/croissant.png",
                     fontsFolder + "/Inter-Bold.otf", outside + "/secret.png"] {
            XCTAssertTrue(fm.createFile(atPath: file, contents: Data([1, 2, 3])))
        }
        try fm.createSymbolicLink(atPath: specFolder + "/images/link.png", withDestinationPath: outside + "/secret.png")
    }

    func real(_ path: String) -> String { URL(fileURLWithPath: path).resolvingSymlinksInPath().path }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}

final class SpecDecoderTests: XCTestCase {
    static let specExample = """
    {
      "theme": {
        "regularFont": "Fonts/Inter-Regular.otf",
        "boldFont": null,
        "primary": "#0A408C", "onPrimary": "#FFFFFF", "accent": {"light": "#FFC233", "dark": "#C79200"},
        "surface": "#FFFFFF", "text": "#1A1C1A", "mutedText": "#6B706C",
        "cornerRadius": 12
      },
      "component": {
        "type": "banner",
        "eyebrow": "WEEKEND", "title": "Fresh croissants", "body": "Two for one until Sunday.", "button": "Order now",
        "image": "images/croissant.png",
        "style": {"background": "#7A2E0E", "text": "#FFF4E0", "accent": "#FFB000"}
      },
      "environment": {
        "width": 358, "scale": 3, "textSize": "large", "appearance": "light",
        "direction": "ltr", "reduceMotion": false
      }
    }
    """

    var fixture: FixtureFolder!
    override func setUpWithError() throws { fixture = try FixtureFolder() }
    override func tearDown() { fixture = nil }

    func decode(_ json: String, roots: [String]? = nil) throws -> Spec {
        try SpecDecoder(fontsFolder: fixture.fontsFolder, allowedAssetRoots: roots)
            .decode(Array(json.utf8), file: "banner.json", name: "banner", folder: fixture.specFolder)
    }

    /// The one-line message decoding `json` fails with.
    func message(_ json: String, roots: [String]? = nil, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try decode(json, roots: roots)
            XCTFail("expected an error", file: file, line: line)
            return ""
        } catch let error as SpecError {
            return error.description
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
            return ""
        }
    }

    /// A spec whose component is `component` (an object body) and nothing else.
    func component(_ body: String) -> String { #"{"component": {\#(body)}}"# }

    func testDecodesTheSpecExample() throws {
        let spec = try decode(Self.specExample)
        XCTAssertEqual(spec.name, "banner")
        XCTAssertEqual(spec.folder, fixture.real(fixture.specFolder))
        XCTAssertEqual(spec.theme.regularFont, fixture.real(fixture.specFolder + "/Fonts/Inter-Regular.otf"))
        XCTAssertNil(spec.theme.boldFont)
        XCTAssertEqual(spec.theme.primary, .hex(0x0A408C))
        XCTAssertEqual(spec.theme.accent, .adaptive(light: Color(r: 0xFF, g: 0xC2, b: 0x33), dark: Color(r: 0xC7, g: 0x92, b: 0)))
        XCTAssertEqual(spec.theme.cornerRadius, 12)
        let expected = Banner(eyebrow: "WEEKEND", title: "Fresh croissants", body: "Two for one until Sunday.",
                              button: "Order now", image: fixture.real(fixture.specFolder + "/images/croissant.png"),
                              style: CampaignStyle(background: .hex(0x7A2E0E), text: .hex(0xFFF4E0), accent: .hex(0xFFB000)))
        XCTAssertEqual(spec.component, .banner(expected))
        XCTAssertEqual(spec.environment, Environment(width: 358, scale: 3, textSize: .large, appearance: .light,
                                                     direction: .ltr, reduceMotion: false))
        XCTAssertNil(spec.variants)
        XCTAssertEqual(spec.variantEnvironments, [spec.environment])
    }

    func testMissingThemeAndEnvironmentTakeTheDefaults() throws {
        let spec = try decode(component(#""type": "message", "icon": "gift", "body": "Hi""#))
        XCTAssertEqual(spec.theme, Theme.default)
        XCTAssertEqual(spec.theme.primary, .hex(0x054B3A))
        XCTAssertEqual(spec.theme.accent, .hex(0x6FCF97))
        XCTAssertEqual(spec.theme.cornerRadius, 14)
        XCTAssertEqual(spec.environment, Environment(width: 358, scale: 3, textSize: .large))
        XCTAssertEqual(spec.component, .message(Message(icon: .gift, body: "Hi")))
    }

    func testDecodesEveryComponentKind() throws {
        let bar = try decode(component(#"""
            "type": "progressBar", "title": "Stamps", "value": 3,
            "tiers": [{"at": 2, "label": "Coffee"}, {"at": 5, "label": "Cake"}], "footnote": "Ends soon"
            """#))
        guard case .progressBar(let p) = bar.component else { return XCTFail("not a progress bar") }
        XCTAssertEqual(p.tiers, [Tier(at: 2, label: "Coffee"), Tier(at: 5, label: "Cake")])
        XCTAssertEqual(p.metTierCount, 1)
        XCTAssertEqual(p.fraction, 0.6, accuracy: 1e-12)
        let offer = try decode(component(#""type": "offer", "title": "10% off", "code": "GRONA10""#))
        XCTAssertEqual(offer.component, .offer(Offer(title: "10% off", code: "GRONA10")))
    }

    func testColourErrors() {
        XCTAssertEqual(message(##"{"theme": {"primary": "#12345"}, "component": {"type": "banner", "title": "x"}}"##),
                       ##"banner.json: $.theme.primary: "#12345" is not a colour; expected #RGB, #RRGGBB or #RRGGBBAA"##)
        XCTAssertEqual(message(##"{"theme": {"primary": "#GGGGGG"}}"##), ##"banner.json: $.theme.primary: "#GGGGGG" is not a colour; expected #RGB, #RRGGBB or #RRGGBBAA"##)
        XCTAssertEqual(message(##"{"theme": {"accent": {"light": "#FFF"}}}"##),
                       "banner.json: $.theme.accent.dark: missing required field")
        XCTAssertEqual(message(##"{"theme": {"accent": {"light": "#FFF", "dark": "#000", "tinted": "#111"}}}"##),
                       #"banner.json: $.theme.accent: unknown key "tinted"; expected one of: light, dark"#)
        XCTAssertEqual(message(#"{"theme": {"text": 12}}"#),
                       ##"banner.json: $.theme.text: expected a colour (#RGB, #RRGGBB, #RRGGBBAA or {"light": …, "dark": …}), found 12"##)
    }

    func testColourForms() throws {
        let spec = try decode(##"{"theme": {"primary": "#abc", "onPrimary": "#11223380"}, "component": {"type": "banner", "title": "x"}}"##)
        XCTAssertEqual(spec.theme.primary, .fixed(Color(r: 0xAA, g: 0xBB, b: 0xCC)))
        XCTAssertEqual(spec.theme.onPrimary, .fixed(Color(r: 0x11, g: 0x22, b: 0x33, a: 0x80)))
    }

    /// `Component.Kind.fields` says which fields are required, for the decoder and the studio's form
    /// (`/api/schema`) alike: a component with every field but one is refused exactly when that one is.
    func testTheFieldTableSaysWhichFieldsTheDecoderRequires() throws {
        let values: [String: String] = [
            "eyebrow": #""NEW""#, "title": #""Title""#, "body": #""Body""#, "button": #""Go""#, "code": #""CODE""#,
            "footnote": #""Soon""#, "image": #""images/croissant.png""#, "style": ##"{"accent": "#FF0000"}"##,
            "value": "3", "tiers": #"[{"at": 2, "label": "Coffee"}]"#, "icon": #""gift""#,
        ]
        for kind in Component.Kind.allCases {
            XCTAssertFalse(kind.fields.filter(\.isRequired).isEmpty, "\(kind) requires nothing")
            for left in kind.fields {
                let members = kind.fields.filter { $0.name != left.name }.map { "\"\($0.name)\": \(values[$0.name]!)" }
                let spec = component((["\"type\": \"\(kind.rawValue)\""] + members).joined(separator: ", "))
                if left.isRequired {
                    XCTAssertEqual(message(spec), "banner.json: $.component.\(left.name): missing required field", "\(kind) without \(left.name)")
                } else {
                    XCTAssertNoThrow(try decode(spec), "\(kind) without \(left.name)")
                }
            }
        }
    }

    func testUnknownKeysAreErrors() {
        XCTAssertEqual(message(##"{"theme": {"primray": "#FFFFFF"}}"##),
                       #"banner.json: $.theme: unknown key "primray" (did you mean "primary"?)"#)
        XCTAssertEqual(message(#"{"zzz": 1}"#),
                       #"banner.json: $: unknown key "zzz"; expected one of: theme, component, environment, variants, localizations"#)
        // Keys that belong to another component type are unknown for this one.
        XCTAssertEqual(message(component(#""type": "message", "icon": "info", "body": "b", "button": "Go""#)),
                       #"banner.json: $.component: unknown key "button"; expected one of: type, icon, title, body, style"#)
        XCTAssertEqual(message(component(##""type": "banner", "title": "t", "style": {"backgroud": "#FFF"}"##)),
                       #"banner.json: $.component.style: unknown key "backgroud" (did you mean "background"?)"#)
    }

    func testMissingFieldsAndWrongTypes() {
        XCTAssertEqual(message(#"{}"#), "banner.json: $.component: missing required field")
        XCTAssertEqual(message(component(#""type": "banner""#)), "banner.json: $.component.title: missing required field")
        XCTAssertEqual(message(component(#""title": "x""#)), "banner.json: $.component.type: missing required field")
        XCTAssertEqual(message(component(#""type": "banner", "title": 12"#)),
                       "banner.json: $.component.title: expected a string, found 12")
        XCTAssertEqual(message(component(#""type": "banner", "title": null"#)),
                       "banner.json: $.component.title: expected a string, found null")
        XCTAssertEqual(message(#"{"component": []}"#), "banner.json: $.component: expected an object, found an array")
        XCTAssertEqual(message(#"{"component": {"type": "message", "icon": "info", "body": "b"}, "environment": {"reduceMotion": "yes"}}"#),
                       #"banner.json: $.environment.reduceMotion: expected true or false, found "yes""#)
    }

    func testEnumErrorsListTheAllowedValues() {
        XCTAssertEqual(message(component(#""type": "card""#)),
                       #"banner.json: $.component.type: "card" is not one of: banner, progressBar, offer, message"#)
        XCTAssertEqual(message(component(#""type": "message", "icon": "heart", "body": "b""#)),
                       #"banner.json: $.component.icon: "heart" is not one of: info, success, warning, gift, star, clock"#)
        XCTAssertEqual(message(#"{"environment": {"appearance": "dim"}}"#),
                       #"banner.json: $.environment.appearance: "dim" is not one of: light, dark"#)
        XCTAssertEqual(message(#"{"environment": {"textSize": "huge"}}"#),
                       #"banner.json: $.environment.textSize: "huge" is not a text size; expected one of: "#
                       + "xS, S, M, L, xL, xxL, xxxL, AX1, AX2, AX3, AX4, AX5, extraSmall, small, medium, large, "
                       + "extraLarge, extraExtraLarge, extraExtraExtraLarge, accessibilityMedium, accessibilityLarge, "
                       + "accessibilityExtraLarge, accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge")
    }

    func testNumberRanges() {
        XCTAssertEqual(message(#"{"environment": {"width": 20}}"#), "banner.json: $.environment.width: 20 is not within 44…2048 points")
        XCTAssertEqual(message(#"{"environment": {"width": 2048.5}}"#), "banner.json: $.environment.width: 2048.5 is not within 44…2048 points")
        XCTAssertEqual(message(#"{"environment": {"scale": 4}}"#), "banner.json: $.environment.scale: 4 is not one of 1, 2, 3")
        XCTAssertEqual(message(#"{"environment": {"scale": 2.5}}"#), "banner.json: $.environment.scale: 2.5 is not one of 1, 2, 3")
        XCTAssertEqual(message(#"{"environment": {"width": 1e999}}"#),
                       "banner.json: line 1, column 27: number 1e999 is out of range for a double (in $.environment.width)")
    }

    func testTierRules() {
        let bar = { (tiers: String) in self.component(#""type": "progressBar", "title": "t", "value": 1, "tiers": \#(tiers)"#) }
        XCTAssertEqual(message(bar("[]")), "banner.json: $.component.tiers: expected at least one tier")
        let many = "[" + (1...101).map { #"{"at": \#($0), "label": "x"}"# }.joined(separator: ",") + "]"
        XCTAssertEqual(message(bar(many)), "banner.json: $.component.tiers: 101 tiers; the limit is 100")
        XCTAssertEqual(message(bar(#"[{"at": 0, "label": "a"}]"#)), "banner.json: $.component.tiers[0].at: 0 must be greater than 0")
        XCTAssertEqual(message(bar(#"[{"at": 50, "label": "a"}, {"at": 50, "label": "b"}]"#)),
                       "banner.json: $.component.tiers[1].at: 50 is not greater than the previous tier's 50; tiers must be strictly ascending")
        XCTAssertEqual(message(bar(#"[{"at": 5}]"#)), "banner.json: $.component.tiers[0].label: missing required field")
        XCTAssertEqual(message(component(#""type": "progressBar", "title": "t", "tiers": [{"at": 1, "label": "a"}]"#)),
                       "banner.json: $.component.value: missing required field")
    }

    func testTextFieldRules() {
        XCTAssertEqual(message(component(#""type": "banner", "title": "a\u0000b""#)),
                       "banner.json: $.component.title: text contains a NUL character (U+0000)")
        let long = String(repeating: "é", count: 10_001)
        XCTAssertEqual(message(component(#""type": "banner", "title": "t", "body": "\#(long)""#)),
                       "banner.json: $.component.body: text is 10001 characters long; the limit is 10000 characters")
        XCTAssertNoThrow(try decode(component(#""type": "banner", "title": "\#(String(repeating: "x", count: 10_000))""#)))
        XCTAssertEqual(message(component(#""type": "banner", "title": "\ud83d""#)),
                       #"banner.json: line 1, column 44: lone surrogate \uD83D in string (in $.component.title)"#)
    }

    func testSyntaxErrorsNameLineAndColumn() {
        XCTAssertEqual(message("{\n  \"theme\": {,}\n}"), "banner.json: line 2, column 13: unexpected character ',', expected a key in double quotes (in $.theme)")
        XCTAssertEqual(message(#"{"theme": {}, "theme": {}}"#), #"banner.json: line 1, column 15: duplicate key "theme""#)
    }

    func testEveryTruncationIsAnErrorNotACrash() {
        let bytes = Array(Self.specExample.utf8)
        let decoder = SpecDecoder(fontsFolder: fixture.fontsFolder)
        for length in 0..<bytes.count {
            XCTAssertThrowsError(try decoder.decode(Array(bytes[..<length]), file: "banner.json", name: "banner",
                                                    folder: fixture.specFolder)) { error in
                XCTAssertTrue(error is SpecError)
            }
        }
    }

    func testPathsResolveRelativeToTheSpecAndInTheFontsFolder() throws {
        let spec = try decode(#"{"theme": {"boldFont": "Inter-Bold.otf"}, "component": {"type": "offer", "title": "t", "image": "images/../images/croissant.png"}}"#)
        XCTAssertEqual(spec.theme.boldFont, fixture.real(fixture.fontsFolder + "/Inter-Bold.otf"))
        guard case .offer(let offer) = spec.component else { return XCTFail("not an offer") }
        XCTAssertEqual(offer.image, fixture.real(fixture.specFolder + "/images/croissant.png"))
    }

    func testMissingFilesAreErrors() {
        let specs = fixture.real(fixture.specFolder), fonts = fixture.real(fixture.fontsFolder)
        XCTAssertEqual(message(#"{"theme": {"regularFont": "Nope.otf"}}"#),
                       #"banner.json: $.theme.regularFont: "Nope.otf" is not a readable file (looked in \#(specs) and \#(specs)/Fonts and \#(fonts))"#)
        // Only fonts are looked up in the fonts folder, and only by bare name.
        XCTAssertEqual(message(component(#""type": "banner", "title": "t", "image": "Inter-Bold.otf""#)),
                       #"banner.json: $.component.image: "Inter-Bold.otf" is not a readable file (looked in \#(specs))"#)
        XCTAssertEqual(message(component(#""type": "banner", "title": "t", "image": "images""#)),
                       #"banner.json: $.component.image: "images" is a folder, not a file (looked in \#(specs))"#)
        XCTAssertEqual(message(component(#""type": "banner", "title": "t", "image": """#)),
                       "banner.json: $.component.image: path is empty")
    }

    func testAllowedRootsConfineEveryPath() throws {
        let roots = [fixture.specFolder, fixture.fontsFolder]
        XCTAssertNoThrow(try decode(#"{"theme": {"regularFont": "Inter-Bold.otf"}, "component": {"type": "banner", "title": "t", "image": "images/croissant.png"}}"#, roots: roots))
        let secret = fixture.real(fixture.outside + "/secret.png")
        XCTAssertEqual(message(component(#""type": "banner", "title": "t", "image": "../outside/secret.png""#), roots: roots),
                       #"banner.json: $.component.image: "../outside/secret.png" resolves to \#(secret), outside the allowed asset roots"#)
        // A symbolic link inside the root that points outside it is outside.
        XCTAssertEqual(message(component(#""type": "offer", "title": "t", "image": "images/link.png""#), roots: roots),
                       #"banner.json: $.component.image: "images/link.png" resolves to \#(secret), outside the allowed asset roots"#)
        XCTAssertEqual(message(#"{"theme": {"boldFont": "\#(secret)"}}"#, roots: roots),
                       #"banner.json: $.theme.boldFont: "\#(secret)" resolves to \#(secret), outside the allowed asset roots"#)
        // Without roots, the same paths are fine.
        XCTAssertNoThrow(try decode(component(#""type": "offer", "title": "t", "image": "images/link.png""#)))
    }

    func testVariants() throws {
        let spec = try decode(#"""
            {"component": {"type": "message", "icon": "info", "body": "b"},
             "variants": {"textSize": ["xS", "L", "accessibilityExtraExtraExtraLarge"], "appearance": ["light", "dark"],
                          "direction": ["ltr", "rtl"], "scale": [3]}}
            """#)
        XCTAssertEqual(spec.variants?.textSizes, [.extraSmall, .large, .accessibilityExtraExtraExtraLarge])
        let environments = spec.variantEnvironments
        XCTAssertEqual(environments.count, 12)
        XCTAssertEqual(spec.goldenName(for: environments[0]), "banner/xS-light-ltr@3x.png")
        XCTAssertEqual(spec.goldenName(for: environments[1]), "banner/xS-light-rtl@3x.png")
        XCTAssertEqual(spec.goldenName(for: environments[11]), "banner/AX5-dark-rtl@3x.png")
        XCTAssertEqual(Set(environments.map(spec.goldenName(for:))).count, 12)
    }

    func testVariantErrors() {
        XCTAssertEqual(message(#"{"variants": {"scale": []}}"#), "banner.json: $.variants.scale: expected at least one value")
        let huge = "[" + Array(repeating: "320", count: 2000).joined(separator: ",") + "]"
        XCTAssertEqual(message(#"{"variants": {"width": \#(huge)}}"#), "banner.json: $.variants.width: 2000 values; the limit is 1024")
        XCTAssertEqual(message(#"{"variants": {"textSize": ["L", "large"]}}"#), #"banner.json: $.variants.textSize[1]: duplicate value "large""#)
        XCTAssertEqual(message(#"{"variants": {"appearance": ["dim"]}}"#), #"banner.json: $.variants.appearance[0]: "dim" is not one of: light, dark"#)
        XCTAssertEqual(message(#"{"variants": {"scale": [2, 5]}}"#), "banner.json: $.variants.scale[1]: 5 is not one of 1, 2, 3")
        XCTAssertEqual(message(#"{"variants": {"textSize": "L"}}"#), #"banner.json: $.variants.textSize: expected an array, found "L""#)
        let widths = (0..<100).map { String(44 + $0) }.joined(separator: ", ")
        let sizes = TextSize.allCases.map { "\"\($0.shortName)\"" }.joined(separator: ", ")
        XCTAssertEqual(message(#"{"variants": {"textSize": [\#(sizes)], "width": [\#(widths)]}}"#),
                       "banner.json: $.variants: 1200 combinations; the limit is 1024")
    }

    func testDecodesFromAFile() throws {
        let path = fixture.specFolder + "/offer.json"
        try Data(component(#""type": "offer", "title": "t""#).utf8).write(to: URL(fileURLWithPath: path))
        let spec = try SpecDecoder().decode(fileAt: path)
        XCTAssertEqual(spec.name, "offer")
        XCTAssertEqual(spec.folder, fixture.real(fixture.specFolder))
        XCTAssertThrowsError(try SpecDecoder().decode(fileAt: fixture.root + "/none.json")) { error in
            XCTAssertEqual((error as? SpecError)?.description, fixture.root + "/none.json: cannot read the file")
        }
    }
}

final class SpecDecoderOrderTests: XCTestCase {
    func message(_ json: String) -> String? {
        do {
            _ = try SpecDecoder().decode(Array(json.utf8), file: "m.json", name: "m", folder: "/")
            return nil
        } catch { return (error as? SpecError)?.description }
    }

    func testFirstProblemInFileOrderIsReported() {
        XCTAssertEqual(message(#"{"environment": {"scale": 9}, "component": {"type": "nope"}}"#),
                       "m.json: $.environment.scale: 9 is not one of 1, 2, 3")
        XCTAssertEqual(message(#"{"component": {"type": "nope"}, "environment": {"scale": 9}}"#),
                       #"m.json: $.component.type: "nope" is not one of: banner, progressBar, offer, message"#)
        XCTAssertEqual(message(#"{"component": null}"#), "m.json: $.component: expected an object, found null")
        XCTAssertEqual(message(#"{"theme": {"weird key": 1}}"#),
                       #"m.json: $.theme: unknown key "weird key"; expected one of: regularFont, boldFont, primary, "#
                       + "onPrimary, accent, surface, text, mutedText, cornerRadius")
    }
}

final class SpecDecoderRobustnessTests: XCTestCase {
    /// Thousands of deterministic mutations of the spec example (bytes replaced, inserted, deleted):
    /// each decodes or throws a `SpecError`; none crashes.
    func testMutatedSpecsNeverCrash() throws {
        let fixture = try FixtureFolder()
        let original = Array(SpecDecoderTests.specExample.utf8)
        let alphabet = Array(#"{}[]":,\u0000123456789eE.-+ntfalsrue#"#.utf8) + [0x00, 0x0A, 0xC3, 0xFF, 0xED]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var outcomes = (decoded: 0, refused: 0)
        let decoder = SpecDecoder(fontsFolder: fixture.fontsFolder)
        for _ in 0..<3000 {
            var bytes = original
            for _ in 0..<(1 + next(3)) {
                let at = next(bytes.count)
                switch next(3) {
                case 0: bytes[at] = alphabet[next(alphabet.count)]
                case 1: bytes.insert(alphabet[next(alphabet.count)], at: at)
                default: bytes.remove(at: at)
                }
            }
            do {
                _ = try decoder.decode(bytes, file: "m.json", name: "m", folder: fixture.specFolder)
                outcomes.decoded += 1
            } catch is SpecError {
                outcomes.refused += 1
            }
        }
        XCTAssertEqual(outcomes.decoded + outcomes.refused, 3000)
        XCTAssertGreaterThan(outcomes.refused, 2000)  // most mutations break something
    }
}
