import Foundation
import Raster
import Text
import XCTest
@testable import Grona

/// The render report's JSON has SPEC §4's shape: its keys, their types, `#RRGGBB` colours and
/// `[x, y, w, h]` frames in points, parsed back with JSONSerialization.
final class ReportJSONTests: XCTestCase {
    func testReportJSONHasTheShapeOfTheSpecExample() throws {
        let engine = try TextEngine(fontsDirectory: Package.fonts)
        let spec = try Package.fixture("low-contrast-banner")
        let snapshot = try renderFresh(spec, environment(.accessibilityExtraExtraExtraLarge, .light, .rtl), engine: engine)
        let report = snapshot.report
        let text = report.json()
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(Set(root.keys), ["size", "texts", "accessibility", "touchTargets", "graphics", "findings"])

        let size = try XCTUnwrap(root["size"] as? [String: Any])
        XCTAssertEqual(Set(size.keys), ["width", "height", "scale"])
        XCTAssertEqual(try number(size["width"]), 358)
        XCTAssertEqual(try number(size["height"]), report.height, accuracy: 0.005)
        XCTAssertEqual(try number(size["scale"]), 3)
        XCTAssertEqual(Double(snapshot.pixmap.height), try number(size["height"]) * 3, accuracy: 1)

        let texts = try XCTUnwrap(root["texts"] as? [[String: Any]])
        XCTAssertEqual(texts.count, 4)
        let textKeys: Set = ["role", "text", "shownText", "lines", "lineTexts", "breaks", "maxLines", "truncated", "fontSize", "frame",
                             "preferredColor", "preferredContrast", "color", "background", "contrast", "minimumContrast",
                             "missingCharacters", "privateUseCharacters"]
        for (entry, expected) in zip(texts, report.texts) {
            XCTAssertEqual(Set(entry.keys), textKeys)
            XCTAssertEqual(entry["role"] as? String, expected.role.rawValue)
            XCTAssertEqual(entry["text"] as? String, expected.text)
            XCTAssertEqual(entry["shownText"] as? String, expected.shownText)
            XCTAssertEqual(try number(entry["lines"]), Double(expected.lines))
            XCTAssertEqual(entry["breaks"] as? [String], expected.breaks)
            XCTAssertEqual(expected.breaks.count, expected.lines - 1, "one reason per break between lines")
            XCTAssertEqual(try number(entry["maxLines"]), Double(expected.maxLines))
            XCTAssertEqual(try number(entry["fontSize"]), expected.fontSize)
            XCTAssertEqual(try number(entry["contrast"]), expected.color.contrast, accuracy: 0.005)
            XCTAssertEqual(try number(entry["minimumContrast"]), expected.color.minimumContrast)
            XCTAssertEqual(try number(entry["preferredContrast"]), expected.color.preferredContrast, accuracy: 0.005)
            try checkFrame(entry["frame"], expected.frame)
            XCTAssertEqual(entry["missingCharacters"] as? [String], [])
            XCTAssertEqual(entry["privateUseCharacters"] as? [String], [])
            XCTAssertEqual(entry["lineTexts"] as? [String], expected.lineTexts)
            XCTAssertEqual((entry["lineTexts"] as? [String])?.count, expected.lines)
            for key in ["preferredColor", "color", "background"] {
                let colour = try XCTUnwrap(entry[key] as? String, key)
                XCTAssertNotNil(colour.range(of: "^#[0-9A-F]{6}$", options: .regularExpression), "\(key): \(colour)")
            }
        }
        // Booleans are JSON booleans, not 0 / 1.
        XCTAssertEqual(text.components(separatedBy: "\"truncated\": true").count - 1, report.texts.filter(\.truncated).count)
        XCTAssertEqual(text.components(separatedBy: "\"truncated\": false").count - 1, report.texts.filter { !$0.truncated }.count)
        XCTAssertGreaterThan(report.texts.filter(\.truncated).count, 0, "AX5 cuts this banner's copy")
        let title = try XCTUnwrap(texts.first { $0["role"] as? String == "title" })
        XCTAssertEqual(title["preferredColor"] as? String, "#FFFFFF")
        XCTAssertEqual(title["color"] as? String, "#1A1C1A")
        XCTAssertEqual(title["background"] as? String, "#FFD700")
        // White on #FFD700: (1 + 0.05) / (0.6985 + 0.05) = 1.40.
        XCTAssertEqual(try number(title["preferredContrast"]), 1.4, accuracy: 0.005)

        // The button's pale fill on the gold card, and the findings the report lists.
        let graphics = try XCTUnwrap(root["graphics"] as? [[String: Any]])
        XCTAssertEqual(graphics.count, 1)
        XCTAssertEqual(Set(graphics[0].keys), ["role", "color", "background", "contrast", "minimumContrast"])
        XCTAssertEqual(graphics[0]["role"] as? String, "button")
        XCTAssertEqual(graphics[0]["color"] as? String, "#FFF3B0")
        XCTAssertEqual(graphics[0]["background"] as? String, "#FFD700")
        XCTAssertEqual(try number(graphics[0]["minimumContrast"]), 3)
        let findings = try XCTUnwrap(root["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.compactMap { $0["kind"] as? String }, report.findings.map(\.kind.rawValue))
        XCTAssertEqual(findings.compactMap { $0["message"] as? String }, report.findings.map(\.message))
        XCTAssertEqual(Set(findings.compactMap { $0["kind"] as? String }), ["truncated", "contrastReplaced", "nonTextContrast"])

        let accessibility = try XCTUnwrap(root["accessibility"] as? [[String: Any]])
        XCTAssertEqual(accessibility.map { Set($0.keys) }, Array(repeating: ["label", "trait"], count: 4))
        XCTAssertEqual(accessibility.compactMap { $0["trait"] as? String }, ["staticText", "staticText", "staticText", "button"])
        XCTAssertEqual(accessibility.last?["label"] as? String, "Shop the sale")

        let targets = try XCTUnwrap(root["touchTargets"] as? [[String: Any]])
        XCTAssertEqual(targets.count, 1)
        XCTAssertEqual(Set(targets[0].keys), ["role", "frame"])
        XCTAssertEqual(targets[0]["role"] as? String, "button")
        try checkFrame(targets[0]["frame"], try XCTUnwrap(report.touchTargets.first).frame)
    }

    /// A frame is `[x, y, width, height]` in points, inside the card, matching the report.
    private func checkFrame(_ value: Any?, _ expected: Rect, file: StaticString = #filePath, line: UInt = #line) throws {
        let frame = try XCTUnwrap(value as? [Any], file: file, line: line).map { try number($0) }
        XCTAssertEqual(frame.count, 4, file: file, line: line)
        guard frame.count == 4 else { return }
        for (got, want) in zip(frame, [expected.x, expected.y, expected.width, expected.height]) {
            XCTAssertEqual(got, want, accuracy: 0.005, file: file, line: line)
        }
        XCTAssertTrue(frame[0] >= 0 && frame[0] + frame[2] <= 358.01, "\(frame) is in points, inside the card", file: file, line: line)
    }

    private func number(_ value: Any?) throws -> Double {
        if let n = value as? NSNumber { return n.doubleValue }
        throw NotANumber(value: String(describing: value))
    }

    struct NotANumber: Error { var value: String }
}
