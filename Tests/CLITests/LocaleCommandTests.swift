import Foundation
import Raster
import XCTest
import TestSupport

/// `--locale`, `--pseudo`, `sheet --locales/--pseudos`, and golden names per locale in `batch` and
/// `verify`, on the localized fixture (Fixtures/weekend-campaign.json).
final class LocaleCommandTests: XCTestCase {
    let campaign = fixtures + "/weekend-campaign.json"

    func testLocaleTurnsTheCardUnlessADirectionIsGiven() throws {
        let root = try temporaryFolder()
        func render(_ name: String, _ options: String...) throws -> [UInt8] {
            let run = try snap(arguments: ["render", campaign, "-o", root + "/\(name).png", "--report", root + "/\(name).json",
                                           "--scale", "1"] + options)
            XCTAssertEqual(run.status, 0, run.stderr)
            return try bytes(root + "/\(name).png")
        }
        let arabic = try render("ar", "--locale", "ar")
        XCTAssertEqual(arabic, try render("ar-rtl", "--locale", "ar", "--direction", "rtl"))
        XCTAssertNotEqual(arabic, try render("ar-ltr", "--locale", "ar", "--direction", "ltr"))
        XCTAssertNotEqual(arabic, try render("en", "--direction", "rtl"))
        let report = String(decoding: try bytes(root + "/ar.json"), as: UTF8.self)
        XCTAssertTrue(report.contains(#""text": "قطعتا معجنات بسعر قطعة واحدة""#), report)
        // A locale without a localization shows the base copy, in its own direction.
        _ = try render("it", "--locale", "it-CH")
        XCTAssertTrue(String(decoding: try bytes(root + "/it.json"), as: UTF8.self).contains(#""text": "Order now""#))
        let bounded = try render("bounded", "--pseudo", "bounded", "--locale", "de")
        XCTAssertFalse(bounded.isEmpty)
        XCTAssertTrue(String(decoding: try bytes(root + "/bounded.json"), as: UTF8.self).contains(#""text": "[# Jetzt bestellen #]""#))
    }

    func testBadLocaleAndPseudoValuesAreUsageErrors() throws {
        let root = try temporaryFolder()
        for command in ["render", "sheet", "animate"] {
            let run = try snap(command, campaign, "-o", root + "/out.png", "--locale", "en_US")
            XCTAssertEqual(run.status, 2)
            XCTAssertEqual(run.stderr, "error: --locale: \"en_US\" is not a BCP 47 language tag: subtags are separated by \"-\", as in \"en-US\"\n")
        }
        let pseudo = try snap("render", campaign, "-o", root + "/out.png", "--pseudo", "long")
        XCTAssertEqual(pseudo.stderr, "error: --pseudo: \"long\" is not one of: accented, double, bounded, rtl\n")
        let list = try snap("sheet", campaign, "-o", root + "/out.png", "--locales", "en,xx_YY")
        XCTAssertEqual(list.stderr, "error: --locales: \"xx_YY\" is not a BCP 47 language tag: subtags are separated by \"-\", as in \"xx-YY\"\n")
        // What the studio's language box refuses, every command refuses, with the language meant.
        let country = try snap("render", campaign, "-o", root + "/out.png", "--locale", "jp")
        XCTAssertEqual(country.status, 2)
        XCTAssertEqual(country.stderr, "error: --locale: \"jp\" is not a language's code (it is a country's); Japanese is ja\n")
        let unknown = try snap("sheet", campaign, "-o", root + "/out.png", "--locales", "en,xx")
        XCTAssertEqual(unknown.stderr, "error: --locales: \"xx\" is no language GronaSnap knows; type its name, like German, or its code, like de\n")
        let spec = root + "/spec.json"
        try Data(#"{"component": {"type": "banner", "title": "Hi"}, "environment": {"locale": "dk"}, "localizations": {"iw": {"title": "שלום"}}}"#.utf8)
            .write(to: URL(fileURLWithPath: spec))
        let field = try snap("render", spec, "-o", root + "/out.png")
        XCTAssertEqual(field.status, 2)
        XCTAssertTrue(field.stderr.contains("$.environment.locale: \"dk\" is not a language's code (it is a country's); Danish is da"), field.stderr)
        try Data(#"{"component": {"type": "banner", "title": "Hi"}, "localizations": {"iw": {"title": "שלום"}}}"#.utf8)
            .write(to: URL(fileURLWithPath: spec))
        let key = try snap("render", spec, "-o", root + "/out.png")
        XCTAssertEqual(key.status, 2)
        XCTAssertTrue(key.stderr.contains("$.localizations.iw: \"iw\" is an old code; Hebrew is now he"), key.stderr)
        try FileManager.default.removeItem(atPath: spec)
        let both = try snap("sheet", campaign, "-o", root + "/out.png", "--locales", "en", "--locale", "de")
        XCTAssertEqual(both.stderr, "error: --locales and --locale cannot be given together\n")
        XCTAssertEqual(files(under: root), [])
    }

    func testSheetLanguages() throws {
        let root = try temporaryFolder()
        func sheet(_ name: String, _ options: String...) throws -> Pixmap {
            let run = try snap(arguments: ["sheet", campaign, "-o", root + "/\(name).png", "--scale", "1", "--text-size", "L"] + options)
            XCTAssertEqual(run.status, 0, run.stderr)
            return try image(root + "/\(name).png")
        }
        // all: the spec's own locale, then its localizations in tag order.
        let all = try sheet("all", "--locales", "all")
        _ = try sheet("listed", "--locales", "en,ar,de,fr,ja")
        XCTAssertEqual(try bytes(root + "/all.png"), try bytes(root + "/listed.png"))
        // One language varies: one row of four; with the spec's pseudolanguages, two rows of four.
        let one = try sheet("one", "--locales", "en")
        let spec = try sheet("spec")
        XCTAssertGreaterThan(all.width, 3 * one.width)   // five languages: four to a row
        XCTAssertEqual(spec.width, all.width)
        XCTAssertGreaterThan(spec.height, one.height * 3 / 2)
        let pseudos = try sheet("pseudos", "--pseudos", "all", "--locales", "en")
        XCTAssertEqual(pseudos.width, all.width)       // en and four pseudolanguages: four to a row, two rows
        XCTAssertGreaterThan(pseudos.height, one.height * 3 / 2)
    }

    func testBatchNamesGoldensPerLocale() throws {
        let root = try temporaryFolder()
        let input = root + "/specs"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: campaign, toPath: input + "/weekend-campaign.json")
        try FileManager.default.copyItem(atPath: fixtures + "/images", toPath: input + "/images")
        let all = try snap("batch", input, "-o", root + "/all", "--scale", "1")
        XCTAssertEqual(all.status, 0, all.stderr)
        XCTAssertEqual(files(under: root + "/all"), [
            "weekend-campaign/ar/AX5-light-rtl@1x.png", "weekend-campaign/ar/L-light-rtl@1x.png",
            "weekend-campaign/de/AX5-light-ltr@1x.png", "weekend-campaign/de/L-light-ltr@1x.png",
            "weekend-campaign/en/AX5-light-ltr-pseudo-accented@1x.png", "weekend-campaign/en/AX5-light-ltr-pseudo-bounded@1x.png",
            "weekend-campaign/en/AX5-light-ltr-pseudo-double@1x.png", "weekend-campaign/en/AX5-light-ltr@1x.png",
            "weekend-campaign/en/AX5-light-rtl-pseudo-rtl@1x.png",
            "weekend-campaign/en/L-light-ltr-pseudo-accented@1x.png", "weekend-campaign/en/L-light-ltr-pseudo-bounded@1x.png",
            "weekend-campaign/en/L-light-ltr-pseudo-double@1x.png", "weekend-campaign/en/L-light-ltr@1x.png",
            "weekend-campaign/en/L-light-rtl-pseudo-rtl@1x.png",
            "weekend-campaign/ja/AX5-light-ltr@1x.png", "weekend-campaign/ja/L-light-ltr@1x.png",
        ])
        // --locale fixes the language: the spec's locales and pseudolanguages give way to it.
        let german = try snap("batch", input, "-o", root + "/de", "--scale", "1", "--locale", "de")
        XCTAssertEqual(german.status, 0, german.stderr)
        XCTAssertEqual(files(under: root + "/de"), ["weekend-campaign/de/AX5-light-ltr@1x.png", "weekend-campaign/de/L-light-ltr@1x.png"])
        XCTAssertEqual(try bytes(root + "/de/weekend-campaign/de/L-light-ltr@1x.png"),
                       try bytes(root + "/all/weekend-campaign/de/L-light-ltr@1x.png"))
    }

    func testVerifyPrunesGoldensOfALocaleNoLongerCovered() throws {
        let root = try temporaryFolder()
        let input = root + "/specs"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        // Two languages at one size keep this quick.
        let spec = #"""
            {"component": {"type": "banner", "title": "Two pastries for the price of one", "button": "Order now"},
             "environment": {"locale": "en", "scale": 1},
             "localizations": {"ar": {"title": "قطعتا معجنات بسعر قطعة واحدة", "button": "اطلب الآن"}},
             "variants": {"locale": ["en", "ar"]}}
            """#
        try Data(spec.utf8).write(to: URL(fileURLWithPath: input + "/weekend-campaign.json"))
        let snapshots = root + "/Snapshots"
        let verify = ["verify", input, "--snapshots", snapshots, "--report-dir", root + "/report"]
        let recorded = try snap(arguments: verify)
        XCTAssertEqual(recorded.status, 1)
        XCTAssertEqual(files(under: snapshots), ["weekend-campaign/ar/L-light-rtl@1x.png", "weekend-campaign/en/L-light-ltr@1x.png"])
        let fm = FileManager.default
        try fm.createDirectory(atPath: snapshots + "/weekend-campaign/fr", withIntermediateDirectories: true)
        try fm.copyItem(atPath: snapshots + "/weekend-campaign/en/L-light-ltr@1x.png",
                        toPath: snapshots + "/weekend-campaign/fr/L-light-ltr@1x.png")
        let listed = try snap(arguments: verify)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(listed.stdout, """
            unused golden (no spec produces it): \(snapshots)/weekend-campaign/fr/L-light-ltr@1x.png
            verified 2 snapshots: 2 match, 0 differ, 0 recorded, 0 missing; no findings

            """)
        let pruned = try snap(arguments: verify + ["--prune"])
        XCTAssertEqual(pruned.status, 0, pruned.stderr)
        XCTAssertFalse(fm.fileExists(atPath: snapshots + "/weekend-campaign/fr"))
        XCTAssertEqual(files(under: snapshots), ["weekend-campaign/ar/L-light-rtl@1x.png", "weekend-campaign/en/L-light-ltr@1x.png"])
    }

    func testAnimateTakesALocale() throws {
        let root = try temporaryFolder()
        let run = try snap("animate", campaign, "-o", root + "/reveal.png", "--locale", "ar", "--fps", "4", "--scale", "1",
                           "--frames-dir", root + "/frames")
        XCTAssertEqual(run.status, 0, run.stderr)
        let last = files(under: root + "/frames").last ?? ""
        let still = try snap("render", campaign, "-o", root + "/still.png", "--locale", "ar", "--scale", "1")
        XCTAssertEqual(still.status, 0, still.stderr)
        XCTAssertEqual(try image(root + "/frames/" + last).pixels, try image(root + "/still.png").pixels)
    }
}
