// Findings: what a person should know about one rendered variant, computed in one place from what
// the render decided — the render report's texts (line limits, the resolver's colour decisions),
// its graphics and touch targets — never by applying the rules a second time. So when the colour
// rules change, the findings follow.
//
// One finding per problem, in the report's reading order (texts, then graphics, then touch
// targets):
//   truncated             a text's layout ended in "…" at its line limit
//   contrastReplaced      the preferred colour was under the role's minimum and the fix replaced it
//                         by white or near-black, which reaches it
//   contrastBelowMinimum  the colour drawn is still under the minimum (a mid-grey background, where
//                         neither white nor near-black reaches 4.5:1); this one finding replaces
//                         contrastReplaced for that text, since the fix did not fix it
//   emptyText             copy of only whitespace: drawn as nothing, read by VoiceOver as a blank label
//   nonTextContrast       a button's fill against the card or the progress fill against its track,
//                         under 3:1 (WCAG 1.4.11); the SDK does not change these, so GronaSnap only
//                         reports them
//   missingCharacters     characters no pinned font can draw, drawn as boxes (the report's
//                         `missingCharacters`, as "U+XXXX")
//   privateUseCharacters  private-use characters, whatever font maps them (the report's
//                         `privateUseCharacters`): an iPhone's fonts draw their own there
//   touchTarget           a touch target, as far as it lies inside the card (touches outside a view's
//                         bounds do not reach it on iOS), under 44 × 44 pt
package enum Findings {
    /// Apple's minimum touch target, in points.
    package static let minimumTouchTarget = 44.0

    /// The findings of one rendered variant, from its report.
    package static func of(_ report: RenderReport) -> [Finding] {
        var findings: [Finding] = []
        for text in report.texts {
            let role = text.role.rawValue
            if text.text.allSatisfy({ $0.isWhitespace }) {
                // Nothing to cut or to read: the only thing to say is that it is blank.
                findings.append(Finding(role: role, text: text.text, detail: .emptyText))
                continue
            }
            if text.truncated {
                findings.append(Finding(role: role, text: text.text,
                                        detail: .truncated(shownText: text.shownText, lines: text.lines,
                                                           maxLines: text.maxLines, lineTexts: text.lineTexts)))
            }
            if !text.missingCharacters.isEmpty {
                findings.append(Finding(role: role, text: text.text, detail: .missingCharacters(text.missingCharacters)))
            }
            if !text.privateUseCharacters.isEmpty {
                findings.append(Finding(role: role, text: text.text,
                                        detail: .privateUseCharacters(text.privateUseCharacters)))
            }
            let c = text.color
            let contrasts = Finding.Contrasts(preferredColor: c.preferred, preferredContrast: c.preferredContrast,
                                              color: c.color, contrast: c.contrast,
                                              minimumContrast: c.minimumContrast, background: c.background)
            if c.contrast < c.minimumContrast {
                findings.append(Finding(role: role, text: text.text, detail: .contrastBelowMinimum(contrasts)))
            } else if c.isAdjusted {
                findings.append(Finding(role: role, text: text.text, detail: .contrastReplaced(contrasts)))
            }
        }
        for graphic in report.graphics where graphic.contrast < GraphicContrast.minimumContrast {
            findings.append(Finding(role: graphic.role.rawValue, text: nil,
                                    detail: .nonTextContrast(color: graphic.color, background: graphic.background,
                                                             contrast: graphic.contrast,
                                                             minimumContrast: GraphicContrast.minimumContrast)))
        }
        for target in report.touchTargets {
            let f = target.frame
            let usable = (width: max(0, min(f.x + f.width, report.width) - max(f.x, 0)),
                          height: max(0, min(f.y + f.height, report.height) - max(f.y, 0)))
            // A hair of floating-point error must not turn a 44-pt target into a finding.
            if usable.width < minimumTouchTarget - 0.001 || usable.height < minimumTouchTarget - 0.001 {
                findings.append(Finding(role: target.role.rawValue, text: nil,
                                        detail: .touchTarget(width: usable.width, height: usable.height,
                                                             minimum: minimumTouchTarget)))
            }
        }
        return findings
    }
}

/// How many findings of each kind a run found, for the one-line summaries of `batch` and `verify`.
package struct FindingCounts: Equatable, Sendable {
    package private(set) var counts: [Finding.Kind: Int] = [:]

    package init() {}
    package init(_ findings: [Finding]) { add(findings) }

    package mutating func add(_ findings: [Finding]) {
        for finding in findings { counts[finding.kind, default: 0] += 1 }
    }

    /// Adds `count` findings of `kind` (counts read back from a saved run).
    package mutating func add(_ kind: Finding.Kind, count: Int) {
        if count > 0 { counts[kind, default: 0] += count }
    }

    package mutating func add(_ other: FindingCounts) {
        for (kind, count) in other.counts { counts[kind, default: 0] += count }
    }

    package var total: Int { counts.values.reduce(0, +) }

    /// "no findings", "1 finding (truncated)", "57 findings (30 truncated, 27 contrastReplaced)":
    /// kinds in their fixed order.
    package var summary: String {
        guard total > 0 else { return "no findings" }
        let parts = Finding.Kind.allCases.compactMap { kind in counts[kind].map { "\($0) \(kind.rawValue)" } }
        return "\(total) finding\(total == 1 ? "" : "s") (\(parts.joined(separator: ", ")))"
    }
}
