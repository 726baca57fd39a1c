import Foundation
import Raster
import Locking

// Colour resolution, the SDK's "Light and dark appearance": the theme is fixed for the life of the
// process and each colour is resolved once, the first time Grona draws, in the appearance of that
// draw, and kept. So a `ColorResolver` lives as long as a renderer: the first `colors(for:appearance:)`
// resolves every theme token in that appearance, and every later call — even in the other appearance —
// reuses those values. A campaign's `{light, dark}` colour is likewise resolved the first time it is
// drawn and kept (keyed by its role and value). Fixed colours need no resolution.
//
// Then each component's colour roles (SPEC §2), with the campaign style overriding that component only:
//
//   banner       background primary; title/body/button label… onPrimary text; eyebrow accent;
//                button filled accent with a label in the banner's background colour
//   progressBar  background surface; title/body text; tier labels and footnote mutedText;
//                fill primary until the first tier is met, accent once it is; track = background
//                blended 12% toward text
//   offer        background surface tinted by accent; eyebrow primary; title/body text; code text on
//                a plain surface chip; button filled primary with an onPrimary label
//   message      background surface tinted by accent; title/body text; icon primary on a disc of the
//                background blended 35% toward accent
//
// The accent tint is surface blended 12% toward accent; 20% when the theme's surface has a dark
// variant and the theme was resolved in dark (a 12% tint is barely visible on a dark surface). Only
// a colour with a dark variant follows the appearance (SDK page, "Light and dark appearance"), so a
// theme of fixed colours draws the same in both appearances. A campaign `background` replaces the
// tinted surface outright. A campaign `text` replaces every text token of that component — onPrimary
// on banners, text and mutedText elsewhere (so footnotes and tier labels too) — and a campaign
// `accent` replaces accent everywhere in that component. Eyebrows keep their accent (banner) or
// primary (offer) colour and button labels their button's pairing: those are not text tokens.
//
// Every text colour then goes through the readable-contrast check (`TextColor`). A semi-transparent
// background is first composited over the system background (white in light, black in dark) of the
// appearance the theme was resolved in — the first draw's — and, like the colours themselves, that
// decision is kept: a renderer's text colours do not flip when the appearance changes later.

/// The theme's tokens resolved to single colours.
package struct ResolvedTheme: Equatable, Sendable {
    package var primary, onPrimary, accent, surface, text, mutedText: Color
    /// The appearance the theme was resolved in (the first draw's).
    package var appearance: Appearance
}

/// Resolves theme and campaign colours once and keeps them; share one per renderer.
package final class ColorResolver: Sendable {
    package let theme: Theme
    private struct Kept {
        var theme: ResolvedTheme?
        var campaignColors: [String: Color] = [:]
    }
    private let kept = Mutex(Kept())

    package init(theme: Theme) { self.theme = theme }

    /// The theme resolved in the appearance of the first call, for the life of this resolver.
    package func resolvedTheme(appearance: Appearance) -> ResolvedTheme {
        kept.withLock { kept in
            if let resolvedTheme = kept.theme { return resolvedTheme }
            let resolvedTheme = resolve(appearance: appearance)
            kept.theme = resolvedTheme
            return resolvedTheme
        }
    }

    private func resolve(appearance: Appearance) -> ResolvedTheme {
        let t = theme
        return ResolvedTheme(primary: t.primary.variant(for: appearance),
                             onPrimary: t.onPrimary.variant(for: appearance),
                             accent: t.accent.variant(for: appearance),
                             surface: t.surface.variant(for: appearance),
                             text: t.text.variant(for: appearance),
                             mutedText: t.mutedText.variant(for: appearance),
                             appearance: appearance)
    }

    /// A campaign colour, resolved the first time this role and value are drawn.
    func campaignColor(_ color: ThemeColor?, role: String, appearance: Appearance) -> Color? {
        guard let color else { return nil }
        guard case .adaptive(let light, let dark) = color else { return color.variant(for: appearance) }
        let key = "\(role) \(light.rgbaHex) \(dark.rgbaHex)"
        return kept.withLock { kept in
            if let known = kept.campaignColors[key] { return known }
            let resolved = color.variant(for: appearance)
            kept.campaignColors[key] = resolved
            return resolved
        }
    }

    /// Every colour `component` draws with, and the contrast decision for each of its text roles.
    package func colors(for component: Component, appearance: Appearance) -> ComponentColors {
        let t = resolvedTheme(appearance: appearance)
        let style = component.style
        let styleBackground = campaignColor(style?.background, role: "background", appearance: appearance)
        let styleText = campaignColor(style?.text, role: "text", appearance: appearance)
        let accent = campaignColor(style?.accent, role: "accent", appearance: appearance) ?? t.accent
        // What shows through a translucent card, as seen at the first draw (see the file comment).
        let backdrop: Color = t.appearance == .light ? .white : .black
        let tint = theme.surface.isAdaptive && t.appearance == .dark ? 0.20 : 0.12
        let tinted = Contrast.blend(t.surface, accent, tint)

        func opaque(_ c: Color) -> Color { Contrast.composite(c, over: backdrop) }
        let background: Color
        switch component.kind {
        case .banner: background = styleBackground ?? t.primary
        case .progressBar: background = styleBackground ?? t.surface
        case .offer, .message: background = styleBackground ?? tinted
        }
        let behind = opaque(background)
        let text = styleText ?? (component.kind == .banner ? t.onPrimary : t.text)
        let mutedText = styleText ?? t.mutedText
        var colors = ComponentColors(kind: component.kind, background: background, accent: accent)
        colors.seenBackground = behind
        // Which of the spec's colour fields each colour comes from, beside the colour itself, so an
        // editor can show a field's contrast as drawn (`ColorSources`).
        let textField = style?.text != nil ? "component.style.text" : (component.kind == .banner ? "theme.onPrimary" : "theme.text")
        let mutedField = style?.text != nil ? "component.style.text" : "theme.mutedText"
        let accentField = style?.accent != nil ? "component.style.accent" : "theme.accent"
        let cardFields: [String]
        switch component.kind {
        case _ where style?.background != nil: cardFields = ["component.style.background"]
        case .banner: cardFields = ["theme.primary"]
        case .progressBar: cardFields = ["theme.surface"]
        case .offer, .message: cardFields = ["theme.surface", accentField]
        }
        colors.fieldColors = ["theme.primary": t.primary, "theme.onPrimary": t.onPrimary, "theme.accent": t.accent,
                              "theme.surface": t.surface, "theme.text": t.text, "theme.mutedText": t.mutedText,
                              "component.style.background": background, "component.style.text": text,
                              "component.style.accent": accent]
        colors.cardFields = cardFields
        // A campaign field left out stands for the theme's fields it would replace.
        if style?.background == nil { colors.standsFor["component.style.background"] = cardFields }
        if style?.text == nil { colors.standsFor["component.style.text"] = Array(Set([textField, mutedField])).sorted() }
        if style?.accent == nil { colors.standsFor["component.style.accent"] = [accentField] }
        func add(_ role: TextRole, _ preferred: Color, on background: Color, from foreground: [String], over under: [String] = cardFields) {
            colors.add(role, preferred: preferred, on: background)
            colors.textSources[role] = ColorSources(foreground: foreground, background: under)
        }
        switch component {
        case .banner:
            colors.buttonBackground = accent
            colors.graphicSources[.button] = ColorSources(foreground: [accentField], background: cardFields)
            add(.eyebrow, accent, on: behind, from: [accentField])
            add(.title, text, on: behind, from: [textField])
            add(.body, text, on: behind, from: [textField])
            add(.button, behind, on: Contrast.composite(accent, over: behind), from: cardFields, over: [accentField])
        case .progressBar(let bar):
            colors.progressFill = bar.metTierCount > 0 ? accent : t.primary
            colors.progressTrack = Contrast.blend(behind, text, 0.12)
            colors.graphicSources[.progressFill] = ColorSources(foreground: [bar.metTierCount > 0 ? accentField : "theme.primary"],
                                                                background: cardFields + [textField])
            add(.title, text, on: behind, from: [textField])
            add(.body, text, on: behind, from: [textField])
            add(.tierLabel, mutedText, on: behind, from: [mutedField])
            add(.footnote, mutedText, on: behind, from: [mutedField])
        case .offer:
            colors.codeBackground = t.surface
            colors.buttonBackground = t.primary
            colors.graphicSources[.button] = ColorSources(foreground: ["theme.primary"], background: cardFields)
            add(.eyebrow, t.primary, on: behind, from: ["theme.primary"])
            add(.title, text, on: behind, from: [textField])
            add(.body, text, on: behind, from: [textField])
            add(.code, text, on: Contrast.composite(t.surface, over: behind), from: [textField], over: ["theme.surface"])
            add(.button, t.onPrimary, on: Contrast.composite(t.primary, over: behind), from: ["theme.onPrimary"], over: ["theme.primary"])
        case .message:
            colors.icon = t.primary
            colors.iconBackground = Contrast.blend(behind, accent, 0.35)
            add(.title, text, on: behind, from: [textField])
            add(.body, text, on: behind, from: [textField])
        }
        return colors
    }
}

/// The colours of one component as drawn: fills, and a contrast-checked colour per text role.
package struct ComponentColors: Equatable, Sendable {
    package var kind: Component.Kind
    /// The card's fill (may be semi-transparent if the theme or campaign says so).
    package var background: Color
    /// The card as seen: `background` composited over what shows through the card, the colour every
    /// text and graphic on it is measured against.
    package var seenBackground: Color?
    /// The component's accent (campaign accent or theme accent).
    package var accent: Color
    /// Banner and offer: the button's fill.
    package var buttonBackground: Color?
    /// Progress bar: the filled part (primary before the first tier is met, accent after) and the track.
    package var progressFill: Color?
    package var progressTrack: Color?
    /// Offer: the chip behind the code.
    package var codeBackground: Color?
    /// Message: the icon and the disc behind it.
    package var icon: Color?
    package var iconBackground: Color?
    /// One entry per text role the component kind has, in reading order.
    package var texts: [TextColor] = []
    /// The spec fields each text role's colour and background come from.
    package var textSources: [TextRole: ColorSources] = [:]
    /// The colour each of the spec's colour fields stands for here, as resolved (the SDK's default
    /// for a theme token left out; a campaign field left out, what the component draws instead).
    package var fieldColors: [String: Color] = [:]
    /// The spec fields the card's own colour comes from (`theme.primary` for a banner).
    package var cardFields: [String] = []
    /// The theme fields each campaign field left out of the spec stands for here
    /// (`component.style.text` → `theme.text`, `theme.mutedText`).
    package var standsFor: [String: [String]] = [:]
    /// The spec fields each measured graphic's fill and background come from.
    package var graphicSources: [GraphicContrast.Role: ColorSources] = [:]

    init(kind: Component.Kind, background: Color, accent: Color) {
        self.kind = kind; self.background = background; self.accent = accent
    }

    mutating func add(_ role: TextRole, preferred: Color, on background: Color) {
        texts.append(TextColor(role: role, preferred: preferred, background: background))
    }

    /// The colour decision for `role`, nil if the component has no such role.
    package func text(_ role: TextRole) -> TextColor? { texts.first { $0.role == role } }
}

/// The spec's colour fields a drawn colour and what it is drawn on come from, as paths
/// (`theme.onPrimary`, `component.style.text`): a field left out of the spec still names its place,
/// since the SDK's default stands in for it there.
package struct ColorSources: Equatable, Sendable {
    package var foreground: [String]
    package var background: [String]
}

extension Color {
    /// "#RRGGBB", the opaque form the render report prints (alpha dropped).
    package var rgbHex: String { "#" + [r, g, b].map(hexByte).joined() }
    /// "#RRGGBBAA".
    package var rgbaHex: String { "#" + [r, g, b, a].map(hexByte).joined() }
}

private func hexByte(_ value: UInt8) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
}
