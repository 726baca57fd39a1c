/// Light or dark mode.
public enum Appearance: String, CaseIterable, Sendable { case light, dark }

/// Left to right, or right to left (the layout mirrored).
public enum LayoutDirection: String, CaseIterable, Sendable { case ltr, rtl }

/// Which of the SDK's animations `time` runs through: the reveal when a component appears, or the
/// collapse when it is dismissed.
public enum Animation: String, CaseIterable, Sendable { case reveal, collapse }

/// The device and accessibility settings a snapshot is rendered under.
public struct Environment: Equatable, Sendable {
    /// Width of the card in points, within `widthRange`.
    public var width: Double
    /// Pixels per point: 1, 2 or 3.
    public var scale: Int
    public var textSize: TextSize
    public var appearance: Appearance
    /// The interface's layout direction: the one set (by the spec, a variant or the command line),
    /// else the language's, as for an app launched in it: right to left for a right-to-left locale
    /// (ar, he, fa, ur, …) or the `rtl` pseudolanguage, otherwise left to right.
    public var direction: LayoutDirection {
        get { explicitDirection ?? languageDirection }
        set { explicitDirection = newValue }
    }
    /// The direction that was set; nil when the direction follows the language.
    public var explicitDirection: LayoutDirection?
    public var reduceMotion: Bool
    /// Seconds into `animation` for a single frame; nil renders the final state.
    public var time: Double?
    /// The animation `time` refers to.
    public var animation: Animation = .reveal
    /// The language the app runs in, as a BCP 47 tag ("en", "de", "ar", "ja", "zh-Hant"): which of
    /// the spec's localizations is shown, the text's language, and (unless set) the direction.
    public var locale: String? = nil
    /// A pseudolanguage over the copy (Xcode's accented, double-length, bounded and right-to-left).
    public var pseudo: PseudoLocalization? = nil

    package static let widthRange: ClosedRange<Double> = 44...2048
    /// Seconds into an animation (`--time`): an hour is far past the end of any of them.
    package static let timeRange: ClosedRange<Double> = 0...3600
    package static let scales: [Int] = [1, 2, 3]

    /// `direction` nil follows the language (left to right without a locale).
    public init(width: Double = 358, scale: Int = 3, textSize: TextSize = .large, appearance: Appearance = .light,
                direction: LayoutDirection? = nil, reduceMotion: Bool = false, time: Double? = nil) {
        self.width = width; self.scale = scale; self.textSize = textSize; self.appearance = appearance
        self.explicitDirection = direction; self.reduceMotion = reduceMotion; self.time = time
    }

    /// The direction an app launched in `locale` (or `pseudo`) lays out in.
    package var languageDirection: LayoutDirection {
        if pseudo == .rtl { return .rtl }
        guard let locale else { return .ltr }
        return LanguageTag.isRightToLeft(locale) ? .rtl : .ltr
    }

    public static let `default` = Environment()

    /// The image's width in pixels.
    package var pixelWidth: Int { Int((width * Double(scale)).rounded()) }

    /// This environment with every override that is set taking precedence (SPEC §3: the command
    /// line wins over the spec).
    package func applying(_ overrides: EnvironmentOverrides) -> Environment {
        var result = self
        if let v = overrides.width { result.width = v }
        if let v = overrides.scale { result.scale = v }
        if let v = overrides.textSize { result.textSize = v }
        if let v = overrides.appearance { result.appearance = v }
        if let v = overrides.direction { result.direction = v }
        if let v = overrides.reduceMotion { result.reduceMotion = v }
        if let v = overrides.time { result.time = v }
        if let v = overrides.animation { result.animation = v }
        if let v = overrides.locale { result.locale = v }
        if let v = overrides.pseudo { result.pseudo = v }
        return result
    }
}

/// Command-line overrides of a spec's environment; nil leaves the spec's value.
/// Build one with the `parse…` functions so values are validated the same way as in specs.
package struct EnvironmentOverrides: Equatable, Sendable {
    package var width: Double?
    package var scale: Int?
    package var textSize: TextSize?
    package var appearance: Appearance?
    package var direction: LayoutDirection?
    package var reduceMotion: Bool?
    package var time: Double?
    package var animation: Animation?
    /// A BCP 47 tag, canonical (see `parseLocale`).
    package var locale: String?
    package var pseudo: PseudoLocalization?

    package init(width: Double? = nil, scale: Int? = nil, textSize: TextSize? = nil, appearance: Appearance? = nil,
                direction: LayoutDirection? = nil, reduceMotion: Bool? = nil, time: Double? = nil,
                locale: String? = nil, pseudo: PseudoLocalization? = nil) {
        self.width = width; self.scale = scale; self.textSize = textSize; self.appearance = appearance
        self.direction = direction; self.reduceMotion = reduceMotion; self.time = time
        self.locale = locale; self.pseudo = pseudo
    }

    /// Each parser returns the value, or throws a message without file or path, e.g.
    /// `"20" is not within 44…2048`, for the command line to prefix with the option's name.
    package static func parseWidth(_ text: String) throws -> Double {
        guard let value = decimalNumber(text) else { throw OverrideError("\(quoted(text)) is not a number") }
        return try SpecRules.checkWidth(value).get()
    }
    package static func parseScale(_ text: String) throws -> Int {
        guard let value = decimalNumber(text) else { throw OverrideError("\(quoted(text)) is not a number") }
        return try SpecRules.checkScale(value).get()
    }
    package static func parseTextSize(_ text: String) throws -> TextSize {
        try SpecRules.checkTextSize(text).get()
    }
    package static func parseAppearance(_ text: String) throws -> Appearance {
        try SpecRules.checkEnum(text, Appearance.self).get()
    }
    package static func parseDirection(_ text: String) throws -> LayoutDirection {
        try SpecRules.checkEnum(text, LayoutDirection.self).get()
    }
    package static func parseAnimation(_ text: String) throws -> Animation {
        try SpecRules.checkEnum(text, Animation.self).get()
    }
    /// A BCP 47 language tag whose language CLDR names, returned in canonical case ("pt-br" →
    /// "pt-BR"); "jp" is refused with "Japanese is ja" (`LanguageTag.checkKnown`).
    package static func parseLocale(_ text: String) throws -> String {
        try LanguageTag.checkKnown(text).get()
    }
    package static func parsePseudo(_ text: String) throws -> PseudoLocalization {
        try SpecRules.checkEnum(text, PseudoLocalization.self).get()
    }
    package static func parseTime(_ text: String) throws -> Double {
        guard let value = decimalNumber(text) else { throw OverrideError("\(quoted(text)) is not a number") }
        return try SpecRules.checkTime(value).get()
    }
}

/// A bad command-line override value; `description` is the problem alone.
package struct OverrideError: Error, Equatable, CustomStringConvertible, Sendable {
    package var description: String
    init(_ description: String) { self.description = description }
}

/// A plain decimal number as people type one (`390`, `-1.5`, `2e3`), finite; nil for anything else.
/// Swift's `Double(_:)` also reads hexadecimal (`0x10`), `inf` and `nan`, which a command-line value
/// must not silently mean.
package func decimalNumber(_ text: String) -> Double? {
    var sawDigit = false
    for character in text {
        switch character {
        case "0"..."9": sawDigit = true
        case "+", "-", ".", "e", "E": continue
        default: return nil
        }
    }
    guard sawDigit, let value = Double(text), value.isFinite else { return nil }
    return value
}
