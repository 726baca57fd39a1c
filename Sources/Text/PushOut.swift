/// Push-out: a paragraph whose last line would hold a lone word takes a word from the line before (and
/// that line, if left with one word, from the line before it), as UILabel does by default.
///
/// UILabel's `lineBreakStrategy` defaults to `.standard` (iOS 14; the behaviour itself since iOS 11),
/// "the same configuration of line-break strategies that it uses for standard UI labels": Hangul word
/// priority (`LineStarts`) and `.pushOut`, which Apple documents as "pushes out individual lines to
/// avoid an orphan word on the last line of the paragraph … Typically, the text system only pushes out
/// the last line by one word" (NSParagraphStyle.LineBreakStrategy.pushOut). Developers measured it on
/// devices when iOS 11 changed labels: a two-line label's second line "always has at least 2 words"
/// ("UILabel wrong word wrap in iOS 11"), and Jesse Squires, "How to prevent orphan words in text views
/// on iOS and macOS" (2023), shows the same one-word push in TextKit.
///
/// The rule, applied after greedy filling (`BreakLines.lines`), to the last line of each paragraph
/// (the text's end, or a newline):
/// - it applies only where the paragraph has more than one line, the last line holds one word (no
///   break opportunity inside it) and the break before it is between words: after a space, between
///   two Thai, Lao, Khmer or Myanmar words, or between two CJK characters, where each character is a
///   word to the line breaker (a last line of one ideograph and its punctuation, "一 / 次。", is the
///   lone character CJK typesetting avoids as a Latin one avoids a lone word). Not after a hyphen or
///   slash, nor after a long word cut inside, whose pieces are not words;
/// - the line before gives its last word: the break moves to the line's last opportunity before it,
///   provided the line keeps some text;
/// - a line that giving its word leaves holding one word (French "… vite, c'est / maintenant !" would
///   become "… / vite, / c'est maintenant !") takes the last word of the line before it in turn, up
///   the paragraph, as long as each moved word fits: Apple's push-out "may extend individual lines by
///   one or more words", and a lone word is no better one line up;
/// - it never adds a line: the new last line (the moved word, the space and the lone word) must fit the
///   width, or nothing moves. Line counts and heights are therefore never changed by it;
/// - a cut line (ending in "…") is not a paragraph's last line: nothing moves into it; a break at a
///   soft hyphen is inside a word, not between words, so nothing moves across it.
enum PushOut {
    static func apply(_ lines: inout [LineSpan], _ p: Paragraph, fits: (Int, Int) -> Bool) {
        guard lines.count > 1 else { return }
        for i in 1..<lines.count {
            let endsParagraph = i == lines.count - 1 || lines[i].reason == .newline
            guard endsParagraph, !lines[i].ellipsis, lines[i].end > lines[i].start, isOneWord(lines[i], p) else { continue }
            // The lone word takes a word from the line before; a line left with one word by that takes
            // one from the line before it, and so on up the paragraph.
            var receiver = i
            while receiver > 0, giveLastWord(from: receiver - 1, to: receiver, &lines, p, fits: fits),
                  isOneWord(lines[receiver - 1], p) {
                receiver -= 1
            }
        }
    }

    /// Moves the last word of line `giver` to the start of line `receiver` (the next one), if the break
    /// between them is between words, the giver keeps some text and the receiver still fits.
    private static func giveLastWord(from giver: Int, to receiver: Int, _ lines: inout [LineSpan], _ p: Paragraph,
                                     fits: (Int, Int) -> Bool) -> Bool {
        let before = lines[giver]
        guard let reason = before.reason, betweenWords.contains(reason), !isSoftHyphenBreak(before.next, p) else {
            return false
        }
        // The last opportunity inside the line before, leaving it some text.
        var offset = before.next - 1
        while offset > before.start, !(p.breakFlags[offset] == 1 && p.cuttable[offset]) { offset -= 1 }
        guard offset > before.start, !isSoftHyphenBreak(offset, p),
              p.trimmingTrailingWhitespace(before.start, offset) > before.start,
              fits(offset, lines[receiver].end) else { return false }
        lines[giver] = LineSpan(start: before.start, end: p.trimmingTrailingWhitespace(before.start, offset),
                                next: offset, ellipsis: false, reason: .pushOut)
        lines[receiver].start = offset
        return true
    }

    private static let betweenWords: Set<LineBreakReason> = [.space, .hangulWord, .dictionary, .ideographic, .pushOut]

    private static func isSoftHyphenBreak(_ offset: Int, _ p: Paragraph) -> Bool {
        offset > 0 && p.utf16[offset - 1] == Paragraph.softHyphen
    }

    /// No break opportunity between the line's first and last character.
    private static func isOneWord(_ line: LineSpan, _ p: Paragraph) -> Bool {
        guard line.end > line.start else { return false }
        var offset = line.start + 1
        while offset < line.end {
            if p.breakFlags[offset] != 0 && p.cuttable[offset] { return false }
            offset += 1
        }
        return true
    }
}
