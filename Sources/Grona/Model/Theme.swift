import Raster

/// A colour from a spec: one sRGB colour, or one per appearance (`{"light": C, "dark": C}`).
public enum ThemeColor: Hashable, Sendable {
    case fixed(Color)
    case adaptive(light: Color, dark: Color)

    /// The variant for `appearance`. Renderers should not call this directly for themed colours: a
    /// `ColorResolver` keeps the first resolution, as the SDK does.
    public func variant(for appearance: Appearance) -> Color {
        switch self {
        case .fixed(let color): return color
        case .adaptive(let light, let dark): return appearance == .light ? light : dark
        }
    }

    public var isAdaptive: Bool {
        if case .adaptive = self { return true }
        return false
    }

    /// An opaque sRGB hex colour, `0x054B3A` → #054B3A.
    public static func hex(_ rgb: UInt32) -> ThemeColor {
        .fixed(Color(r: UInt8(truncatingIfNeeded: rgb >> 16), g: UInt8(truncatingIfNeeded: rgb >> 8),
                     b: UInt8(truncatingIfNeeded: rgb)))
    }
}

/// The app's theme (`GronaTheme`): fonts, colours and corner radius shared by every component.
/// Every token is optional in a spec; missing ones take the SDK's defaults.
public struct Theme: Equatable, Sendable {
    /// Absolute path of the regular font file; nil means the system font (Inter stands in for it).
    public var regularFont: String?
    /// Absolute path of the bold font file; nil means the bold face of the regular font's family
    /// (found beside it or in `Fonts/`), else a synthetic bold.
    public var boldFont: String?
    public var primary: ThemeColor
    public var onPrimary: ThemeColor
    public var accent: ThemeColor
    public var surface: ThemeColor
    public var text: ThemeColor
    public var mutedText: ThemeColor
    /// Corner radius of component cards in points, always within `cornerRadiusRange`.
    public var cornerRadius: Double { didSet { cornerRadius = Theme.clampCornerRadius(cornerRadius) } }

    public static let cornerRadiusRange: ClosedRange<Double> = 0...32

    public init(regularFont: String? = nil, boldFont: String? = nil,
                primary: ThemeColor = Theme.defaultPrimary, onPrimary: ThemeColor = Theme.defaultOnPrimary,
                accent: ThemeColor = Theme.defaultAccent, surface: ThemeColor = Theme.defaultSurface,
                text: ThemeColor = Theme.defaultText, mutedText: ThemeColor = Theme.defaultMutedText,
                cornerRadius: Double = Theme.defaultCornerRadius) {
        self.regularFont = regularFont
        self.boldFont = boldFont
        self.primary = primary
        self.onPrimary = onPrimary
        self.accent = accent
        self.surface = surface
        self.text = text
        self.mutedText = mutedText
        self.cornerRadius = Theme.clampCornerRadius(cornerRadius)
    }

    /// The SDK's defaults (the theming page's token table).
    public static let defaultPrimary = ThemeColor.hex(0x054B3A)
    public static let defaultOnPrimary = ThemeColor.hex(0xFFFFFF)
    public static let defaultAccent = ThemeColor.hex(0x6FCF97)
    public static let defaultSurface = ThemeColor.hex(0xFFFFFF)
    public static let defaultText = ThemeColor.hex(0x1A1C1A)
    public static let defaultMutedText = ThemeColor.hex(0x6B706C)
    public static let defaultCornerRadius = 14.0

    public static let `default` = Theme()

    /// Clamps to 0…32; NaN (which a spec cannot produce) becomes the default.
    static func clampCornerRadius(_ value: Double) -> Double {
        guard !value.isNaN else { return defaultCornerRadius }
        return min(max(value, cornerRadiusRange.lowerBound), cornerRadiusRange.upperBound)
    }
}
