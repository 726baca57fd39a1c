/// How GronaSnap writes JSON values by hand (the report, findings, `check --format json`): numbers
/// with at most two decimals, never in exponent notation, and strings escaped the same way on every
/// machine, so the bytes of a report never depend on the platform's number formatting.
package enum JSONText {
    /// Two decimals at most, no trailing zeros, never exponent notation; `null` if not finite.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let hundredths = Int64((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        let whole = magnitude / 100, fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// A JSON string literal; control characters and U+2028/2029 escaped.
    package static func string(_ text: String) -> String {
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
}
