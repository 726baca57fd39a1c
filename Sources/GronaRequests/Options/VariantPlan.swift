import Grona

/// The variant axes as the command line and `serve` spell them, `--locales all` resolved per spec,
/// and golden names; which environments a plan gives is `Spec.plannedEnvironments` (Grona's one
/// variant planner).
package enum VariantPlan {
    /// The variant axes (comma lists or `all`: `OptionTable.textSizes` …) given in `options`, shared
    /// by the command line's `--text-sizes …` and `serve`'s `textSizes=…`; an axis given with its
    /// single-value override (`--locales` with `--locale`) is refused naming both.
    package static func axes(overrides: EnvironmentOverrides, options: OptionSource) throws -> Variants {
        func list<T>(_ key: OptionKey<[T]>, single: OptionKey<some Sendable>, isSet: Bool) throws -> [T]? {
            guard let values = try options.value(key) else { return nil }
            if isSet, let origin = options.origin(of: key) {
                throw RequestError.conflict(OptionSource.name(of: key.row, from: origin), single.row.name)
            }
            return values
        }
        let pseudos = try list(OptionTable.pseudos, single: OptionTable.pseudo, isSet: overrides.pseudo != nil)
        let locales = try list(OptionTable.locales, single: OptionTable.locale, isSet: overrides.locale != nil)
        if locales == [], (pseudos ?? []).isEmpty, let origin = options.origin(of: OptionTable.locales) {
            throw RequestError(OptionSource.name(of: OptionTable.locales.row, from: origin),
                               "an empty list needs pseudolanguages (pseudos); name base for the spec's own copy")
        }
        return Variants(
            textSizes: try list(OptionTable.textSizes, single: OptionTable.textSize, isSet: overrides.textSize != nil),
            appearances: try list(OptionTable.appearances, single: OptionTable.appearance, isSet: overrides.appearance != nil),
            directions: try list(OptionTable.directions, single: OptionTable.direction, isSet: overrides.direction != nil),
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
