import CUnicode

/// One line's share of the text, in UTF-16 offsets.
struct LineSpan {
    /// First unit on the line.
    var start: Int
    /// End of what is drawn: trailing white space is left out (it hangs past the edge, as in UIKit).
    var end: Int
    /// Where the next line starts.
    var next: Int
    /// The line ends in an ellipsis because text was cut after `end`.
    var ellipsis: Bool
}

/// Break-lines stage: greedy line filling over ICU's line-break opportunities (UAX #14, via
/// CUnicode), with widths read from the shaped advances.
///
/// ICU's line iterator already carries what other scripts need: dictionary-based word breaks for
/// Thai, Lao, Khmer and Myanmar (written without spaces), and the CJK rules (a line may break between
/// any two ideographs or kana, but never starts with 。、」） or a small kana, nor ends with 「（).
/// The text's language, when given, selects ICU's tailoring for it.
///
/// - A line takes the furthest opportunity whose text (without trailing spaces) fits; a mandatory
///   break (after a newline) ends the line.
/// - When not even one word fits, the word is broken inside, at the furthest grapheme boundary that
///   fits (at least one grapheme per line), as UIKit's word wrapping does.
/// - On the last allowed line, if text remains, the line is refilled up to the width left for the
///   ellipsis, cut at a grapheme boundary (not a word boundary), and marked `ellipsis`: the ellipsis
///   goes at the logical end of what is shown.
enum BreakLines {
    static func findOpportunities(_ paragraph: inout Paragraph, language: String? = nil) {
        let count = paragraph.count
        var flags = [UInt8](repeating: 0, count: count + 1)
        let status = paragraph.utf16.withUnsafeBufferPointer { text in
            flags.withUnsafeMutableBufferPointer { out in
                cu_line_break_opportunities(text.baseAddress, Int32(count), language, out.baseAddress)
            }
        }
        if status != 0 {
            // Without ICU's answer, break after spaces only.
            flags = [UInt8](repeating: 0, count: count + 1)
            for i in 1..<(count + 1) where paragraph.utf16[i - 1] == 0x20 { flags[i] = 1 }
        }
        flags[count] = 2
        paragraph.breakFlags = flags
    }

    /// - Parameters:
    ///   - maxWidth: the line width in pixels (may be infinite).
    ///   - maxLines: the line limit; 0 or less for none.
    ///   - ellipsisWidth: the width of the ellipsis if it were placed after a cut at a given offset.
    static func lines(_ p: Paragraph, maxWidth: Double, maxLines: Int,
                      ellipsisWidth: (Int) -> Double) -> [LineSpan] {
        let count = p.count
        let tolerance = 1e-6 * max(1, maxWidth.isFinite ? maxWidth : 1)
        let fits = { (start: Int, end: Int) in
            p.width(start..<p.trimmingTrailingWhitespace(start, end)) <= maxWidth + tolerance
        }
        var lines: [LineSpan] = []
        var start = 0
        while start < count {
            let isLast = maxLines > 0 && lines.count == maxLines - 1
            // Furthest opportunity that fits, stopping at a mandatory break.
            var chosen = -1
            var p2 = start + 1
            while p2 <= count {
                // Past the width inside a word: no later opportunity can fit either (advances are
                // not negative), so stop instead of scanning the rest of a very long word.
                if !Paragraph.isHangingWhitespace(p.utf16[p2 - 1]), p.width(start..<p2) > maxWidth + tolerance {
                    break
                }
                if p.breakFlags[p2] != 0 && p.cuttable[p2] {
                    if fits(start, p2) { chosen = p2 } else { break }
                    if p.breakFlags[p2] == 2 { break }
                }
                p2 += 1
            }
            if chosen < 0 {
                chosen = furthestGraphemeCut(p, start: start, limit: count, maxWidth: maxWidth + tolerance)
                // Spaces after an in-word cut hang at the end of this line, not the start of the next.
                while chosen < count, p.utf16[chosen] == 0x20 || p.utf16[chosen] == 0x09,
                      p.cuttable[chosen + 1] { chosen += 1 }
            }
            let restIsBlank = p.trimmingTrailingWhitespace(chosen, count) == chosen
            let moreText = !(chosen == count || restIsBlank) || p.capped
            if isLast && moreText {
                lines.append(truncatedLine(p, start: start, maxWidth: maxWidth + tolerance, ellipsisWidth: ellipsisWidth))
                return lines
            }
            lines.append(LineSpan(start: start, end: p.trimmingTrailingWhitespace(start, chosen), next: chosen, ellipsis: false))
            if restIsBlank && p.breakFlags[chosen] != 2 { break }
            start = chosen
        }
        if p.capped, let last = lines.last, !last.ellipsis {
            // The cap cut the text but everything considered fitted: still say that more text exists.
            lines[lines.count - 1] = truncatedLine(p, start: last.start, maxWidth: maxWidth + tolerance,
                                                   ellipsisWidth: ellipsisWidth)
        }
        return lines
    }

    /// The furthest cuttable grapheme boundary after `start` whose text fits; at least one grapheme.
    private static func furthestGraphemeCut(_ p: Paragraph, start: Int, limit: Int, maxWidth: Double) -> Int {
        var best = -1
        var i = start + 1
        while i <= limit {
            if p.cuttable[i] {
                if best < 0 { best = i }
                if p.width(start..<i) <= maxWidth { best = i } else { break }
                if p.breakFlags[i] == 2 { break }
            }
            i += 1
        }
        return best < 0 ? limit : best
    }

    /// The last line when text remains after it: as many graphemes as fit together with the ellipsis,
    /// never crossing a mandatory break.
    private static func truncatedLine(_ p: Paragraph, start: Int, maxWidth: Double,
                                      ellipsisWidth: (Int) -> Double) -> LineSpan {
        var limit = p.count
        for i in (start + 1)..<(p.count + 1) where p.breakFlags[i] == 2 { limit = i; break }
        var cut = start
        var i = start + 1
        while i <= limit {
            if p.cuttable[i] {
                let end = p.trimmingTrailingWhitespace(start, i)
                if p.width(start..<end) + ellipsisWidth(end) <= maxWidth { cut = i } else if end > start { break }
            }
            i += 1
        }
        let end = p.trimmingTrailingWhitespace(start, cut)
        return LineSpan(start: start, end: end, next: p.count, ellipsis: true)
    }
}
