/// Per-layout values: the text being laid out as UTF-16 (what ICU and HarfBuzz index by), its
/// grapheme clusters, and what each stage adds. Built afresh for every `layoutParagraph` call and
/// thrown away after; nothing here outlives a layout (the long-lived state is in `FontLibrary` and
/// `GlyphCache`).
struct Paragraph {
    /// The text considered (after the safety cap), as UTF-16 code units.
    var utf16: [UInt16]
    /// The same text with controls replaced for shaping (tab → space, other controls and line
    /// separators → ZERO WIDTH SPACE, which HarfBuzz draws as nothing). Same length as `utf16`.
    var shapingUTF16: [UInt16]
    /// UTF-16 offset of each grapheme cluster (Swift `Character`), plus `utf16.count` at the end.
    var clusterStarts: [Int]
    /// The clusters themselves, parallel to `clusterStarts` (without the end sentinel).
    var characters: [Character]
    /// True when the input was longer than the safety cap and was cut.
    var capped: Bool
    /// 0 for a left-to-right paragraph, 1 for right-to-left.
    var paragraphLevel: UInt8

    // Filled by the stages:
    /// Bidi level of each UTF-16 unit (bidi stage).
    var levels: [UInt8] = []
    /// Index into the fallback chain, per cluster (itemize stage).
    var clusterFace: [Int] = []
    /// Runs of one face, script and level, in logical order (itemize), with glyphs (shape).
    var runs: [TextRun] = []
    /// UTF-16 offsets of HarfBuzz clusters drawn with .notdef, a box (shape stage).
    var notdefClusters: [Int] = []
    /// Advance in pixels attributed to each UTF-16 unit, as a prefix sum of `utf16.count + 1` entries:
    /// the width of logical range a..<b is `advancePrefix[b] - advancePrefix[a]` (shape stage).
    var advancePrefix: [Double] = []
    /// Positions where a line may be cut without splitting a grapheme or a HarfBuzz cluster.
    var cuttable: [Bool] = []
    /// ICU line-break flags (`CU_BREAK_*`) per UTF-16 offset, `utf16.count + 1` entries (break stage).
    var breakFlags: [UInt8] = []
    /// ICU's breaks between Hangul syllables that Hangul word priority took away (`LineStarts`): kept
    /// only to tell why a Korean line broke where it did (`LineBreakReason.hangulWord`).
    var heldHangulBreaks: Set<Int> = []
    /// UTF-16 offsets of the tabs, ascending (prepare stage).
    var tabs: [Int] = []
    /// The distance between tab stops in pixels: UIKit's default paragraph style puts one every 28
    /// points (shape stage, at the layout's scale).
    var tabInterval: Double = 0

    /// SOFT HYPHEN: invisible, but a line that breaks after it ends in a hyphen.
    static let softHyphen: UInt16 = 0xAD
    /// UIKit's default tab stops: NSParagraphStyle's `tabStops` are every 28 points.
    static let tabIntervalInPoints = 28.0

    var count: Int { utf16.count }

    /// The width of `range` on a line that starts at `range.lowerBound`: the shaped advances, each tab
    /// reaching the next tab stop after the pen, counted from the line's leading edge (so from the
    /// right in a right-to-left paragraph, as UIKit mirrors tab stops there).
    func width(_ range: Range<Int>) -> Double {
        var firstTab = tabs.isEmpty ? 0 : partitionPoint(tabs.count) { tabs[$0] >= range.lowerBound }
        guard firstTab < tabs.count, tabs[firstTab] < range.upperBound else {
            return advancePrefix[range.upperBound] - advancePrefix[range.lowerBound]
        }
        var pen = 0.0, from = range.lowerBound
        while firstTab < tabs.count, tabs[firstTab] < range.upperBound {
            let tab = tabs[firstTab]
            pen += advancePrefix[tab] - advancePrefix[from]
            pen = nextTabStop(after: pen)
            from = tab + 1
            firstTab += 1
        }
        return pen + advancePrefix[range.upperBound] - advancePrefix[from]
    }

    /// The first tab stop strictly after `pen` (a tab always moves the pen).
    func nextTabStop(after pen: Double) -> Double {
        guard tabInterval > 0 else { return pen }
        return ((pen / tabInterval).rounded(.down) + 1) * tabInterval
    }

    /// The advance of the tab at `offset` on a line that starts at `lineStart`.
    func tabAdvance(at offset: Int, lineStart: Int) -> Double {
        width(lineStart..<(offset + 1)) - width(lineStart..<offset)
    }

    /// True when a line ending at `next` breaks after a soft hyphen, and so ends in a drawn hyphen.
    func breaksAtSoftHyphen(_ next: Int) -> Bool {
        next > 0 && next < count && utf16[next - 1] == Paragraph.softHyphen
    }

    /// `end` moved back over trailing white space (which hangs past the line's edge, as in UIKit).
    func trimmingTrailingWhitespace(_ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start, Paragraph.isHangingWhitespace(utf16[end - 1]) { end -= 1 }
        return end
    }

    static func isHangingWhitespace(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x1680, 0x2000...0x2006, 0x2008...0x200A,
             0x2028, 0x2029, 0x205F, 0x3000: return true
        default: return false
        }
    }
}

/// A run of text in one face, one script and one bidi level, with its shaped glyphs.
struct TextRun {
    var range: Range<Int>
    var faceIndex: Int
    var level: UInt8
    var script: HarfBuzz.Script
    /// Glyphs in HarfBuzz output order: visual order (right to left runs come out reversed).
    var glyphs: [ShapedGlyph] = []

    var isRightToLeft: Bool { level & 1 == 1 }

    /// The glyphs of the clusters in `range` (UTF-16 offsets), found by binary search: clusters ascend
    /// in a left-to-right run and descend in a right-to-left one (HarfBuzz's default cluster level).
    func glyphs(in range: Range<Int>) -> ArraySlice<ShapedGlyph> {
        if isRightToLeft {
            return glyphs[partitionPoint(glyphs.count) { glyphs[$0].cluster < range.upperBound }
                          ..< partitionPoint(glyphs.count) { glyphs[$0].cluster < range.lowerBound }]
        }
        return glyphs[partitionPoint(glyphs.count) { glyphs[$0].cluster >= range.lowerBound }
                      ..< partitionPoint(glyphs.count) { glyphs[$0].cluster >= range.upperBound }]
    }
}

/// One glyph as shaped, in pixels at the layout's pixel size.
struct ShapedGlyph {
    var id: UInt32
    /// UTF-16 offset of the start of the cluster this glyph belongs to.
    var cluster: Int
    var advance: Double
    var offsetX: Double
    var offsetY: Double
}

/// The first index in 0..<count where `predicate` holds, for a predicate that is false then true.
func partitionPoint(_ count: Int, where predicate: (Int) -> Bool) -> Int {
    var low = 0, high = count
    while low < high {
        let mid = (low + high) / 2
        if predicate(mid) { high = mid } else { low = mid + 1 }
    }
    return low
}
