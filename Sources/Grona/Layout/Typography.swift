import Text

/// The type ramp: each text role's size at the `large` text size, the UIKit text style whose Dynamic
/// Type curve it follows, and its weight. Titles, labels and buttons use the theme's bold font; body
/// copy its regular font (SDK page, "Theme tokens").
struct Typography: Equatable {
    var base: Double
    var style: DynamicTypeStyle
    var bold: Bool

    /// The point size at `category`.
    func size(at category: TextSize) -> Double {
        DynamicType.scaledSize(base: base, style: style, category: category)
    }

    static func of(_ role: TextRole, in kind: Component.Kind) -> Typography {
        switch role {
        case .eyebrow: return Typography(base: 13, style: .footnote, bold: true)
        case .title:
            // Banner and offer titles are the card's headline; progress bar and message titles sit
            // beside a graphic and use the smaller headline style.
            return kind == .banner || kind == .offer
                ? Typography(base: 20, style: .title3, bold: true)
                : Typography(base: 17, style: .headline, bold: true)
        case .body: return Typography(base: 15, style: .subheadline, bold: false)
        case .button: return Typography(base: 15, style: .subheadline, bold: true)
        case .code: return Typography(base: 17, style: .headline, bold: true)
        case .tierLabel: return Typography(base: 12, style: .caption1, bold: false)
        case .footnote: return Typography(base: 13, style: .footnote, bold: false)
        }
    }
}
