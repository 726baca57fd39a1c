// The locale stage: spec → the spec as an app running in one language shows it. It runs first in
// every render (ComponentRenderer.render), so `render`, `sheet`, `batch`, `animate`, `verify` and
// `assertSnapshot` all localize the same way, and layout never sees a localization:
//
//   spec ──locale──▶ spec with that locale's copy, pseudolanguage applied, direction fixed
//        ──layout──▶ Scene ──raster──▶ Pixmap
//
// Which copy: the localization whose tag is the locale's, else the locale with its last subtag
// dropped, and so on ("zh-Hant-TW" → "zh-Hant" → "zh", RFC 4647 lookup, as iOS finds an .lproj);
// a locale without one shows the base copy, as an app does in a language it is not translated into.
// A field a localization leaves out shows the base copy too.

/// One locale's copy of a component: replacement text by field; fields left out keep the base copy.
package struct Localization: Equatable, Sendable {
    /// Replacement text of the component's own fields (eyebrow, title, body, button, code, footnote).
    package var texts: [TextRole: String]
    /// A progress bar's tier labels by position; nil keeps that tier's base label. Never longer
    /// than the component's tiers (the decoder guarantees it).
    package var tierLabels: [String?]

    package init(texts: [TextRole: String] = [:], tierLabels: [String?] = []) {
        self.texts = texts; self.tierLabels = tierLabels
    }

    /// The fields a component of `kind` can localize, in the order SPEC §1 lists them; `tiers` is
    /// the progress bar's tier labels.
    package static func fields(of kind: Component.Kind) -> [String] {
        kind.fields.filter(\.isLocalizable).map(\.name)
    }
}

extension Spec {
    /// The localization `locale` shows: its own, else that of the tag less its last subtag, and so on.
    package func localization(for locale: String) -> Localization? {
        guard !localizations.isEmpty else { return nil }
        var tag = (try? LanguageTag(parsing: locale))?.description ?? locale
        while true {
            if let found = localizations[tag] { return found }
            guard let dash = tag.lastIndex(of: "-") else { return nil }
            tag = String(tag[..<dash])
            // "de-x-formal" → "de-x" is no tag: drop a trailing singleton too.
            if let dash = tag.lastIndex(of: "-"), tag.distance(from: dash, to: tag.endIndex) == 2 {
                tag = String(tag[..<dash])
            }
        }
    }

    /// The locale stage (see the top of this file): this spec as it shows in `environment`'s
    /// language — the locale's copy, the pseudolanguage's transformation over it, and the
    /// environment with its direction fixed (the language's unless one was set).
    public func localized(for environment: Environment) -> Spec {
        var spec = self
        if let locale = environment.locale, let localization = localization(for: locale) {
            spec.component = component.applying(localization)
        }
        if let pseudo = environment.pseudo {
            spec.component = spec.component.mappingTexts(pseudo.transform)
        }
        spec.environment = environment
        spec.environment.direction = environment.direction
        return spec
    }
}

extension Component {
    /// The component with `localization`'s text in place of the base copy where it has some.
    func applying(_ localization: Localization) -> Component {
        let text = localization.texts
        switch self {
        case .banner(var c):
            c.eyebrow = text[.eyebrow] ?? c.eyebrow; c.title = text[.title] ?? c.title
            c.body = text[.body] ?? c.body; c.button = text[.button] ?? c.button
            return .banner(c)
        case .progressBar(var c):
            c.title = text[.title] ?? c.title; c.body = text[.body] ?? c.body
            c.footnote = text[.footnote] ?? c.footnote
            for (index, label) in localization.tierLabels.enumerated() where index < c.tiers.count {
                if let label { c.tiers[index].label = label }
            }
            return .progressBar(c)
        case .offer(var c):
            c.eyebrow = text[.eyebrow] ?? c.eyebrow; c.title = text[.title] ?? c.title
            c.body = text[.body] ?? c.body; c.code = text[.code] ?? c.code; c.button = text[.button] ?? c.button
            return .offer(c)
        case .message(var c):
            c.title = text[.title] ?? c.title; c.body = text[.body] ?? c.body
            return .message(c)
        }
    }

    /// The component with `transform` applied to every piece of copy, tier labels included.
    func mappingTexts(_ transform: (String) -> String) -> Component {
        switch self {
        case .banner(var c):
            c.eyebrow = c.eyebrow.map(transform); c.title = transform(c.title)
            c.body = c.body.map(transform); c.button = c.button.map(transform)
            return .banner(c)
        case .progressBar(var c):
            c.title = transform(c.title); c.body = c.body.map(transform); c.footnote = c.footnote.map(transform)
            for index in c.tiers.indices { c.tiers[index].label = transform(c.tiers[index].label) }
            return .progressBar(c)
        case .offer(var c):
            c.eyebrow = c.eyebrow.map(transform); c.title = transform(c.title); c.body = c.body.map(transform)
            c.code = c.code.map(transform); c.button = c.button.map(transform)
            return .offer(c)
        case .message(var c):
            c.title = c.title.map(transform); c.body = transform(c.body)
            return .message(c)
        }
    }
}
