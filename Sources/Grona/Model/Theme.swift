import Raster

/// A colour from a spec: one sRGB colour, or one per appearance (`{"light": C, "dark": C}`).
public enum ThemeColor: Hashable, Sendable {
    case fixed(Color)
    case adaptive(light: Color, dark: Color)

    /// The variant for `appearance`. Renderers should not call this directly for themed colours: a
    /// `ColorResolver` keeps the first resolution, as the SDK does.
    package func variant(for appearance: Appearance) -> Color {
        switch self {
        case .fixed(let color): return color
        case .adaptive(let light, let dark): return appearance == .light ? light : dark
        }
    }

    package var isAdaptive: Bool {
        if case .adaptive = self { return true }
        return false
    }

    /// An opaque sRGB hex colour, `0x054B3A` → #054B3A.
    public static func hex(_ rgb: UInt32) -> ThemeColor {
        .fixed(Color(r: UInt8(truncatingIfNeeded: rgb >> 16), g: UInt8(truncatingIfNeeded: rgb >> 8),
                     b: UInt8(truncatingIfNeeded: rgb)))
    }
}

/// A theme font as the SDK's `UIFont(name:size:)` gives it: GronaSnap takes the typeface and sets
/// each text size itself, as the SDK does, so `size` is kept only so that the SDK's code carries
/// over. `name` is a font file: a path, or a bare name (`"AcmeSans-Regular"`, with or without
/// `.otf`/`.ttf`/`.ttc`) looked up as `assertSnapshot` and spec files describe.
public struct ThemeFont: Hashable, Sendable, ExpressibleByStringLiteral {
    public var name: String
    public var size: Double?

    public init(name: String, size: Double? = nil) {
        self.name = name
        self.size = size
    }

    public init(stringLiteral name: String) { self.init(name: name) }

    /// A path held in a variable: `Theme(regularFont: .file(path))`.
    public static func file(_ path: String) -> ThemeFont { ThemeFont(name: path) }
}

extension ThemeColor {
    /// sRGB components from 0 to 1, as `UIColor(red:green:blue:alpha:)` takes them; each is rounded
    /// to the nearest of 256 levels (0.04, 0.25, 0.55 is #0A408C) and clamped to 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func level(_ value: Double) -> UInt8 { UInt8((min(max(value.isNaN ? 0 : value, 0), 1) * 255).rounded()) }
        self = .fixed(Color(r: level(red), g: level(green), b: level(blue), a: level(alpha)))
    }

    /// One colour in light and one in dark, as a dynamic `UIColor` or an asset catalogue colour.
    public init(light: ThemeColor, dark: ThemeColor) {
        self = .adaptive(light: light.variant(for: .light), dark: dark.variant(for: .dark))
    }

    public static let white = ThemeColor.hex(0xFFFFFF)
    public static let black = ThemeColor.hex(0x000000)
    public static let clear = ThemeColor.fixed(Color(r: 0, g: 0, b: 0, a: 0))
}

/// The SDK's name for the theme, so its code carries over: `GronaTheme(regularFont: ThemeFont(name:
/// "AcmeSans-Regular", size: 15), primary: ThemeColor(red: 0.04, green: 0.25, blue: 0.55, alpha: 1), …)`.
public typealias GronaTheme = Theme

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

    package static let cornerRadiusRange: ClosedRange<Double> = 0...32

    /// Fonts are file paths or bare file names (`"Inter-Regular.otf"`, as in spec files), or
    /// `ThemeFont(name:size:)` as the SDK's `UIFont(name:size:)`; colours `ThemeColor(red:green:blue:alpha:)`
    /// as `UIColor(red:green:blue:alpha:)`, or `.hex(0x0A408C)`. So the SDK's `GronaTheme(…)` carries
    /// over with only the UIKit types swapped (`GronaTheme` is this type). Every parameter is optional.
    public init(regularFont: ThemeFont? = nil, boldFont: ThemeFont? = nil,
                primary: ThemeColor = Theme.defaultPrimary, onPrimary: ThemeColor = Theme.defaultOnPrimary,
                accent: ThemeColor = Theme.defaultAccent, surface: ThemeColor = Theme.defaultSurface,
                text: ThemeColor = Theme.defaultText, mutedText: ThemeColor = Theme.defaultMutedText,
                cornerRadius: Double = Theme.defaultCornerRadius) {
        self.regularFont = regularFont?.name
        self.boldFont = boldFont?.name
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
