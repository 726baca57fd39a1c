import Raster

/// The message: an icon on a tinted disc at the leading edge, the title and body beside it.
///
///     ┌────────────────────────────────────────┐
///     │ (i)  Title, up to two lines            │
///     │      Body copy, up to four lines       │
///     └────────────────────────────────────────┘
///
/// At the accessibility text sizes the icon sits above the copy, at the leading edge.
enum MessageLayout {
    static let padding = 16.0
    /// The disc's size at the `large` text size; it scales with the title's Dynamic Type style, as
    /// an SF Symbol configured with a text style does, within 28…64 pt.
    static let baseDiscSize = 36.0
    static let gap = 12.0

    static func discSize(at category: TextSize) -> Double {
        let scaled = DynamicType.scaledSize(base: baseDiscSize, style: .headline, category: category)
        return min(64, max(28, scaled.rounded()))
    }

    static func layout(_ message: Message, in context: inout LayoutContext) throws -> Double {
        // At the accessibility text sizes the icon sits above the copy, which then takes the card's
        // whole inner width (as the banner's image does): beside a 53-pt title it would leave a column
        // a few words wide.
        let stacked = context.environment.textSize.isAccessibilitySize
        let discSize = Self.discSize(at: context.environment.textSize)
        let columnLeading = stacked ? padding : padding + discSize + gap
        let columnWidth = context.width - columnLeading - padding
        let disc = context.flow.frame(leading: padding, y: padding, width: discSize, height: discSize)
        context.fill(disc, radius: discSize / 2, context.colors.iconBackground ?? context.colors.accent)
        let glyphInset = discSize * 0.2
        context.draw(.icon(message.icon,
                           frame: Rect(x: disc.x + glyphInset, y: disc.y + glyphInset,
                                       width: disc.width - 2 * glyphInset, height: disc.height - 2 * glyphInset),
                           color: context.colors.icon ?? .black))
        var y = stacked ? padding + discSize + gap : padding
        let title = try context.place(.title, message.title, leading: columnLeading, y: y, width: columnWidth)
        if title > 0 { y += title + 2 }
        y += try context.place(.body, message.body, leading: columnLeading, y: y, width: columnWidth)
        return max(y, padding + discSize) + padding
    }
}
