/// Xcode's pseudolanguages (scheme ▸ Options ▸ App Language), which catch copy that will not fit, or
/// will not mirror, before it is translated. Each is a language of its own: it renders the spec's
/// copy (its locale's, when one is set) transformed as below.
public enum PseudoLocalization: String, CaseIterable, Sendable {
    /// "Accented Pseudolanguage": every Latin letter carries a diacritic and every vowel is doubled,
    /// so English copy reads as before but is about a third longer ("Order now" → "ÖÖŕðééŕ ñööŵ"),
    /// as German or Finnish copy is.
    case accented
    /// "Double-Length Pseudolanguage": every string twice, separated by a space.
    case double
    /// "Bounded String Pseudolanguage": every string between "[# " and " #]", so a string that is
    /// cut (ellipsis instead of "#]") or clipped shows at once.
    case bounded
    /// "Right-to-Left Pseudolanguage With Right-to-Left Strings": the interface is right to left (as
    /// for an RTL locale, unless a direction is set) and every string is written right to left, its
    /// letters in reverse order ("Order now" reads "won redrO"), so it is laid out, aligned and
    /// truncated like Arabic or Hebrew copy.
    case rtl

    /// The text as this pseudolanguage shows it.
    package func transform(_ text: String) -> String {
        switch self {
        case .accented:
            var result = ""
            result.unicodeScalars.reserveCapacity(text.unicodeScalars.count * 3 / 2)
            for scalar in text.unicodeScalars {
                guard let accented = PseudoLocalization.accents[scalar] else { result.unicodeScalars.append(scalar); continue }
                result.unicodeScalars.append(accented)
                if PseudoLocalization.vowels.contains(scalar) { result.unicodeScalars.append(accented) }
            }
            return result
        case .double:
            return text + " " + text
        case .bounded:
            return "[# " + text + " #]"
        case .rtl:
            // RIGHT-TO-LEFT MARK makes the paragraph right to left (its first strong character);
            // RIGHT-TO-LEFT OVERRIDE … POP DIRECTIONAL FORMATTING draws the letters right to left.
            // All three are invisible format characters.
            return "\u{200F}\u{202E}" + text + "\u{202C}"
        }
    }

    /// A Latin letter with a diacritic (or a hook or stroke) for each ASCII letter; every one is in
    /// Inter, the stand-in for the system font, so the pseudolanguage never needs a fallback font.
    static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let plain = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        let marked = "ÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽåƀçðéƒĝĥîĵķļṁñöþǫŕšţûṽŵẋýž"
        return Dictionary(uniqueKeysWithValues: zip(plain.unicodeScalars, marked.unicodeScalars))
    }()

    static let vowels: Set<Unicode.Scalar> = Set("AEIOUaeiou".unicodeScalars)
}
