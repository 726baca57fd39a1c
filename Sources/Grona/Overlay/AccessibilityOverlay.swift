import Foundation
import Raster
import Text

// The accessibility picture: what VoiceOver reads, drawn over the snapshot, after cashapp's
// AccessibilitySnapshot (numbered outlines and a colour-keyed legend), but on Linux and from what
// GronaSnap already knows.
//
// It is not a second layout. The card's scene and its render report are the input: the card's
// items are moved by a whole number of pixels into a larger scene (so text and shapes land on the
// plain snapshot's pixel grid; only an image may differ by a rounding level, as its resampling
// weights depend on where it lands), and the overlay adds items of the same kinds the renderer already
// draws — filled rounded rectangles, outlines, and paragraphs laid out by the text engine:
//
//   ┌──────────────────────────┐   ┌──────────────────────────────────┐
//   │ ①┌──────────────┐        │   │ VoiceOver order                  │
//   │  │ WEEKEND      │        │   │ ① WEEKEND                        │
//   │ ②┌──────────────────┐    │   │   contrast 9.12:1 · needs 3:1    │
//   │  │ Two pastries …   │    │   │ ② Two pastries for the price …   │
//   │  └──────────────────┘    │   │   contrast 12.6:1 · needs 4.5:1  │
//   │ ┌╌╌╌╌④╌╌╌╌╌╌┐            │   │ ④ Order now, button              │
//   │ ╎ Order now ╎            │   │ ┌╌┐ touch target 132 × 44 pt     │
//   └──────────────────────────┘   └──────────────────────────────────┘
//
// Elements are the report's VoiceOver order (texts as laid out, then the button), each in its own
// colour from a fixed palette: a light wash and an outline over its frame, and its order number on
// a badge just outside the frame's top-leading corner (top-right in right-to-left; the frames come
// from the report already mirrored). Touch targets are dashed outlines. The legend, always to the right
// and in GronaSnap's own English, gives per element its badge, what VoiceOver says (the label, then
// ", button" for the button; a right-to-left label runs right to left but hugs the legend's left
// edge) and the text's contrast ratio with the minimum it needs. The legend's type does not follow
// Dynamic Type: at AX5 the card grows, the legend stays legible at its fixed size.
//
// The picture leaves out an animation's slide and fade (the card's offset and opacity); what layout
// drew for the frame, such as a progress bar's fill, stays.

/// A picture drawn over a snapshot instead of the plain card (`render --overlay`).
public enum Overlay: String, CaseIterable, Sendable {
    /// VoiceOver elements outlined and numbered, touch targets, and a legend.
    case accessibility

    /// Parses a command-line value.
    package static func parse(_ text: String) throws -> Overlay {
        guard let overlay = Overlay(rawValue: text) else {
            throw OverrideError("\"\(text)\" is not an overlay; expected one of: "
                + allCases.map(\.rawValue).joined(separator: ", "))
        }
        return overlay
    }
}

/// The accessibility picture's legend in words, one home for the picture and for its alt text
/// (`grona-snap shots`): per element its number, what VoiceOver says and its text's contrast, then
/// the touch targets.
package enum AccessibilityLegend {
    /// "contrast 9.12:1 · needs 3:1", with " · below the minimum" when it is.
    package static func contrast(of text: TextReport, separator: String = " · ") -> String {
        var detail = "contrast \(ratio(text.color.contrast)):1\(separator)needs \(ratio(text.color.minimumContrast)):1"
        if text.color.contrast < text.color.minimumContrast { detail += separator + "below the minimum" }
        return detail
    }

    /// "touch target of the button, 132 × 44 pt".
    package static func touchTarget(_ target: TouchTarget) -> String {
        "touch target of the \(target.role.rawValue), \(points(target.frame.width)) × \(points(target.frame.height)) pt"
    }

    /// The legend's rows as sentences: "1 WEEKEND (contrast 9.12:1, needs 3:1)", …, then the touch targets.
    package static func rows(_ report: RenderReport) -> [String] {
        report.accessibility.enumerated().map { index, element in
            let label = element.label.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                ? "(blank label)" + (element.trait == .button ? ", button" : "") : element.spoken
            return "\(index + 1) \(label)" + (index < report.texts.count ? " (\(contrast(of: report.texts[index], separator: ", ")))" : "")
        } + report.touchTargets.map(touchTarget)
    }
}

/// Builds the accessibility picture's scene from a card's scene and report.
struct AccessibilityOverlay {
    let engine: TextEngine

    // Metrics in points.
    static let margin = 16.0, gap = 20.0, panelPadding = 14.0, panelRadius = 12.0
    static let rowGap = 10.0, badgeHeight = 18.0, badgeGap = 8.0, outlineWidth = 1.5, badgeRing = 1.5
    static let headerSize = 15.0, labelSize = 15.0, detailSize = 13.0, numberSize = 11.0
    static let touchDash = 3.0, labelLineLimit = 12
    /// The legend's width follows the card's, within bounds that keep its lines readable.
    static let legendWidth: ClosedRange<Double> = 260...480

    // Colours: a neutral page, a white legend panel, near-black text.
    static let page = Color(r: 0xE5, g: 0xE5, b: 0xEA)
    static let panel = Color.white
    static let ink = Color(r: 0x1C, g: 0x1C, b: 0x1E)
    static let secondaryInk = Color(r: 0x48, g: 0x48, b: 0x4A)
    static let touchTarget = Color(r: 0xC4, g: 0x00, b: 0xC4)
    /// Element colours, cycled in VoiceOver order: deep enough for a white number (≥ 4.5:1) and
    /// for an outline on a white card, distinct from each other and from the touch-target magenta.
    static let palette: [Color] = [
        Color(r: 0x14, g: 0x5D, b: 0xD0), Color(r: 0xC9, g: 0x3C, b: 0x06), Color(r: 0x1E, g: 0x7B, b: 0x34),
        Color(r: 0x86, g: 0x2E, b: 0x9C), Color(r: 0x0B, g: 0x72, b: 0x85), Color(r: 0x9A, g: 0x52, b: 0x00),
        Color(r: 0x4C, g: 0x3B, b: 0xC4), Color(r: 0xA6, g: 0x1E, b: 0x4D),
    ]

    static func color(ofElement index: Int) -> Color { palette[index % palette.count] }

    /// The picture of `card`, whose report is `report`, laid out in `direction`.
    func scene(of card: Scene, report: RenderReport, direction: LayoutDirection) throws -> Scene {
        let s = Double(card.scale)
        /// Snaps a frame outward to whole pixels, so outlines are crisp.
        func snapped(_ r: Rect) -> Rect {
            let x0 = (r.minX * s).rounded(.down) / s, y0 = (r.minY * s).rounded(.down) / s
            let x1 = (r.maxX * s).rounded(.up) / s, y1 = (r.maxY * s).rounded(.up) / s
            return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        let m = Self.margin
        let legendWidth = min(max(card.width, Self.legendWidth.lowerBound), Self.legendWidth.upperBound)
        let legendX = m + card.width + Self.gap

        // Washes and outlines first, then touch targets, then the badges, so no line crosses a number.
        var marks: [SceneItem] = [], numbers: [SceneItem] = [], badges: [Rect] = []
        for index in report.accessibility.indices where index < report.texts.count {
            let color = Self.color(ofElement: index)
            let frame = snapped(report.texts[index].frame).moved(m, m)
            marks.append(.fill(RoundedRect(rect: frame, radius: 0), color.withAlpha(0x24)))
            // A thin white line around the outline keeps it visible on a dark card.
            marks.append(.outline(frame.insetBy(-1), .white, width: 1, dash: nil))
            marks.append(.outline(frame, color, width: Self.outlineWidth, dash: nil))
            // The badge just outside the frame's top-leading corner, so it hides none of the text,
            // nudged down past earlier badges where frames are close together.
            var badge = try self.badge(index + 1, color: color, scale: s)
            var rect = Rect(x: direction == .rtl ? frame.maxX + 2 : frame.minX - 2 - badge.width,
                            y: frame.minY - 2, width: badge.width, height: Self.badgeHeight)
            while let clash = badges.first(where: { $0.intersects(rect) }) { rect.y = clash.maxY + 1 }
            badges.append(rect)
            badge.place(at: Point(x: rect.x, y: rect.y))
            numbers += badge.items
        }
        for target in report.touchTargets {
            marks.append(.outline(snapped(target.frame).moved(m, m), Self.touchTarget, width: Self.outlineWidth,
                                  dash: Self.touchDash))
        }

        let (legend, legendHeight) = try self.legend(report, width: legendWidth, scale: s)
        let contentHeight = max(card.height, legendHeight)
        let width = legendX + legendWidth + m
        let height = ((contentHeight + 2 * m) * s).rounded(.up) / s
        var items: [SceneItem] = [.fill(RoundedRect(rect: Rect(x: 0, y: 0, width: width, height: height), radius: 0), Self.page)]
        items += card.items.map { $0.offsetBy(dx: m, dy: m) }
        items += marks + numbers
        items.append(.fill(RoundedRect(rect: Rect(x: legendX, y: m, width: legendWidth, height: legendHeight),
                                       radius: Self.panelRadius), Self.panel))
        items += legend.map { $0.offsetBy(dx: legendX, dy: m) }
        return Scene(width: width, height: height, scale: card.scale, items: items)
    }

    // MARK: Legend

    /// The legend's items, relative to the panel's top-left corner, and the panel's height.
    private func legend(_ report: RenderReport, width: Double, scale s: Double) throws -> ([SceneItem], Double) {
        let regular = try engine.font(named: "Inter-Regular.otf")
        let medium = try engine.font(named: "Inter-Medium.otf")
        let semibold = try engine.font(named: "Inter-SemiBold.otf")
        let p = Self.panelPadding
        var items: [SceneItem] = []
        var y = p

        func paragraph(_ text: String, _ font: Font, _ size: Double, x: Double, width: Double, color: Color,
                       lines: Int = 1) throws -> Double {
            let direction = ParagraphDirection.of(text, default: .leftToRight)
            let layout = try engine.layoutParagraph(text: text, font: font, sizeInPoints: size, scale: s,
                                                    maxWidthInPoints: max(1, width), maxLines: lines, direction: direction)
            items.append(.text(layout, origin: Point(x: x, y: y), color: color, mirrorsLines: direction != .leftToRight))
            return layout.heightInPoints
        }

        y += try paragraph("VoiceOver order", semibold, Self.headerSize, x: p, width: width - 2 * p, color: Self.ink)
        y += Self.rowGap
        if report.accessibility.isEmpty {
            y += try paragraph("no accessibility elements", regular, Self.detailSize, x: p, width: width - 2 * p,
                               color: Self.secondaryInk)
        }
        // One text column for every row, past the widest badge (two digits from the tenth element).
        let badges = try report.accessibility.indices.map { try badge($0 + 1, color: Self.color(ofElement: $0), scale: s) }
        let column = p + max(Self.badgeHeight, badges.map(\.width).max() ?? 0) + Self.badgeGap
        let columnWidth = width - column - p
        for (index, element) in report.accessibility.enumerated() {
            var badge = badges[index]
            badge.place(at: Point(x: p, y: y))
            items += badge.items
            let spoken = element.spoken
            if element.label.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                y += try paragraph("(blank label)" + (element.trait == .button ? ", button" : ""), regular,
                                   Self.labelSize, x: column, width: columnWidth, color: Self.secondaryInk)
            } else {
                y += try paragraph(spoken, medium, Self.labelSize, x: column, width: columnWidth, color: Self.ink,
                                   lines: Self.labelLineLimit)
            }
            if index < report.texts.count {
                let detail = AccessibilityLegend.contrast(of: report.texts[index])
                y += 2
                y += try paragraph(detail, regular, Self.detailSize, x: column, width: columnWidth, color: Self.secondaryInk,
                                   lines: 2)
            }
            y += Self.rowGap
        }
        for target in report.touchTargets {
            let swatch = Rect(x: p + (Self.badgeHeight - 16) / 2, y: y + 1, width: 16, height: 16)
            items.append(.outline(swatch, Self.touchTarget, width: Self.outlineWidth, dash: Self.touchDash))
            y += try paragraph(AccessibilityLegend.touchTarget(target), regular, Self.detailSize,
                               x: column, width: columnWidth, color: Self.ink, lines: 2)
            y += Self.rowGap
        }
        return (items, y - Self.rowGap + p)
    }

    // MARK: Badges

    /// A number on a capsule of the element's colour with a white ring, laid out at the origin.
    struct Badge {
        var width: Double
        var items: [SceneItem]
        mutating func place(at point: Point) { items = items.map { $0.offsetBy(dx: point.x, dy: point.y) } }
    }

    private func badge(_ number: Int, color: Color, scale s: Double) throws -> Badge {
        let font = try engine.font(named: "Inter-SemiBold.otf")
        let layout = try engine.layoutParagraph(text: String(number), font: font, sizeInPoints: Self.numberSize,
                                                scale: s, maxWidthInPoints: .infinity, maxLines: 1, direction: .leftToRight)
        let h = Self.badgeHeight
        let w = max(h, layout.widthInPoints + 10)
        let ring = Self.badgeRing
        let outer = Rect(x: -ring, y: -ring, width: w + 2 * ring, height: h + 2 * ring)
        let inner = Rect(x: 0, y: 0, width: w, height: h)
        let line = layout.lines.first
        let ink = (line?.width ?? 0) / s, inkX = (line?.x ?? 0) / s
        let origin = Point(x: (w - ink) / 2 - inkX, y: (h - layout.heightInPoints) / 2)
        return Badge(width: w, items: [
            .fill(RoundedRect(rect: outer, radius: outer.height / 2), .white),
            .fill(RoundedRect(rect: inner, radius: h / 2), color),
            .text(layout, origin: origin, color: .white, mirrorsLines: false),
        ])
    }
}

/// 12.634 → "12.63", 4.5 → "4.5", 3 → "3": at most two decimals, no trailing zeros.
private func ratio(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let whole = hundredths / 100, fraction = hundredths % 100
    if fraction == 0 { return "\(whole)" }
    return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
}

/// 44 → "44", 131.96 → "132": touch targets in whole points, as Apple states the minimum.
private func points(_ value: Double) -> String { String(Int(value.rounded())) }

private extension Rect {
    func moved(_ dx: Double, _ dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }
    func insetBy(_ d: Double) -> Rect { Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d) }
    func intersects(_ o: Rect) -> Bool { minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY }
}

private extension Color {
    func withAlpha(_ alpha: UInt8) -> Color { Color(r: r, g: g, b: b, a: alpha) }
}
