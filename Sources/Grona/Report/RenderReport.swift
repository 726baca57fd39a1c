import Raster

/// What a render produced, for people and for tests (SPEC §4): every text with its line count,
/// truncation, contrast decision and the characters drawn as boxes; what VoiceOver reads, in order;
/// the touch targets; the graphics a shopper must make out (a button's fill, the progress fill) with
/// their contrast; and the findings drawn from all of these (`Findings`).
package struct RenderReport: Equatable, Sendable {
    package var width: Double
    package var height: Double
    package var scale: Int
    package var texts: [TextReport] = []
    package var accessibility: [AccessibilityElement] = []
    package var touchTargets: [TouchTarget] = []
    package var graphics: [GraphicContrast] = []
    /// Computed once per render by `Findings.of(_:)`, from everything above.
    package var findings: [Finding] = []

    package init(width: Double, height: Double, scale: Int) {
        self.width = width; self.height = height; self.scale = scale
    }

    /// The report as JSON, keys in the order of SPEC §4 (then `graphics` and `findings`), numbers with
    /// at most two decimals.
    package func json() -> String {
        func list(_ name: String, _ entries: [String], last: Bool = false) -> String {
            "  \"\(name)\": [" + entries.map { "\n    " + $0 }.joined(separator: ",")
                + (entries.isEmpty ? "]" : "\n  ]") + (last ? "\n" : ",\n")
        }
        var out = "{\n"
        out += "  \"size\": {\"width\": \(number(width)), \"height\": \(number(height)), \"scale\": \(scale)},\n"
        out += list("texts", texts.map { $0.json() })
        out += list("accessibility", accessibility.map { $0.json() })
        out += list("touchTargets", touchTargets.map { $0.json() })
        out += list("graphics", graphics.map { $0.json() })
        out += list("findings", findings.map { "{" + $0.jsonFields() + "}" }, last: true)
        return out + "}\n"
    }
}

extension RenderReport {
    /// One line per text that has characters no pinned font can draw, and one per text with
    /// private-use characters, naming the spec (its file), the text's role and the characters: what
    /// `render` warns with and why a golden is not recorded.
    package func missingCharacterMessages(spec: String) -> [String] {
        texts.flatMap { text in
            var lines: [String] = []
            if !text.missingCharacters.isEmpty {
                lines.append("\(spec): the \(text.role.rawValue) text has characters no pinned font can draw, "
                    + "drawn as boxes: " + text.missingCharacters.joined(separator: " "))
            }
            if !text.privateUseCharacters.isEmpty {
                lines.append("\(spec): the \(text.role.rawValue) text has private-use characters, which an "
                    + "iPhone's fonts draw their own way: " + text.privateUseCharacters.joined(separator: " "))
            }
            return lines
        }
    }
}

package struct TextReport: Equatable, Sendable {
    package var role: TextRole
    package var text: String
    package var shownText: String
    /// What each line shows, top to bottom, in logical order, the last of a cut text ending in "…".
    package var lineTexts: [String] = []
    /// Which rule ended each line but the last, top to bottom (`LineBreakReason`'s names: "space",
    /// "pushOut", "hangulWord", "dictionary", "ideographic", "punctuation", "softHyphen", "character",
    /// "newline").
    package var breaks: [String] = []
    package var lines: Int
    package var maxLines: Int
    package var truncated: Bool
    package var fontSize: Double
    package var frame: Rect
    package var color: TextColor
    /// Characters no pinned font can draw, drawn as boxes, as `"U+XXXX"` (at least four hex digits),
    /// each once in the order they appear. Empty when every character has a glyph.
    package var missingCharacters: [String] = []
    /// Private-use characters of the text (U+E000–U+F8FF, planes 15 and 16), whatever font maps
    /// them, as `"U+XXXX"`, each once in order.
    package var privateUseCharacters: [String] = []

    /// `U+` and the scalar's value in upper-case hexadecimal, at least four digits: "U+F8FF", "U+1F600".
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    func json() -> String {
        "{\"role\": \(string(role.rawValue)), \"text\": \(string(text)), \"shownText\": \(string(shownText)), "
            + "\"lines\": \(lines), \"lineTexts\": [\(lineTexts.map(string).joined(separator: ", "))], "
            + "\"breaks\": [\(breaks.map(string).joined(separator: ", "))], "
            + "\"maxLines\": \(maxLines), \"truncated\": \(truncated), "
            + "\"fontSize\": \(number(fontSize)), \"frame\": \(frameJSON(frame)), "
            + "\"preferredColor\": \(string(color.preferred.reportHex)), "
            + "\"preferredContrast\": \(number(color.preferredContrast)), \"color\": \(string(color.color.reportHex)), "
            + "\"background\": \(string(color.background.reportHex)), \"contrast\": \(number(color.contrast)), "
            + "\"minimumContrast\": \(number(color.minimumContrast)), "
            + "\"missingCharacters\": [\(missingCharacters.map(string).joined(separator: ", "))], "
            + "\"privateUseCharacters\": [\(privateUseCharacters.map(string).joined(separator: ", "))]}"
    }
}

package struct AccessibilityElement: Equatable, Sendable {
    package enum Trait: String, Sendable { case staticText, button }
    package var label: String
    package var trait: Trait
    /// What VoiceOver says: the label, then ", button" for the button (the overlay's legend and a
    /// shot list's alt text).
    package var spoken: String { label + (trait == .button ? ", button" : "") }
    func json() -> String { "{\"label\": \(string(label)), \"trait\": \(string(trait.rawValue))}" }
}

package struct TouchTarget: Equatable, Sendable {
    package var role: TextRole
    package var frame: Rect
    func json() -> String { "{\"role\": \(string(role.rawValue)), \"frame\": \(frameJSON(frame))}" }
}

/// A graphic that carries meaning without text, and what it is seen against (WCAG 1.4.11 asks 3:1):
/// a button's fill against the card, the progress fill against its track. The SDK draws these as
/// the theme says; GronaSnap only measures them.
package struct GraphicContrast: Equatable, Sendable {
    package enum Role: String, Sendable {
        case button, progressFill
    }
    package var role: Role
    /// The fill as the theme or campaign gives it (may be semi-transparent).
    package var color: Color
    /// The opaque colour it is drawn over.
    package var background: Color
    /// Contrast of `color`, composited over `background`, against `background`.
    package var contrast: Double
    /// WCAG 1.4.11's 3:1 for the visual information a control or a graphic needs.
    package static let minimumContrast = 3.0

    package init(role: Role, color: Color, background: Color) {
        self.role = role
        self.color = color
        self.background = Contrast.composite(background, over: .white)
        contrast = Contrast.ratio(color, self.background)
    }

    func json() -> String {
        "{\"role\": \(string(role.rawValue)), \"color\": \(string(color.reportHex)), "
            + "\"background\": \(string(background.reportHex)), \"contrast\": \(number(contrast)), "
            + "\"minimumContrast\": \(number(Self.minimumContrast))}"
    }
}

extension Color {
    /// How reports and findings print a colour: `#RRGGBB` when opaque, `#RRGGBBAA` when not, so a
    /// translucent campaign colour is never shown as the opaque colour it is not.
    package var reportHex: String { a == 255 ? rgbHex : rgbaHex }
}

private func frameJSON(_ r: Rect) -> String {
    "[\(number(r.x)), \(number(r.y)), \(number(r.width)), \(number(r.height))]"
}

private func number(_ value: Double) -> String { JSONText.number(value) }
private func string(_ text: String) -> String { JSONText.string(text) }

/// `text` as a JSON string literal (also for the server's JSON answers): `JSONText.string`.
package func jsonStringLiteral(_ text: String) -> String { JSONText.string(text) }
