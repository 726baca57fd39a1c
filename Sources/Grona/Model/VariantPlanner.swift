/// The one variant planner: which environments a spec is rendered in, for `verify`'s cases, `sheet`,
/// `check`, `batch` and the studio's preview alike, so every front end shows the same variants in
/// the same order.
///
/// The spec's own variants (or just its environment) are the start; `axes` replace the spec's axes
/// one by one (`--text-sizes …`, the studio's axes), and an override of one setting (`--scale 2`)
/// fixes that axis to the one value. Within a language the order is `Variants.environments`'s:
/// text size, then appearance, direction, scale, width.
extension Spec {
    package func plannedEnvironments(overrides: EnvironmentOverrides = EnvironmentOverrides(),
                                    axes: Variants = Variants()) -> [Environment] {
        var variants = self.variants ?? Variants()
        if let v = axes.textSizes { variants.textSizes = v }
        if let v = axes.appearances { variants.appearances = v }
        if let v = axes.directions { variants.directions = v }
        // Scales and widths: only a shot list gives these (`ShotList`); the command line's axes never do.
        if let v = axes.scales { variants.scales = v }
        if let v = axes.widths { variants.widths = v }
        // A list of locales replaces the spec's languages, its pseudolanguages too unless pseudos are given.
        if let v = axes.locales { variants.locales = v; variants.pseudos = nil }
        if let v = axes.pseudos { variants.pseudos = v }
        // A fixed locale or pseudolanguage fixes the language: one locale, one pseudolanguage (or none).
        if overrides.locale != nil || overrides.pseudo != nil { variants.locales = nil; variants.pseudos = nil }
        if overrides.textSize != nil { variants.textSizes = nil }
        if overrides.appearance != nil { variants.appearances = nil }
        if overrides.direction != nil { variants.directions = nil }
        if overrides.scale != nil { variants.scales = nil }
        if overrides.width != nil { variants.widths = nil }
        return variants.environments(base: environment.applying(overrides))
    }

    /// The plan with a language axis given in the order a person asked for it (the studio's
    /// "Base copy, Pseudo: double length, German"): language by language, each language's variants
    /// the plan above with that one language in place of the axes' languages.
    package func plannedEnvironments(overrides: EnvironmentOverrides = EnvironmentOverrides(), axes: Variants = Variants(),
                                    languages: [PlannedLanguage]) -> [(language: PlannedLanguage, environment: Environment)] {
        languages.flatMap { language in
            var axes = axes
            switch language {
            case .ownCopy: axes.locales = [Variants.ownCopy]; axes.pseudos = nil
            case .locale(let tag): axes.locales = [tag]; axes.pseudos = nil
            case .pseudo(let pseudo): axes.locales = []; axes.pseudos = [pseudo]
            }
            return plannedEnvironments(overrides: overrides, axes: axes).map { (language: language, environment: $0) }
        }
    }
}

/// One entry of a language axis given in order: the spec's own copy, a locale's localization (a
/// canonical BCP 47 tag) or a pseudolanguage over the spec's own copy.
package enum PlannedLanguage: Hashable, Sendable {
    case ownCopy
    case locale(String)
    case pseudo(PseudoLocalization)

    /// As the studio and `languages=` spell it: "base", "de", "pseudo:double".
    package var name: String {
        switch self {
        case .ownCopy: return Variants.ownCopy
        case .locale(let tag): return tag
        case .pseudo(let pseudo): return Self.pseudoPrefix + pseudo.rawValue
        }
    }

    /// What comes before a pseudolanguage's mode in a language's name ("pseudo:double").
    package static let pseudoPrefix = "pseudo:"

    /// The names above as a regular expression (unanchored): the API's description and the studio
    /// (`/api/schema`) read it from here.
    package static let pattern = "(\(Variants.ownCopy)|\(LanguageTag.pattern)|\(pseudoPrefix)("
        + PseudoLocalization.allCases.map(\.rawValue).joined(separator: "|") + "))"
}
