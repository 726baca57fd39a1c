import Raster
import Text

/// A contrast finding's fix as one colour field set to one value: the field whose change clears the
/// finding (the button label on a banner is cleared by the accent, the button's fill, not by the
/// card), named in words, and checked by rendering the finding's variants again with it set, so a
/// fix that is offered is a fix that works.
package struct FieldFix: Equatable, Sendable {
    /// Where the value goes, from the spec's root: "component.style.accent", "theme.primary.dark".
    package var path: String
    /// "Accent (the button's fill)", "Primary in the app theme (the button's fill)".
    package var label: String
    package var color: Color

    package var hex: String { color.reportHex }
    package var sentence: String { "Set \(label) to \(hex)." }

    /// The spec with this fix applied.
    package func applied(to spec: Spec) -> Spec {
        var fixed = spec
        let steps = path.split(separator: ".").map(String.init)
        let appearance = steps.count == 3 && steps[0] == "theme" || steps.count == 4 ? steps.last.flatMap(Appearance.init(rawValue:)) : nil
        func set(_ old: ThemeColor?) -> ThemeColor {
            guard let appearance, case .adaptive(let light, let dark)? = old else { return .fixed(color) }
            return appearance == .light ? .adaptive(light: color, dark: dark) : .adaptive(light: light, dark: color)
        }
        switch (steps[0], steps.count >= 3 && steps[0] == "component" ? steps[2] : steps[1]) {
        case ("theme", "primary"): fixed.theme.primary = set(fixed.theme.primary)
        case ("theme", "onPrimary"): fixed.theme.onPrimary = set(fixed.theme.onPrimary)
        case ("theme", "accent"): fixed.theme.accent = set(fixed.theme.accent)
        case ("theme", "surface"): fixed.theme.surface = set(fixed.theme.surface)
        case ("theme", "text"): fixed.theme.text = set(fixed.theme.text)
        case ("theme", "mutedText"): fixed.theme.mutedText = set(fixed.theme.mutedText)
        case ("component", let token):
            var style = fixed.component.style ?? CampaignStyle()
            switch token {
            case "background": style.background = set(style.background)
            case "text": style.text = set(style.text)
            default: style.accent = set(style.accent)
            }
            fixed.component.style = style
            // Each localization's copy keeps its own fields; the style is the component's.
        default: break
        }
        return fixed
    }
}

extension FindingGroup {
    /// The contrast kinds, whose fix is a colour.
    package static let colourKinds: Set<Finding.Kind> = [.contrastReplaced, .contrastBelowMinimum, .nonTextContrast]

    /// The colour field that clears this group's finding in every one of its variants, and its new
    /// colour: each field the resolver says the two colours come from (`ColorSources`), a campaign
    /// colour before the theme token it stands for, and a field that is not the card before the
    /// card (changing the card changes everything on it), moved toward black or white until the
    /// contrast reaches the minimum; the first whose render no longer has the finding. nil for any
    /// other kind, or when no field clears it within `renders` (each check of a variant takes one,
    /// so a request's fixes cost a known number of layouts at most).
    package func fieldFix(in spec: Spec, engine: TextEngine, renders: inout Int) -> FieldFix? {
        let finding = first
        guard Self.colourKinds.contains(finding.kind), let environment = variants.first else { return nil }
        let component = spec.localized(for: environment).component
        let colors = ColorResolver(theme: spec.theme).colors(for: component, appearance: environment.appearance)
        let sources: ColorSources?, foreground: Color, background: Color, minimum: Double
        switch finding.detail {
        case .contrastReplaced(let c), .contrastBelowMinimum(let c):
            sources = TextRole(rawValue: finding.role).flatMap { colors.textSources[$0] }
            foreground = c.preferredColor; background = c.background; minimum = c.minimumContrast
        case .nonTextContrast(let color, let behind, _, let least):
            sources = GraphicContrast.Role(rawValue: finding.role).flatMap { colors.graphicSources[$0] }
            foreground = color; background = behind; minimum = least
        default: return nil
        }
        guard let sources else { return nil }
        // A theme token's place is taken by the campaign's own colour standing for it, so the fix
        // changes this campaign only; the theme token is tried after it.
        func paths(_ fields: [String]) -> [String] {
            var out: [String] = []
            for field in fields {
                let campaign = ColorField.campaign.map(\.path).first { (colors.standsFor[$0] ?? []).contains(field) }
                for path in [campaign, field].compactMap({ $0 }) where !out.contains(path) { out.append(path) }
            }
            return out
        }
        let isCard = { (path: String) in
            colors.cardFields.contains(path) || path == "component.style.background"
                || (colors.standsFor[path] ?? []).contains { colors.cardFields.contains($0) }
        }
        var candidates: [(path: String, moving: Color, against: Color, side: Side)] =
            paths(sources.foreground).map { ($0, foreground, background, .foreground) }
            + paths(sources.background).map { ($0, background, Contrast.composite(foreground, over: background), .background) }
        candidates = candidates.filter { !isCard($0.path) } + candidates.filter { isCard($0.path) }
        // The variants that can differ in colour or in the contrast a role needs: appearance and text
        // size (the colours are the component's whatever the language or direction).
        var checked: [Environment] = []
        for variant in variants where !checked.contains(where: { $0.appearance == variant.appearance && $0.textSize == variant.textSize }) {
            checked.append(variant)
        }
        for candidate in candidates {
            guard let color = Self.nearest(minimum, from: candidate.moving, against: candidate.against) else { continue }
            var path = candidate.path
            if case .adaptive? = Self.value(at: path, in: spec) { path += "." + environment.appearance.rawValue }
            let fix = FieldFix(path: path, label: Self.fieldLabel(candidate.path, role: finding.role, side: candidate.side,
                                                                  graphic: finding.kind == .nonTextContrast, card: isCard(candidate.path)),
                               color: color)
            let fixed = fix.applied(to: spec)
            guard renders >= checked.count else { return nil }
            renders -= checked.count
            let cleared = checked.allSatisfy { variant in
                guard let report = try? ComponentRenderer(spec: fixed, engine: engine).report(variant) else { return false }
                // The text's finding and the shape's are apart: a button's label and its fill share the role.
                return !report.findings.contains { $0.role == finding.role && ($0.kind == .nonTextContrast) == (finding.kind == .nonTextContrast)
                    && Self.colourKinds.contains($0.kind) }
            }
            if cleared { return fix }
        }
        return nil
    }

    enum Side { case foreground, background }

    /// The colour nearest `color`, toward black or toward white, whose contrast against `other`
    /// reaches `minimum` (white text on a yellow card reaches it toward black only).
    static func nearest(_ minimum: Double, from color: Color, against other: Color) -> Color? {
        let opaque = Contrast.composite(color, over: other)
        for step in 1...100 {
            for goal in [Color.black, Color.white] {
                let candidate = Contrast.blend(opaque, goal, Double(step) / 100)
                if Contrast.ratio(candidate, other) >= minimum { return candidate }
            }
        }
        return nil
    }

    static func value(at path: String, in spec: Spec) -> ThemeColor? {
        switch path {
        case "theme.primary": return spec.theme.primary
        case "theme.onPrimary": return spec.theme.onPrimary
        case "theme.accent": return spec.theme.accent
        case "theme.surface": return spec.theme.surface
        case "theme.text": return spec.theme.text
        case "theme.mutedText": return spec.theme.mutedText
        case "component.style.background": return spec.component.style?.background
        case "component.style.text": return spec.component.style?.text
        case "component.style.accent": return spec.component.style?.accent
        default: return nil
        }
    }

    /// "Accent (the button's fill)": the field's label, with what it colours where the finding is.
    static func fieldLabel(_ path: String, role: String, side: Side, graphic: Bool, card: Bool) -> String {
        let name = ColorField.campaign.first { $0.path == path }?.label
            ?? ColorField.theme.first { $0.path == path }.map { "\($0.label) in the app theme" } ?? path
        let what: String
        if card {
            what = "the card"
        } else if graphic {
            what = side == .foreground
                ? (role == TextRole.button.rawValue ? "the button's fill" : "the \(plainRoleName(role))")
                : "what the \(plainRoleName(role)) is on"
        } else if side == .foreground {
            what = "the \(plainRoleName(role))'s colour"
        } else {
            what = role == TextRole.button.rawValue ? "the button's fill" : role == TextRole.code.rawValue ? "the code chip" : "what the \(plainRoleName(role)) is on"
        }
        return "\(name) (\(what))"
    }
}
