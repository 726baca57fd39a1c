import Raster

/// A colour field of a spec, as the studio offers it and a fix names it: a theme token or a
/// campaign's own colour, with the SDK's default and what it colours (`ColorResolver`).
package struct ColorField: Sendable {
    package var token: String
    package var path: String
    package var label: String
    package var defaultColor: ThemeColor
    package var usedFor: String

    /// The theme's colour tokens.
    package static let theme: [ColorField] = [
        ColorField(token: "primary", path: "theme.primary", label: "Primary", defaultColor: Theme.defaultPrimary,
                   usedFor: "banner background; offer eyebrow and button; message icon; progress fill before the first reward"),
        ColorField(token: "onPrimary", path: "theme.onPrimary", label: "Text on primary", defaultColor: Theme.defaultOnPrimary,
                   usedFor: "banner copy; the offer's button label"),
        ColorField(token: "accent", path: "theme.accent", label: "Accent", defaultColor: Theme.defaultAccent,
                   usedFor: "banner eyebrow and button; the tint of offer and message cards; progress fill once a reward is reached"),
        ColorField(token: "surface", path: "theme.surface", label: "Card surface", defaultColor: Theme.defaultSurface,
                   usedFor: "the card of progress bars, offers and messages; the offer's code chip"),
        ColorField(token: "text", path: "theme.text", label: "Text", defaultColor: Theme.defaultText,
                   usedFor: "titles and body copy of progress bars, offers and messages"),
        ColorField(token: "mutedText", path: "theme.mutedText", label: "Secondary text", defaultColor: Theme.defaultMutedText,
                   usedFor: "the progress bar's reward labels and footnote"),
    ]

    /// A campaign's own colours (`component.style`), each replacing the theme's for this component.
    package static let campaign: [ColorField] = [
        ColorField(token: "background", path: "component.style.background", label: "Background", defaultColor: Theme.defaultSurface,
                   usedFor: "the card, instead of the theme's primary (banner) or surface"),
        ColorField(token: "text", path: "component.style.text", label: "Text", defaultColor: Theme.defaultText,
                   usedFor: "every text token of this component (onPrimary on a banner; text and secondary text elsewhere)"),
        ColorField(token: "accent", path: "component.style.accent", label: "Accent", defaultColor: Theme.defaultAccent,
                   usedFor: "the accent, in this component only"),
    ]
}
