import CUnicode

/// Bidi stage: ICU's implementation of the Unicode Bidirectional Algorithm (via the CUnicode wrapper)
/// resolves an embedding level per UTF-16 unit, with the paragraph direction given by the caller
/// (the environment's ltr/rtl, not guessed from the text, as UIKit does with semantic content
/// attributes). Lines are reordered later, per line, from the levels of their runs (`visualOrder`).
enum Bidi {
    static func resolveLevels(_ paragraph: inout Paragraph) {
        let count = paragraph.count
        var levels = [UInt8](repeating: paragraph.paragraphLevel, count: count)
        guard count > 0 else { paragraph.levels = levels; return }
        let status = paragraph.utf16.withUnsafeBufferPointer { text in
            levels.withUnsafeMutableBufferPointer { out in
                cu_bidi_levels(text.baseAddress, Int32(count), paragraph.paragraphLevel, out.baseAddress)
            }
        }
        if status != 0 {
            // ICU failed (it should not): lay the text out in the paragraph's direction.
            levels = [UInt8](repeating: paragraph.paragraphLevel, count: count)
        }
        paragraph.levels = levels
    }

    /// Visual order (left to right) of items with the given levels: indices into `levels` (rule L2).
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        guard levels.count > 1 else { return Array(levels.indices) }
        var map = [Int32](repeating: 0, count: levels.count)
        let status = levels.withUnsafeBufferPointer { lv in
            map.withUnsafeMutableBufferPointer { out in
                cu_bidi_reorder_visual(lv.baseAddress, Int32(levels.count), out.baseAddress)
            }
        }
        guard status == 0 else { return Array(levels.indices) }
        let order = map.map { Int($0) }
        // Trust ICU, but never index out of range on its word.
        return Set(order).count == levels.count && order.allSatisfy({ levels.indices.contains($0) })
            ? order : Array(levels.indices)
    }
}

extension TextDirection {
    /// The direction of `text`'s first strong character (Unicode Bidirectional Algorithm rules P2 and
    /// P3, via ICU), or nil when it has none: the direction a UILabel with a natural writing direction
    /// gives the paragraph. Only the first 8,192 UTF-16 units are looked at, as layout does.
    public static func ofFirstStrongCharacter(in text: String) -> TextDirection? {
        let units = Array(text.utf16.prefix(8_192))
        let direction = units.withUnsafeBufferPointer { cu_base_direction($0.baseAddress, Int32($0.count)) }
        switch direction {
        case 0: return .leftToRight
        case 1: return .rightToLeft
        default: return nil
        }
    }
}
