import Foundation
import XCTest
import TestSupport

// Every bad input gets a message as helpful as the unknown-key one: what was wrong, where, and what
// would have been right. Each message is checked exactly, through the real command line.
final class ErrorMessageTests: XCTestCase {
    var folder = ""
    let banner = #"{"component": {"type": "banner", "title": "Hi"}}"#

    override func setUpWithError() throws {
        folder = try temporaryFolder("errors-\(name.filter { $0.isLetter })")
    }

    func write(_ json: String, _ name: String = "s.json") throws {
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    }

    /// Runs grona-snap in the test's folder; exit status 2 and exactly `error: message` on stderr,
    /// nothing written.
    func assertFails(_ arguments: [String], _ message: String, environment: [String: String?] = [:],
                     file: StaticString = #filePath, line: UInt = #line) throws {
        let before = files(under: folder)
        let run = try runProgram(try gronaSnapBinary(), arguments, environment: environment, in: folder)
        XCTAssertEqual(run.stderr, "error: \(message)\n", file: file, line: line)
        XCTAssertEqual(run.status, 2, file: file, line: line)
        XCTAssertEqual(files(under: folder), before, "nothing written", file: file, line: line)
    }

    func assertRenders(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try runProgram(try gronaSnapBinary(), arguments, in: folder)
        XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
    }

    func testTextSizesInAnyCaseAndDidYouMean() throws {
        try write(banner)
        try assertRenders(["render", "s.json", "-o", "a.png", "--text-size", "ax5", "--scale", "1"])
        try assertRenders(["render", "s.json", "-o", "b.png", "--text-size", "l", "--scale", "1"])
        try assertRenders(["sheet", "s.json", "-o", "c.png", "--text-sizes", "XS,l,Ax5", "--scale", "1"])
        let all = "xS, S, M, L, xL, xxL, xxxL, AX1, AX2, AX3, AX4, AX5, extraSmall, small, medium, large, extraLarge, "
            + "extraExtraLarge, extraExtraExtraLarge, accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, "
            + "accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge"
        try assertFails(["render", "s.json", "-o", "o.png", "--text-size", "larg"],
                        #"--text-size: "larg" is not a text size (did you mean "large"?); expected one of: "# + all)
        try assertFails(["render", "s.json", "-o", "o.png", "--text-size", "XXXXL"],
                        #"--text-size: "XXXXL" is not a text size (did you mean "xxxL"?); expected one of: "# + all)
        // Equally close to AX1 … AX5: no guess.
        try assertFails(["render", "s.json", "-o", "o.png", "--text-size", "AX6"],
                        #"--text-size: "AX6" is not a text size; expected one of: "# + all)
        try write(#"{"component": {"type": "banner", "title": "Hi"}, "environment": {"textSize": "accessibilityExtraLrge"}}"#)
        try assertFails(["render", "s.json", "-o", "o.png"],
                        #"s.json: $.environment.textSize: "accessibilityExtraLrge" is not a text size (did you mean "accessibilityExtraLarge"?); expected one of: "# + all)
    }

    func testCommandsAndOptionsDidYouMean() throws {
        try write(banner)
        try assertFails(["rendr", "s.json"],
                        #"unknown command "rendr" (did you mean "render"?); expected one of: accept, animate, batch, check, diff, history, merge, render, serve, sheet, shots, unused, verify (see grona-snap --help)"#)
        try assertFails(["sheet", "s.json", "-o", "o.png", "--paddin", "8"],
                        #"sheet: unknown option "--paddin" (did you mean "--padding"?); see grona-snap sheet --help"#)
    }

    func testColoursWithoutHashAndTheFormats() throws {
        try write(banner)
        try assertFails(["render", "s.json", "-o", "o.png", "--background", "FF0000"],
                        ##"--background: "FF0000" is not a colour (did you mean "#FF0000"?); expected #RGB, #RRGGBB or #RRGGBBAA"##)
        try assertFails(["render", "s.json", "-o", "o.png", "--background", "0xE9E6F2"],
                        ##"--background: "0xE9E6F2" is not a colour (did you mean "#E9E6F2"?); expected #RGB, #RRGGBB or #RRGGBBAA"##)
        try assertFails(["render", "s.json", "-o", "o.png", "--background", "lavender"],
                        ##"--background: "lavender" is not a colour; expected #RGB, #RRGGBB or #RRGGBBAA"##)
        try write(##"{"theme": {"primary": "0A408C"}, "component": {"type": "banner", "title": "Hi"}}"##)
        try assertFails(["render", "s.json", "-o", "o.png"],
                        ##"s.json: $.theme.primary: "0A408C" is not a colour (did you mean "#0A408C"?); expected #RGB, #RRGGBB or #RRGGBBAA"##)
        try write(##"{"theme": {"accent": {"light": "#FFC233", "dark": "C79200"}}, "component": {"type": "banner", "title": "Hi"}}"##)
        try assertFails(["render", "s.json", "-o", "o.png"],
                        ##"s.json: $.theme.accent.dark: "C79200" is not a colour (did you mean "#C79200"?); expected #RGB, #RRGGBB or #RRGGBBAA"##)
        try write(##"{"theme": {"surface": true}, "component": {"type": "banner", "title": "Hi"}}"##)
        try assertFails(["render", "s.json", "-o", "o.png"],
                        ##"s.json: $.theme.surface: expected a colour (#RGB, #RRGGBB, #RRGGBBAA or {"light": …, "dark": …}), found true"##)
    }

    func testFoldersNamedAsFiles() throws {
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/shot.png", withIntermediateDirectories: true)
        try write(banner)
        try assertFails(["render", "specs", "-o", "o.png"], "specs: is a folder, not a spec file")
        try assertFails(["render", "s.json", "-o", "shot.png"], "shot.png is a folder")
        try assertFails(["diff", "shot.png", "shot.png"], "shot.png: is a folder, not a PNG file")
        try write(#"{"component": {"type": "banner", "title": "Hi", "image": "specs"}}"#)
        try assertFails(["render", "s.json", "-o", "o.png"],
                        #"s.json: $.component.image: "specs" is a folder, not a file (looked in \#(try realFolder()))"#)
    }

    func realFolder() throws -> String {
        URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
    }

    func testRecordModeErrorsNameTheirSource() throws {
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
        try write(banner, "specs/s.json")
        try assertFails(["verify", "specs", "--snapshots", "goldens"],
                        #"GRONA_RECORD: "sometimes" is not a record mode; expected one of: missing, all, failed, never"#,
                        environment: ["GRONA_RECORD": "sometimes"])
        try assertFails(["verify", "specs", "--snapshots", "goldens"],
                        #"GRONA_RECORD: "nevr" is not a record mode (did you mean "never"?); expected one of: missing, all, failed, never"#,
                        environment: ["GRONA_RECORD": "nevr"])
        try assertFails(["verify", "specs", "--snapshots", "goldens", "--record", "sometimes"],
                        #"--record: "sometimes" is not a record mode; expected one of: missing, all, failed, never"#)
    }

    func testEmptyRequiredTextIsAnError() throws {
        try write(#"{"component": {"type": "banner", "title": ""}}"#)
        try assertFails(["render", "s.json", "-o", "o.png"], "s.json: $.component.title: text is empty; this field is required")
        try write(#"{"component": {"type": "offer", "title": " \n\t "}}"#)
        try assertFails(["render", "s.json", "-o", "o.png"], "s.json: $.component.title: text is only whitespace; this field is required")
        try write(#"{"component": {"type": "message", "icon": "info", "body": ""}}"#)
        try assertFails(["render", "s.json", "-o", "o.png"], "s.json: $.component.body: text is empty; this field is required")
        try write(#"{"component": {"type": "progressBar", "title": "Stamps", "value": 3, "tiers": [{"at": 5, "label": ""}]}}"#)
        try assertFails(["render", "s.json", "-o", "o.png"], "s.json: $.component.tiers[0].label: text is empty; this field is required")
        // Optional text may be empty.
        try write(#"{"component": {"type": "banner", "title": "Hi", "body": ""}}"#)
        try assertRenders(["render", "s.json", "-o", "o.png", "--scale", "1"])
    }

    func testLongNumbersAreCutLikeKeys() throws {
        let digits = "1" + String(repeating: "0", count: 400)
        try write(#"{"environment": {"width": \#(digits)}, "component": {"type": "banner", "title": "Hi"}}"#)
        try assertFails(["render", "s.json", "-o", "o.png"],
                        "s.json: line 1, column 27: number \(digits.prefix(60))… is out of range for a double (in $.environment.width)")
        try write(banner)
        let ones = String(repeating: "1", count: 100)
        try assertFails(["animate", "s.json", "-o", "o.png", "--fps", ones],
                        "--fps: \"\(ones.prefix(60))…\" is not a whole number from 1 to 120")
        try assertFails(["render", "s.json", "-o", "o.png", "--padding", ones + "x"],
                        "--padding: \"\(ones.prefix(60))…\" is not a number of points from 0 to 512")
    }

    func testDuplicateKeysAreCodeUnitsNotCanonicalEquivalence() throws {
        // "é" precomposed (U+00E9) and decomposed (e + U+0301) are two keys: no duplicate, and the
        // first is reported as the unknown key it is.
        try write("{\"component\": {\"type\": \"banner\", \"title\": \"Hi\", \"\u{E9}\": 1, \"e\u{301}\": 2}}")
        try assertFails(["render", "s.json", "-o", "o.png"],
                        "s.json: $.component: unknown key \"\u{E9}\"; expected one of: type, eyebrow, title, body, button, image, style")
        // The same code units twice are a duplicate.
        try write("{\"component\": {\"type\": \"banner\", \"title\": \"Hi\", \"e\u{301}\": 1, \"e\u{301}\": 2}}")
        let run = try runProgram(try gronaSnapBinary(), ["render", "s.json", "-o", "o.png"], in: folder)
        XCTAssertTrue(run.stderr.contains("duplicate key \"e\u{301}\""), run.stderr)
    }
}
