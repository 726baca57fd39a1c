/// First stage: the input string becomes a `Paragraph` (UTF-16 units, grapheme clusters).
///
/// Safety: copy written by people can be anything — a megabyte of text, a grapheme with thousands of
/// combining marks, bidi controls, NUL. Every later stage is linear or n·log n in the text considered,
/// so the only thing to bound is how much text is considered: at most `maximumCharacters` grapheme
/// clusters and `maximumUTF16Units` code units. Banner fields show a few hundred characters at most, so
/// the cap never changes what a real field shows; text beyond it counts as "more text", so the layout
/// ends in an ellipsis and reports `truncated`.
enum Prepare {
    static let maximumCharacters = 8_192
    static let maximumUTF16Units = 65_536

    static func paragraph(_ text: String, paragraphLevel: UInt8) -> Paragraph {
        var utf16: [UInt16] = []
        var starts: [Int] = []
        var characters: [Character] = []
        var capped = false
        for character in text {
            let units = character.utf16
            if characters.count == maximumCharacters || utf16.count + units.count > maximumUTF16Units {
                capped = true
                // A single enormous cluster (e.g. thousands of marks on one letter) is kept in part.
                if characters.isEmpty {
                    var taken = 0
                    starts.append(0)
                    for scalar in character.unicodeScalars {
                        let size = UTF16.width(scalar)
                        if taken + size > maximumUTF16Units { break }
                        utf16.append(contentsOf: String(scalar).utf16)
                        taken += size
                    }
                    characters.append(character)  // used only to pick its font
                }
                break
            }
            starts.append(utf16.count)
            characters.append(character)
            utf16.append(contentsOf: units)
        }
        starts.append(utf16.count)
        var paragraph = Paragraph(utf16: utf16, shapingUTF16: utf16.map(shapingUnit), clusterStarts: starts,
                                  characters: characters, capped: capped, paragraphLevel: paragraphLevel)
        paragraph.tabs = utf16.indices.filter { utf16[$0] == 0x09 }
        return paragraph
    }

    /// Controls have no glyphs: shape tab as a space (its advance is then the way to the next tab stop,
    /// `Paragraph.width`) and every other control (NUL, CR, LF, …) and the line/paragraph separators as
    /// ZERO WIDTH SPACE, a default-ignorable that HarfBuzz makes invisible. A soft hyphen is shaped as
    /// it is: default-ignorable, HarfBuzz draws it as nothing; where a line breaks after it, the layout
    /// adds a hyphen (`TextEngine`).
    private static func shapingUnit(_ unit: UInt16) -> UInt16 {
        switch unit {
        case 0x09: return 0x20
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return 0x200B
        default: return unit
        }
    }
}
