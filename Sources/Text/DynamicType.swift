/// Dynamic Type: the twelve content size categories and Apple's published text-style sizes
/// (Human Interface Guidelines, iOS; SPEC §2). Apple does not publish UIFontMetrics' curve, so a
/// custom base size is scaled by its style's ratio to the `large` size, a documented approximation.
public enum ContentSizeCategory: Int, CaseIterable, Sendable, Comparable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
    case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    /// UIKit's name without the prefix, e.g. "extraSmall", "accessibilityExtraExtraExtraLarge".
    public var name: String {
        ["extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge",
         "accessibilityMedium", "accessibilityLarge", "accessibilityExtraLarge",
         "accessibilityExtraExtraLarge", "accessibilityExtraExtraExtraLarge"][rawValue]
    }

    /// The short name, e.g. "xS", "L", "AX5".
    public var shortName: String {
        ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"][rawValue]
    }

    /// Parses a UIKit name or a short name (exact spelling, as in the spec).
    public init?(name: String) {
        guard let match = ContentSizeCategory.allCases.first(where: { $0.name == name || $0.shortName == name })
        else { return nil }
        self = match
    }

    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    public static func < (a: ContentSizeCategory, b: ContentSizeCategory) -> Bool { a.rawValue < b.rawValue }
}

/// The UIKit text styles whose sizes GronaSnap follows.
public enum TextStyle: String, CaseIterable, Sendable {
    case title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// Sizes in points for xS … AX5.
    var sizes: [Double] {
        switch self {
        case .title3: return [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline, .body: return [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: return [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: return [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: return [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: return [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: return [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
    }
}

public enum DynamicType {
    /// Apple's size of `style` at `category`, in points.
    public static func size(for style: TextStyle, category: ContentSizeCategory) -> Double {
        style.sizes[category.rawValue]
    }

    /// A role's size: `baseSize` (its size at `large`) times `style`'s ratio of `category` to `large`.
    public static func scaled(_ baseSize: Double, style: TextStyle, category: ContentSizeCategory) -> Double {
        baseSize * size(for: style, category: category) / size(for: style, category: .large)
    }
}
