import Grona

/// The environment overrides (`--width 390`, `textSize=AX5`): one list, which the command line
/// parses as flags, the HTTP service as query parameters (and describes in its OpenAPI document),
/// and whose help every command prints (the command line's table, `CommandTable`, takes them from
/// here). A new override goes here and nowhere else.
package enum EnvironmentOptions {
    /// One override: its command-line flag, its name in the HTTP API's query, what its value may be
    /// (the API's description is made from it), its line of help and how it applies.
    package struct Setting: Sendable {
        package var flag: String
        package var query: String
        /// The value's placeholder in the help: `--width PT`.
        package var placeholder: String
        package var schema: ValueSchema
        package var summary: String
        package var apply: @Sendable (inout EnvironmentOverrides, String) throws -> Void
    }

    package static let settings: [Setting] = [
        Setting(flag: "--width", query: "width", placeholder: "PT", schema: .number(Environment.widthRange), summary: "card width in points (44…2048)") {
            $0.width = try EnvironmentOverrides.parseWidth($1) },
        Setting(flag: "--scale", query: "scale", placeholder: "N", schema: .integerChoice(Environment.scales), summary: "pixels per point: 1, 2 or 3") {
            $0.scale = try EnvironmentOverrides.parseScale($1) },
        Setting(flag: "--text-size", query: "textSize", placeholder: "CAT", schema: .choice(TextSize.allNames), summary: "content size category: xS S M L xL xxL xxxL AX1…AX5 or the UIKit names (extraSmall … accessibilityExtraExtraExtraLarge)") {
            $0.textSize = try EnvironmentOverrides.parseTextSize($1) },
        Setting(flag: "--appearance", query: "appearance", placeholder: "light|dark", schema: .choice(Appearance.allCases.map(\.rawValue)), summary: "light or dark") {
            $0.appearance = try EnvironmentOverrides.parseAppearance($1) },
        Setting(flag: "--direction", query: "direction", placeholder: "ltr|rtl", schema: .choice(LayoutDirection.allCases.map(\.rawValue)), summary: "layout direction") {
            $0.direction = try EnvironmentOverrides.parseDirection($1) },
        Setting(flag: "--time", query: "time", placeholder: "SECONDS", schema: .number(Environment.timeRange), summary: "draw the frame this far into the animation, in seconds") {
            $0.time = try EnvironmentOverrides.parseTime($1) },
        Setting(flag: "--animation", query: "animation", placeholder: "reveal|collapse", schema: .choice(Animation.allCases.map(\.rawValue)), summary: "which animation --time runs through (default reveal)") {
            $0.animation = try EnvironmentOverrides.parseAnimation($1) },
        Setting(flag: "--locale", query: "locale", placeholder: "TAG", schema: .text(pattern: "^\(LanguageTag.pattern)$", maxLength: LanguageTag.maximumLength),
                summary: "the app's language, BCP 47 (en, de, ar, ja, zh-Hant, pt-BR): the spec's localization for it, and right to left for ar, he, fa, ur, … unless a direction is set") { $0.locale = try EnvironmentOverrides.parseLocale($1) },
        Setting(flag: "--pseudo", query: "pseudo", placeholder: "accented|double|bounded|rtl", schema: .choice(PseudoLocalization.allCases.map(\.rawValue)), summary: "a pseudolanguage over the copy, as in Xcode") {
            $0.pseudo = try EnvironmentOverrides.parsePseudo($1) },
    ]
    /// `--reduce-motion` (the query's `reduceMotion=true`): a flag, so not among the valued settings.
    package static let reduceMotionFlag = "--reduce-motion"

    /// The overrides whose values `value(name)` gives, each setting known by `named` (its flag or its
    /// query name); a bad value is refused naming it: `--text-size: "huge" is not a text size`.
    package static func overrides(named: KeyPath<Setting, String>, value: (String) -> String?) throws -> EnvironmentOverrides {
        var overrides = EnvironmentOverrides()
        for setting in settings {
            let name = setting[keyPath: named]
            guard let text = value(name) else { continue }
            do { try setting.apply(&overrides, text) } catch { throw RequestError("\(name): \(error)") }
        }
        return overrides
    }
}
