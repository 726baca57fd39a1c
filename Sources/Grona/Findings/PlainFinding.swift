import Raster

/// A group of findings said for a marketer rather than an engineer: what is wrong in plain words,
/// why it matters, and what to change, with the colours involved for swatches. Built from the same
/// `FindingGroup` (so the same grouping and the same figures as `check`), never by re-checking.
///
/// Copy quoted from the campaign is wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE
/// (U+2068 … U+2069), so right-to-left copy inside an English sentence keeps its own order and does
/// not reorder the words around it; `copy` holds it unwrapped for a page that isolates it itself.
package struct PlainFinding: Equatable, Sendable {
    /// A colour the sentence names, for a swatch: its hex and what it is ("text", "background").
    package struct Swatch: Equatable, Sendable {
        package var hex: String
        package var label: String
    }

    package var kind: Finding.Kind
    package var role: String
    /// "The title is cut after 2 lines: it shows “Two pastries for…”."
    package var sentence: String
    /// Why it matters, for a reader who does not know the rule.
    package var why: String
    /// What to change, when there is something concrete to say ("Darken the background to #0B3D2E
    /// to keep the white text.").
    package var fix: String?
    /// Where it happens among the variants checked: "at AX3–AX5 in dark", "in every variant".
    package var place: String
    package var swatches: [Swatch]
    /// The campaign's copy the sentence quotes, unwrapped (nil when it quotes none).
    package var copy: String?
    /// The contrast minimum the finding is about, as people read it ("4.5:1").
    package var minimum: String?
}

/// A contrast ratio as people read it, `4.4:1` (one decimal, rounded down, as findings print it).
package func readableContrast(_ ratio: Double) -> String { readableRatio(ratio) }

/// What a text or graphic role is called in a marketer's sentence.
package func plainRoleName(_ role: String) -> String {
    switch role {
    case TextRole.eyebrow.rawValue: return "eyebrow"
    case TextRole.title.rawValue: return "title"
    case TextRole.body.rawValue: return "body text"
    case TextRole.button.rawValue: return "button label"
    case TextRole.code.rawValue: return "code"
    case TextRole.footnote.rawValue: return "footnote"
    case TextRole.tierLabel.rawValue: return "reward label"
    case GraphicContrast.Role.progressFill.rawValue: return "progress fill"
    default: return role
    }
}

extension FindingGroup {
    /// The group for a marketer, where it happens described among `all` variants checked.
    package func plain(among all: [Environment]) -> PlainFinding {
        let finding = first
        let role = plainRoleName(finding.role)
        let place = Self.describe(variants, among: all, plain: true)
        var plain = PlainFinding(kind: finding.kind, role: finding.role, sentence: "", why: "", fix: nil, place: place,
                                 swatches: [], copy: nil, minimum: nil)
        switch finding.detail {
        case .truncated(let shown, _, let maxLines, _):
            let cut = "The \(role) is cut after \(maxLines) line\(maxLines == 1 ? "" : "s")"
            // Cut in several languages: each shows its own words, so none is quoted for all.
            if !sameCopy {
                plain.sentence = cut + "."
            } else {
                plain.copy = shown
                plain.sentence = cut + ": it shows \(isolatedQuote(shown))."
            }
            plain.why = "Shoppers never see the rest of the copy; longer languages and larger text sizes cut it sooner."
            plain.fix = "Shorten the \(role), or look at it in the longest language and the largest text size."
        case .contrastReplaced(let c):
            plain.minimum = readableRatio(c.minimumContrast)
            plain.swatches = [PlainFinding.Swatch(hex: c.preferredColor.reportHex, label: "chosen \(role) colour"),
                              PlainFinding.Swatch(hex: c.background.reportHex, label: "background"),
                              PlainFinding.Swatch(hex: c.color.reportHex, label: "colour the app draws")]
            plain.sentence = "The \(role) colour \(c.preferredColor.reportHex) is too faint on \(c.background.reportHex) "
                + "(\(readableRatio(c.preferredContrast)), needs \(readableRatio(c.minimumContrast))), "
                + "so the app draws the \(role) in \(c.color.reportHex) instead."
            plain.why = Self.textWhy(c.minimumContrast)
            plain.fix = Self.contrastFix(keeping: c.preferredColor, on: c.background, minimum: c.minimumContrast, role: role)
        case .contrastBelowMinimum(let c):
            plain.minimum = readableRatio(c.minimumContrast)
            plain.swatches = [PlainFinding.Swatch(hex: c.color.reportHex, label: "\(role) colour"),
                              PlainFinding.Swatch(hex: c.background.reportHex, label: "background")]
            plain.sentence = "The \(role) is hard to read: \(c.color.reportHex) on \(c.background.reportHex) is "
                + "\(readableRatio(c.contrast)), under the \(readableRatio(c.minimumContrast)) it needs."
            plain.why = Self.textWhy(c.minimumContrast)
                + " Here neither white nor near-black reaches it, so the app cannot fix it."
            plain.fix = Self.contrastFix(keeping: c.preferredColor, on: c.background, minimum: c.minimumContrast, role: role)
        case .nonTextContrast(let color, let background, let contrast, let minimum):
            plain.minimum = readableRatio(minimum)
            let against = finding.role == GraphicContrast.Role.progressFill.rawValue ? "its track" : "the card"
            let noun = finding.role == TextRole.button.rawValue ? "button" : role
            plain.swatches = [PlainFinding.Swatch(hex: color.reportHex, label: noun), PlainFinding.Swatch(hex: background.reportHex, label: against)]
            plain.sentence = "The \(noun) \(color.reportHex) is hard to make out against \(against) \(background.reportHex) "
                + "(\(readableRatio(contrast)), needs \(readableRatio(minimum)))."
            plain.why = "Shapes that carry meaning, such as a button or how far the bar is filled, need "
                + "\(readableRatio(minimum)) against what is around them to be seen by people with low vision (WCAG 1.4.11)."
            if let better = Self.reaching(minimum, from: color, against: background) {
                plain.fix = "Use \(better.reportHex) for the \(noun) (\(readableRatio(Contrast.ratio(better, background))))."
            }
        case .emptyText:
            plain.sentence = "The \(role) is only spaces: nothing shows, and VoiceOver reads out an empty label."
            plain.why = "People who listen to the screen hear a pause with nothing in it."
            plain.fix = "Write the \(role), or leave the field out."
        case .touchTarget(let width, let height, let minimum):
            plain.sentence = "The button is \(JSONText.number(width)) × \(JSONText.number(height)) pt, smaller than "
                + "the \(JSONText.number(minimum)) × \(JSONText.number(minimum)) pt a finger needs."
            plain.why = "A small button is easy to miss, most of all for people with less precise hands."
            plain.fix = "Give the card more room around the button, or lower the text size it is checked at."
        case .missingCharacters(let characters):
            plain.sentence = "The \(role) has characters the fonts cannot draw; they show as empty boxes (\(characters.joined(separator: " ")))."
            plain.why = "Shoppers see boxes instead of letters."
            plain.fix = "Use a font that has these characters, or write the copy without them."
        case .privateUseCharacters(let characters):
            plain.sentence = "The \(role) has private-use characters (\(characters.joined(separator: " "))), which each phone draws its own way."
            plain.why = "What shows on an iPhone may be a different symbol, or a box."
            plain.fix = "Use ordinary characters or emoji instead."
        }
        return plain
    }

    private static func textWhy(_ minimum: Double) -> String {
        "Text needs \(readableRatio(minimum)) contrast against its background to be read by people with low vision "
            + "and on a phone in sunlight (WCAG 1.4.3)."
    }

    /// "Darken the background to #0B3D2E to keep the #FFFFFF text, or use #… for the title."
    private static func contrastFix(keeping text: Color, on background: Color, minimum: Double, role: String) -> String? {
        var ways: [String] = []
        let textIsLighter = Contrast.relativeLuminance(Contrast.composite(text, over: background))
            > Contrast.relativeLuminance(background)
        if let card = reaching(minimum, from: background, against: Contrast.composite(text, over: background)) {
            ways.append("\(textIsLighter ? "darken" : "lighten") the background to \(card.reportHex) to keep the \(text.reportHex) \(role)")
        }
        if let ink = reaching(minimum, from: text, against: background) {
            ways.append("use \(ink.reportHex) for the \(role)")
        }
        guard !ways.isEmpty else { return nil }
        let sentence = ways.joined(separator: ", or ")
        return sentence.prefix(1).uppercased() + sentence.dropFirst() + "."
    }

    /// The colour nearest `color` (moved toward black or white, away from `other`) whose contrast
    /// against `other` reaches `minimum`; nil when even black or white does not.
    static func reaching(_ minimum: Double, from color: Color, against other: Color) -> Color? {
        let opaque = Contrast.composite(color, over: other)
        let goal: Color = Contrast.relativeLuminance(opaque) > Contrast.relativeLuminance(other) ? .white : .black
        for step in 1...100 {
            let candidate = Contrast.blend(opaque, goal, Double(step) / 100)
            if Contrast.ratio(candidate, other) >= minimum { return candidate }
        }
        return nil
    }
}

/// `text` in curly quotes, isolated from the sentence around it (U+2068 … U+2069).
func isolatedQuote(_ text: String) -> String { "“\u{2068}\(text)\u{2069}”" }
