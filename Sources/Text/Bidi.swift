/// Bidi stage: ICU's implementation of the Unicode Bidirectional Algorithm (via the CUnicode wrapper)
/// resolves an embedding level per UTF-16 unit, with the paragraph direction given by the caller
/// (the environment's ltr/rtl, not guessed from the text, as UIKit does with semantic content
/// attributes). Lines are reordered later, per line, from the levels of their runs (`visualOrder`).
enum Bidi {
    /// Throws `TextError.unicode` when ICU fails: the text is never laid out with levels other than
    /// ICU's (see `ICU`).
    static func resolveLevels(_ paragraph: inout Paragraph) throws {
        paragraph.levels = try ICU.bidiLevels(of: paragraph.utf16, paragraphLevel: paragraph.paragraphLevel)
    }

    /// Visual order (left to right) of items with the given levels: indices into `levels` (rule L2).
    /// Throws `TextError.unicode` when ICU fails, as `resolveLevels` does.
    static func visualOrder(_ levels: [UInt8]) throws -> [Int] {
        guard levels.count > 1 else { return Array(levels.indices) }
        let order = try ICU.visualOrder(of: levels)
        // Trust ICU, but never index out of range on its word.
        return Set(order).count == levels.count && order.allSatisfy({ levels.indices.contains($0) })
            ? order : Array(levels.indices)
    }
}

extension TextDirection {
    /// The direction of `text`'s first strong character (Unicode Bidirectional Algorithm rules P2 and
    /// P3, via ICU), or nil when it has none: the direction a UILabel with a natural writing direction
    /// gives the paragraph. Only the first 8,192 UTF-16 units are looked at, as layout does.
    package static func ofFirstStrongCharacter(in text: String) -> TextDirection? {
        switch ICU.firstStrongDirection(of: Array(text.utf16.prefix(8_192))) {
        case 0: return .leftToRight
        case 1: return .rightToLeft
        default: return nil
        }
    }
}
