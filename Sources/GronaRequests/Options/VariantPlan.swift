import Grona

/// The variant axes as the command line and `serve` spell them, `--locales all` resolved per spec,
/// and golden names; which environments a plan gives is `Spec.plannedEnvironments` (Grona's one
/// variant planner).
package enum VariantPlan {
    /// The names of one variant axis: its list option and the single-value override it conflicts with.
    package struct AxisName: Sendable { public let list, single: String }

    /// The variant axes (comma lists or `all`) read through `value`, shared by the command line's
    /// `--text-sizes …` options and `serve`'s `textSizes=…` query parameters, which differ only in
    /// how a name is spelled and how an error is worded.
    package static func axes(overrides: EnvironmentOverrides, value: (AxisName) -> String?,
                     conflict: (AxisName) -> Error, invalid: (AxisName, Error) -> Error) throws -> Variants {
        func list<T>(_ name: AxisName, isSet: Bool, all: [T], allowsEmpty: Bool = false,
                     parse: (String) throws -> T) throws -> [T]? {
            guard let text = value(name) else { return nil }
            if isSet { throw conflict(name) }
            if text == "all" { return all }
            if text.isEmpty, allowsEmpty { return [] }
            var values: [T] = []
            for word in text.split(separator: ",", omittingEmptySubsequences: false) {
                do { values.append(try parse(String(word))) } catch { throw invalid(name, error) }
            }
            return values
        }
        let pseudos = try list(AxisName(list: "pseudos", single: "pseudo"), isSet: overrides.pseudo != nil,
                               all: PseudoLocalization.allCases, parse: EnvironmentOverrides.parsePseudo)
        let localesName = AxisName(list: "locales", single: "locale")
        // `base` names the spec's own copy beside its localizations; nothing, the pseudolanguages
        // alone (so a list of languages can leave the spec's own copy out).
        let locales = try list(localesName, isSet: overrides.locale != nil, all: [allLocales], allowsEmpty: true) { text in
            text == Variants.ownCopy ? text : try EnvironmentOverrides.parseLocale(text)
        }
        if locales == [], (pseudos ?? []).isEmpty {
            throw invalid(localesName, RequestError("an empty list needs pseudolanguages (pseudos); name base for the spec's own copy"))
        }
        return Variants(
            textSizes: try list(AxisName(list: "text-sizes", single: "text-size"), isSet: overrides.textSize != nil,
                                all: TextSize.allCases, parse: EnvironmentOverrides.parseTextSize),
            appearances: try list(AxisName(list: "appearances", single: "appearance"), isSet: overrides.appearance != nil,
                                  all: Appearance.allCases, parse: EnvironmentOverrides.parseAppearance),
            directions: try list(AxisName(list: "directions", single: "direction"), isSet: overrides.direction != nil,
                                 all: LayoutDirection.allCases, parse: EnvironmentOverrides.parseDirection),
            // "all" needs the spec, which is read later: a placeholder stands for it until then
            // (`axes(_:for:)` replaces it).
            locales: locales, pseudos: pseudos)
    }

    /// Stands for `--locales all` until the spec is read; not a language tag, so never a real locale.
    package static let allLocales = "*"

    /// The axes for one spec: `--locales all` becomes the spec's own locale and every locale it has
    /// a localization for, or no locale axis (the spec's own languages) when it has neither.
    package static func axes(_ axes: Variants, for spec: Spec) -> Variants {
        guard axes.locales == [allLocales] else { return axes }
        var resolved = axes
        let own = spec.environment.locale.map { [$0] } ?? []
        let locales = own + spec.localizations.keys.filter { !own.contains($0) }.sorted()
        resolved.locales = locales.isEmpty ? nil : locales
        return resolved
    }

    /// The spec as `Spec.plannedEnvironments` leaves it, for golden names (the width goes into names only
    /// while the width axis is there).
    package static func naming(_ spec: Spec, overrides: EnvironmentOverrides) -> Spec {
        var named = spec
        if overrides.width != nil { named.variants?.widths = nil }
        return named
    }
}
