import Text

// Which way a paragraph runs, and which edge its lines hug: two separate questions on iOS.
//
// A UILabel's base writing direction is "natural": the Unicode bidirectional algorithm's rules P2
// and P3 pick it from the text's first strong character. English copy in an Arabic app is still an
// English sentence (its full stop and "…" at its right end, "10% off" not "off 10%"), and Arabic copy
// in an English app still reads right to left. Natural *alignment*, on the other hand, follows the
// interface's direction (iOS 9 and later): lines hug the leading edge of the card whichever way the
// text runs. So the text engine lays a paragraph out in its own direction, and when that differs
// from the interface's, the scene aligns its lines to the other side of their box.
//
// The first strong character is found from Unicode ranges rather than ICU's bidi classes: letters
// are strong; Hebrew, Arabic and the other right-to-left blocks are right-to-left; explicit marks
// and embeddings count, and text inside isolates is skipped, as P2 says. Text without a strong
// character (digits, punctuation, emoji) takes the interface's direction.
enum ParagraphDirection {
    static func of(_ text: String, default interface: TextDirection) -> TextDirection {
        var isolateDepth = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x2066...0x2068: isolateDepth += 1; continue                   // LRI, RLI, FSI
            case 0x2069: isolateDepth = max(0, isolateDepth - 1); continue      // PDI
            default: break
            }
            guard isolateDepth == 0 else { continue }
            switch scalar.value {
            case 0x200E, 0x202A, 0x202D: return .leftToRight                     // LRM, LRE, LRO
            case 0x200F, 0x061C, 0x202B, 0x202E: return .rightToLeft             // RLM, ALM, RLE, RLO
            default: break
            }
            if isRightToLeftBlock(scalar.value) {
                if isStrong(scalar) { return .rightToLeft }
            } else if isStrong(scalar) {
                return .leftToRight
            }
        }
        return interface
    }

    /// Letters are the strong characters (marks, digits, punctuation and symbols are not).
    private static func isStrong(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    /// Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their presentation forms, and the
    /// supplementary right-to-left blocks.
    private static func isRightToLeftBlock(_ value: UInt32) -> Bool {
        (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value) || (0xFE70...0xFEFF).contains(value)
            || (0x10800...0x10FFF).contains(value) || (0x1E800...0x1EFFF).contains(value)
    }
}
