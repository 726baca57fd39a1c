/// The axes whose product `verify` and `sheet` render. A missing axis takes the spec's environment.
public struct Variants: Equatable, Sendable {
    public var textSizes: [TextSize]?
    public var appearances: [Appearance]?
    public var directions: [LayoutDirection]?
    public var scales: [Int]?
    public var widths: [Double]?
    /// Locales (canonical BCP 47 tags), each showing its localization of the copy; `ownCopy` among
    /// them stands for the spec's own copy in its own locale. An empty list (with `pseudos`): the
    /// pseudolanguages only.
    public var locales: [String]?
    /// Pseudolanguages, each over the copy of the spec's own locale. Like Xcode's App Language menu,
    /// they are languages beside the real ones: the language axis is `locales` followed by these.
    public var pseudos: [PseudoLocalization]?

    public init(textSizes: [TextSize]? = nil, appearances: [Appearance]? = nil, directions: [LayoutDirection]? = nil,
                scales: [Int]? = nil, widths: [Double]? = nil, locales: [String]? = nil,
                pseudos: [PseudoLocalization]? = nil) {
        self.textSizes = textSizes; self.appearances = appearances; self.directions = directions
        self.scales = scales; self.widths = widths; self.locales = locales; self.pseudos = pseudos
    }

    /// The language axis: each locale (or the base's) with the base's pseudolanguage, then each
    /// pseudolanguage over the base's locale.
    func languages(base: Environment) -> [(locale: String?, pseudo: PseudoLocalization?)] {
        let locales: [String?] = self.locales?.map { $0 == Variants.ownCopy ? base.locale : $0 } ?? [base.locale]
        return locales.map { ($0, base.pseudo) } + (pseudos ?? []).map { (base.locale, $0) }
    }

    /// How many environments `environments(base:)` gives.
    package var count: Int {
        [(locales?.count ?? 1) + (pseudos?.count ?? 0), textSizes?.count ?? 1, appearances?.count ?? 1,
         directions?.count ?? 1, scales?.count ?? 1, widths?.count ?? 1].reduce(1, *)
    }

    /// Every combination: language outermost, then text size, appearance, direction, scale, width.
    /// Without a direction axis each variant keeps the base's direction, which follows the
    /// variant's language unless the base sets one.
    package func environments(base: Environment) -> [Environment] {
        var result: [Environment] = []
        for language in languages(base: base) {
            for textSize in textSizes ?? [base.textSize] {
                for appearance in appearances ?? [base.appearance] {
                    for direction in directions.map({ $0.map(Optional.some) }) ?? [nil] {
                        for scale in scales ?? [base.scale] {
                            for width in widths ?? [base.width] {
                                var env = base
                                env.locale = language.locale; env.pseudo = language.pseudo
                                env.textSize = textSize; env.appearance = appearance
                                if let direction { env.direction = direction }
                                env.scale = scale; env.width = width
                                result.append(env)
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    /// Whether golden names must carry the width (only when the width axis is given).
    package var namesIncludeWidth: Bool { widths != nil }

    /// `<spec name>/<textSize short name>-<appearance>-<direction>@<scale>x.png`, e.g.
    /// `banner/AX5-dark-rtl@3x.png`. With `includingWidth` (a spec with a width axis) the width in
    /// points goes before the scale, so names stay unique: `banner/L-light-ltr-320pt@2x.png`.
    /// With `perLocale` (a spec with localizations or a locale axis) the locale is a folder, `base`
    /// when there is none: `campaign/de/L-light-ltr@3x.png`. A pseudolanguage is named before the
    /// scale: `campaign/en/L-light-ltr-pseudo-accented@3x.png`.
    package static func goldenName(specName: String, environment env: Environment,
                                  includingWidth: Bool = false, perLocale: Bool = false) -> String {
        var name = specName + "/"
        if perLocale { name += (env.locale ?? baseLocaleFolder) + "/" }
        name += "\(env.textSize.shortName)-\(env.appearance.rawValue)-\(env.direction.rawValue)"
        if includingWidth { name += "-\(formatPoints(env.width))pt" }
        if let pseudo = env.pseudo { name += "-pseudo-\(pseudo.rawValue)" }
        return name + "@\(env.scale)x.png"
    }

    /// In `locales`, the spec's own copy (its `environment.locale`, or none), as the studio's "Base
    /// copy" beside the localizations: `--locales base,de,ja`. The name of the base copy's golden
    /// folder, and four letters, so no BCP 47 tag is spelled the same.
    package static let ownCopy = baseLocaleFolder

    /// The golden folder of a localized spec's variants without a locale (the base copy, as Xcode's
    /// Base localization). Four letters, so no BCP 47 tag can be named the same.
    package static let baseLocaleFolder = "base"
}

/// 358 → "358", 358.5 → "358.5": the shortest exact decimal, no trailing ".0".
func formatPoints(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
}
