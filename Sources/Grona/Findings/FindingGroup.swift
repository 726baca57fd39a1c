/// The findings of one spec across its variants, grouped so a person reads them at a glance: one
/// line per problem, saying where it happens rather than repeating it per variant —
/// `title cut after 3 lines at AX3–AX5, shows "Two pastries for the price…"`,
/// `button label recoloured from #F5D76E (1.6:1) to #1A1C1A (12.4:1) in light`.
///
/// Two findings are the same problem when their kind, role, copy and subject agree (the subject
/// leaves out what changes between text sizes, such as how much of a cut text shows). A group's
/// variants are described axis by axis, leaving out every axis on which it covers all the values
/// checked; the exact list is in `variants` (and in `check --format json`).
package struct FindingGroup: Sendable {
    /// The group's first finding, in variant order.
    package var first: Finding
    /// The variants it occurs in, in the order checked.
    package var variants: [Environment]
    /// Whether every finding of the group quotes the same copy (false only when grouped `acrossCopy`
    /// over languages whose words differ).
    package var sameCopy = true

    /// Groups `checked` (each variant with its findings, in order) by problem, in order of first
    /// appearance. `acrossCopy`: the copy is left out of what makes two findings the same problem,
    /// so one problem in several languages is one group (the studio's "title cut in German and
    /// Arabic"), where `check` lists each copy's own.
    package static func groups(_ checked: [(environment: Environment, findings: [Finding])], acrossCopy: Bool = false) -> [FindingGroup] {
        var groups: [FindingGroup] = []
        var index: [String: Int] = [:]
        for (environment, findings) in checked {
            for finding in findings {
                let key = [finding.kind.rawValue, finding.role, acrossCopy ? "" : finding.text ?? "", finding.subject].joined(separator: "\u{1F}")
                if let at = index[key] {
                    if groups[at].variants.last != environment { groups[at].variants.append(environment) }
                    if finding.text != groups[at].first.text { groups[at].sameCopy = false }
                } else {
                    index[key] = groups.count
                    groups.append(FindingGroup(first: finding, variants: [environment]))
                }
            }
        }
        return groups
    }

    /// The line for people: the subject, where it happens among `all` variants, then the first
    /// variant's detail.
    package func sentence(among all: [Environment]) -> String {
        let place = Self.describe(variants, among: all)
        return first.subject + (place.isEmpty ? "" : " " + place) + first.detailSentence()
    }

    /// "at AX3–AX5 in dark", "in right-to-left", "in every variant" ("" when only one was checked).
    /// `plain`: in words for people who do not know the codes, "at Accessibility 3–Accessibility 5
    /// in German".
    static func describe(_ some: [Environment], among all: [Environment], plain: Bool = false) -> String {
        guard all.count > 1 else { return "" }
        var parts: [String] = []
        func axis<T: Equatable>(_ value: (Environment) -> T, _ text: ([[T]]) -> String) {
            var checked: [T] = []
            for env in all where !checked.contains(value(env)) { checked.append(value(env)) }
            let present = checked.filter { v in some.contains { value($0) == v } }
            if present.count < checked.count { parts.append(text(runs(present, in: checked))) }
        }
        // Each language named once (ICU, a few calls a name), not once per comparison of the axes.
        func englishName(_ tag: String) -> String { (try? LanguageTag(parsing: tag))?.englishName ?? tag }
        var names: [String: String] = [:]
        if plain { for tag in Set(all.compactMap(\.locale)) { names[tag] = englishName(tag) } }
        let language: (Environment) -> String = { env in
            [env.locale.map { plain ? (names[$0] ?? englishName($0)) : $0 } ?? "the base copy",
             env.pseudo.map { "pseudo \($0.rawValue)" }].compactMap { $0 }.joined(separator: " ")
        }
        axis({ $0.textSize }) { "at " + $0.map { $0.map { plain ? $0.displayName : $0.shortName } }.map(Self.range).joined(separator: ", ") }
        axis(language) { runs in
            let names = runs.joined()
            // In words, a list as a sentence has it: "in German and Arabic", "in French, German and Arabic".
            guard plain, names.count > 1 else { return "in " + names.joined(separator: ", ") }
            return "in " + names.dropLast().joined(separator: ", ") + " and " + names.last!
        }
        axis({ $0.appearance }) { "in " + $0.joined().map(\.rawValue).joined(separator: " and ") }
        // A direction that only follows the language ("in ar" is right to left) goes unsaid; it is
        // named when it varies on its own, within a language.
        let directionFollowsLanguage = Dictionary(grouping: all, by: language).values.allSatisfy { variants in
            variants.allSatisfy { $0.direction == variants[0].direction }
        }
        if !directionFollowsLanguage {
            axis({ $0.direction }) { "in " + $0.joined().map { $0 == .rtl ? "right-to-left" : "left-to-right" }
                .joined(separator: " and ") }
        }
        axis({ $0.scale }) { "at " + $0.joined().map { "@\($0)x" }.joined(separator: ", ") }
        axis({ $0.width }) { "at " + $0.joined().map { "\(formatPoints($0)) pt" }.joined(separator: ", ") }
        return parts.isEmpty ? "in every variant" : parts.joined(separator: " ")
    }

    /// `present` split into runs of values adjacent in `checked`.
    private static func runs<T: Equatable>(_ present: [T], in checked: [T]) -> [[T]] {
        var result: [[T]] = []
        var previous = -2
        for value in present {
            guard let position = checked.firstIndex(of: value) else { continue }
            if position == previous + 1, !result.isEmpty { result[result.count - 1].append(value) } else { result.append([value]) }
            previous = position
        }
        return result
    }

    /// ["AX3", "AX4", "AX5"] → "AX3–AX5"; two or one stay a list.
    private static func range(_ run: [String]) -> String {
        run.count >= 3 ? "\(run[0])–\(run[run.count - 1])" : run.joined(separator: ", ")
    }
}
