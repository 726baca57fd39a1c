import Foundation
import PNG
import Raster
import WebP
import XCTest
import TestSupport

/// `grona-snap shots`: a docs page's images from one shot list, its manifest, WebP output, the
/// refusals, and `--watch`.
final class ShotsTests: XCTestCase {
    let docsPage = packageRoot + "/docs/shots/docs-page.json"

    /// The images a run wrote, decoded whatever their format.
    func decoded(_ path: String) throws -> Pixmap {
        path.hasSuffix(".webp") ? try decodeWebP(try bytes(path)) : try image(path)
    }

    func manifest(_ folder: String) throws -> [[String: Any]] {
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/manifest.json"))) as? [String: Any])
        XCTAssertEqual(root["generator"] as? String, "grona-snap shots")
        return try XCTUnwrap(root["images"] as? [[String: Any]])
    }

    func testTheDocsPageShotListMakesEveryImageWithItsManifest() throws {
        let out = try temporaryFolder() + "/images"
        let run = try snap("shots", docsPage, "--out", out)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "wrote 9 images and manifest.json to \(out)\n")
        let entries = try manifest(out)
        let names = entries.compactMap { $0["file"] as? String }
        XCTAssertEqual(names, names.sorted(), "the manifest is sorted by file name")
        XCTAssertEqual(Set(files(under: out)), Set(names + ["manifest.json"]), "the images, the manifest and nothing else")
        XCTAssertGreaterThanOrEqual(names.count, 9)
        XCTAssertEqual(Set(entries.compactMap { $0["kind"] as? String }), ["snapshot", "accessibility", "sheet", "animation", "phone"])
        XCTAssertTrue(names.contains { $0.hasSuffix(".webp") })

        // Each entry's sizes are its file's: pixels as decoded, points the pixels over the scale.
        for entry in entries {
            let name = try XCTUnwrap(entry["file"] as? String)
            let picture = try decoded(out + "/" + name)
            let pixels = try XCTUnwrap(entry["pixels"] as? [String: Double]), points = try XCTUnwrap(entry["points"] as? [String: Double])
            let scale = try XCTUnwrap(entry["scale"] as? Double)
            XCTAssertEqual(pixels, ["width": Double(picture.width), "height": Double(picture.height)], name)
            XCTAssertEqual(points, ["width": Double(picture.width) / scale, "height": Double(picture.height) / scale], name)
            XCTAssertEqual(entry["format"] as? String, name.hasSuffix(".webp") ? "webp" : "png", name)
            XCTAssertFalse((entry["alt"] as? String ?? "").isEmpty, name)
            XCTAssertNotNil(entry["variant"] ?? entry["variants"], name)
        }

        // Alt text is what VoiceOver reads, from the render report's labels.
        let report = try temporaryFolder("report") + "/r.json"
        XCTAssertEqual(try snap("render", fixtures + "/dark-banner.json", "-o", "/dev/null", "--report", report,
                                "--appearance", "dark", "--text-size", "L", "--direction", "ltr").status, 0)
        let reported = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        let labels = try XCTUnwrap(reported["accessibility"] as? [[String: Any]]).compactMap { $0["label"] as? String }
        XCTAssertEqual(labels.count, 4)
        let dark = try XCTUnwrap(entries.first { $0["file"] as? String == "dark-banner-snapshot-dark-L.png" })
        // Each label a sentence of its own; the button's says it is one.
        let sentences = labels.dropLast().map { $0.hasSuffix(".") ? $0 : $0 + "." } + [labels.last! + ", button."]
        XCTAssertEqual(dark["alt"] as? String, "A banner (dark appearance, text size L): " + sentences.joined(separator: " "))
        let variant = try XCTUnwrap(dark["variant"] as? [String: Any])
        XCTAssertEqual(variant["appearance"] as? String, "dark")
        XCTAssertEqual(variant["textSize"] as? String, "L")
        XCTAssertEqual(dark["scale"] as? Double, 2)
        let overlay = try XCTUnwrap(entries.first { $0["kind"] as? String == "accessibility" }?["alt"] as? String)
        XCTAssertTrue(overlay.contains("4 " + labels[3] + ", button"), overlay)

        // The page follows the appearance: a dark card on the dark page, a light one on the light page.
        let darkShot = try image(out + "/dark-banner-snapshot-dark-L.png"), lightShot = try image(out + "/dark-banner-snapshot-light-L.png")
        XCTAssertEqual(pixel(darkShot, 0, 0), [0x1C, 0x1C, 0x1E, 255])
        XCTAssertEqual(pixel(darkShot, darkShot.width - 1, darkShot.height - 1), [0x1C, 0x1C, 0x1E, 255])
        XCTAssertEqual(pixel(lightShot, 0, 0), [0xF2, 0xF2, 0xF7, 255])
        // The snapshot is the card `render` draws, 16 pt (32 px at @2x) in from the edge.
        let card = try temporaryFolder("card") + "/card.png"
        XCTAssertEqual(try snap("render", fixtures + "/dark-banner.json", "-o", card, "--appearance", "dark", "--text-size", "L",
                                "--direction", "ltr", "--scale", "2", "--padding", "16", "--background", "#1C1C1E").status, 0)
        XCTAssertEqual(try image(card), darkShot)
        // The sheet's page is the light one (it has light and dark tiles), with its own padding.
        XCTAssertEqual(pixel(try image(out + "/offer-code-sheet.png"), 0, 0), [0xF2, 0xF2, 0xF7, 255])
        // The animation is an animated PNG.
        XCTAssertTrue(try bytes(out + "/dark-progress-reveal-dark.png").starts(with: [0x89, 0x50, 0x4E, 0x47]))
        XCTAssertTrue(String(decoding: try bytes(out + "/dark-progress-reveal-dark.png").prefix(200), as: UTF8.self).contains("acTL"))
    }

    /// Alt text says what the picture shows: the progress bar's value and goal, a sheet's variants,
    /// the accessibility picture's legend, copy cut as the card cuts it; each image's language, and
    /// an HTML snippet with its dark twin, alt, lang and size.
    func testAltTextSaysWhatThePictureShowsInItsLanguage() throws {
        let out = try temporaryFolder() + "/images"
        XCTAssertEqual(try snap("shots", docsPage, "--out", out).status, 0)
        let entries = try manifest(out)
        func entry(_ name: String) throws -> [String: Any] { try XCTUnwrap(entries.first { $0["file"] as? String == name }, name) }
        // dark-progress.json: 7 stamps of 10, tiers at 5 and 10.
        let reveal = try entry("dark-progress-reveal-dark.png")
        XCTAssertEqual(reveal["alt"] as? String, "A progress bar sliding in (dark appearance, text size L), filled to 7 of 10, "
            + "Free cookie at 5 reached, Free coffee at 10 not yet: Stamp card. Free cookie. Free coffee. Stamps expire after 6 months.")
        // The Arabic banner's own copy is Arabic; the rest is English.
        let arabic = try entry("arabic-banner-rtl-light.webp")
        XCTAssertEqual(arabic["lang"] as? String, "ar")
        XCTAssertTrue((arabic["html"] as? String)?.hasPrefix("<img src=\"arabic-banner-rtl-light.webp\" alt=\"A banner (light appearance, text size L, right to left): ") == true,
                      arabic["html"] as? String ?? "")
        XCTAssertTrue((arabic["html"] as? String)?.contains("\" lang=\"ar\" width=\"") == true)
        XCTAssertEqual(Set(entries.filter { $0["file"] as? String != "arabic-banner-rtl-light.webp" }.compactMap { $0["lang"] as? String }), ["en"])
        // A light image and its dark twin: one <picture>, in both entries.
        let light = try entry("dark-banner-snapshot-light-L.png"), dark = try entry("dark-banner-snapshot-dark-L.png")
        let points = try XCTUnwrap(light["points"] as? [String: Double])
        let snippet = "<picture><source srcset=\"dark-banner-snapshot-dark-L.png\" media=\"(prefers-color-scheme: dark)\">"
            + "<img src=\"dark-banner-snapshot-light-L.png\" alt=\"\(light["alt"] as? String ?? "")\" lang=\"en\" "
            + "width=\"\(Int(points["width"]!.rounded()))\" height=\"\(Int(points["height"]!.rounded()))\"></picture>"
        XCTAssertEqual(light["html"] as? String, snippet)
        XCTAssertEqual(dark["html"] as? String, snippet)
        // The sheet names its variants.
        XCTAssertTrue((try entry("offer-code-sheet.png")["alt"] as? String)?.hasPrefix(
            "A contact sheet of an offer in 4 variants (light and dark appearance, text sizes S and AX2), the first: ") == true)
        // The accessibility picture's alt text is its legend: contrast per element, then the touch target.
        let legend = try XCTUnwrap(try entry("dark-banner-accessibility-dark-L.png")["alt"] as? String)
        XCTAssertTrue(legend.contains(", each element outlined and numbered, with the legend: 1 "), legend)
        XCTAssertTrue(legend.contains(" (contrast 3.9:1, needs 3:1); 2 "), legend)
        XCTAssertTrue(legend.contains(", button (contrast "), legend)
        XCTAssertTrue(legend.hasSuffix(" pt") && legend.contains("; touch target of the button, "), legend)

        // Copy cut at its line limit is given as drawn: the layout's lines, ending in "…".
        let root = try temporaryFolder("cut")
        let list = root + "/list.json"
        try "{\"shots\": [{\"spec\": \"\(fixtures)/long-copy-banner.json\", \"kind\": \"snapshot\", \"variants\": {\"textSize\": [\"AX5\"], \"appearance\": [\"light\"], \"direction\": [\"ltr\"], \"scale\": [1]}}]}"
            .write(toFile: list, atomically: true, encoding: .utf8)
        XCTAssertEqual(try snap("shots", list, "--out", root + "/out").status, 0)
        let alt = try XCTUnwrap(try manifest(root + "/out").first?["alt"] as? String)
        let report = root + "/r.json"
        XCTAssertEqual(try snap("render", fixtures + "/long-copy-banner.json", "-o", "/dev/null", "--report", report,
                                "--appearance", "light", "--text-size", "AX5", "--direction", "ltr").status, 0)
        let texts = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])?["texts"] as? [[String: Any]])
        let title = try XCTUnwrap(texts.first { $0["role"] as? String == "title" })
        XCTAssertEqual(title["truncated"] as? Bool, true)
        let lines = try XCTUnwrap(title["lineTexts"] as? [String])
        XCTAssertTrue(lines.last?.hasSuffix("…") == true)
        XCTAssertTrue(alt.contains(lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")), alt)
        XCTAssertFalse(alt.contains(title["text"] as? String ?? ""), "the whole title, which the picture cuts")
    }

    /// An output folder that is a file is refused where it was named: `--out`, or the list's "out"
    /// (which the refusal once called --out, an option not given).
    func testAnOutputFolderThatIsAFileIsRefusedWhereItWasNamed() throws {
        let root = try temporaryFolder("out-file")
        let list = root + "/list.json", file = root + "/taken"
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        try "{\"out\": \"taken\", \"shots\": [{\"spec\": \"\(fixtures)/acme-banner.json\", \"kind\": \"snapshot\", \"variants\": {\"scale\": [1]}}]}"
            .write(toFile: list, atomically: true, encoding: .utf8)
        let fromList = try snap("shots", list)
        XCTAssertEqual(fromList.status, 2)
        XCTAssertEqual(fromList.stderr, "error: \(list): $.out: \(file) is not a folder\n")
        let fromOption = try snap("shots", list, "--out", file)
        XCTAssertEqual(fromOption.stderr, "error: --out: \(file) is not a folder\n")
    }

    func testTheSameShotListGivesTheSameBytesTwice() throws {
        let root = try temporaryFolder()
        XCTAssertEqual(try snap("shots", docsPage, "--out", root + "/a").status, 0)
        XCTAssertEqual(try snap("shots", docsPage, "--out", root + "/b").status, 0)
        // And a second run over its own output replaces it with the same bytes.
        XCTAssertEqual(try snap("shots", docsPage, "--out", root + "/a").status, 0)
        let names = files(under: root + "/a")
        XCTAssertEqual(names, files(under: root + "/b"))
        XCTAssertEqual(names.count, 10)
        for name in names {
            XCTAssertEqual(try bytes(root + "/a/" + name), try bytes(root + "/b/" + name), name)
        }
    }

    func testWebPDecodesToThePixelsOfThePNG() throws {
        let root = try temporaryFolder()
        // Without a canvas the card's rounded corners are transparent, and antialiased edges
        // translucent: those must come back exactly too.
        for extra in [[String](), ["--padding", "10", "--background", "#1C1C1E"]] {
            let common = [fixtures + "/banner-image.json", "--scale", "2", "--appearance", "dark"] + extra
            XCTAssertEqual(try snap(arguments: ["render"] + common + ["-o", root + "/a.png"]).status, 0)
            let run = try snap(arguments: ["render"] + common + ["-o", root + "/a.webp"])
            XCTAssertEqual(run.status, 0, run.stderr)
            let webp = try bytes(root + "/a.webp")
            XCTAssertEqual(Array(webp[0..<4]), Array("RIFF".utf8))
            XCTAssertEqual(Array(webp[8..<16]), Array("WEBPVP8L".utf8), "lossless")
            let png = try image(root + "/a.png")
            XCTAssertEqual(try decodeWebP(webp), png)
            XCTAssertTrue(extra.isEmpty == (pixel(png, 0, 0)[3] == 0))
        }
        // A sheet to .webp as well.
        XCTAssertEqual(try snap("sheet", fixtures + "/dark-banner.json", "-o", root + "/s.webp", "--text-sizes", "L",
                                "--appearances", "light,dark", "--directions", "ltr", "--scale", "1").status, 0)
        XCTAssertEqual(try snap("sheet", fixtures + "/dark-banner.json", "-o", root + "/s.png", "--text-sizes", "L",
                                "--appearances", "light,dark", "--directions", "ltr", "--scale", "1").status, 0)
        XCTAssertEqual(try decodeWebP(try bytes(root + "/s.webp")), try image(root + "/s.png"))
    }

    func testAnOutputWithAnExtensionWeDoNotWriteIsRefused() throws {
        let root = try temporaryFolder()
        let spec = fixtures + "/acme-banner.json"
        for (arguments, message) in [
            (["render", spec, "-o", root + "/a.jpg"], "error: -o: \(root)/a.jpg: GronaSnap writes .png and .webp images, not .jpg\n"),
            (["sheet", spec, "-o", root + "/a.GIF"], "error: -o: \(root)/a.GIF: GronaSnap writes .png and .webp images, not .GIF\n"),
            (["diff", packageRoot + "/Snapshots/acme-banner/L-light-ltr@3x.png", packageRoot + "/Snapshots/acme-banner/L-dark-ltr@3x.png",
              "-o", root + "/d.bmp"], "error: -o: \(root)/d.bmp: GronaSnap writes .png and .webp images, not .bmp\n"),
            (["animate", spec, "-o", root + "/a.webp"], "error: -o: \(root)/a.webp: an animation is an animated PNG; name it .png\n"),
        ] {
            let run = try snap(arguments: arguments)
            XCTAssertEqual(run.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(run.stderr, message)
        }
        XCTAssertEqual(allEntries(under: root), [], "nothing written")
        // No extension is a PNG, as before: standard output and devices.
        let piped = try snap("render", spec, "-o", "-")
        XCTAssertEqual(piped.status, 0)
        XCTAssertEqual(Array(piped.stdoutBytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }

    func testABadShotListExitsTwoNamingItsJSONPathAndWritesNothing() throws {
        let root = try temporaryFolder()
        let list = root + "/list.json", out = root + "/out"
        let spec = fixtures + "/dark-banner.json"
        for (text, expected) in [
            ("{\"shots\": [{\"spec\": \"\(spec)\", \"kind\": \"tablet\"}]}",
             "$.shots[0].kind: \"tablet\" is not one of: snapshot, accessibility, sheet, animation, phone"),
            ("{\"shots\": [{\"spec\": \"\(spec)\", \"kind\": \"snapshot\", \"name\": \"{component}-{apperance}.{format}\"}]}",
             "$.shots[0].name: unknown placeholder {apperance} (did you mean {appearance}?)"),
            ("{\"shots\": [{\"spec\": \"missing.json\", \"kind\": \"snapshot\"}]}",
             "$.shots[0].spec: \"missing.json\" does not exist (looked for \(root)/missing.json)"),
            ("{\"background\": {\"light\": \"#FFF\", \"dark\": \"#12345\"}, \"shots\": [{\"spec\": \"\(spec)\", \"kind\": \"snapshot\"}]}",
             "$.background.dark: \"#12345\" is not a colour"),
            ("{\"shots\": [{\"spec\": \"\(spec)\", \"kind\": [\"snapshot\"], \"variants\": {\"textSize\": [\"huge\"]}}]}",
             "$.shots[0].variants.textSize[0]: \"huge\" is not a text size"),
            ("{\"shots\": [{\"spec\": \"\(spec)\", \"kind\": \"snapshot\", \"name\": \"same.png\"}]}",
             "$.shots[0]: \"same.png\" is also written by another of its variants"),
            ("{\"shots\": [{\"spec\": \"\(spec)\", \"kind\": \"animation\", \"format\": \"webp\"}]}",
             "$.shots[0].format: an animation is an animated PNG; give this shot \"format\": \"png\""),
            ("{\"shots\": [{\"spec\": \"\(spec)\", \"knd\": \"snapshot\"}]}",
             "$.shots[0]: unknown key \"knd\" (did you mean \"kind\"?)"),
        ] {
            try text.write(toFile: list, atomically: true, encoding: .utf8)
            let run = try snap("shots", list, "--out", out)
            XCTAssertEqual(run.status, 2, text)
            XCTAssertTrue(run.stderr.hasPrefix("error: \(list): \(expected)"), "\(run.stderr) for \(text)")
            XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "one line")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing written for \(text)")
        }
        // A spec's own error names the spec, as everywhere.
        try "{\"theme\": {\"primary\": \"#12345\"}}".write(toFile: root + "/bad.json", atomically: true, encoding: .utf8)
        try "{\"shots\": [{\"spec\": \"bad.json\", \"kind\": \"snapshot\"}]}".write(toFile: list, atomically: true, encoding: .utf8)
        let run = try snap("shots", list, "--out", out)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("error: \(root)/bad.json: $.theme.primary: "), run.stderr)
        XCTAssertEqual(allEntries(under: root), ["bad.json", "list.json"])
    }

    func testAFileThatIsNotOursIsNeverReplaced() throws {
        let root = try temporaryFolder()
        let out = root + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let mine = out + "/dark-banner-snapshot-light-L.png"
        try "my own picture".write(toFile: mine, atomically: true, encoding: .utf8)
        var run = try snap("shots", docsPage, "--out", out)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "error: \(mine): exists and is not an image grona-snap shots wrote here (it is not in manifest.json); "
                       + "remove it or choose another output folder\n")
        XCTAssertEqual(allEntries(under: out), ["dark-banner-snapshot-light-L.png"])
        XCTAssertEqual(try String(contentsOfFile: mine, encoding: .utf8), "my own picture")
        // A manifest.json that is not ours is not replaced either.
        try FileManager.default.removeItem(atPath: mine)
        try "{\"pages\": []}".write(toFile: out + "/manifest.json", atomically: true, encoding: .utf8)
        run = try snap("shots", docsPage, "--out", out)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "error: \(out)/manifest.json: exists and was not written by grona-snap shots; "
                       + "remove it or choose another output folder\n")
        XCTAssertEqual(allEntries(under: out), ["manifest.json"])
        // Ours are replaced, and one a later shot list no longer makes is removed.
        try FileManager.default.removeItem(atPath: out + "/manifest.json")
        XCTAssertEqual(try snap("shots", docsPage, "--out", out).status, 0)
        let list = root + "/one.json"
        try "{\"shots\": [{\"spec\": \"\(fixtures)/dark-banner.json\", \"kind\": \"snapshot\", \"name\": \"dark-banner-snapshot-light-L.png\", \"variants\": {\"appearance\": [\"light\"], \"textSize\": [\"L\"], \"direction\": [\"ltr\"], \"scale\": [2]}, \"padding\": 16, \"background\": \"#F2F2F7\"}]}"
            .write(toFile: list, atomically: true, encoding: .utf8)
        run = try snap("shots", list, "--out", out)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(files(under: out), ["dark-banner-snapshot-light-L.png", "manifest.json"])
    }

    func testWatchRendersAgainAfterEachSaveAndKeepsRunningAfterABadOne() throws {
        let root = try temporaryFolder()
        let list = root + "/list.json", out = root + "/out"
        func shotList(padding: Int) -> String {
            "{\"out\": \"out\", \"padding\": \(padding), \"shots\": [{\"spec\": \"\(fixtures)/message-info.json\", \"kind\": \"snapshot\", "
                + "\"variants\": {\"textSize\": [\"L\"], \"appearance\": [\"light\"], \"direction\": [\"ltr\"], \"scale\": [1]}}]}"
        }
        try shotList(padding: 0).write(toFile: list, atomically: true, encoding: .utf8)
        let (process, waitForLine) = try watch(list)
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        XCTAssertTrue(try waitForLine(1).hasPrefix("wrote 1 image and manifest.json to \(root)/out in "))
        let name = out + "/message-info-snapshot-light-L-ltr@1x.png"
        let first = try image(name)
        usleep(50_000)
        try shotList(padding: 10).write(toFile: list, atomically: true, encoding: .utf8)
        XCTAssertTrue(try waitForLine(2).hasPrefix("wrote 1 image"))
        let second = try image(name)
        XCTAssertEqual(second.width, first.width + 20, "the edit's padding")
        // A bad save is said, and the run goes on to the next one.
        try "{\"shots\": [".write(toFile: list, atomically: true, encoding: .utf8)
        XCTAssertTrue(try waitForLine(3).hasPrefix("error: \(list): "))
        XCTAssertTrue(process.isRunning)
        XCTAssertEqual(try image(name), second, "nothing written")
        try shotList(padding: 4).write(toFile: list, atomically: true, encoding: .utf8)
        XCTAssertTrue(try waitForLine(4).hasPrefix("wrote 1 image"))
        XCTAssertEqual(try image(name).width, first.width + 8)
        // An edit to a spec it names counts too.
        let spec = root + "/card.json"
        try String(contentsOfFile: fixtures + "/message-info.json", encoding: .utf8).write(toFile: spec, atomically: true, encoding: .utf8)
        try shotList(padding: 4).replacingOccurrences(of: fixtures + "/message-info.json", with: "card.json")
            .write(toFile: list, atomically: true, encoding: .utf8)
        XCTAssertTrue(try waitForLine(5).hasPrefix("wrote 1 image"))
        usleep(50_000)
        try String(contentsOfFile: spec, encoding: .utf8).replacingOccurrences(of: "\"component\"", with: "\"component\" ")
            .write(toFile: spec, atomically: true, encoding: .utf8)
        XCTAssertTrue(try waitForLine(6).hasPrefix("wrote 1 image"))
        // A bad spec is said naming the spec, and fixing the spec renders again.
        let good = try String(contentsOfFile: spec, encoding: .utf8)
        try "{\"component\": 1}".write(toFile: spec, atomically: true, encoding: .utf8)
        let seventh = try waitForLine(7)
        XCTAssertTrue(seventh.hasPrefix("error: \(spec): "), seventh)
        try good.write(toFile: spec, atomically: true, encoding: .utf8)
        XCTAssertTrue(try waitForLine(8).hasPrefix("wrote 1 image"))
        process.terminate()
        process.waitUntilExit()
    }

    /// A save made while a render runs (after the render read the files) is not lost: the files'
    /// times are read before the render, so the watcher renders again with the save.
    func testWatchRendersAgainForASaveMadeDuringALongRender() throws {
        let root = try temporaryFolder()
        let list = root + "/list.json"
        // A render long enough (well over the 350 ms below, on a fast machine too: 4 cells at @2x
        // took 0.2 s on one) that a save made after the watcher has started it lands inside it: a
        // sheet of the long copy in 8 cells at @3x.
        func shotList(padding: Int) -> String {
            "{\"out\": \"out\", \"padding\": \(padding), \"shots\": ["
                + "{\"spec\": \"\(fixtures)/message-info.json\", \"kind\": \"snapshot\", \"name\": \"card.png\", "
                + "\"variants\": {\"textSize\": [\"L\"], \"appearance\": [\"light\"], \"direction\": [\"ltr\"], \"scale\": [1]}}, "
                + "{\"spec\": \"\(fixtures)/long-copy-banner.json\", \"kind\": \"sheet\", \"name\": \"slow.png\", "
                + "\"variants\": {\"textSize\": [\"L\", \"AX5\"], \"appearance\": [\"light\", \"dark\"], \"direction\": [\"ltr\", \"rtl\"], \"scale\": [3]}}]}"
        }
        try shotList(padding: 0).write(toFile: list, atomically: true, encoding: .utf8)
        let (process, waitForLine) = try watch(list)
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        XCTAssertTrue(try waitForLine(1).hasPrefix("wrote 2 images"))
        let first = try image(root + "/out/card.png")
        try shotList(padding: 10).write(toFile: list, atomically: true, encoding: .utf8)
        // The watcher sees that save within 300 ms and starts rendering; this save, 350 ms after
        // it, lands during that render when the render takes longer than 350 ms.
        usleep(350_000)
        try shotList(padding: 20).write(toFile: list, atomically: true, encoding: .utf8)
        let second = try waitForLine(2)
        XCTAssertTrue(second.hasPrefix("wrote 2 images"), second)
        let seconds = Double(second.split(separator: " ").dropLast().last ?? "") ?? 0
        XCTAssertGreaterThan(seconds, 0.35, "the render was too quick to save during it: \(second)")
        XCTAssertTrue(try waitForLine(3).hasPrefix("wrote 2 images"), "the save made during the render was lost")
        XCTAssertEqual(try image(root + "/out/card.png").width, first.width + 40, "the last save's padding")
    }
}

/// `grona-snap shots LIST --watch`, started, and a wait for its n-th line of output (a minute at most).
private func watch(_ list: String) throws -> (Process, (Int) throws -> String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try gronaSnapBinary())
    process.arguments = ["shots", list, "--watch"]
    var environment = ProcessInfo.processInfo.environment
    environment["GRONA_FONTS"] = packageRoot + "/Fonts"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    let output = LineCollector()
    pipe.fileHandleForReading.readabilityHandler = { output.append($0.availableData) }
    try process.run()
    return (process, { count in
        let deadline = Date().addingTimeInterval(60)
        while output.lines.count < count && Date() < deadline && process.isRunning { usleep(20_000) }
        let lines = output.lines
        guard lines.count >= count else { throw CocoaError(.fileReadUnknown, userInfo: [NSDebugDescriptionErrorKey: "lines: \(lines)"]) }
        return lines[count - 1]
    })
}

/// Standard output of a running process, in lines, as it arrives.
private final class LineCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""

    func append(_ data: Data) {
        lock.lock(); defer { lock.unlock() }
        text += String(decoding: data, as: UTF8.self)
    }

    /// The complete lines so far.
    var lines: [String] {
        lock.lock(); defer { lock.unlock() }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}
