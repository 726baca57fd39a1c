import Foundation
import Raster
import Text
import XCTest
@testable import Grona

/// The accessibility picture: built from the card's scene and report, every VoiceOver element
/// outlined in its colour and numbered, touch targets dashed, a legend of what VoiceOver says.
final class AccessibilityOverlayTests: XCTestCase {
    var engine: TextEngine!

    override func setUpWithError() throws {
        engine = try TextEngine(fontsDirectory: Package.fonts)
    }

    private func pictures(_ name: String, _ env: Environment) throws -> (plain: Snapshot, picture: Snapshot) {
        let spec = try Package.fixture(name)
        return (try renderFresh(spec, env, engine: engine),
                try ComponentRenderer(spec: spec, engine: engine).render(env, overlay: .accessibility))
    }

    /// The report's frame as the overlay outlines it: snapped outward to whole pixels, moved by the margin.
    private func outlined(_ r: Rect, scale: Int) -> Rect {
        let s = Double(scale), m = AccessibilityOverlay.margin
        let x0 = (r.minX * s).rounded(.down) / s, y0 = (r.minY * s).rounded(.down) / s
        let x1 = (r.maxX * s).rounded(.up) / s, y1 = (r.maxY * s).rounded(.up) / s
        return Rect(x: x0 + m, y: y0 + m, width: x1 - x0, height: y1 - y0)
    }

    func testEveryElementIsOutlinedInItsOwnColour() throws {
        for name in ["seasonal-banner", "progress-after-tier", "offer-code", "message-gift"] {
            let (plain, picture) = try pictures(name, environment(.large, .light, .ltr))
            let report = plain.report
            XCTAssertEqual(picture.report, report, "the report still describes the card")
            XCTAssertGreaterThanOrEqual(report.accessibility.count, 2)
            var colours = Set<Color>()
            for (index, text) in report.texts.enumerated() {
                let colour = AccessibilityOverlay.color(ofElement: index)
                colours.insert(colour)
                let frame = outlined(text.frame, scale: 3)
                let outlines = picture.scene.items.filter {
                    if case .outline(frame, colour, _, nil) = $0 { return true } else { return false }
                }
                XCTAssertEqual(outlines.count, 1, "\(name): element \(index + 1) outlined once in its colour")
                // The middle of the outline's top edge, one pixel in, is the element's colour.
                let pixel = picture.pixmap.color(Int(((frame.minX + frame.width / 2) * 3).rounded()),
                                                 Int((frame.minY * 3).rounded()) + 1)
                XCTAssertEqual(pixel, colour, "\(name): element \(index + 1)")
            }
            XCTAssertEqual(colours.count, min(report.texts.count, AccessibilityOverlay.palette.count))
            let dashed = picture.scene.items.filter { if case .outline(_, _, _, .some) = $0 { return true } else { return false } }
            XCTAssertEqual(dashed.count, 2 * report.touchTargets.count, "\(name): each touch target on the card and in the legend")
        }
    }

    func testTheLegendSaysWhatVoiceOverSaysWithContrast() throws {
        let (plain, picture) = try pictures("offer-code", environment(.large, .light, .ltr))
        let legend = picture.scene.items.compactMap { item -> String? in
            if case .text(let layout, _, _, _) = item { return layout.shownText } else { return nil }
        }
        XCTAssertTrue(legend.contains("VoiceOver order"))
        for (index, element) in plain.report.accessibility.enumerated() {
            XCTAssertTrue(legend.contains(String(index + 1)), "badge \(index + 1)")
            let spoken = element.label + (element.trait == .button ? ", button" : "")
            XCTAssertTrue(legend.contains(spoken), spoken)
            // Written out independently: two decimals, no trailing zeros.
            let color = plain.report.texts[index].color
            let detail = "contrast \(decimal(color.contrast)):1 · needs \(decimal(color.minimumContrast)):1"
            XCTAssertTrue(legend.contains(detail), detail)
        }
        XCTAssertTrue(legend.contains("Copy code, button"))
        XCTAssertTrue(legend.contains("touch target of the button, \(Int(plain.report.touchTargets[0].frame.width.rounded())) × 44 pt"))
    }

    func testTheCardKeepsItsPixelsAtAWholePixelOffset() throws {
        for env in [environment(.large, .light, .ltr), environment(.accessibilityExtraExtraExtraLarge, .dark, .rtl, scale: 2)] {
            let (plain, picture) = try pictures("offer-code", env)
            let inset = Int(AccessibilityOverlay.margin) * env.scale
            // The offer's image band (its top 40 pt) carries no element: it is the plain card's, to
            // a rounding level (the image resampler's float weights depend on where the image lands).
            for y in stride(from: 0, to: 40 * env.scale, by: 7) {
                for x in stride(from: 0, to: plain.pixmap.width, by: 5) where plain.pixmap.alpha(x, y) == 255 {
                    let a = picture.pixmap.color(x + inset, y + inset), b = plain.pixmap.color(x, y)
                    let difference = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                    XCTAssertLessThanOrEqual(difference, 1, "(\(x), \(y))")
                }
            }
            // Below the copy, beside the code chip: the card's own fill, exactly.
            let report = plain.report
            let code = try XCTUnwrap(report.texts.first { $0.role == .code })
            let y = Int(((code.frame.minY + code.frame.height / 2) * Double(env.scale)).rounded())
            let x = env.direction == .ltr ? plain.pixmap.width - 6 * env.scale : 6 * env.scale
            XCTAssertEqual(picture.pixmap.color(x + inset, y + inset), plain.pixmap.color(x, y))
            XCTAssertGreaterThan(picture.pixmap.width, plain.pixmap.width + 2 * inset)
            XCTAssertGreaterThanOrEqual(picture.pixmap.height, plain.pixmap.height + 2 * inset)
        }
    }

    func testRightToLeftMirrorsOutlinesAndBadges() throws {
        let (ltr, ltrPicture) = try pictures("seasonal-banner", environment(.large, .light, .ltr))
        let (rtl, rtlPicture) = try pictures("seasonal-banner", environment(.large, .light, .rtl))
        let width = ltr.report.width
        for index in ltr.report.texts.indices {
            let a = ltr.report.texts[index].frame, b = rtl.report.texts[index].frame
            XCTAssertEqual(b.minX, width - a.maxX, accuracy: 0.01, "element \(index + 1) mirrored")
            // The badge: the one opaque fill of the element's colour on the card side.
            func badge(_ picture: Snapshot) -> Rect? {
                let colour = AccessibilityOverlay.color(ofElement: index)
                return picture.scene.items.compactMap { item -> Rect? in
                    if case .fill(let shape, colour) = item, shape.rect.minX < AccessibilityOverlay.margin + width {
                        return shape.rect
                    }
                    return nil
                }.first
            }
            let m = AccessibilityOverlay.margin
            let ltrBadge = try XCTUnwrap(badge(ltrPicture)), rtlBadge = try XCTUnwrap(badge(rtlPicture))
            XCTAssertLessThanOrEqual(ltrBadge.maxX, a.minX + m, "left of the frame in LTR")
            XCTAssertGreaterThanOrEqual(rtlBadge.minX, b.maxX + m, "right of the frame in RTL")
        }
        // The legend reads the same either way.
        func legend(_ picture: Snapshot) -> [String] {
            picture.scene.items.compactMap { if case .text(let l, let o, _, _) = $0, o.x > ltr.report.width + AccessibilityOverlay.margin + AccessibilityOverlay.gap - 1 { return l.shownText } else { return nil } }
        }
        XCTAssertEqual(legend(ltrPicture), legend(rtlPicture))
    }

    func testBadgesNeverOverlap() throws {
        for size in [TextSize.extraSmall, .large, .accessibilityExtraExtraExtraLarge] {
            let (plain, picture) = try pictures("progress-after-tier", environment(size, .light, .ltr))
            let cardEdge = AccessibilityOverlay.margin + plain.report.width
            let palette = Set(AccessibilityOverlay.palette)
            let badges = picture.scene.items.compactMap { item -> Rect? in
                if case .fill(let shape, let colour) = item, palette.contains(colour), shape.rect.minX < cardEdge { return shape.rect }
                return nil
            }
            XCTAssertEqual(badges.count, plain.report.accessibility.count)
            for (i, a) in badges.enumerated() {
                for b in badges[(i + 1)...] {
                    XCTAssertFalse(a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY, "\(size)")
                }
            }
        }
    }

    func testTheLegendKeepsOneColumnPastTheNinthElement() throws {
        var spec = try Package.fixture("progress-after-tier")
        let tiers = (1...11).map { Tier(at: Double($0), label: "tier \($0)") }
        spec.component = .progressBar(ProgressBar(title: "Stamps", value: 5, tiers: tiers, footnote: "Collect them all"))
        let env = environment(.large, .light, .ltr, scale: 1)
        let picture = try ComponentRenderer(spec: spec, engine: engine).render(env, overlay: .accessibility)
        XCTAssertEqual(picture.report.accessibility.count, 13)
        let legendX = AccessibilityOverlay.margin + env.width + AccessibilityOverlay.gap
        let labels = picture.scene.items.compactMap { item -> Double? in
            guard case .text(let layout, let origin, _, _) = item, origin.x > legendX,
                  layout.shownText.hasPrefix("tier ") || layout.shownText.hasPrefix("contrast") else { return nil }
            return origin.x
        }
        XCTAssertEqual(labels.count, 2 * 11 + 2)
        XCTAssertEqual(Set(labels).count, 1, "every label and detail starts at the same x")
    }

    func testThePictureIsDeterministic() throws {
        let spec = try Package.fixture("arabic-banner")
        let env = environment(.accessibilityExtraExtraExtraLarge, .light, .rtl, scale: 2)
        let first = try ComponentRenderer(spec: spec, engine: engine).render(env, overlay: .accessibility)
        let other = try TextEngine(fontsDirectory: Package.fonts)
        let second = try ComponentRenderer(spec: spec, engine: other).render(env, overlay: .accessibility)
        XCTAssertEqual(first.pixmap, second.pixmap)
    }

    func testOverlayNames() throws {
        XCTAssertEqual(try Overlay.parse("accessibility"), .accessibility)
        XCTAssertThrowsError(try Overlay.parse("voiceover")) { error in
            XCTAssertEqual("\(error)", #""voiceover" is not an overlay; expected one of: accessibility"#)
        }
    }
}

/// Two decimals at most, no trailing zeros (4.5, 3, 12.63).
private func decimal(_ value: Double) -> String {
    var text = String(format: "%.2f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
