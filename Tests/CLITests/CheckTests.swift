import Foundation
import Grona
import Text
import XCTest
import TestSupport

/// `grona-snap check` on specs written the way a campaign's are when they go wrong — pale campaign
/// colours, a mid-grey surface, long copy, a pale button on a pale card, a progress fill close to its
/// track — against predictions made here: every variant's render report (SPEC §4 JSON) read back,
/// and its contrasts recomputed with this file's own WCAG 2.x functions, never the product's.
final class CheckTests: XCTestCase {
    static let variants = #""variants": {"textSize": ["xS", "L", "AX3", "AX5"], "appearance": ["light", "dark"], "direction": ["ltr", "rtl"], "scale": [1]}"#

    /// The specs, by file name.
    static let specs: [String: String] = [
        // A weekend campaign in pale colours on a pale card: every text recoloured, the button's fill
        // barely visible, and copy too long for the accessibility sizes.
        "pale-campaign-banner.json": #"""
            {"component": {"type": "banner", "eyebrow": "WEEKEND ONLY",
              "title": "Two pastries and a flat white for the price of one, every Saturday and Sunday morning",
              "body": "Show this banner at the counter of any of our bakeries before eleven and we will pour your coffee on the house, all summer long.",
              "button": "Order now",
              "style": {"background": "#FFF4E0", "text": "#F5D76E", "accent": "#FFE9A8"}},
             \#(variants)}
            """#,
        // A mid-grey surface: neither white nor near-black reaches 4.5:1, the progress fill is close
        // to its track, and a body of only spaces.
        "grey-progress.json": #"""
            {"theme": {"surface": "#7A7A7A", "primary": "#8C8C8C", "text": "#1A1C1A", "mutedText": "#5E625F"},
             "component": {"type": "progressBar", "title": "Free delivery is close", "body": "   ", "value": 4,
              "tiers": [{"at": 10, "label": "Free delivery"}, {"at": 25, "label": "10% off"}],
              "footnote": "Excludes alcohol and gift cards"},
             \#(variants)}
            """#,
        // A pale button on a pale card: cream primary with white labels on a cream surface; a
        // campaign text colour with a dark variant, pale in light.
        "pale-offer.json": #"""
            {"theme": {"surface": "#FFFDF5", "accent": "#F2E6C9", "primary": "#F2E2B8", "onPrimary": "#FFFFFF"},
             "component": {"type": "offer", "eyebrow": "MEMBERS ONLY", "title": "15% off your next order of pastries and bread",
              "body": "Enter the code at checkout, or show it at the counter. Valid until the end of the month in every shop.",
              "code": "CROISSANT15", "button": "Copy the code",
              "style": {"text": {"light": "#B8B8B8", "dark": "#303030"}}},
             \#(variants)}
            """#,
        // A translucent theme text colour, long copy, and a character no pinned font has (U+0378, unassigned).
        "translucent-message.json": #"""
            {"theme": {"text": "#1A1C1A40"},
             "component": {"type": "message", "icon": "clock", "title": "Your order is on its way to you right now \u0378",
              "body": "The courier picked it up a minute ago and will ring the bell when they arrive; you can follow them on the map until then."},
             \#(variants)}
            """#,
        // Nothing to say: the SDK's default theme and short copy.
        "clean-banner.json": #"""
            {"component": {"type": "banner", "eyebrow": "NEW", "title": "Hello", "button": "Go"},
             \#(variants)}
            """#,
    ]

    func writeSpecs(_ test: String = #function) throws -> String {
        let folder = try temporaryFolder(test)
        for (name, json) in Self.specs {
            try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        return folder
    }

    // MARK: - An independent WCAG 2.x computation

    struct RGBA { var r, g, b, a: Double }

    func parse(_ hex: String) throws -> RGBA {
        let digits = Array(hex.dropFirst())
        guard hex.first == "#", digits.count == 6 || digits.count == 8 else { throw Unexpected(hex) }
        func byte(_ i: Int) throws -> Double {
            guard let v = UInt8(String(digits[i..<(i + 2)]), radix: 16) else { throw Unexpected(hex) }
            return Double(v) / 255
        }
        return RGBA(r: try byte(0), g: try byte(2), b: try byte(4), a: digits.count == 8 ? try byte(6) : 1)
    }

    func luminance(_ c: RGBA) -> Double {
        func channel(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
    }

    /// `front` (composited over `back` if translucent) against opaque `back`.
    func contrast(_ front: RGBA, _ back: RGBA) -> Double {
        let seen = RGBA(r: front.r * front.a + back.r * (1 - front.a), g: front.g * front.a + back.g * (1 - front.a),
                        b: front.b * front.a + back.b * (1 - front.a), a: 1)
        let l1 = luminance(seen), l2 = luminance(back)
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

    struct Unexpected: Error { var what: String; init(_ what: String) { self.what = what } }

    // MARK: - Predictions

    struct Predicted: Hashable, Comparable {
        var spec: String, variant: String, kind: String, role: String, text: String
        static func < (a: Predicted, b: Predicted) -> Bool { a.line < b.line }
        var line: String { [spec, variant, kind, role, text].joined(separator: " | ") }
    }

    /// Ratios this file computed, per finding, to compare with the JSON's fields.
    var expectedRatios: [Predicted: (preferred: Double?, drawn: Double)] = [:]

    func variantKey(_ env: Environment) -> String {
        "\(env.textSize.shortName)-\(env.appearance.rawValue)-\(env.direction.rawValue)@\(env.scale)x"
    }

    /// Renders every variant of every spec in this process, reads each report's JSON back and says
    /// what `check` must list.
    func predict(folder: String) throws -> [Predicted] {
        let engine = try TextEngine(fontsDirectory: packageRoot + "/Fonts")
        let decoder = SpecDecoder(fontsFolder: packageRoot + "/Fonts")
        var predicted: [Predicted] = []
        for name in Self.specs.keys.sorted() {
            let spec = try decoder.decode(fileAt: folder + "/" + name)
            let environments = spec.variantEnvironments
            XCTAssertEqual(environments.count, 16)
            for env in environments {
                let json = try ComponentRenderer(spec: spec, engine: engine).render(env).report.json()
                let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
                let key = variantKey(env)
                func expect(_ kind: String, _ role: String, _ text: String, preferred: Double? = nil, drawn: Double = 0) {
                    let p = Predicted(spec: folder + "/" + name, variant: key, kind: kind, role: role, text: text)
                    predicted.append(p)
                    expectedRatios[p] = (preferred, drawn)
                }
                for text in try XCTUnwrap(report["texts"] as? [[String: Any]]) {
                    let role = try XCTUnwrap(text["role"] as? String), copy = try XCTUnwrap(text["text"] as? String)
                    if copy.allSatisfy(\.isWhitespace) { expect("emptyText", role, copy); continue }
                    if try XCTUnwrap(text["truncated"] as? Bool) { expect("truncated", role, copy) }
                    if !(try XCTUnwrap(text["missingCharacters"] as? [String])).isEmpty { expect("missingCharacters", role, copy) }
                    let background = try parse(try XCTUnwrap(text["background"] as? String))
                    let preferred = try parse(try XCTUnwrap(text["preferredColor"] as? String))
                    let drawn = try parse(try XCTUnwrap(text["color"] as? String))
                    let minimum = try XCTUnwrap(text["minimumContrast"] as? Double)
                    let preferredRatio = contrast(preferred, background), drawnRatio = contrast(drawn, background)
                    // The specs keep away from the thresholds, so 8-bit rounding cannot decide a case.
                    XCTAssertGreaterThan(abs(preferredRatio - minimum), 0.05, "\(name) \(key) \(role): too close to call")
                    XCTAssertGreaterThan(abs(drawnRatio - minimum), 0.05, "\(name) \(key) \(role): too close to call")
                    // The report's own numbers agree with this computation.
                    XCTAssertEqual(try XCTUnwrap(text["preferredContrast"] as? Double), preferredRatio, accuracy: 0.02)
                    XCTAssertEqual(try XCTUnwrap(text["contrast"] as? Double), drawnRatio, accuracy: 0.02)
                    if preferredRatio >= minimum {
                        XCTAssertEqual(text["color"] as? String, text["preferredColor"] as? String, "a readable colour is kept")
                    } else {
                        // White or near-black, whichever reads better.
                        let white = contrast(RGBA(r: 1, g: 1, b: 1, a: 1), background)
                        let nearBlack = contrast(try parse("#1A1C1A"), background)
                        XCTAssertEqual(text["color"] as? String, white >= nearBlack ? "#FFFFFF" : "#1A1C1A")
                        expect(drawnRatio < minimum ? "contrastBelowMinimum" : "contrastReplaced", role, copy,
                               preferred: preferredRatio, drawn: drawnRatio)
                    }
                }
                for graphic in try XCTUnwrap(report["graphics"] as? [[String: Any]]) {
                    let role = try XCTUnwrap(graphic["role"] as? String)
                    let ratio = contrast(try parse(try XCTUnwrap(graphic["color"] as? String)),
                                         try parse(try XCTUnwrap(graphic["background"] as? String)))
                    XCTAssertGreaterThan(abs(ratio - 3), 0.05, "\(name) \(key) \(role): too close to call")
                    if ratio < 3 { expect("nonTextContrast", role, "", drawn: ratio) }
                }
                // Where the spec fixes the colours outright, the graphics are measured on them.
                if name == "pale-campaign-banner.json" {
                    let button = try XCTUnwrap((report["graphics"] as? [[String: Any]])?.first)
                    XCTAssertEqual(button["color"] as? String, "#FFE9A8")
                    XCTAssertEqual(button["background"] as? String, "#FFF4E0")
                }
                if name == "grey-progress.json" {
                    let fill = try XCTUnwrap((report["graphics"] as? [[String: Any]])?.first)
                    XCTAssertEqual(fill["role"] as? String, "progressFill")
                    XCTAssertEqual(fill["color"] as? String, "#8C8C8C", "the fill is primary before the first tier")
                }
            }
        }
        return predicted.sorted()
    }

    // MARK: - Tests

    func testJSONListsExactlyWhatTheReportsAndWCAGPredict() throws {
        let folder = try writeSpecs()
        let predicted = try predict(folder: folder)
        // Every kind this set of specs is meant to provoke is there.
        let kinds = Set(predicted.map(\.kind))
        XCTAssertEqual(kinds, ["truncated", "contrastReplaced", "contrastBelowMinimum", "nonTextContrast", "emptyText",
                               "missingCharacters"])
        XCTAssertFalse(predicted.contains { $0.spec.hasSuffix("clean-banner.json") })

        let run = try snap("check", folder, "--format", "json", "--jobs", "2")
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stderr, "")
        let objects = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        var listed: [Predicted] = []
        for object in objects {
            let variant = try XCTUnwrap(object["variant"] as? [String: Any])
            XCTAssertEqual(Set(variant.keys), ["textSize", "appearance", "direction", "scale"])
            let key = "\(variant["textSize"] as? String ?? "?")-\(variant["appearance"] as? String ?? "?")-"
                + "\(variant["direction"] as? String ?? "?")@\(variant["scale"] as? Int ?? 0)x"
            let kind = try XCTUnwrap(object["kind"] as? String)
            let p = Predicted(spec: try XCTUnwrap(object["spec"] as? String), variant: key, kind: kind,
                              role: try XCTUnwrap(object["role"] as? String), text: object["text"] as? String ?? "")
            listed.append(p)
            XCTAssertFalse((object["message"] as? String ?? "").isEmpty)
            // The kind's own fields, and the ratios this file computed.
            switch kind {
            case "truncated":
                XCTAssertTrue((object["shownText"] as? String ?? "").hasSuffix("…"))
                XCTAssertEqual(object["lines"] as? Int, object["maxLines"] as? Int)
                // Where the copy broke: each line's text, the last ending in the ellipsis.
                let lineTexts = try XCTUnwrap(object["lineTexts"] as? [String])
                XCTAssertEqual(lineTexts.count, object["lines"] as? Int)
                XCTAssertTrue(lineTexts.last?.hasSuffix("…") ?? false)
            case "contrastReplaced", "contrastBelowMinimum":
                let expected = try XCTUnwrap(expectedRatios[p], p.line)
                XCTAssertEqual(try XCTUnwrap(object["preferredContrast"] as? Double), try XCTUnwrap(expected.preferred), accuracy: 0.02)
                XCTAssertEqual(try XCTUnwrap(object["contrast"] as? Double), expected.drawn, accuracy: 0.02)
                for field in ["preferredColor", "color", "background", "minimumContrast"] { XCTAssertNotNil(object[field], field) }
            case "missingCharacters":
                XCTAssertEqual(object["characters"] as? [String], ["U+0378"])
            case "nonTextContrast":
                XCTAssertEqual(try XCTUnwrap(object["contrast"] as? Double), try XCTUnwrap(expectedRatios[p]).drawn, accuracy: 0.02)
                XCTAssertEqual(object["minimumContrast"] as? Double, 3)
            default:
                break
            }
        }
        // No more and no fewer, at every variant.
        XCTAssertEqual(listed.sorted().map(\.line), predicted.map(\.line))
        // The translucent theme text keeps its alpha in the findings.
        let translucent = objects.filter { ($0["spec"] as? String ?? "").hasSuffix("translucent-message.json")
            && $0["kind"] as? String == "contrastReplaced" && $0["role"] as? String == "body" }
        XCTAssertEqual(translucent.count, 16)
        XCTAssertEqual(Set(translucent.compactMap { $0["preferredColor"] as? String }), ["#1A1C1A40"])
    }

    /// `check` as a CI gate: exit status 1 on findings, and JUnit XML with one test case per
    /// variant, the variants with findings failing with them.
    func testJUnitForCI() throws {
        let work = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: work + "/specs/nested", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixtures + "/message-info.json", toPath: work + "/specs/nested/info.json")
        try FileManager.default.copyItem(atPath: fixtures + "/message-gift.json", toPath: work + "/specs/gift.json")
        let run = try snap("check", work + "/specs", "--junit", work + "/out/check.xml")
        XCTAssertEqual(run.status, 1)
        let cases = try junitCases(work + "/out/check.xml")
        XCTAssertEqual(cases.count, 24)
        XCTAssertEqual(cases.filter(\.failed).map(\.name), ["\(work)/specs/gift.json/AX5-light-ltr@3x.png", "\(work)/specs/gift.json/AX5-light-rtl@3x.png",
                                                          "\(work)/specs/gift.json/AX5-dark-ltr@3x.png", "\(work)/specs/gift.json/AX5-dark-rtl@3x.png",
                                                          "\(work)/specs/nested/info.json/AX5-light-ltr@3x.png", "\(work)/specs/nested/info.json/AX5-light-rtl@3x.png",
                                                          "\(work)/specs/nested/info.json/AX5-dark-ltr@3x.png", "\(work)/specs/nested/info.json/AX5-dark-rtl@3x.png"])
        let xml = try String(contentsOfFile: work + "/out/check.xml", encoding: .utf8)
        XCTAssertTrue(xml.contains("<failure type=\"findings\" message=\"2 findings: title cut after 2 lines"), xml)
        let clean = try snap("check", work + "/specs", "--ignore", "truncated", "--junit", work + "/out/clean.xml")
        XCTAssertEqual(clean.status, 0, clean.stdout)
        XCTAssertEqual(try junitCases(work + "/out/clean.xml").filter(\.failed).count, 0)
    }

    func testExitStatuses() throws {
        let folder = try writeSpecs()
        let clean = try snap("check", folder + "/clean-banner.json")
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)
        XCTAssertEqual(clean.stdout, "\(folder)/clean-banner.json: no findings\nno findings in 16 variants of 1 spec\n")

        let found = try snap("check", folder + "/pale-offer.json")
        XCTAssertEqual(found.status, 1)
        XCTAssertEqual(found.stderr, "", "findings are the output, not an error")

        let allIgnored = try snap("check", folder, "--ignore", "truncated,contrastReplaced,contrastBelowMinimum,nonTextContrast,emptyText,missingCharacters")
        XCTAssertEqual(allIgnored.status, 0, allIgnored.stdout)
        XCTAssertTrue(allIgnored.stdout.hasSuffix("no findings in 80 variants of 5 specs\n"), allIgnored.stdout)
        let someIgnored = try snap("check", folder, "--ignore", "truncated", "--format", "json")
        XCTAssertEqual(someIgnored.status, 1)
        XCTAssertFalse(someIgnored.stdout.contains("\"kind\": \"truncated\""))
        let emptyJSON = try snap("check", folder + "/clean-banner.json", "--format", "json")
        XCTAssertEqual([emptyJSON.status, emptyJSON.stdout == "[]\n" ? 1 : 0], [0, 1], emptyJSON.stdout)

        // Bad input: one line on stderr, status 2, nothing on stdout.
        let bad = folder + "/bad.json"
        try Data(##"{"component": {"type": "banner", "title": "Hi", "colour": "#FFF"}}"##.utf8).write(to: URL(fileURLWithPath: bad))
        for (arguments, message) in [
            (["check", bad], "\(bad): $.component"),
            (["check", folder], "\(bad): $.component"),   // a bad spec in the folder stops the run before any output
            (["check", folder + "/clean-banner.json", "--ignore", "truncated,bogus"], "--ignore: \"bogus\" is not a finding kind"),
            (["check", folder + "/clean-banner.json", "--format", "xml"], "--format: \"xml\" is not text or json"),
            (["check", folder + "/missing.json"], "missing.json"),
            (["check", folder + "/clean-banner.json", "--text-sizes", "huge"], "--text-sizes"),
        ] {
            let run = try snap(arguments: arguments)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stdout, "", "\(arguments)")
            XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, run.stderr)
            XCTAssertTrue(run.stderr.hasPrefix("error: ") && run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }

    /// The language axes are sheet's: `--locales` replaces the spec's languages (and its
    /// pseudolanguages unless `--pseudos` is given), `all` is each spec's own.
    func testLocalesAndPseudosAxes() throws {
        func checked(_ arguments: String...) throws -> (count: Int, run: RunResult) {
            // The summary line: "no findings in N variants of …" or "… (N variants checked)".
            let run = try snap(arguments: ["check"] + arguments)
            XCTAssertTrue([0, 1].contains(run.status), "\(arguments): \(run.stderr)")
            let last = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
            let match = try XCTUnwrap(last.firstMatch(of: /(\d+) variants?/), last)
            return (Int(match.1)!, run)
        }
        let campaign = fixtures + "/weekend-campaign.json"
        // Its own variants: en, de, ar, ja and four pseudolanguages, at L and AX5.
        XCTAssertEqual(try checked(campaign).count, 16)
        // Two locales and no pseudolanguage, at L and AX5.
        XCTAssertEqual(try checked(campaign, "--locales", "de,ja").count, 4)
        let json = try snap("check", campaign, "--locales", "de,ja", "--format", "json")
        let objects = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let variants = objects.compactMap { $0["variant"] as? [String: Any] }
        // German and Japanese copy cut at AX5, in both languages.
        XCTAssertEqual(Set(variants.compactMap { $0["locale"] as? String }), ["de", "ja"], json.stdout)
        XCTAssertEqual(variants.count, objects.count)
        XCTAssertTrue(variants.allSatisfy { ["de", "ja"].contains($0["locale"] as? String ?? "") && $0["pseudo"] == nil }, json.stdout)
        // all: en and its four localizations, then one pseudolanguage over en; one text size.
        XCTAssertEqual(try checked(campaign, "--locales", "all", "--pseudos", "double", "--text-size", "L").count, 6)
        XCTAssertEqual(try checked(campaign, "--pseudos", "all", "--text-sizes", "AX5").count, 8)
        // A spec with no languages keeps its own copy under --locales all; --pseudos adds to it.
        let clean = try writeSpecs() + "/clean-banner.json"
        XCTAssertEqual(try checked(clean, "--locales", "all").count, 16)
        XCTAssertEqual(try checked(clean, "--pseudos", "bounded").count, 32)

        let both = try snap("check", campaign, "--locales", "de", "--locale", "fr")
        XCTAssertEqual(both.status, 2)
        XCTAssertEqual(both.stderr, "error: --locales and --locale cannot be given together\n")
        let bad = try snap("check", campaign, "--pseudos", "loud")
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.hasPrefix("error: --pseudos: "), bad.stderr)
    }

    func testTextGroupsEachProblemIntoOneLine() throws {
        let folder = try writeSpecs()
        let spec = folder + "/pale-campaign-banner.json"
        let run = try snap("check", spec)
        XCTAssertEqual(run.status, 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, spec + ":")
        XCTAssertTrue(lines.contains("  button fill #FFE9A8 is 1.1:1 against the card #FFF4E0, under 3:1 in every variant"), run.stdout)
        XCTAssertTrue(lines.contains("  title recoloured from #F5D76E (1.2:1) to #1A1C1A (15.7:1) in every variant"), run.stdout)
        // One line per problem: as many as the distinct problems in the JSON.
        let json = try snap("check", spec, "--format", "json")
        let objects = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let problems = Set(objects.map { o in
            [o["kind"], o["role"], o["text"]].map { $0 as? String ?? "" }.joined(separator: "|")
                + (o["kind"] as? String == "truncated" ? "" : (o["message"] as? String ?? ""))
        })
        XCTAssertEqual(lines.count, 1 + problems.count + 1, run.stdout)
        XCTAssertEqual(lines.last, "\(objects.count) findings in 1 of 1 spec (16 variants checked)")
    }

    func testRenderPrintsItsFindingsToStderr() throws {
        let folder = try writeSpecs()
        let spec = folder + "/grey-progress.json"
        let out = folder + "/out.png", report = folder + "/report.json"
        let run = try snap("render", spec, "-o", out, "--report", report, "--text-size", "AX5")
        XCTAssertEqual(run.status, 0, run.stderr)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        let findings = try XCTUnwrap(root["findings"] as? [[String: Any]])
        XCTAssertGreaterThan(findings.count, 3)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, findings.map { "\(spec): \($0["kind"] as? String ?? ""): \($0["message"] as? String ?? "")" })
        XCTAssertTrue(lines.contains("\(spec): emptyText: body is only whitespace: VoiceOver reads a blank label"), run.stderr)

        let quiet = try snap("render", spec, "-o", out, "--text-size", "AX5", "--quiet")
        XCTAssertEqual([quiet.status], [0])
        XCTAssertEqual(quiet.stderr, "")
        let clean = try snap("render", folder + "/clean-banner.json", "-o", out)
        XCTAssertEqual(clean.stderr, "")
    }
}
