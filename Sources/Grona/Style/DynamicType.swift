// Dynamic Type. Each text role has a base size at the `large` category and follows one UIKit text
// style across the categories. Apple publishes the point size of every style at every category (the
// table below, Human Interface Guidelines, iOS) but not UIFontMetrics' exact curve, so a role's size
// is its base scaled by its style's ratio to `large` — a documented approximation (SPEC §2).

/// The UIKit text styles whose Dynamic Type curves Grona uses. (`headline` and `body` share a curve.)
package enum DynamicTypeStyle: String, CaseIterable, Sendable {
    case title3, headline, body, callout, subheadline, footnote, caption1, caption2
}

package enum DynamicType {
    /// Apple's point sizes, one row per style, one column per `TextSize` (xS … AX5).
    static let table: [DynamicTypeStyle: [Double]] = [
        .title3:      [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        .headline:    [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .body:        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .callout:     [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
        .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
        .footnote:    [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        .caption1:    [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        .caption2:    [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
    ]

    /// Apple's point size of `style` at `category`.
    package static func pointSize(style: DynamicTypeStyle, category: TextSize) -> Double {
        table[style]?[category.index] ?? 17
    }

    /// `base` (the size at `large`) scaled like `style` from `large` to `category`.
    package static func scaledSize(base: Double, style: DynamicTypeStyle, category: TextSize) -> Double {
        base * pointSize(style: style, category: category) / pointSize(style: style, category: .large)
    }
}

/// `base` (the size at `large`) scaled like `style` from `large` to `category`.
package func scaledSize(base: Double, style: DynamicTypeStyle, category: TextSize) -> Double {
    DynamicType.scaledSize(base: base, style: style, category: category)
}
