import Raster

/// The progress bar: title and body, a track that fills from the leading edge, a marker and a label
/// per tier, and a footnote.
///
///     ┌────────────────────────────────────────┐
///     │ Title, up to two lines                 │
///     │ Body copy, up to three lines           │
///     │ ███████████████●━━━━━━━━━━━━━━━━━━━━━━○ │
///     │        Free delivery            10% off│
///     │ Footnote, up to two lines              │
///     └────────────────────────────────────────┘
enum ProgressBarLayout {
    static let padding = 16.0
    static let trackHeight = 8.0
    static let markerSize = 16.0

    static func layout(_ bar: ProgressBar, in context: inout LayoutContext) throws -> Double {
        let inner = context.width - 2 * padding
        var y = padding
        y += try context.place(.title, bar.title, leading: padding, y: y, width: inner)
        if let body = bar.body, !body.isEmpty {
            y += 4
            y += try context.place(.body, body, leading: padding, y: y, width: inner)
        }

        // The track runs from the leading edge (0) to the last tier; markers sit on it, so the track
        // is inset by half a marker at the trailing end to keep the last marker inside the card.
        y += 12
        let trackLength = inner - markerSize / 2
        let trackY = y + (markerSize - trackHeight) / 2
        let track = context.flow.frame(leading: padding, y: trackY, width: trackLength, height: trackHeight)
        let trackColor = context.colors.progressTrack ?? .black
        let fillColor = context.colors.progressFill ?? context.colors.accent
        context.fill(track, radius: trackHeight / 2, trackColor)
        let filled = trackLength * bar.fraction
        if filled > 0 {
            let width = max(trackHeight, filled)
            context.fill(context.flow.frame(leading: padding, y: trackY, width: width, height: trackHeight),
                         radius: trackHeight / 2, fillColor)
            context.measure(.progressFill, fillColor,
                            against: Contrast.composite(trackColor, over: context.seenBackground))
        }
        let maximum = bar.maximum
        for tier in bar.tiers {
            let centre = padding + trackLength * (maximum > 0 ? tier.at / maximum : 1)
            let marker = context.flow.frame(leading: centre - markerSize / 2, y: y,
                                            width: markerSize, height: markerSize)
            let met = bar.isMet(tier)
            context.fill(marker, radius: markerSize / 2, met ? fillColor : trackColor)
            let dot = markerSize * 0.375
            context.fill(Rect(x: marker.x + (markerSize - dot) / 2, y: marker.y + (markerSize - dot) / 2,
                              width: dot, height: dot), radius: dot / 2, context.colors.background)
        }
        y += markerSize + 6
        y += try tierLabels(bar, y: y, trackLength: trackLength, in: &context)

        if let footnote = bar.footnote, !footnote.isEmpty {
            y += 10
            y += try context.place(.footnote, footnote, leading: padding, y: y, width: inner)
        }
        return y + padding
    }

    /// One label under each marker: centred on it where there is room, kept inside the card and
    /// clear of its neighbours. When the labels cannot all sit side by side at their full width (long
    /// labels, or any label at the accessibility text sizes), each gets its own row at the leading
    /// edge, in tier order, as UIKit layouts stack at large sizes: a label cut down to "…" to fit
    /// between two markers would say nothing. Returns their height.
    private static func tierLabels(_ bar: ProgressBar, y: Double, trackLength: Double,
                                   in context: inout LayoutContext) throws -> Double {
        let inner = context.width - 2 * padding
        let gap = 8.0, rowGap = 2.0
        let maximum = bar.maximum
        let labels = try bar.tiers.map { try context.layout(.tierLabel, $0.label, width: inner) }
        var leadings: [Double] = []
        var previousEnd = -gap
        for (tier, laidOut) in zip(bar.tiers, labels) {
            let centre = trackLength * (maximum > 0 ? tier.at / maximum : 1)
            let width = laidOut.widthInPoints
            let leading = max(min(max(centre - width / 2, 0), inner - width), previousEnd + gap)
            leadings.append(leading)
            previousEnd = leading + width
        }
        let sideBySide = previousEnd <= inner + 0.001 && labels.allSatisfy { !$0.truncated }
        var rowY = y
        var tallest = 0.0
        for (index, (tier, laidOut)) in zip(bar.tiers, labels).enumerated() {
            let frame = context.flow.frame(leading: padding + (sideBySide ? leadings[index] : 0), y: rowY,
                                           width: laidOut.widthInPoints, height: laidOut.heightInPoints)
            context.addCentred(.tierLabel, text: tier.label, layout: laidOut, in: frame)
            tallest = max(tallest, laidOut.heightInPoints)
            if !sideBySide { rowY += laidOut.heightInPoints + rowGap }
        }
        return sideBySide ? tallest : rowY - rowGap - y
    }
}
