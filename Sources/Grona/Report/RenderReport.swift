import Raster

/// What a render produced, for people and for tests (SPEC §4): every text with its line count,
/// truncation, contrast decision and the characters drawn as boxes; what VoiceOver reads, in order; the touch targets.
public struct RenderReport: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public var scale: Int
    public var texts: [TextReport] = []
    public var accessibility: [AccessibilityElement] = []
    public var touchTargets: [TouchTarget] = []

    /// The report as JSON, keys in the order of SPEC §4, numbers with at most two decimals.
    public func json() -> String {
        var out = "{\n"
        out += "  \"size\": {\"width\": \(number(width)), \"height\": \(number(height)), \"scale\": \(scale)},\n"
        out += "  \"texts\": [" + texts.map { "\n    " + $0.json() }.joined(separator: ",") + (texts.isEmpty ? "],\n" : "\n  ],\n")
        out += "  \"accessibility\": [" + accessibility.map { "\n    " + $0.json() }.joined(separator: ",")
            + (accessibility.isEmpty ? "],\n" : "\n  ],\n")
        out += "  \"touchTargets\": [" + touchTargets.map { "\n    " + $0.json() }.joined(separator: ",")
            + (touchTargets.isEmpty ? "]\n" : "\n  ]\n")
        return out + "}\n"
    }
}

extension RenderReport {
    /// One line per text that has characters no pinned font can draw, naming the spec (its file),
    /// the text's role and the characters: what `render` warns with and why a golden is not recorded.
    public func missingCharacterMessages(spec: String) -> [String] {
        texts.filter { !$0.missingCharacters.isEmpty }.map {
            "\(spec): the \($0.role.rawValue) text has characters no pinned font can draw, drawn as boxes: "
                + $0.missingCharacters.joined(separator: " ")
        }
    }
}

public struct TextReport: Equatable, Sendable {
    public var role: TextRole
    public var text: String
    public var shownText: String
    public var lines: Int
    public var maxLines: Int
    public var truncated: Bool
    public var fontSize: Double
    public var frame: Rect
    public var color: TextColor
    /// Characters no pinned font can draw, drawn as boxes, as `"U+XXXX"` (at least four hex digits),
    /// each once in the order they appear. Empty when every character has a glyph.
    public var missingCharacters: [String] = []

    /// `U+` and the scalar's value in upper-case hexadecimal, at least four digits: "U+F8FF", "U+1F600".
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    func json() -> String {
        "{\"role\": \(string(role.rawValue)), \"text\": \(string(text)), \"shownText\": \(string(shownText)), "
            + "\"lines\": \(lines), \"maxLines\": \(maxLines), \"truncated\": \(truncated), "
            + "\"fontSize\": \(number(fontSize)), \"frame\": \(frameJSON(frame)), "
            + "\"preferredColor\": \(string(color.preferred.rgbHex)), \"color\": \(string(color.color.rgbHex)), "
            + "\"background\": \(string(color.background.rgbHex)), \"contrast\": \(number(color.contrast)), "
            + "\"minimumContrast\": \(number(color.minimumContrast)), "
            + "\"missingCharacters\": [\(missingCharacters.map(string).joined(separator: ", "))]}"
    }
}

public struct AccessibilityElement: Equatable, Sendable {
    public enum Trait: String, Sendable { case staticText, button }
    public var label: String
    public var trait: Trait
    func json() -> String { "{\"label\": \(string(label)), \"trait\": \(string(trait.rawValue))}" }
}

public struct TouchTarget: Equatable, Sendable {
    public var role: TextRole
    public var frame: Rect
    func json() -> String { "{\"role\": \(string(role.rawValue)), \"frame\": \(frameJSON(frame))}" }
}

private func frameJSON(_ r: Rect) -> String {
    "[\(number(r.x)), \(number(r.y)), \(number(r.width)), \(number(r.height))]"
}

/// Two decimals at most, no trailing zeros, never exponent notation; the same on every machine.
private func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    let hundredths = Int64((value * 100).rounded())
    let sign = hundredths < 0 ? "-" : ""
    let magnitude = hundredths.magnitude
    let whole = magnitude / 100, fraction = magnitude % 100
    if fraction == 0 { return "\(sign)\(whole)" }
    if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
    return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
}

private func string(_ text: String) -> String { jsonStringLiteral(text) }

/// `text` as a JSON string literal (also for the server's JSON answers).
public func jsonStringLiteral(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20 || (0x2028...0x2029).contains(scalar.value):
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
