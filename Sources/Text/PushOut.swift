/// Push-out: a paragraph whose last line would hold a lone word takes one word from the line before,
/// as UILabel does by default.
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
/// - it never adds a line: the new last line (the moved word, the space and the lone word) must fit the
///   width, or nothing moves. Line counts and heights are therefore never changed by it;
/// - a cut line (ending in "…") is not a paragraph's last line: nothing moves into it.
enum PushOut {
    static func apply(_ lines: inout [LineSpan], _ p: Paragraph, fits: (Int, Int) -> Bool) {
        guard lines.count > 1 else { return }
        for i in 1..<lines.count {
            let last = lines[i], before = lines[i - 1]
            let endsParagraph = i == lines.count - 1 || last.reason == .newline
            guard endsParagraph, !last.ellipsis, let reason = before.reason, betweenWords.contains(reason),
                  last.end > last.start, isOneWord(last, p) else { continue }
            // The last opportunity inside the line before, leaving it some text.
            var offset = before.next - 1
            while offset > before.start, !(p.breakFlags[offset] == 1 && p.cuttable[offset]) { offset -= 1 }
            guard offset > before.start, p.trimmingTrailingWhitespace(before.start, offset) > before.start,
                  fits(offset, last.end) else { continue }
            lines[i - 1] = LineSpan(start: before.start, end: p.trimmingTrailingWhitespace(before.start, offset),
                                    next: offset, ellipsis: false, reason: .pushOut)
            lines[i].start = offset
        }
    }

    private static let betweenWords: Set<LineBreakReason> = [.space, .hangulWord, .dictionary, .ideographic]

    /// No break opportunity between the line's first and last character.
    private static func isOneWord(_ line: LineSpan, _ p: Paragraph) -> Bool {
        var offset = line.start + 1
        while offset < line.end {
            if p.breakFlags[offset] != 0 && p.cuttable[offset] { return false }
            offset += 1
        }
        return true
    }
}
