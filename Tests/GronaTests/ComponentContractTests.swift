import Foundation
import Raster
import Text
import XCTest
@testable import Grona

/// SPEC §2 checked on every fixture in every variant (xS, L, AX5 × light, dark × ltr, rtl at @3x),
/// through the renderer's report and pixels: contrast, line limits, touch targets, image size,
/// transparent corners, what VoiceOver reads, and right-to-left mirroring.
final class ComponentContractTests: XCTestCase {
    struct Key: Hashable { var spec: String; var textSize: TextSize; var appearance: Appearance }

    func testEveryFixtureVariantKeepsTheContract() throws {
        let engine = try TextEngine(fontsDirectory: Package.fonts)
        let specs = try Package.fixtureSpecs()
        XCTAssertGreaterThanOrEqual(specs.count, 19)
        var leftToRight: [Key: RenderReport] = [:]
        var rightToLeft: [Key: RenderReport] = [:]
        for spec in specs {
            for textSize in fixtureTextSizes {
                for appearance in Appearance.allCases {
                    for direction in LayoutDirection.allCases {
                        let env = environment(textSize, appearance, direction)
                        let name = "\(spec.name) \(textSize.shortName)-\(appearance)-\(direction)"
                        let snapshot = try renderFresh(spec, env, engine: engine)
                        check(snapshot, spec: spec, env: env, name)
                        let key = Key(spec: spec.name, textSize: textSize, appearance: appearance)
                        if direction == .ltr { leftToRight[key] = snapshot.report } else { rightToLeft[key] = snapshot.report }
                    }
                }
            }
        }
        XCTAssertEqual(leftToRight.count, specs.count * 6)
        for (key, ltr) in leftToRight {
            guard let rtl = rightToLeft[key] else { XCTFail("no rtl render for \(key)"); continue }
            checkMirrored(ltr, rtl, "\(key.spec) \(key.textSize.shortName)-\(key.appearance)")
        }
    }

    private func check(_ snapshot: Snapshot, spec: Spec, env: Environment, _ name: String) {
        let report = snapshot.report, pixmap = snapshot.pixmap
        let kind = spec.component.kind
        // The image: width × scale pixels wide, as tall as the report says.
        XCTAssertEqual(report.width, env.width, name)
        XCTAssertEqual(report.scale, env.scale, name)
        XCTAssertEqual(pixmap.width, Int(env.width) * env.scale, name)
        XCTAssertEqual(Double(pixmap.height), report.height * Double(env.scale), accuracy: 1, name)

        for text in report.texts {
            let what = "\(name) \(text.role)"
            XCTAssertEqual(text.color.minimumContrast, specMinimumContrast(text.role), what)
            XCTAssertGreaterThanOrEqual(text.color.contrast, text.color.minimumContrast, what)
            XCTAssertEqual(Contrast.ratio(text.color.color, text.color.background), text.color.contrast, accuracy: 1e-9, what)
            XCTAssertEqual(text.maxLines, specLineLimit(kind, text.role), what)
            XCTAssertGreaterThanOrEqual(text.lines, 1, what)
            XCTAssertLessThanOrEqual(text.lines, text.maxLines, what)
            XCTAssertEqual(text.truncated, text.shownText.hasSuffix("\u{2026}") && text.shownText != text.text, what)
            XCTAssertEqual(text.fontSize, expectedFontSize(kind, text.role, env.textSize), what)
            // Tier labels are short: each must be readable, never cut down to fit between markers.
            if text.role == .tierLabel { XCTAssertFalse(text.truncated, "\(what): \(text.shownText)") }
            // Every text lies inside the card.
            XCTAssertGreaterThanOrEqual(text.frame.x, -0.01, what)
            XCTAssertLessThanOrEqual(text.frame.maxX, env.width + 0.01, what)
            XCTAssertGreaterThanOrEqual(text.frame.y, -0.01, what)
            XCTAssertLessThanOrEqual(text.frame.maxY, report.height + 0.01, what)
        }
        // No two texts collide, and none runs into the image.
        for (i, a) in report.texts.enumerated() {
            for b in report.texts[(i + 1)...] where a.frame.intersects(b.frame) {
                XCTFail("\(name): \(a.role) \(a.frame) overlaps \(b.role) \(b.frame)")
            }
        }
        for case .image(_, _, let clip?) in snapshot.scene.items {
            for text in report.texts where text.frame.intersects(clip.rect) {
                XCTFail("\(name): \(text.role) \(text.frame) runs into the image \(clip.rect)")
            }
        }

        // Touch targets: the button's is at least 44 × 44 pt and covers the button's label.
        let buttons = report.texts.filter { $0.role == .button }
        XCTAssertEqual(report.touchTargets.count, buttons.count, name)
        for (target, label) in zip(report.touchTargets, buttons) {
            XCTAssertEqual(target.role, .button, name)
            XCTAssertGreaterThanOrEqual(target.frame.width, 44, name)
            XCTAssertGreaterThanOrEqual(target.frame.height, 44, name)
            XCTAssertTrue(target.frame.x <= label.frame.x + 0.01 && label.frame.maxX <= target.frame.maxX + 0.01
                          && target.frame.y <= label.frame.y + 0.01 && label.frame.maxY <= target.frame.maxY + 0.01,
                          "\(name): touch target \(target.frame) does not cover the label \(label.frame)")
        }

        // VoiceOver reads the texts in reading order and the button as a button; nothing else.
        let expected = expectedReadingOrder(spec.component)
        XCTAssertEqual(report.texts.map(\.role), expected.map(\.role), name)
        XCTAssertEqual(report.texts.map(\.text), expected.map(\.text), name)
        XCTAssertEqual(report.accessibility.map(\.label), expected.map(\.text), name)
        XCTAssertEqual(report.accessibility.map(\.trait), expected.map { $0.role == .button ? .button : .staticText }, name)

        checkCorners(pixmap, radius: spec.theme.cornerRadius, scale: env.scale, name)
    }

    /// Right-to-left mirrors left-to-right: every frame's x is width − (x + w) of its twin, same y and size.
    private func checkMirrored(_ ltr: RenderReport, _ rtl: RenderReport, _ name: String) {
        XCTAssertEqual(ltr.height, rtl.height, name)
        XCTAssertEqual(ltr.texts.count, rtl.texts.count, name)
        func mirrors(_ a: Rect, _ b: Rect) -> Bool {
            abs(b.x - (ltr.width - a.maxX)) < 0.01 && abs(a.y - b.y) < 0.01
                && abs(a.width - b.width) < 0.01 && abs(a.height - b.height) < 0.01
        }
        for (a, b) in zip(ltr.texts, rtl.texts) where !mirrors(a.frame, b.frame) {
            XCTFail("\(name) \(a.role): rtl \(b.frame) does not mirror ltr \(a.frame)")
        }
        XCTAssertEqual(ltr.touchTargets.count, rtl.touchTargets.count, name)
        for (a, b) in zip(ltr.touchTargets, rtl.touchTargets) where !mirrors(a.frame, b.frame) {
            XCTFail("\(name) touch target: rtl \(b.frame) does not mirror ltr \(a.frame)")
        }
    }

    /// SPEC §2's Dynamic Type table at the three fixture sizes; each role's base size is its style's
    /// `large` size, so the role takes the style's size at every category.
    private func expectedFontSize(_ kind: Component.Kind, _ role: TextRole, _ size: TextSize) -> Double? {
        let column: Int
        switch size {
        case .extraSmall: column = 0
        case .large: column = 1
        case .accessibilityExtraExtraExtraLarge: column = 2
        default: return nil
        }
        let title3 = [17.0, 20, 55], headline = [14.0, 17, 53], subheadline = [12.0, 15, 49]
        let footnote = [12.0, 13, 44], caption1 = [11.0, 12, 43]
        switch role {
        case .title: return (kind == .banner || kind == .offer ? title3 : headline)[column]
        case .eyebrow, .footnote: return footnote[column]
        case .body, .button: return subheadline[column]
        case .code: return headline[column]
        case .tierLabel: return caption1[column]
        }
    }
}

/// Pixels outside the card's rounded corners are fully transparent; pixels well inside are opaque.
func checkCorners(_ pixmap: Pixmap, radius: Double, scale: Int, _ name: String,
                  file: StaticString = #filePath, line: UInt = #line) {
    let r = radius * Double(scale)
    let reach = Int(r.rounded(.up)) + 1
    var outsideInk = 0, insideHoles = 0
    for dy in 0..<min(reach, pixmap.height / 2) {
        for dx in 0..<min(reach, pixmap.width / 2) {
            // Distance of the pixel centre from the top-left corner's arc centre; the other corners mirror it.
            let distance = ((r - (Double(dx) + 0.5)) * (r - (Double(dx) + 0.5))
                            + (r - (Double(dy) + 0.5)) * (r - (Double(dy) + 0.5))).squareRoot()
            let inCornerSquare = Double(dx) + 0.5 < r && Double(dy) + 0.5 < r
            for (x, y) in [(dx, dy), (pixmap.width - 1 - dx, dy), (dx, pixmap.height - 1 - dy),
                           (pixmap.width - 1 - dx, pixmap.height - 1 - dy)] {
                let a = pixmap.alpha(x, y)
                if inCornerSquare && distance > r + 0.75 && a != 0 { outsideInk += 1 }
                if (!inCornerSquare || distance < r - 0.75) && a != 255 { insideHoles += 1 }
            }
        }
    }
    XCTAssertEqual(outsideInk, 0, "\(name): pixels outside the rounded corners are not transparent", file: file, line: line)
    XCTAssertEqual(insideHoles, 0, "\(name): pixels inside the card's corners are not opaque", file: file, line: line)
}
