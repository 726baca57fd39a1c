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
/// The text's language, when given, selects ICU's tailoring for it. Two rules are applied over ICU's
/// answer (`LineStarts`): Korean breaks between words (Hangul word priority), and no line starts
/// with a mark, a repetition mark or a killed consonant.
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
        LineStarts.apply(&paragraph)
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

/// Where ICU's opportunities are not where iOS breaks a line.
///
/// - Hangul word priority: UIKit lays Korean out as words (NSParagraphStyle's `.hangulWordPriority`,
///   on by default in labels), so a line breaks at spaces, while ICU breaks Hangul between any two
///   syllables as it does ideographs. An opportunity with Hangul on one side and neither white space
///   nor an ideograph or kana on the other is dropped; a word longer than the line is still cut
///   inside, as any word is (`BreakLines.lines`). Japanese and Chinese keep ICU's breaks.
/// - Valid line starts: whatever ICU offers (ICU 72 offers a break before Khmer ៗ), a line never
///   starts with a combining or dependent mark, a repetition mark (ៗ ๆ ໆ), a killed consonant
///   (Myanmar's consonant + asat, as in the ပ် of အက်ပ်) or a consonant stacked under the one
///   before (after a Khmer coeng or Myanmar virama). Such a position is not cut at all — not for a
///   line, not for the ellipsis — because what starts there belongs to the syllable before it.
enum LineStarts {
    static func apply(_ p: inout Paragraph) {
        guard p.characters.count > 1 else { return }
        for g in 1..<p.characters.count {
            let offset = p.clusterStarts[g]
            let before = p.characters[g - 1], here = p.characters[g]
            if !isValidStart(here, after: before) {
                if p.breakFlags[offset] == 1 { p.breakFlags[offset] = 0 }
                if p.cuttable.indices.contains(offset) { p.cuttable[offset] = false }
            } else if p.breakFlags[offset] == 1, splitsHangulWord(before, here) {
                p.breakFlags[offset] = 0
            }
        }
    }

    /// Repetition marks: Thai maiyamok, Lao ko la, Khmer lek too.
    private static let repetitionMarks: Set<UInt32> = [0x0E46, 0x0EC6, 0x17D7]
    /// Signs that stack the next consonant under this one: Khmer coeng, Myanmar virama, Tai Tham sakot.
    private static let stackers: Set<UInt32> = [0x17D2, 0x1039, 0x1A60]
    /// Myanmar asat (killer) and the dot below that may come before it.
    private static let asat: UInt32 = 0x103A, dotBelow: UInt32 = 0x1037

    static func isValidStart(_ here: Character, after before: Character) -> Bool {
        var scalars = here.unicodeScalars.makeIterator()  // no array: this runs for every grapheme
        guard let first = scalars.next() else { return true }
        switch first.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return false
        default: break
        }
        if repetitionMarks.contains(first.value) { return false }
        if let last = before.unicodeScalars.last, stackers.contains(last.value) { return false }
        // A consonant killed by asat right after it (or after the dot below), or stacked on the next
        // by a virama, closes the syllable before.
        var next = scalars.next()
        if next?.value == dotBelow { next = scalars.next() }
        return next?.value != asat && next?.value != 0x1039
    }

    private static func splitsHangulWord(_ before: Character, _ here: Character) -> Bool {
        guard let last = before.unicodeScalars.last, let first = here.unicodeScalars.first else { return false }
        guard isHangul(last) || isHangul(first) else { return false }
        return ![last, first].contains { isSpace($0) || isIdeographic($0) || $0.properties.generalCategory == .dashPunctuation }
    }

    private static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF, 0xFFA0...0xFFDC:
            return true
        default: return false
        }
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value <= 0xFFFF && Paragraph.isHangingWhitespace(UInt16(scalar.value)) || scalar.properties.isWhitespace
    }

    private static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isIdeographic || (0x3040...0x30FF).contains(scalar.value) || (0x31F0...0x31FF).contains(scalar.value)
    }
}
