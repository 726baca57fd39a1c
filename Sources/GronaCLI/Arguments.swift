import Foundation
import Grona
import GronaRequests
import GronaOutput

/// The command line's words, parsed without a library: the table (`CommandTable`) says which
/// options a command takes, and anything else is a usage error (`RequestError`, exit status 2)
/// naming the word that was not understood.
struct Arguments {
    /// Options that take a value (`--width 390` or `--width=390`), and flags that stand alone.
    struct Grammar {
        var valued: Set<String>
        var flags: Set<String>
        /// Options that may be given more than once (`--public-url`), each value kept.
        var repeatable: Set<String> = []
        /// How many positional words the command takes.
        var positionals: ClosedRange<Int>
        /// Each option by each of its spellings, for the bounds of its value.
        var options: [String: CommandOption] = [:]

        /// The command's options, from the table.
        init(_ command: Command) {
            let options = CommandTable.options(of: command)
            valued = Set(options.filter { $0.placeholder != nil }.flatMap(\.names))
            flags = Set(options.filter { $0.placeholder == nil }.flatMap(\.names))
            repeatable = Set(options.filter(\.repeatable).flatMap(\.names))
            positionals = command.positionals
            for option in options { for name in option.names { self.options[name] = option } }
        }
    }

    private(set) var positionals: [String] = []
    private let command: String
    private var values: [String: String] = [:]
    private var lists: [String: [String]] = [:]
    private var presentFlags: Set<String> = []
    private var options: [String: CommandOption] = [:]

    /// The words after the command's name, parsed by its options in the table.
    init(_ words: ArraySlice<String>, for command: Command) throws {
        let grammar = Grammar(command)
        try self.init(words, grammar: grammar, command: command.name)
        options = grammar.options
    }

    init(_ words: ArraySlice<String>, grammar: Grammar, command: String) throws {
        self.command = command
        var rest = words[...]
        while let word = rest.popFirst() {
            if word == "--" { positionals.append(contentsOf: rest); break }
            guard word.hasPrefix("-"), word.count > 1 else { positionals.append(word); continue }
            var name = word
            var inlineValue: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            if grammar.flags.contains(name), inlineValue == nil {
                presentFlags.insert(name)
            } else if grammar.valued.contains(name) {
                guard let value = inlineValue ?? rest.popFirst() else {
                    throw RequestError("\(command): \(name) needs a value")
                }
                if grammar.repeatable.contains(name) { lists[name, default: []].append(value); continue }
                guard values[name] == nil else { throw RequestError("\(command): \(name) is given twice") }
                values[name] = value
            } else {
                let hint = closestName(to: name, among: (grammar.valued.union(grammar.flags)).sorted())
                    .map { " (did you mean \(quoted($0))?)" } ?? ""
                throw RequestError("\(command): unknown option \(quoted(name))\(hint); see grona-snap \(command) --help")
            }
        }
        guard grammar.positionals.contains(positionals.count) else {
            let expected = grammar.positionals.lowerBound == grammar.positionals.upperBound
                ? "\(grammar.positionals.lowerBound)" : "\(grammar.positionals.lowerBound) to \(grammar.positionals.upperBound)"
            throw RequestError("\(command): expected \(expected) argument(s), got \(positionals.count) (see grona-snap \(command) --help)")
        }
    }

    func value(_ name: String) -> String? { values[name] }

    /// Every value of a repeatable option, in the order given.
    func values(_ name: String) -> [String] { lists[name] ?? values[name].map { [$0] } ?? [] }

    /// Whether the option was given at all (a flag, a value or a repeated one).
    func gave(_ name: String) -> Bool { values[name] != nil || lists[name] != nil || presentFlags.contains(name) }

    /// The required output path, `-o` or `--output`; `placeholder` names it in the usage error.
    func output(placeholder: String) throws -> String {
        guard let output = values["-o"] ?? values["--output"] else {
            throw RequestError("\(command): missing -o \(placeholder)")
        }
        return output
    }

    /// The required output folder, `-o` or `--output`: a folder cannot be standard output.
    func outputFolder(placeholder: String) throws -> String {
        let output = try self.output(placeholder: placeholder)
        guard output != AtomicFile.standardOutputName else {
            throw RequestError("\(command): -o - (standard output) cannot hold \(placeholder); name a folder")
        }
        return output
    }
    func has(_ flag: String) -> Bool { presentFlags.contains(flag) }

    /// The words of GronaRequests' option rows (`OptionTable`), with the variables of the rows a
    /// variable may give this command under them (`GRONA_PADDING`): what requests are built from. Every word is
    /// checked here, so a bad one is refused before any file is read.
    func options(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> OptionSource {
        try OptionSource.commandLine({ row in row.placeholder == nil ? (has(row.flag) ? "true" : nil) : value(row.flag) },
                                     command: command, takes: { options[$0.flag] != nil }, environment: environment)
    }

    /// The option's value read by `parse` (the parser the HTTP API uses for its query name), a bad
    /// value refused naming the flag: `--overlay: "x" is not an overlay; …`.
    func parsed<T>(_ name: String, _ parse: (String) throws -> T) throws -> T? {
        guard let text = values[name] else { return nil }
        do { return try parse(text) } catch { throw RequestError("\(name): \(error)") }
    }

    /// A whole number within the bounds the table gives the option (`ValueSchema.integer`).
    func integer(_ name: String) throws -> Int? {
        guard case .integer(let range)? = options[name]?.schema else { preconditionFailure("\(name) is not a whole number in the table") }
        return try integer(name, in: range)
    }

    /// A number within the bounds the table gives the option (`ValueSchema.number`).
    func number(_ name: String) throws -> Double? {
        guard case .number(let range)? = options[name]?.schema else { preconditionFailure("\(name) is not a number in the table") }
        return try number(name, in: range)
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = values[name] else { return nil }
        return try ValueSchema.integer(text, in: range, name: name)
    }

    func number(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = values[name] else { return nil }
        guard let number = decimalNumber(text), range.contains(number) else {
            throw RequestError("\(name): \(quoted(text)) is not a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}
