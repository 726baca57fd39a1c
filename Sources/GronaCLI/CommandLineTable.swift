import Grona
import GronaRequests

// The command line as one declarative table: every option (flag, value, summary, the commands that
// take it and the query name a route of the HTTP API takes it under) and every command (its usage,
// prose and own options). The parser (`Arguments`), each command's help, `help --man`, the shell
// completions and the API's query parameters (`StudioAPI.routes`, and so /api/openapi.json) are all
// made from it: an option is added here (or, when only one command takes it, in that command's
// `options`), a command by its file and one line in `Commands.all`.

/// One option of the command line.
struct CommandOption: Sendable {
    /// Where a command's help lists it.
    enum Section: String, Sendable, CaseIterable { case options, canvas, axes, overrides }

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
    /// The name a route of the HTTP API takes it under, and the routes (`Route.id`) that do.
    var query: String?
    var routes: [String] = []
    /// The API's own bound or description, where the server allows less than the command line.
    var querySchema: ValueSchema?
    var queryDescription: String?

    /// Every spelling the parser accepts.
    var names: [String] { (short.map { [$0] } ?? []) + [flag] }

    func summary(for command: String) -> String { summaries[command] ?? summary }

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

enum CommandTable {
    /// The commands that take the environment overrides and `--reduce-motion`.
    static let overriding = ["render", "sheet", "batch", "animate", "check"]
    /// The routes that render and take the overrides and the canvas.
    static let renderingRoutes = ["render", "report", "check", "sheet", "animate"]

    /// The flags of the environment overrides and `--reduce-motion`, and of the canvas, for `Command.takes`.
    static var overrideFlags: [String] { shared.filter { $0.section == .overrides }.map(\.flag) }
    static var canvasFlags: [String] { shared.filter { $0.section == .canvas }.map(\.flag) }

    /// The options more than one command takes (a command's own are in its `Command.options`).
    static let shared: [CommandOption] = EnvironmentOptions.settings.map { setting in
        CommandOption(flag: setting.flag, placeholder: setting.placeholder, schema: setting.schema, summary: setting.summary,
                      section: .overrides, commands: overriding.filter { setting.flag != "--time" || $0 != "animate" },
                      query: setting.query,
                      routes: renderingRoutes + (["width", "scale"].contains(setting.query) ? ["preview"] : []))
    } + [
        CommandOption(flag: EnvironmentOptions.reduceMotionFlag, schema: .boolean, summary: "skip the reveal and fill animations",
                      section: .overrides, commands: overriding, query: "reduceMotion", routes: renderingRoutes,
                      queryDescription: "skip the reveal and fill animations, as --reduce-motion"),
        CommandOption(flag: RequestError.OptionName.padding.flag, placeholder: "PT", schema: .number(Canvas.paddingRange),
                      summary: "space around the card, in points (default 0)", section: .canvas,
                      commands: ["render", "animate", "batch", "sheet"],
                      summaries: ["sheet": "space around the grid, in points (default 24)"],
                      query: RequestError.OptionName.padding.query, routes: renderingRoutes, queryDescription: "points of canvas around the card, as --padding"),
        CommandOption(flag: "--background", placeholder: "COLOR",
                      schema: .text(pattern: "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$", maxLength: 9),
                      summary: "canvas colour, #RGB, #RRGGBB or #RRGGBBAA (default transparent)", section: .canvas,
                      commands: ["render", "animate", "batch", "sheet"],
                      summaries: ["sheet": "the page, #RGB, #RRGGBB or #RRGGBBAA (default #D4D4D9); headers turn light on a dark page"],
                      query: "background", routes: renderingRoutes,
                      queryDescription: "the canvas colour, #RGB, #RRGGBB or #RRGGBBAA, as --background"),
        CommandOption(flag: "--text-sizes", placeholder: "LIST", schema: .list(of: TextSize.allNames),
                      summary: "e.g. all, or xS,L,AX5 (short or UIKit names)", section: .axes, commands: ["sheet", "check"],
                      query: "textSizes", routes: ["check", "sheet", "preview"], queryDescription: "text sizes, as --text-sizes"),
        CommandOption(flag: "--appearances", placeholder: "LIST", schema: .list(of: Appearance.allCases.map(\.rawValue)),
                      summary: "light,dark", section: .axes, commands: ["sheet", "check"],
                      query: "appearances", routes: ["check", "sheet", "preview"], queryDescription: "as --appearances"),
        CommandOption(flag: "--directions", placeholder: "LIST", schema: .list(of: LayoutDirection.allCases.map(\.rawValue)),
                      summary: "ltr,rtl", section: .axes, commands: ["sheet", "check"],
                      query: "directions", routes: ["check", "sheet", "preview"], queryDescription: "as --directions"),
        CommandOption(flag: "--locales", placeholder: "LIST", schema: .tagList,
                      summary: "BCP 47 tags, e.g. en,de,ar,ja; base: the spec's own copy; all: the spec's own locale and every "
                        + "locale it has a localization for. Replaces the spec's pseudolanguages too, unless --pseudos is given "
                        + "(then an empty list: the pseudolanguages only)",
                      section: .axes, commands: ["sheet", "check"], query: "locales", routes: ["check", "sheet"],
                      queryDescription: "languages, as --locales (base: the spec's own copy; all: the spec's own and each it has copy for; empty, with pseudos: only those)"),
        CommandOption(flag: "--pseudos", placeholder: "LIST", schema: .list(of: PseudoLocalization.allCases.map(\.rawValue)),
                      summary: "pseudolanguages over the spec's copy: accented,double,bounded,rtl", section: .axes,
                      commands: ["sheet", "check"], query: "pseudos", routes: ["check", "sheet"],
                      queryDescription: "pseudolanguages, as --pseudos"),
        CommandOption(flag: "--overlay", placeholder: "accessibility", schema: .choice(Overlay.allCases.map(\.rawValue)),
                      summary: "draw the accessibility picture instead: VoiceOver elements outlined and numbered, touch targets "
                        + "dashed, and a legend (what VoiceOver says, contrast and its minimum)",
                      commands: ["render", "sheet"], summaries: ["sheet": "each tile the accessibility picture (see render --help)"],
                      query: "overlay", routes: ["render", "sheet", "preview"],
                      queryDescription: "the accessibility picture instead of the card, as --overlay"),
        CommandOption(flag: RequestError.OptionName.frame.flag, placeholder: "phone", schema: .choice(DeviceFrame.allCases.map(\.rawValue)),
                      summary: "show the card on an iPhone screen (frame, status bar, app content); --padding is the "
                        + "space around the device and --background the page under it",
                      commands: ["render"], query: RequestError.OptionName.frame.query, routes: ["render"],
                      queryDescription: "the card on an iPhone screen, as --frame (padding and background are around the device)"),
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
        option.summary(for: command.name) + (command.environmentPrefix.map { " [$" + environmentName(of: option, prefix: $0) + "]" } ?? "")
    }

    /// `GRONA_` and `--public-url` → `GRONA_PUBLIC_URL`.
    static func environmentName(of option: CommandOption, prefix: String) -> String {
        prefix + String(option.flag.drop { $0 == "-" }.uppercased().map { $0 == "-" ? "_" : $0 })
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
    /// section.
    static var listing: String {
        Commands.all.flatMap { command in
            options(of: command).map { option in
                [command.name, option.flag, option.short ?? "", option.placeholder ?? "", option.query ?? "",
                 option.routes.joined(separator: ","), "\(option.section)"].joined(separator: "\t") + "\n"
            }
        }.joined()
    }

    /// The query parameters a route takes from the table, with their schema and description.
    static func queryParameters(route: String) -> [(name: String, schema: ValueSchema, description: String)] {
        all.filter { $0.query != nil && $0.routes.contains(route) }.map { option in
            (option.query!, option.querySchema ?? option.schema ?? .text(pattern: nil, maxLength: 4096),
             option.queryDescription ?? option.summary)
        }
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
