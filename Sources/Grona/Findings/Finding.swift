import Raster

/// Something a person should know about one rendered variant: copy cut at its line limit, a colour
/// the SDK replaced for contrast or that still does not read, a graphic too faint against what is
/// behind it, a blank VoiceOver label, a small touch target. Computed once per render by
/// `Findings.of(_:)`; every command, the report and `check` show these same values and sentences.
public struct Finding: Equatable, Sendable {
    /// The kinds, by their stable names (the `kind` of `check --format json` and of the report).
    public enum Kind: String, CaseIterable, Sendable {
        case truncated, contrastReplaced, contrastBelowMinimum, nonTextContrast, emptyText, touchTarget
        case missingCharacters, privateUseCharacters

        /// A few words for legends and summaries: `phrase`.
        package var summary: String { phrase }

        /// Parses a comma-separated list of kind names (`--ignore truncated,emptyText`).
        package static func parseList(_ text: String) throws -> Set<Kind> {
            var kinds: Set<Kind> = []
            for word in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let kind = Kind(rawValue: String(word)) else {
                    throw OverrideError("\(quoted(String(word))) is not a finding kind ("
                        + Kind.allCases.map(\.rawValue).joined(separator: ", ") + ")")
                }
                kinds.insert(kind)
            }
            return kinds
        }
    }

    /// What was found, with the kind's own fields.
    package enum Detail: Equatable, Sendable {
        /// The copy, the part of it drawn (ending in "…"), its lines, the field's limit, and what each
        /// line shows.
        case truncated(shownText: String, lines: Int, maxLines: Int, lineTexts: [String] = [])
        /// The readable-contrast fix replaced `preferred` by `color`, which reaches the minimum.
        case contrastReplaced(Contrasts)
        /// The drawn colour is under the minimum: neither white nor near-black reaches it, or the
        /// fallback reads worse than the preferred colour did.
        case contrastBelowMinimum(Contrasts)
        /// A button's fill against the card, or the progress fill against its track, under 3:1.
        case nonTextContrast(color: Color, background: Color, contrast: Double, minimumContrast: Double)
        /// Copy of only whitespace: VoiceOver reads a blank label.
        case emptyText
        /// The touch target as a finger can use it (clipped to the card), under 44 × 44 pt.
        case touchTarget(width: Double, height: Double, minimum: Double)
        /// Characters of the copy that no font has: drawn as empty boxes.
        case missingCharacters([String])
        /// Private-use characters of the copy, whatever font maps them: each device's fonts draw
        /// their own glyph there (or a box), so nobody knows what an iPhone shows.
        case privateUseCharacters([String])
    }

    /// A text's colour decision, as the report has it.
    package struct Contrasts: Equatable, Sendable {
        package var preferredColor: Color
        package var preferredContrast: Double
        package var color: Color
        package var contrast: Double
        package var minimumContrast: Double
        package var background: Color
    }

    /// The text role (`title`, `tierLabel`, …) or graphic role (`button`, `progressFill`).
    public var role: String
    /// The field's copy, for findings about a text.
    public var text: String?
    package var detail: Detail

    package init(role: String, text: String?, detail: Detail) {
        self.role = role; self.text = text; self.detail = detail
    }

    public var kind: Kind {
        switch detail {
        case .truncated: return .truncated
        case .contrastReplaced: return .contrastReplaced
        case .contrastBelowMinimum: return .contrastBelowMinimum
        case .nonTextContrast: return .nonTextContrast
        case .emptyText: return .emptyText
        case .touchTarget: return .touchTarget
        case .missingCharacters: return .missingCharacters
        case .privateUseCharacters: return .privateUseCharacters
        }
    }

    // MARK: - Sentences

    /// The sentence for this variant, e.g. `title cut at 3 lines, shows "Two pastries for…"`.
    public var message: String { subject + detailSentence() }

    /// The part of the sentence that is the same in every variant where this finding is the same
    /// problem (`FindingGroup` puts where it happens after it): `title cut at 3 lines`,
    /// `button label recoloured from #F5D76E (1.6:1) to #1A1C1A (12.4:1)`.
    package var subject: String {
        switch detail {
        case .truncated(_, _, let maxLines, _):
            return "\(noun) cut after \(maxLines) line\(maxLines == 1 ? "" : "s")"
        case .contrastReplaced(let c):
            return "\(noun) recoloured from \(c.preferredColor.reportHex) (\(readableRatio(c.preferredContrast))) "
                + "to \(c.color.reportHex) (\(readableRatio(c.contrast)))"
        case .contrastBelowMinimum(let c):
            var sentence = "\(noun) under \(readableRatio(c.minimumContrast)) on \(c.background.reportHex): "
            if c.color == c.preferredColor {
                sentence += "\(c.color.reportHex) gives \(readableRatio(c.contrast))"
            } else {
                sentence += "the preferred \(c.preferredColor.reportHex) gives \(readableRatio(c.preferredContrast)), "
                    + "the fallback \(c.color.reportHex) \(readableRatio(c.contrast))"
                if c.contrast < c.preferredContrast { sentence += ", worse than the preferred colour" }
            }
            return sentence
        case .nonTextContrast(let color, let background, let contrast, let minimum):
            let against = role == GraphicContrast.Role.progressFill.rawValue ? "its track" : "the card"
            return "\(noun) \(color.reportHex) is \(readableRatio(contrast)) against \(against) \(background.reportHex), "
                + "under \(readableRatio(minimum))"
        case .emptyText:
            return "\(noun) is only whitespace: VoiceOver reads a blank label"
        case .touchTarget(let width, let height, let minimum):
            return "\(noun) touch target is \(JSONText.number(width)) × \(JSONText.number(height)) pt, "
                + "under \(JSONText.number(minimum)) × \(JSONText.number(minimum)) pt"
        case .missingCharacters(let characters):
            return "\(noun) has characters no pinned font can draw, drawn as boxes: \(characters.joined(separator: " "))"
        case .privateUseCharacters(let characters):
            return "\(noun) has private-use characters, which an iPhone's fonts draw their own way: "
                + characters.joined(separator: " ")
        }
    }

    /// What follows the subject and differs between variants: for a cut text, what it shows.
    func detailSentence() -> String {
        guard case .truncated(let shownText, _, _, _) = detail else { return "" }
        return ", shows " + quoted(shownText)
    }

    /// How the role reads in a sentence: `title`, `button label`, `tier label "Gold"`.
    var noun: String {
        switch role {
        case TextRole.button.rawValue:
            if case .nonTextContrast = detail { return "button fill" }
            if case .touchTarget = detail { return "button" }
            return "button label"
        case TextRole.tierLabel.rawValue: return "tier label" + (text.map { " " + quoted($0) } ?? "")
        case GraphicContrast.Role.progressFill.rawValue: return "progress fill"
        default: return role
        }
    }

    // MARK: - JSON

    /// `"kind": …, "role": …, "message": …` and the kind's fields, without braces (so `check` can put
    /// the spec and the variant first).
    package func jsonFields() -> String {
        var fields: [(String, String)] = [("kind", s(kind.rawValue)), ("role", s(role)), ("message", s(message))]
        if let text { fields.append(("text", s(text))) }
        switch detail {
        case .truncated(let shownText, let lines, let maxLines, let lineTexts):
            fields += [("shownText", s(shownText)), ("lines", "\(lines)"), ("maxLines", "\(maxLines)"),
                       ("lineTexts", "[" + lineTexts.map(s).joined(separator: ", ") + "]")]
        case .contrastReplaced(let c), .contrastBelowMinimum(let c):
            fields += [("preferredColor", s(c.preferredColor.reportHex)), ("preferredContrast", n(c.preferredContrast)),
                       ("color", s(c.color.reportHex)), ("contrast", n(c.contrast)),
                       ("minimumContrast", n(c.minimumContrast)), ("background", s(c.background.reportHex))]
        case .nonTextContrast(let color, let background, let contrast, let minimum):
            fields += [("color", s(color.reportHex)), ("background", s(background.reportHex)),
                       ("contrast", n(contrast)), ("minimumContrast", n(minimum))]
        case .emptyText:
            break
        case .touchTarget(let width, let height, let minimum):
            fields += [("width", n(width)), ("height", n(height)), ("minimum", n(minimum))]
        case .missingCharacters(let characters), .privateUseCharacters(let characters):
            fields += [("characters", "[" + characters.map(s).joined(separator: ", ") + "]")]
        }
        return fields.map { "\(s($0.0)): \($0.1)" }.joined(separator: ", ")
    }
}

private func s(_ text: String) -> String { JSONText.string(text) }
private func n(_ value: Double) -> String { JSONText.number(value) }

/// A contrast ratio as people read it, `4.4:1`: one decimal, rounded down, so a ratio just under a
/// threshold never prints as the threshold it fails (4.46 is "4.4:1", not "4.5:1").
func readableRatio(_ value: Double) -> String {
    let tenths = Int((value * 10 + 1e-9).rounded(.down))
    return "\(tenths / 10)\(tenths % 10 == 0 ? "" : ".\(tenths % 10)"):1"
}
