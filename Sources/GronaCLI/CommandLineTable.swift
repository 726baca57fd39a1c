import Grona
import GronaRequests

// The command line as one declarative table: every option (flag, value, summary, the commands that
// take it) and every command (its usage, prose and own options). The parser (`Arguments`), each
// command's help, `help --man` and the shell completions are all made from it. The options the HTTP
// API takes too are GronaRequests' `OptionTable` rows (which also give the API's query parameters
// and the environment variables): such an option is added there; an option of the command line
// alone is added here (or, when only one command takes it, in that command's `options`), a command
// by its file and one line in `Commands.all`.

/// One option of the command line.
struct CommandOption: Sendable {
    /// Where a command's help lists it.
    typealias Section = OptionGroup

    var flag: String
    /// `-o` for `--output`.
    var short: String?
    /// The value's placeholder in the help (`PT`); nil for a flag that stands alone.
    var placeholder: String?
    /// The command cannot do without it (`-o`): its usage shows it without brackets.
    var required = false
    /// It may be given more than once, each value kept (`serve --public-url`).
    var repeatable = false
    /// What the value may be: checked by the parser where it is a number, offered by the completion
    /// where it is a choice, and the query parameter's schema in the API's description.
    var schema: ValueSchema?
    var summary: String
    var section: Section = .options
    /// The commands that take it (an option a command declares itself: that command), besides those
    /// that name it in their `Command.takes`.
    var commands: [String] = []
    /// A command's own line of help where the option means more there (`sheet --padding`).
    var summaries: [String: String] = [:]
    /// The name a route of the HTTP API takes it under, and the routes (`Route.id`) that do: an
    /// `OptionTable` row's.
    var query: String?
    var routes: [String] = []
    /// The row it is made from: its summary (with the default) and its variable are the row's.
    var row: OptionRow?

    /// Every spelling the parser accepts.
    var names: [String] { (short.map { [$0] } ?? []) + [flag] }

    func summary(for command: String) -> String { row?.summary(for: command) ?? summaries[command] ?? summary }

    /// The words the completion offers for its value: the choices, or nil for a file or free text.
    var choices: [String]? {
        switch schema {
        case .choice(let values)?: return values
        case .integerChoice(let values)?: return values.map(String.init)
        default: return nil
        }
    }
}

/// One command: its name and usage, its help's prose, its own options, its positional words and what
/// it runs. `Commands.all` registers it; help, parsing, the man page and the completions follow.
struct Command: Sendable {
    var name: String
    /// The arguments after the name in the overview (`grona-snap --help`).
    var synopsis: String
    /// What it does, in the overview.
    var summary: String
    /// The words it takes besides options, in its usage: `SPEC.json`, `[DIR]`.
    var arguments: String
    /// The help's paragraphs before the options.
    var about: String
    /// Options only this command takes.
    var options: [CommandOption] = []
    /// Shared options it takes besides those that name it in `CommandTable.shared`, by flag
    /// (`CommandTable.overrideFlags + ["--jobs"]`): a new command says so in its own file.
    var takes: [String] = []
    /// The heading of a section of options in its help, where it says more than the default.
    var headings: [CommandOption.Section: String] = [:]
    /// Paragraphs after the options.
    var epilogue: String = ""
    /// Each of its options may also come from an environment variable of this prefix and the
    /// option's name (`GRONA_` + `--public-url` → `GRONA_PUBLIC_URL`); help and the man page name it.
    var environmentPrefix: String?
    var positionals: ClosedRange<Int>
    var run: @Sendable (ArraySlice<String>) throws -> Void
}

extension CommandOption {
    /// An option of GronaRequests' table (`OptionTable`): everything about it is the row's.
    init(_ row: OptionRow) {
        self.init(flag: row.flag, placeholder: row.placeholder, schema: row.schema, summary: row.summary, section: row.group,
                  commands: row.commands, summaries: row.summaries, query: row.query, routes: row.routes,
                  row: row)
    }
}

enum CommandTable {
    /// The flags of the environment overrides and `--reduce-motion`, and of the canvas, for `Command.takes`.
    static var overrideFlags: [String] { shared.filter { $0.section == .overrides }.map(\.flag) }
    static var canvasFlags: [String] { shared.filter { $0.section == .canvas }.map(\.flag) }

    /// The options more than one command takes, and those the HTTP API takes too (GronaRequests'
    /// `OptionTable`); a command's own are in its `Command.options`.
    static let shared: [CommandOption] = OptionTable.rows.map(CommandOption.init) + [
        CommandOption(flag: "--jobs", placeholder: "N", schema: .integer(1...256),
                      summary: "render on N threads (default: one per core)", commands: ["animate", "sheet", "check", "batch", "verify"]),
        CommandOption(flag: "--assets-root", placeholder: "DIR",
                      summary: "refuse fonts and images outside DIR (repeatable as DIR:DIR2)",
                      commands: ["render", "animate", "sheet", "check", "batch", "verify", "serve"],
                      summaries: ["serve": "fonts and images may come from DIR instead (repeatable as DIR:DIR2)"]),
        CommandOption(flag: "--shard", placeholder: "K/N",
                      summary: "render only shard K of N (1-based) for splitting the work across machines: the jobs (sorted specs × "
                        + "their variants) whose index modulo N is K − 1; the N shards together give one full run",
                      commands: ["batch", "verify"],
                      summaries: ["verify": "check only shard K of N (1-based): the snapshots whose position in the fixed order "
                        + "(specs by path × their variants), from 0, is K − 1 modulo N. Without it, read from Bazel "
                        + "(TEST_SHARD_INDEX, TEST_TOTAL_SHARDS; TEST_SHARD_STATUS_FILE is touched), GitLab (CI_NODE_INDEX, "
                        + "CI_NODE_TOTAL), CircleCI (CIRCLE_NODE_INDEX, CIRCLE_NODE_TOTAL) or Buildkite (BUILDKITE_PARALLEL_JOB, "
                        + "BUILDKITE_PARALLEL_JOB_COUNT); grona-snap merge combines the shards' report folders"]),
        CommandOption(flag: "--junit", placeholder: "FILE",
                      summary: "also write JUnit XML for CI: one test case per variant of each spec, failing with its findings "
                        + "(default under Bazel: $XML_OUTPUT_FILE)",
                      commands: ["check", "verify"],
                      summaries: ["verify": "write JUnit XML, one test case per snapshot (default under Bazel: $XML_OUTPUT_FILE)"]),
    ]

    /// Every option of every command: the shared ones and each command's own.
    static var all: [CommandOption] { shared + Commands.all.flatMap(ownOptions) }

    /// The options `command` takes, in the order its help lists them: its own, then the shared ones.
    static func options(of command: Command) -> [CommandOption] {
        ownOptions(of: command) + shared.filter { $0.commands.contains(command.name) || command.takes.contains($0.flag) }
    }

    private static func ownOptions(of command: Command) -> [CommandOption] {
        command.options.map { var own = $0; own.commands = [command.name]; return own }
    }

    /// The sections of a command's options that have any, each with its heading.
    static func sections(of command: Command) -> [(heading: String, options: [CommandOption])] {
        let options = self.options(of: command)
        return CommandOption.Section.allCases.compactMap { section in
            let listed = options.filter { $0.section == section }
            return listed.isEmpty ? nil : (command.headings[section] ?? defaultHeadings[section]!, listed)
        }
    }

    static let defaultHeadings: [CommandOption.Section: String] = [
        .options: "options",
        .canvas: "canvas (for screenshots; without these the card fills the image)",
        .axes: "axes (replace the spec's variants for that setting; \"all\" takes every value)",
        .overrides: "overrides (win over the spec's environment)",
    ]

    /// A command's help: usage, prose, then each section of its options from the table.
    static func help(_ command: Command) -> String {
        var parts = [usage(command), command.about]
        for (heading, options) in sections(of: command) {
            parts.append(heading + ":\n" + options.map { row($0, summary: summary(of: $0, in: command)) }.joined(separator: "\n"))
        }
        if !command.epilogue.isEmpty { parts.append(command.epilogue) }
        return parts.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// An option's line of help in a command, with the environment variable it may also come from.
    static func summary(of option: CommandOption, in command: Command) -> String {
        option.summary(for: command.name) + (environmentName(of: option, in: command).map { " [$" + $0 + "]" } ?? "")
    }

    /// The variable `option` may come from in `command`: its row's (`OptionRow.environment(in:)`),
    /// or the command's prefix and its flag (`serve`).
    static func environmentName(of option: CommandOption, in command: Command) -> String? {
        if let row = option.row { return row.environment(in: command.name) }
        return command.environmentPrefix.map { environmentName(of: option, prefix: $0) }
    }

    /// `GRONA_` and `--public-url` → `GRONA_PUBLIC_URL` (`OptionTable`'s one spelling rule).
    static func environmentName(of option: CommandOption, prefix: String) -> String {
        OptionTable.environmentName(of: option.flag, prefix: prefix)
    }

    /// The section's name in a usage line, for the sections listed under their own heading.
    static let usageNames: [CommandOption.Section: String] = [.canvas: "[canvas]", .axes: "[axes]", .overrides: "[overrides]"]

    /// `usage: grona-snap NAME ARGUMENTS -o OUT.png [--flag VALUE]… [canvas] [overrides]`, wrapped
    /// under the first argument.
    static func usage(_ command: Command) -> String {
        var words = [command.arguments]
        for (section, options) in zip(CommandOption.Section.allCases, CommandOption.Section.allCases.map { section in
            self.options(of: command).filter { $0.section == section }
        }) where !options.isEmpty {
            if let name = usageNames[section] { words.append(name); continue }
            for option in options.filter(\.required) + options.filter({ !$0.required }) {
                let word = (option.short ?? option.flag) + (option.placeholder.map { " " + $0 } ?? "")
                words.append(option.required ? word : "[" + word + "]")
            }
        }
        let prefix = "usage: grona-snap \(command.name) "
        var lines: [String] = [], line = prefix
        for word in words {
            if line.count > prefix.count, line.count + word.count + 1 > lineWidth {
                lines.append(line.trimmingTrailingSpaces)
                line = String(repeating: " ", count: prefix.count)
            }
            line += (line.count > prefix.count ? " " : "") + word
        }
        return (lines + [line]).joined(separator: "\n")
    }

    /// The option as its help shows it: `-o, --output OUT.png`.
    static func label(_ option: CommandOption) -> String {
        (option.short.map { $0 + ", " } ?? "") + option.flag + (option.placeholder.map { " " + $0 } ?? "")
    }

    static let summaryColumn = 28
    static let lineWidth = 96

    /// One option's lines of help: its label, and its summary wrapped beside it (under it when the
    /// label is long). A summary's lines that start with a space are kept as they are (a table).
    static func row(_ option: CommandOption, summary: String) -> String {
        let label = "  " + self.label(option)
        let indent = String(repeating: " ", count: summaryColumn)
        var lines: [String] = []
        for paragraph in summary.components(separatedBy: "\n") {
            if paragraph.hasPrefix(" ") { lines.append(paragraph); continue }
            lines += wrap(paragraph, width: lineWidth - summaryColumn)
        }
        var out: [String]
        if label.count + 2 <= summaryColumn {
            out = [label.padding(toLength: summaryColumn, withPad: " ", startingAt: 0) + (lines.first ?? "")]
            lines = Array(lines.dropFirst())
        } else {
            out = [label]
        }
        out += lines.map { indent + $0 }
        return out.map { $0.trimmingTrailingSpaces }.joined(separator: "\n")
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty, line.count + 1 + word.count > width { lines.append(line); line = "" }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }

    /// The overview `grona-snap --help` prints.
    static var overview: String {
        let rows = Commands.all.map { ($0.name + " " + $0.synopsis, $0.summary) } + Commands.meta
        let width = 62
        return """
            usage: grona-snap <command> [options]

            commands:
            \(rows.map { "  " + $0.0.padding(toLength: max(width - 2, $0.0.count + 1), withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n"))

            grona-snap <command> --help shows a command's options; grona-snap --version its version.
            """
    }

    /// `grona-snap help --options`: the table, one line per option and command that takes it, tab
    /// separated: command, flag, short flag, placeholder (empty: a flag alone), query name, routes,
    /// section, environment variable (an `OptionTable` row's, or `serve`'s `GRONA_…`).
    static var listing: String {
        Commands.all.flatMap { command in
            options(of: command).map { option -> String in
                let variable = environmentName(of: option, in: command) ?? ""
                let fields: [String] = [command.name, option.flag, option.short ?? "", option.placeholder ?? "", option.query ?? "",
                                        option.routes.joined(separator: ","), "\(option.section)", variable]
                return fields.joined(separator: "\t") + "\n"
            }
        }.joined()
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
