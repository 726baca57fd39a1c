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
// Text without a strong character (digits, punctuation, emoji) takes the interface's direction.
enum ParagraphDirection {
    static func of(_ text: String, default interface: TextDirection) -> TextDirection {
        TextDirection.ofFirstStrongCharacter(in: text) ?? interface
    }
}
