import Foundation
import PNG
import Raster
import XCTest
import TestSupport

/// A shot list's `phone` kind: the card on an iPhone screen (`PhoneFrame`), its size at each scale,
/// the card's own pixels inside the screen, the status bar's ink in each appearance, right to left,
/// and the same bytes every time.
final class PhoneShotsTests: XCTestCase {
    /// A shot list of `spec` as phones, 16 pt of padding on a white or near-black page.
    func shots(_ spec: String = "dark-banner.json", appearances: [String] = ["light", "dark"], directions: [String] = ["ltr"],
               scales: [Int] = [1, 3], in folder: String) throws -> (list: String, out: String) {
        let list = folder + "/phones.json"
        let text = "{\"padding\": 16, \"background\": {\"light\": \"#FFFFFF\", \"dark\": \"#2C2C2E\"}, \"shots\": [{\"spec\": \"\(fixtures)/\(spec)\", "
            + "\"kind\": \"phone\", \"variants\": {\"appearance\": \(json(appearances)), \"textSize\": [\"L\"], "
            + "\"direction\": \(json(directions)), \"scale\": \(scales)}}]}"
        try text.write(toFile: list, atomically: true, encoding: .utf8)
        let run = try snap("shots", list, "--out", folder + "/out")
        XCTAssertEqual(run.status, 0, run.stderr)
        return (list, folder + "/out")
    }

    func json(_ words: [String]) -> String { "[" + words.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }

    /// The plain card `render` draws (no canvas) in the same variant.
    func card(_ spec: String = "dark-banner.json", appearance: String, direction: String = "ltr", scale: Int, in folder: String) throws -> Pixmap {
        let path = folder + "/card-\(appearance)-\(direction)-\(scale).png"
        let run = try snap("render", fixtures + "/" + spec, "-o", path, "--appearance", appearance, "--text-size", "L",
                           "--direction", direction, "--scale", String(scale))
        XCTAssertEqual(run.status, 0, run.stderr)
        return try image(path)
    }

    /// Whether every pixel of `card` that is opaque is the same in `picture` with the card's top-left
    /// corner at (`x`, `y`): the card's rounded corners are transparent, so the screen shows there.
    func contains(_ picture: Pixmap, _ card: Pixmap, atX x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x + card.width <= picture.width, y + card.height <= picture.height else { return false }
        for row in 0..<card.height {
            for column in 0..<card.width where pixel(card, column, row)[3] == 255 {
                if pixel(card, column, row) != pixel(picture, x + column, y + row) { return false }
            }
        }
        return true
    }

    /// The lightest and darkest grey of a region, 0…255 (the mean of the three channels).
    func greys(_ picture: Pixmap, x: Int, y: Int, width: Int, height: Int) -> (lightest: Int, darkest: Int) {
        var (lightest, darkest) = (0, 255)
        for row in y..<(y + height) {
            for column in x..<(x + width) {
                let p = pixel(picture, column, row)
                let grey = (Int(p[0]) + Int(p[1]) + Int(p[2])) / 3
                lightest = max(lightest, grey); darkest = min(darkest, grey)
            }
        }
        return (lightest, darkest)
    }

    func testAPhoneIsTheFrameAroundTheCardAtEachScaleWithTheCardsOwnPixels() throws {
        let root = try temporaryFolder()
        let (_, out) = try shots(in: root)
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")))
                                    as? [String: Any])["images"] as? [[String: Any]]
        XCTAssertEqual(entries?.count, 4)
        for scale in [1, 3] {
            for appearance in ["light", "dark"] {
                let name = "dark-banner-phone-\(appearance)-L-ltr@\(scale)x.png"
                let picture = try image(out + "/" + name)
                // A 358 pt card: a 390 × 844 pt screen in a 414 × 868 pt frame, with 16 pt around it.
                XCTAssertEqual(picture.width, (414 + 32) * scale, name)
                XCTAssertEqual(picture.height, (868 + 32) * scale, name)
                // The page in the corner; the card unchanged, 16 pt inside the screen, below the
                // status bar (54 pt) and the title (52 pt).
                XCTAssertEqual(pixel(picture, 0, 0), appearance == "light" ? [255, 255, 255, 255] : [0x2C, 0x2C, 0x2E, 255], name)
                let card = try self.card(appearance: appearance, scale: scale, in: root)
                XCTAssertEqual(card.width, 358 * scale)
                XCTAssertTrue(contains(picture, card, atX: (16 + 12 + 16) * scale, y: (16 + 12 + 54 + 52) * scale), name)
                let entry = try XCTUnwrap(entries?.first { $0["file"] as? String == name })
                XCTAssertEqual(entry["kind"] as? String, "phone")
                XCTAssertEqual(entry["points"] as? [String: Double], ["width": 446, "height": 900])
                XCTAssertEqual(entry["pixels"] as? [String: Double], ["width": Double(446 * scale), "height": Double(900 * scale)])
                let alt = try XCTUnwrap(entry["alt"] as? String)
                XCTAssertTrue(alt.hasPrefix("iPhone screen showing: A banner (\(appearance) appearance, text size L): "), alt)
            }
        }
    }

    func testTheStatusBarIsDarkOnALightScreenAndLightOnADarkOneAndMirrorsRightToLeft() throws {
        let root = try temporaryFolder()
        let (_, out) = try shots(directions: ["ltr", "rtl"], scales: [2], in: root)
        let scale = 2
        // The screen's top-left corner, its ears beside the Dynamic Island (133 pt each) and the
        // island's rows.
        let (screenX, screenY, ear) = ((16 + 12) * scale, (16 + 12) * scale, 133 * scale)
        let rightEar = screenX + (133 + 124) * scale
        let (top, rows) = (screenY + 11 * scale, 36 * scale)
        for appearance in ["light", "dark"] {
            let ltr = try image(out + "/dark-banner-phone-\(appearance)-L-ltr@2x.png")
            let rtl = try image(out + "/dark-banner-phone-\(appearance)-L-rtl@2x.png")
            // The time on the left: black on the light screen, white on the dark one.
            let time = greys(ltr, x: screenX + 30 * scale, y: top, width: ear - 60 * scale, height: rows)
            if appearance == "light" {
                XCTAssertLessThan(time.darkest, 30); XCTAssertGreaterThan(time.lightest, 230)
            } else {
                XCTAssertGreaterThan(time.lightest, 225); XCTAssertLessThan(time.darkest, 10)
            }
            // Right to left the ears change places: the time is drawn the same, on the right (away
            // from the screen's corners, which do not move).
            var swapped = true
            for row in top..<(top + rows) {
                for column in (20 * scale)..<(ear - 20 * scale) where swapped {
                    swapped = pixel(ltr, screenX + column, row) == pixel(rtl, rightEar + column, row)
                        && pixel(ltr, rightEar + column, row) == pixel(rtl, screenX + column, row)
                }
            }
            XCTAssertTrue(swapped, appearance)
            // And the card sits against the screen's right edge, still its own pixels.
            let card = try self.card(appearance: appearance, direction: "rtl", scale: scale, in: root)
            XCTAssertTrue(contains(rtl, card, atX: (16 + 12 + 16) * scale, y: (16 + 12 + 54 + 52) * scale))
        }
    }

    func testRenderFramePhoneDrawsTheShotsPicture() throws {
        let root = try temporaryFolder()
        let (_, out) = try shots(appearances: ["light"], scales: [1], in: root)
        let run = try snap("render", fixtures + "/dark-banner.json", "-o", root + "/phone.png", "--frame", "phone", "--padding", "16",
                           "--background", "#FFFFFF", "--appearance", "light", "--text-size", "L", "--direction", "ltr", "--scale", "1")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try image(root + "/phone.png"), try image(out + "/dark-banner-phone-light-L-ltr@1x.png"))
        for (arguments, message) in [
            (["--frame", "tablet"], "error: --frame: \"tablet\" is not a frame; expected one of: phone\n"),
            (["--frame", "phone", "--overlay", "accessibility"],
             "error: frame and overlay cannot be combined: a frame shows the card, not the accessibility picture\n"),
        ] {
            let refused = try snap(arguments: ["render", fixtures + "/dark-banner.json", "-o", root + "/refused.png"] + arguments)
            XCTAssertEqual(refused.status, 2)
            XCTAssertEqual(refused.stderr, message)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/refused.png"))
    }

    func testAPhoneShotGivesTheSameBytesTwice() throws {
        let root = try temporaryFolder()
        for folder in ["a", "b"] { try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true) }
        let first = try shots("message-info.json", appearances: ["dark"], scales: [3], in: root + "/a")
        let second = try shots("message-info.json", appearances: ["dark"], scales: [3], in: root + "/b")
        let names = files(under: first.out)
        XCTAssertEqual(names, ["manifest.json", "message-info-phone-dark-L-ltr@3x.png"])
        XCTAssertEqual(names, files(under: second.out))
        for name in names {
            XCTAssertEqual(try bytes(first.out + "/" + name), try bytes(second.out + "/" + name), name)
        }
    }
}
