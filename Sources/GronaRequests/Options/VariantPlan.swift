import Grona

/// Which environments a spec is rendered in by `sheet`, `check` and `batch`: the spec's variants (or the
/// spec's own environment), with the command line's axes replacing the spec's, and an override of
/// one setting (`--scale 2`) fixing that axis to the one value.
public enum VariantPlan {
    public static func environments(of spec: Spec, overrides: EnvironmentOverrides, axes: Variants = Variants()) -> [Environment] {
        var variants = spec.variants ?? Variants()
        if let v = axes.textSizes { variants.textSizes = v }
        if let v = axes.appearances { variants.appearances = v }
        if let v = axes.directions { variants.directions = v }
        // --locales replaces the spec's languages, its pseudolanguages too unless --pseudos is given.
        if let v = axes.locales { variants.locales = v; variants.pseudos = nil }
        if let v = axes.pseudos { variants.pseudos = v }
        // --locale or --pseudo fixes the language: one locale, one pseudolanguage (or none).
        if overrides.locale != nil || overrides.pseudo != nil { variants.locales = nil; variants.pseudos = nil }
        if overrides.textSize != nil { variants.textSizes = nil }
        if overrides.appearance != nil { variants.appearances = nil }
        if overrides.direction != nil { variants.directions = nil }
        if overrides.scale != nil { variants.scales = nil }
        if overrides.width != nil { variants.widths = nil }
        return variants.environments(base: spec.environment.applying(overrides))
    }

    /// The names of one variant axis: its list option and the single-value override it conflicts with.
    public struct AxisName: Sendable { public let list, single: String }

    /// The variant axes (comma lists or `all`) read through `value`, shared by the command line's
    /// `--text-sizes …` options and `serve`'s `textSizes=…` query parameters, which differ only in
    /// how a name is spelled and how an error is worded.
    public static func axes(overrides: EnvironmentOverrides, value: (AxisName) -> String?,
                     conflict: (AxisName) -> Error, invalid: (AxisName, Error) -> Error) throws -> Variants {
        func list<T>(_ name: AxisName, isSet: Bool, all: [T], parse: (String) throws -> T) throws -> [T]? {
            guard let text = value(name) else { return nil }
            if isSet { throw conflict(name) }
            if text == "all" { return all }
            var values: [T] = []
            for word in text.split(separator: ",", omittingEmptySubsequences: false) {
                do { values.append(try parse(String(word))) } catch { throw invalid(name, error) }
            }
            return values
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
            locales: try list(AxisName(list: "locales", single: "locale"), isSet: overrides.locale != nil,
                              all: [allLocales], parse: EnvironmentOverrides.parseLocale),
            pseudos: try list(AxisName(list: "pseudos", single: "pseudo"), isSet: overrides.pseudo != nil,
                              all: PseudoLocalization.allCases, parse: EnvironmentOverrides.parsePseudo))
    }

    /// Stands for `--locales all` until the spec is read; not a language tag, so never a real locale.
    public static let allLocales = "*"

    /// The axes for one spec: `--locales all` becomes the spec's own locale and every locale it has
    /// a localization for, or no locale axis (the spec's own languages) when it has neither.
    public static func axes(_ axes: Variants, for spec: Spec) -> Variants {
        guard axes.locales == [allLocales] else { return axes }
        var resolved = axes
        let own = spec.environment.locale.map { [$0] } ?? []
        let locales = own + spec.localizations.keys.filter { !own.contains($0) }.sorted()
        resolved.locales = locales.isEmpty ? nil : locales
        return resolved
    }

    /// The spec as `environments(of:…)` leaves it, for golden names (the width goes into names only
    /// while the width axis is there).
    public static func naming(_ spec: Spec, overrides: EnvironmentOverrides) -> Spec {
        var named = spec
        if overrides.width != nil { named.variants?.widths = nil }
        return named
    }
}
