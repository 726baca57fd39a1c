/// Why a line ends where it does: which rule of the line breaker chose the break after it. A layout
/// reports one per break between its lines (`TextLayout.breaks`), so a test or a reviewer can see
/// why copy wraps where it does without reading pixels.
package enum LineBreakReason: String, Sendable, CaseIterable {
    /// A newline (or another mandatory break) in the text.
    case newline
    /// After white space: the break between two words.
    case space
    /// After white space in Korean, where a break between two Hangul syllables would have fitted
    /// more: UIKit keeps Korean words whole (`hangulWordPriority`).
    case hangulWord
    /// Moved one word earlier so that the paragraph's last line does not hold a lone word (UIKit's
    /// `pushOut`, part of UILabel's standard strategy; see `PushOut`).
    case pushOut
    /// At a soft hyphen (U+00AD) inside a word: the line ends in a drawn hyphen.
    case softHyphen
    /// Between two letters of Thai, Lao, Khmer or Myanmar, written without spaces: where ICU's
    /// dictionary finds a word boundary.
    case dictionary
    /// Between ideographs, kana or CJK punctuation, where CJK text may break at any character.
    case ideographic
    /// After a hyphen, a slash or other punctuation that offers a break (UAX #14).
    case punctuation
    /// Inside a word too long for the line, at the furthest grapheme that fits.
    case character
}

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
    /// Why the line ends at `next`; nil for the last line.
    var reason: LineBreakReason? = nil
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
/// - A soft hyphen (U+00AD) is a break opportunity inside a word (ICU's class BA): a line that breaks
///   there ends in a drawn hyphen, whose width counts when the line is filled; elsewhere it is
///   invisible.
/// - Tabs reach the next tab stop, every 28 points from the line's leading edge (`Paragraph.width`).
/// - Then a paragraph's last line holding a lone word takes a word from the line before
///   (`PushOut`), as UILabel's standard line-break strategy does.
/// - Each break keeps the rule that chose it (`LineBreakReason`).
enum BreakLines {
    /// Throws `TextError.unicode` when ICU fails: breaking after spaces instead would lay the text out
    /// differently (Thai, CJK) without a word said (see `ICU`).
    static func findOpportunities(_ paragraph: inout Paragraph, language: String? = nil) throws {
        let count = paragraph.count
        var flags = try ICU.lineBreaks(of: paragraph.utf16, language: language)
        flags[count] = 2
        paragraph.breakFlags = flags
        LineStarts.apply(&paragraph)
    }

    /// - Parameters:
    ///   - maxWidth: the line width in pixels (may be infinite).
    ///   - maxLines: the line limit; 0 or less for none.
    ///   - cutWidth: what cutting the text at a given offset adds to the line: the ellipsis, and any
    ///     change of shape of the letter before it (an Arabic letter cut mid-word takes its final form).
    ///   - hyphenWidth: what a line whose next line starts at a given offset adds at its end: the
    ///     hyphen where it breaks at a soft hyphen, else 0.
    static func lines(_ p: Paragraph, maxWidth: Double, maxLines: Int,
                      cutWidth: (Int) -> Double, hyphenWidth: (Int) -> Double) -> [LineSpan] {
        let count = p.count
        let tolerance = 1e-6 * max(1, maxWidth.isFinite ? maxWidth : 1)
        func fits(_ start: Int, _ end: Int) -> Bool {
            p.width(start..<p.trimmingTrailingWhitespace(start, end)) + hyphenWidth(end) <= maxWidth + tolerance
        }
        var lines: [LineSpan] = []
        var start = 0
        while start < count {
            let isLast = maxLines > 0 && lines.count == maxLines - 1
            // Furthest opportunity that fits, stopping at a mandatory break.
            var chosen = -1
            // A break between Hangul syllables, held back for Hangul word priority, that would have fitted
            // after `chosen`: the reason Korean copy broke at a space instead.
            var heldHangulFits = false
            var p2 = start + 1
            while p2 <= count {
                // Past the width inside a word: no later opportunity can fit either (advances are
                // not negative), so stop instead of scanning the rest of a very long word.
                if !Paragraph.isHangingWhitespace(p.utf16[p2 - 1]), p.width(start..<p2) > maxWidth + tolerance {
                    break
                }
                if p.breakFlags[p2] != 0 && p.cuttable[p2] {
                    if fits(start, p2) { chosen = p2; heldHangulFits = false } else { break }
                    if p.breakFlags[p2] == 2 { break }
                } else if p.heldHangulBreaks.contains(p2), p.cuttable[p2], fits(start, p2) {
                    heldHangulFits = true
                }
                p2 += 1
            }
            var reason = chosen < 0 ? LineBreakReason.character : kind(of: chosen, in: p)
            if reason == .space && heldHangulFits { reason = .hangulWord }
            if chosen < 0 {
                chosen = furthestGraphemeCut(p, start: start, limit: count, maxWidth: maxWidth + tolerance,
                                             hyphenWidth: hyphenWidth)
                // Spaces after an in-word cut hang at the end of this line, not the start of the next.
                while chosen < count, p.utf16[chosen] == 0x20 || p.utf16[chosen] == 0x09,
                      p.cuttable[chosen + 1] { chosen += 1 }
            }
            let restIsBlank = p.trimmingTrailingWhitespace(chosen, count) == chosen
            let moreText = !(chosen == count || restIsBlank) || p.capped
            if isLast && moreText {
                lines.append(truncatedLine(p, start: start, maxWidth: maxWidth + tolerance, cutWidth: cutWidth))
                PushOut.apply(&lines, p, fits: fits)
                return lines
            }
            lines.append(LineSpan(start: start, end: p.trimmingTrailingWhitespace(start, chosen), next: chosen,
                                  ellipsis: false, reason: reason))
            if restIsBlank && p.breakFlags[chosen] != 2 { break }
            start = chosen
        }
        if p.capped, let last = lines.last, !last.ellipsis {
            // The cap cut the text but everything considered fitted: still say that more text exists.
            lines[lines.count - 1] = truncatedLine(p, start: last.start, maxWidth: maxWidth + tolerance,
                                                   cutWidth: cutWidth)
        }
        if !lines.isEmpty { lines[lines.count - 1].reason = nil }
        PushOut.apply(&lines, p, fits: fits)
        return lines
    }

    /// The rule behind a break at an ICU opportunity `offset`, from the characters on either side.
    static func kind(of offset: Int, in p: Paragraph) -> LineBreakReason {
        if p.breakFlags[offset] == 2 { return .newline }
        guard offset > 0 else { return .space }
        if Paragraph.isHangingWhitespace(p.utf16[offset - 1]) { return .space }
        if p.breaksAtSoftHyphen(offset) { return .softHyphen }
        let g = partitionPoint(p.characters.count) { p.clusterStarts[$0 + 1] > offset - 1 }
        guard let before = p.characters[g].unicodeScalars.last,
              let after = p.characters.indices.contains(g + 1) ? p.characters[g + 1].unicodeScalars.first : nil
        else { return .punctuation }
        if isDictionaryScript(before) && isDictionaryScript(after) { return .dictionary }
        if isCJK(before) || isCJK(after) { return .ideographic }
        return .punctuation
    }

    /// Scripts written without spaces, whose words ICU finds with a dictionary (line-break class SA).
    private static func isDictionaryScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF,            // Thai, Lao
             0x1000...0x109F, 0xA9E0...0xA9FF, 0xAA60...0xAA7F,  // Myanmar and its extensions
             0x1780...0x17FF, 0x19E0...0x19FF,                   // Khmer, Khmer symbols
             0x1950...0x19DF, 0x1A20...0x1AAF, 0xAA80...0xAADF:  // Tai Le, New Tai Lue, Tai Tham, Tai Viet
            return true
        default: return false
        }
    }

    /// Ideographs, kana, Hangul syllables and CJK punctuation: characters between which CJK text breaks.
    private static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FFF, 0x3000...0x30FF, 0x3100...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return scalar.value != 0x3000
        default: return false
        }
    }

    /// The furthest cuttable grapheme boundary after `start` whose text fits (with the hyphen, after a
    /// soft hyphen); at least one grapheme.
    private static func furthestGraphemeCut(_ p: Paragraph, start: Int, limit: Int, maxWidth: Double,
                                            hyphenWidth: (Int) -> Double) -> Int {
        var best = -1
        var i = start + 1
        while i <= limit {
            if p.cuttable[i] {
                if best < 0 { best = i }
                let width = p.width(start..<i)
                if width + hyphenWidth(i) <= maxWidth { best = i } else if width > maxWidth { break }
                if p.breakFlags[i] == 2 { break }
            }
            i += 1
        }
        return best < 0 ? limit : best
    }

    /// The last line when text remains after it: as many graphemes as fit together with the ellipsis,
    /// never crossing a mandatory break.
    private static func truncatedLine(_ p: Paragraph, start: Int, maxWidth: Double,
                                      cutWidth: (Int) -> Double) -> LineSpan {
        var limit = p.count
        for i in (start + 1)..<(p.count + 1) where p.breakFlags[i] == 2 { limit = i; break }
        var cut = start
        var i = start + 1
        while i <= limit {
            if p.cuttable[i] {
                let end = p.trimmingTrailingWhitespace(start, i)
                if p.width(start..<end) + cutWidth(end) <= maxWidth { cut = i } else if end > start { break }
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
                p.heldHangulBreaks.insert(offset)
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
