import Raster

/// What a render produced, for people and for tests (SPEC §4): every text with its line count,
/// truncation, contrast decision and the characters drawn as boxes; what VoiceOver reads, in order;
/// the touch targets; the graphics a shopper must make out (a button's fill, the progress fill) with
/// their contrast; and the findings drawn from all of these (`Findings`).
public struct RenderReport: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public var scale: Int
    public var texts: [TextReport] = []
    public var accessibility: [AccessibilityElement] = []
    public var touchTargets: [TouchTarget] = []
    public var graphics: [GraphicContrast] = []
    /// Computed once per render by `Findings.of(_:)`, from everything above.
    public var findings: [Finding] = []

    public init(width: Double, height: Double, scale: Int) {
        self.width = width; self.height = height; self.scale = scale
    }

    /// The report as JSON, keys in the order of SPEC §4 (then `graphics` and `findings`), numbers with
    /// at most two decimals.
    public func json() -> String {
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
    public func missingCharacterMessages(spec: String) -> [String] {
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

public struct TextReport: Equatable, Sendable {
    public var role: TextRole
    public var text: String
    public var shownText: String
    /// What each line shows, top to bottom, in logical order, the last of a cut text ending in "…".
    public var lineTexts: [String] = []
    /// Which rule ended each line but the last, top to bottom (`LineBreakReason`'s names: "space",
    /// "pushOut", "hangulWord", "dictionary", "ideographic", "punctuation", "softHyphen", "character",
    /// "newline").
    public var breaks: [String] = []
    public var lines: Int
    public var maxLines: Int
    public var truncated: Bool
    public var fontSize: Double
    public var frame: Rect
    public var color: TextColor
    /// Characters no pinned font can draw, drawn as boxes, as `"U+XXXX"` (at least four hex digits),
    /// each once in the order they appear. Empty when every character has a glyph.
    public var missingCharacters: [String] = []
    /// Private-use characters of the text (U+E000–U+F8FF, planes 15 and 16), whatever font maps
    /// them, as `"U+XXXX"`, each once in order.
    public var privateUseCharacters: [String] = []

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

public struct AccessibilityElement: Equatable, Sendable {
    public enum Trait: String, Sendable { case staticText, button }
    public var label: String
    public var trait: Trait
    /// What VoiceOver says: the label, then ", button" for the button (the overlay's legend and a
    /// shot list's alt text).
    public var spoken: String { label + (trait == .button ? ", button" : "") }
    func json() -> String { "{\"label\": \(string(label)), \"trait\": \(string(trait.rawValue))}" }
}

public struct TouchTarget: Equatable, Sendable {
    public var role: TextRole
    public var frame: Rect
    func json() -> String { "{\"role\": \(string(role.rawValue)), \"frame\": \(frameJSON(frame))}" }
}

/// A graphic that carries meaning without text, and what it is seen against (WCAG 1.4.11 asks 3:1):
/// a button's fill against the card, the progress fill against its track. The SDK draws these as
/// the theme says; GronaSnap only measures them.
public struct GraphicContrast: Equatable, Sendable {
    public enum Role: String, Sendable {
        case button, progressFill
    }
    public var role: Role
    /// The fill as the theme or campaign gives it (may be semi-transparent).
    public var color: Color
    /// The opaque colour it is drawn over.
    public var background: Color
    /// Contrast of `color`, composited over `background`, against `background`.
    public var contrast: Double
    /// WCAG 1.4.11's 3:1 for the visual information a control or a graphic needs.
    public static let minimumContrast = 3.0

    public init(role: Role, color: Color, background: Color) {
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
    public var reportHex: String { a == 255 ? rgbHex : rgbaHex }
}

private func frameJSON(_ r: Rect) -> String {
    "[\(number(r.x)), \(number(r.y)), \(number(r.width)), \(number(r.height))]"
}

private func number(_ value: Double) -> String { JSONText.number(value) }
private func string(_ text: String) -> String { JSONText.string(text) }

/// `text` as a JSON string literal (also for the server's JSON answers): `JSONText.string`.
public func jsonStringLiteral(_ text: String) -> String { JSONText.string(text) }
