import Raster

// The value rules shared by spec decoding and command-line overrides. Each returns the value or the
// problem alone ("4 is not one of 1, 2, 3"); the caller adds the file and the JSON path or option.
enum SpecRules {
    /// Text fields longer than this many Unicode scalars are refused.
    static let maximumTextLength = 10_000
    static let maximumTiers = 100
    static let maximumVariantCount = 1024

    static func checkWidth(_ value: Double) -> Result<Double, OverrideError> {
        let range = Environment.widthRange
        guard range.contains(value) else {
            return .failure(OverrideError("\(formatPoints(value)) is not within "
                + "\(formatPoints(range.lowerBound))…\(formatPoints(range.upperBound)) points"))
        }
        return .success(value)
    }

    static func checkScale(_ value: Double) -> Result<Int, OverrideError> {
        guard let scale = Environment.scales.first(where: { Double($0) == value }) else {
            return .failure(OverrideError("\(formatPoints(value)) is not one of "
                + Environment.scales.map(String.init).joined(separator: ", ")))
        }
        return .success(scale)
    }

    static func checkTime(_ value: Double) -> Result<Double, OverrideError> {
        guard value >= 0 else { return .failure(OverrideError("\(formatPoints(value)) is negative; time must be at least 0")) }
        guard Environment.timeRange.contains(value) else {
            return .failure(OverrideError("\(formatPoints(value)) is over \(Int(Environment.timeRange.upperBound)) seconds, the longest time an animation is drawn at"))
        }
        return .success(value)
    }

    static func checkTextSize(_ text: String) -> Result<TextSize, OverrideError> {
        guard let size = TextSize(name: text) else {
            let hint = closestName(to: text, among: TextSize.allNames).map { " (did you mean \(quoted($0))?)" } ?? ""
            return .failure(OverrideError("\(quoted(text)) is not a text size\(hint); expected one of: "
                + TextSize.allNames.joined(separator: ", ")))
        }
        return .success(size)
    }

    static func checkEnum<E: RawRepresentable & CaseIterable>(_ text: String, _ type: E.Type) -> Result<E, OverrideError>
        where E.RawValue == String {
        guard let value = E(rawValue: text) else {
            let names = E.allCases.map(\.rawValue)
            let hint = closestName(to: text, among: names).map { " (did you mean \(quoted($0))?)" } ?? ""
            return .failure(OverrideError("\(quoted(text)) is not one of: " + names.joined(separator: ", ") + hint))
        }
        return .success(value)
    }

    /// The colour formats a string may take, for messages.
    static let hexColorFormats = "#RGB, #RRGGBB or #RRGGBBAA"

    /// A colour string (`parseHexColor`), or the problem with the formats accepted and, for a colour
    /// that only lacks its `#` (`FF0000`, `0xFF0000`), the spelling meant.
    static func checkHexColor(_ text: String) -> Result<Color, OverrideError> {
        if let color = parseHexColor(text) { return .success(color) }
        var bare = Substring(text.trimmingCharacters(in: .whitespaces))
        if bare.hasPrefix("0x") || bare.hasPrefix("0X") { bare = bare.dropFirst(2) }
        let meant = bare.hasPrefix("#") ? String(bare) : "#" + bare
        let hint = meant != text && parseHexColor(meant) != nil ? " (did you mean \(quoted(meant))?)" : ""
        return .failure(OverrideError("\(quoted(text)) is not a colour\(hint); expected \(hexColorFormats)"))
    }

    /// A text field: no NUL characters, at most `maximumTextLength` scalars. (Lone surrogates cannot
    /// reach here: the JSON parser refuses them, and a Swift string cannot hold one.)
    static func checkText(_ text: String) -> Result<String, OverrideError> {
        if text.unicodeScalars.contains("\u{0}") {
            return .failure(OverrideError("text contains a NUL character (U+0000)"))
        }
        let count = text.unicodeScalars.count
        if count > maximumTextLength {
            return .failure(OverrideError("text is \(count) characters long; the limit is \(maximumTextLength) characters"))
        }
        return .success(text)
    }

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`, any case; nil otherwise.
    static func parseHexColor(_ text: String) -> Color? {
        let utf8 = Array(text.utf8)
        guard utf8.first == UInt8(ascii: "#"), [4, 7, 9].contains(utf8.count) else { return nil }
        var nibbles: [UInt8] = []
        for byte in utf8.dropFirst() {
            switch byte {
            case 0x30...0x39: nibbles.append(byte - 0x30)
            case 0x41...0x46: nibbles.append(byte - 0x41 + 10)
            case 0x61...0x66: nibbles.append(byte - 0x61 + 10)
            default: return nil
            }
        }
        if nibbles.count == 3 {
            return Color(r: nibbles[0] * 17, g: nibbles[1] * 17, b: nibbles[2] * 17)
        }
        let a = nibbles.count == 8 ? nibbles[6] << 4 | nibbles[7] : 255
        return Color(r: nibbles[0] << 4 | nibbles[1], g: nibbles[2] << 4 | nibbles[3],
                     b: nibbles[4] << 4 | nibbles[5], a: a)
    }
}

/// The name in `names` closest to `text` when it is close enough to be a likely typo (an edit
/// distance, ignoring case, of at most a third of the name's length, and at least 1), else nil.
/// Nil too when several names are equally close ("AX6": AX1 … AX5), where a guess would mislead.
package func closestName(to text: String, among names: [String]) -> String? {
    guard text.count <= 64 else { return nil }
    let close = names.map { ($0, editDistance($0, text)) }.filter { $0.1 <= max(1, $0.0.count / 3) }
    guard let best = close.min(by: { $0.1 < $1.1 }), close.filter({ $0.1 == best.1 }).count == 1 else { return nil }
    return best.0
}

/// Edit distance, for "did you mean"; only used on short keys, so the quadratic cost is bounded.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased().unicodeScalars), b = Array(b.lowercased().unicodeScalars)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
