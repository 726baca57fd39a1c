/// A Dynamic Type content size category (UIKit's `UIContentSizeCategory`), smallest first.
/// Specs and the command line accept the UIKit name (`extraLarge`) or the short name (`xL`).
public enum TextSize: String, CaseIterable, Comparable, Sendable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
    case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    /// UIKit's name, as in `UIContentSizeCategory.extraLarge`.
    package var uikitName: String { rawValue }

    /// The short name used in golden file names: xS, S, M, L, xL, xxL, xxxL, AX1 … AX5.
    package var shortName: String {
        switch self {
        case .extraSmall: return "xS"
        case .small: return "S"
        case .medium: return "M"
        case .large: return "L"
        case .extraLarge: return "xL"
        case .extraExtraLarge: return "xxL"
        case .extraExtraExtraLarge: return "xxxL"
        case .accessibilityMedium: return "AX1"
        case .accessibilityLarge: return "AX2"
        case .accessibilityExtraLarge: return "AX3"
        case .accessibilityExtraExtraLarge: return "AX4"
        case .accessibilityExtraExtraExtraLarge: return "AX5"
        }
    }

    /// Position in the scale, 0 (xS) … 11 (AX5).
    package var index: Int { TextSize.allCases.firstIndex(of: self) ?? 0 }

    package var isAccessibilitySize: Bool { self >= .accessibilityMedium }

    /// Parses a UIKit name or a short name in any letter case (`AX5`, `ax5`, `l`): no two names
    /// differ only in case, so none is ambiguous.
    package init?(name: String) {
        if let size = TextSize(rawValue: name) { self = size; return }
        let folded = name.lowercased()
        guard let size = TextSize.allCases.first(where: { $0.shortName.lowercased() == folded || $0.uikitName.lowercased() == folded })
        else { return nil }
        self = size
    }

    /// Every accepted spelling, short names first, for error messages.
    package static var allNames: [String] {
        allCases.map(\.shortName) + allCases.map(\.uikitName)
    }

    public static func < (a: TextSize, b: TextSize) -> Bool { a.index < b.index }
}
