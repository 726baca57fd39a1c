/// A decoded, validated spec file: everything needed to render one component, plus its variants.
public struct Spec: Equatable, Sendable {
    /// The file name without `.json`; golden files live under this name.
    public var name: String
    /// The spec's path as given to the decoder; errors found later (a font or image that cannot be
    /// read) name it.
    public var file: String
    /// Absolute path of the folder holding the spec; relative paths in it were resolved against it.
    public var folder: String
    public var theme: Theme
    public var component: Component
    public var environment: Environment
    public var variants: Variants?
    /// Each locale's copy (keys are canonical BCP 47 tags); the component holds the base copy.
    package var localizations: [String: Localization] = [:]
    /// Where the decoder allowed files to come from, when it was given asset roots: the renderer
    /// holds a bold face it finds by itself (beside the regular font) to the same rule.
    var confinement: AssetPaths?

    public init(name: String, file: String? = nil, folder: String, theme: Theme, component: Component, environment: Environment,
                variants: Variants?) {
        self.name = name; self.file = file ?? name + ".json"; self.folder = folder; self.theme = theme; self.component = component
        self.environment = environment; self.variants = variants
    }

    /// The environments `verify` and `sheet` render: the variants' product, or the spec's one.
    package var variantEnvironments: [Environment] { plannedEnvironments() }

    /// The golden file name for one of `variantEnvironments`.
    package func goldenName(for environment: Environment) -> String {
        Variants.goldenName(specName: name, environment: environment,
                            includingWidth: variants?.namesIncludeWidth ?? false, perLocale: hasGoldensPerLocale)
    }

    /// A spec with localizations, or a locale axis, keeps its goldens in a folder per locale
    /// (`<spec>/<locale>/<variant>.png`); any other spec keeps `<spec>/<variant>.png`.
    package var hasGoldensPerLocale: Bool { !localizations.isEmpty || variants?.locales != nil }
}
