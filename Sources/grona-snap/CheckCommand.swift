import Foundation
import Grona
import Text

/// `grona-snap check SPEC.json|DIR [--format text|json] [--ignore KIND,…] [axes] [overrides]`
///
/// Renders every variant of every spec and says what a person should know (`Findings`): copy cut at
/// its line limit, colours replaced for contrast or still unreadable, faint buttons and progress
/// fills, blank labels, small touch targets. As text, one line per problem per spec, saying where
/// it happens (`FindingGroup`); as JSON, one object per finding per variant, for CI. The findings
/// are the ones `render --report` writes: this command only gathers them.
enum CheckCommand {
    static let help = """
        usage: grona-snap check SPEC.json|DIR [--format text|json] [--ignore KIND,…]
                                [--text-sizes LIST] [--appearances LIST] [--directions LIST]
                                [--locales all|en,de,ar] [--pseudos all|accented,double]
                                [--jobs N] [--assets-root DIR] [overrides]

        Renders every variant of the spec (or of every *.json spec in DIR, in name order) and lists
        its findings: text cut at its line limit (truncated), a colour the SDK replaced for contrast
        (contrastReplaced), text still under its minimum contrast (contrastBelowMinimum), a button
        or progress fill under 3:1 against what is behind it (nonTextContrast), a field of only
        whitespace (emptyText), a touch target under 44 × 44 pt (touchTarget), characters no
        pinned font can draw (missingCharacters), private-use characters, which an iPhone's fonts
        draw their own way (privateUseCharacters).

        Exit status: 0 when nothing is found, 1 when something is, 2 for bad input or usage.

        options:
          --format text|json        text (default): per spec, one line per problem saying where
                                    it happens; json: an array of one object per finding per
                                    variant (spec, variant, kind, role, message, the kind's fields)
          --ignore KIND,…           leave these kinds out (and out of the exit status)
          --jobs N                  render on N threads (default: one per core)
          --assets-root DIR         refuse fonts and images outside DIR

        axes (replace the spec's variants for that setting; "all" takes every value):
        \(VariantPlan.axesHelp)

        overrides (fix that setting for every variant):
          --width PT  --scale N  --text-size CAT  --appearance light|dark  --direction ltr|rtl
          --reduce-motion  --time SECONDS  --animation reveal|collapse  --locale TAG
          --pseudo accented|double|bounded|rtl
        """

    static let grammar = Arguments.Grammar(
        valued: EnvironmentOptions.valued.union(VariantPlan.axisOptions)
            .union(["--format", "--ignore", "--jobs", "--assets-root"]),
        flags: EnvironmentOptions.flags, positionals: 1...1)

    enum Format: String { case text, json }

    static func run(_ words: ArraySlice<String>) throws {
        let args = try Arguments(words, grammar: grammar, command: "check")
        let format = try args.value("--format").map { text in
            guard let format = Format(rawValue: text) else { throw UsageError("--format: \"\(text)\" is not text or json") }
            return format
        } ?? .text
        let ignored: Set<Finding.Kind>
        do { ignored = try args.value("--ignore").map(Finding.Kind.parseList) ?? [] } catch {
            throw UsageError("--ignore: \(error)")
        }
        let overrides = try EnvironmentOptions.overrides(from: args)
        let axes = try VariantPlan.axes(from: args, overrides: overrides, command: "check")
        let jobCount = try Work.jobs(from: args)
        let target = args.positionals[0]
        var isFolder: ObjCBool = false
        let paths = FileManager.default.fileExists(atPath: target, isDirectory: &isFolder) && isFolder.boolValue
            ? try BatchCommand.specFiles(in: target) : [target]
        // Every spec is read before anything is rendered: a bad one stops the run (exit 2) before
        // any finding is printed.
        let specs = try paths.map { try Specs.decode($0, assetRoots: args.value("--assets-root")) }
        let checked = try check(specs, overrides: overrides, axes: axes, ignoring: ignored, jobs: jobCount, showingProgress: true)
        let jobs = checked.jobs, findings = checked.findings, total = checked.total

        switch format {
        case .json:
            print(json(checked, paths: paths))
        case .text:
            var out = ""
            var specsWithFindings = 0
            for (index, path) in paths.enumerated() {
                let checked = zip(jobs, findings).filter { $0.0.spec == index }.map { (environment: $0.0.environment, findings: $0.1) }
                let groups = FindingGroup.groups(checked)
                if groups.isEmpty { out += "\(path): no findings\n"; continue }
                specsWithFindings += 1
                out += "\(path):\n"
                let all = checked.map(\.environment)
                for group in groups { out += "  " + group.sentence(among: all) + "\n" }
            }
            let variants = "\(jobs.count) variant\(jobs.count == 1 ? "" : "s") of \(specs.count) spec\(specs.count == 1 ? "" : "s")"
            out += total == 0 ? "no findings in \(variants)\n"
                : "\(total) finding\(total == 1 ? "" : "s") in \(specsWithFindings) of \(specs.count) spec\(specs.count == 1 ? "" : "s") (\(jobs.count) variant\(jobs.count == 1 ? "" : "s") checked)\n"
            print(out, terminator: "")
        }
        if total > 0 { throw ExitStatus(code: 1) }
    }

    /// Every variant of every spec, each with the findings its render reports (less the ignored
    /// kinds). `check` and `POST /api/check` both call this, so they find the same things.
    struct Checked {
        let jobs: [(spec: Int, environment: Environment)]
        let findings: [[Finding]]
        var total: Int { findings.reduce(0) { $0 + $1.count } }
    }

    /// With `engine` (the server's, warm), every variant is rendered on the calling thread with it,
    /// by `laidOut[i]` when given (renderers that have laid out variant i already, for the server's
    /// cost estimate, so the layout is not done twice); otherwise on `jobCount` threads, each with an
    /// engine of its own.
    static func check(_ specs: [Spec], overrides: EnvironmentOverrides, axes: Variants, ignoring ignored: Set<Finding.Kind>,
                      jobs jobCount: Int, engine: TextEngine? = nil, laidOut: [ComponentRenderer]? = nil,
                      showingProgress: Bool = false, stop: (@Sendable () -> Bool)? = nil) throws -> Checked {
        let jobs: [(spec: Int, environment: Environment)] = specs.enumerated().flatMap { index, spec in
            VariantPlan.environments(of: spec, overrides: overrides, axes: VariantPlan.axes(axes, for: spec)).map { (index, $0) }
        }
        // Only the findings are kept from each render, so memory stays flat in the number of variants.
        @Sendable func findings(_ renderer: ComponentRenderer, _ index: Int) throws -> [Finding] {
            try Work.checkStop(stop)
            return try renderer.render(jobs[index].environment).report.findings.filter { !ignored.contains($0.kind) }
        }
        if let engine {
            let laidOut = laidOut?.count == jobs.count ? laidOut : nil
            return Checked(jobs: jobs, findings: try jobs.indices.map { index in
                try findings(laidOut?[index] ?? ComponentRenderer(spec: specs[jobs[index].spec], engine: engine), index)
            })
        }
        let results = ParallelRenderer.map(count: jobs.count, jobs: jobCount, fontsFolder: try Specs.fontsFolder(),
                                           progress: showingProgress ? Work.progressBar(total: jobs.count) : nil) { index, engine in
            try findings(ComponentRenderer(spec: specs[jobs[index].spec], engine: engine), index)
        }
        return Checked(jobs: jobs, findings: try Work.values(results))
    }

    /// `check --format json`: an array of one object per finding per variant, `paths[i]` naming spec i.
    static func json(_ checked: Checked, paths: [String]) -> String {
        let jobs = checked.jobs
        let namesWidth = Dictionary(grouping: jobs.indices, by: { jobs[$0].spec }).mapValues { indices in
            Set(indices.map { jobs[$0].environment.width }).count > 1
        }
        var lines: [String] = []
        for (job, found) in zip(jobs, checked.findings) {
            let variant = variantJSON(job.environment, includingWidth: namesWidth[job.spec] ?? false)
            for finding in found {
                lines.append("{\"spec\": \(JSONText.string(paths[job.spec])), \"variant\": \(variant), "
                    + finding.jsonFields() + "}")
            }
        }
        return lines.isEmpty ? "[]" : "[\n  " + lines.joined(separator: ",\n  ") + "\n]"
    }

    /// `{"textSize": "AX5", "appearance": "dark", "direction": "rtl", "scale": 3}`, with the width
    /// when the spec's variants vary it.
    static func variantJSON(_ env: Environment, includingWidth: Bool) -> String {
        var fields = ["\"textSize\": \(JSONText.string(env.textSize.shortName))",
                      "\"appearance\": \(JSONText.string(env.appearance.rawValue))",
                      "\"direction\": \(JSONText.string(env.direction.rawValue))",
                      "\"scale\": \(env.scale)"]
        if let locale = env.locale { fields.append("\"locale\": \(JSONText.string(locale))") }
        if let pseudo = env.pseudo { fields.append("\"pseudo\": \(JSONText.string(pseudo.rawValue))") }
        if includingWidth { fields.append("\"width\": \(JSONText.number(env.width))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}
