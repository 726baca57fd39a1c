extension TextSize {
    /// The size as iOS's Settings names it for people: "Large", "Accessibility 3".
    package var displayName: String {
        switch self {
        case .extraSmall: return "Extra small"
        case .small: return "Small"
        case .medium: return "Medium"
        case .large: return "Large"
        case .extraLarge: return "Extra large"
        case .extraExtraLarge: return "Extra extra large"
        case .extraExtraExtraLarge: return "Extra extra extra large"
        case .accessibilityMedium: return "Accessibility 1"
        case .accessibilityLarge: return "Accessibility 2"
        case .accessibilityExtraLarge: return "Accessibility 3"
        case .accessibilityExtraExtraLarge: return "Accessibility 4"
        case .accessibilityExtraExtraExtraLarge: return "Accessibility 5"
        }
    }
}
