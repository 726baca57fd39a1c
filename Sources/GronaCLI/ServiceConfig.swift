import Foundation
import Grona
import GronaRequests

/// `serve`'s settings from the environment and a config file, besides the command line: each
/// option of the command's table (`CommandTable.options(of:)`) may also be given as
/// `GRONA_NAME` (`--public-url` → `GRONA_PUBLIC_URL`; a repeatable option's values comma-separated;
/// DIR as `GRONA_DIR`), in the environment or as a `GRONA_NAME=value` line of `--config FILE`
/// (systemd's EnvironmentFile format, so one file serves both). The command line wins over the
/// environment, which wins over the file. The variables are the table's, not a second list, so a
/// new option of `serve` has its variable at once, in the help and the man page too.
enum ServiceConfig {
    static let prefix = "GRONA_"
    /// The variable that names the folder served, the command's one positional word.
    static let folderVariable = prefix + "DIR"

    /// The words the environment and the config file add to `words` (the command line): each option
    /// the command line did not give, from the first of `layers` that has it.
    static func words(_ words: ArraySlice<String>, for command: Command, layers: [[String: String]]) throws -> [String] {
        let given = try Arguments(words, for: command)
        var added: [String] = []
        for option in CommandTable.options(of: command) where !option.names.contains(where: given.gave) {
            let name = CommandTable.environmentName(of: option, prefix: prefix)
            guard let value = layers.lazy.compactMap({ $0[name] }).first, !value.isEmpty else { continue }
            if option.placeholder == nil {
                guard ["1", "true", "yes"].contains(value.lowercased()) else { continue }
                added.append(option.flag)
            } else if option.repeatable {
                for item in value.split(separator: ",") { added += [option.flag, item.trimmingCharacters(in: .whitespaces)] }
            } else {
                added += [option.flag, value]
            }
        }
        if given.positionals.isEmpty, let folder = layers.lazy.compactMap({ $0[folderVariable] }).first, !folder.isEmpty {
            added += ["--", folder]
        }
        return Array(words) + added
    }

    /// `--config FILE`: `GRONA_NAME=value` lines (blank lines and `#` comments skipped, a value may be
    /// in double or single quotes); a name that is not one of the command's variables is refused,
    /// naming the line, so a typo does not pass unnoticed.
    static func read(_ path: String, for command: Command) throws -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path) else { throw RequestError("--config: cannot read \(path)") }
        let known = Set(CommandTable.options(of: command).map { CommandTable.environmentName(of: $0, prefix: prefix) } + [folderVariable])
        var values: [String: String] = [:]
        for (number, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") { continue }
            guard let equals = text.firstIndex(of: "=") else {
                throw RequestError("--config: \(path): line \(number + 1): expected NAME=value, like GRONA_PORT=8080")
            }
            let name = String(text[..<equals]).trimmingCharacters(in: .whitespaces)
            guard known.contains(name) else {
                let hint = closestName(to: name, among: known.sorted()).map { " (did you mean \($0)?)" } ?? ""
                throw RequestError("--config: \(path): line \(number + 1): \(quoted(name, limit: 64)) is not a setting of serve\(hint)")
            }
            var value = String(text[text.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            values[name] = value
        }
        return values
    }
}
