import Foundation
import Grona
import GronaOutput
import GronaRequests
import GronaSnapshots
import Text

/// `grona-snap check SPEC.json|DIR [--format text|json] [--ignore KIND,…] [axes] [overrides]`
///
/// Renders every variant of every spec and says what a person should know (`Findings`): copy cut at
/// its line limit, colours replaced for contrast or still unreadable, faint buttons and progress
/// fills, blank labels, small touch targets. As text, one line per problem per spec, saying where
/// it happens (`FindingGroup`); as JSON, one object per finding per variant, for CI. The findings
/// are the ones `render --report` writes: this command only gathers them.
enum CheckCommand {
    static let command = Command(
        name: "check", synopsis: "SPEC.json|DIR [--format text|json] [--ignore KINDS]", summary: "list what was cut, recoloured or hard to read",
        arguments: "SPEC.json|DIR",
        about: """
            Renders every variant of the spec (or of every *.json spec in DIR and its subfolders, in
            path order, as verify finds them) and lists
            its findings: text cut at its line limit (truncated), a colour the SDK replaced for contrast
            (contrastReplaced), text still under its minimum contrast (contrastBelowMinimum), a button
            or progress fill under 3:1 against what is behind it (nonTextContrast), a field of only
            whitespace (emptyText), a touch target under 44 × 44 pt (touchTarget), characters no
            pinned font can draw (missingCharacters), private-use characters, which an iPhone's fonts
            draw their own way (privateUseCharacters).

            Exit status: 0 when nothing is found, 1 when something is, 2 for bad input or usage.
            """,
        options: [
            CommandOption(flag: "--format", placeholder: "text|json", schema: .choice(Format.allCases.map(\.rawValue)),
                          summary: "text (default): per spec, one line per problem saying where it happens; json: an array of one "
                            + "object per finding per variant (spec, variant, kind, role, message, the kind's fields)"),
        ],
        headings: [.overrides: "overrides (fix that setting for every variant)"],
        positionals: 1...1, run: run)

    enum Format: String, CaseIterable { case text, json }

    static func run(_ words: ArraySlice<String>) throws {
        let args = try Arguments(words, for: command)
        let format = try args.value("--format").map { text in
            guard let format = Format(rawValue: text) else { throw RequestError("--format: \"\(text)\" is not text or json") }
            return format
        } ?? .text
        let options = try args.options()
        let ignored = try options.value(OptionTable.ignore) ?? []
        let overrides = try EnvironmentOverrides(options)
        let axes = try VariantPlan.axes(overrides: overrides, options: options)
        let jobCount = try Work.jobs(from: args)
        let target = args.positionals[0]
        var isFolder: ObjCBool = false
        let paths = FileManager.default.fileExists(atPath: target, isDirectory: &isFolder) && isFolder.boolValue
            ? try BatchCommand.specFiles(in: target).map(\.path) : [target]
        // Every spec is read before anything is rendered: a bad one stops the run (exit 2) before
        // any finding is printed.
        let assetRoots = try AssetRoots.parse(args.value("--assets-root"))
        let specs = try paths.map { try Specs.decode($0, assetRoots: assetRoots) }
        let request = CheckRequest(specs: specs, overrides: overrides, axes: axes, ignored: ignored)
        let checked = try request.run(jobs: jobCount, progress: Work.progressBar(total: request.jobs.count))
        let jobs = checked.jobs, total = checked.total
        let environment = ProcessInfo.processInfo.environment
        if let junit = args.value("--junit") ?? environment["XML_OUTPUT_FILE"].flatMap({ $0.isEmpty ? nil : $0 }) {
            let xml = CheckRequest.junit(checked, specs: specs, paths: paths, name: "grona-snap check \(target)")
            try AtomicFile.createFolder(parentFolder(of: junit))
            try AtomicFile.write(Array(xml.utf8), to: junit)
        }

        switch format {
        case .json:
            print(CheckRequest.json(checked, paths: paths))
        case .text:
            var out = ""
            var specsWithFindings = 0
            for (index, path) in paths.enumerated() {
                let found = checked.checked(spec: index)
                let groups = FindingGroup.groups(found)
                if groups.isEmpty { out += "\(path): no findings\n"; continue }
                specsWithFindings += 1
                out += "\(path):\n"
                let all = found.map(\.environment)
                for group in groups { out += "  " + group.sentence(among: all) + "\n" }
            }
            let variants = "\(jobs.count) variant\(jobs.count == 1 ? "" : "s") of \(specs.count) spec\(specs.count == 1 ? "" : "s")"
            out += total == 0 ? "no findings in \(variants)\n"
                : "\(total) finding\(total == 1 ? "" : "s") in \(specsWithFindings) of \(specs.count) spec\(specs.count == 1 ? "" : "s") (\(jobs.count) variant\(jobs.count == 1 ? "" : "s") checked)\n"
            print(out, terminator: "")
        }
        if total > 0 { throw ExitStatus(code: 1) }
    }
}
