import Foundation

/// `grona-snap completion bash|zsh`: the shell's completion script, made from the table
/// (`CommandTable`): every command, each one's options, and the values of options that take a
/// choice; files elsewhere.
enum Completion {
    static func script(for shell: String) -> String? {
        switch shell {
        case "bash": return bash
        case "zsh": return zsh
        default: return nil
        }
    }

    static let metaCommands = ["help", "completion"]

    /// Each flag with a choice of values and those values (the same wherever a flag is taken).
    static var choices: [(flag: String, values: [String])] {
        var seen = Set<String>(), out: [(String, [String])] = []
        for option in CommandTable.all {
            guard let values = option.choices, !seen.contains(option.flag) else { continue }
            seen.insert(option.flag)
            out.append((option.flag, values))
        }
        return out
    }

    static var bash: String {
        let names = (Commands.all.map(\.name) + metaCommands).joined(separator: " ")
        var cases = ""
        for command in Commands.all {
            let options = CommandTable.options(of: command)
            let words = options.flatMap(\.names) + ["--help"]
            let valued = options.filter { $0.placeholder != nil }.flatMap(\.names)
            cases += "        \(command.name)) flags=\"\(words.joined(separator: " "))\"; valued=\"\(valued.joined(separator: " "))\" ;;\n"
        }
        let values = choices.map { "        \($0.flag)) COMPREPLY=( $(compgen -W \"\($0.values.joined(separator: " "))\" -- \"$cur\") ); return ;;\n" }
            .joined()
        return """
            # bash completion for grona-snap (grona-snap completion bash)
            _grona_snap() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="" command="${COMP_WORDS[1]}" flags="" valued=""
                [ "$COMP_CWORD" -gt 0 ] && prev="${COMP_WORDS[COMP_CWORD-1]}"
                COMPREPLY=()
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=( $(compgen -W "\(names) --help --version" -- "$cur") )
                    return
                fi
                case "$command" in
            \(cases)        help) COMPREPLY=( $(compgen -W "\(names) --man" -- "$cur") ); return ;;
                    completion) COMPREPLY=( $(compgen -W "bash zsh" -- "$cur") ); return ;;
                    *) return ;;
                esac
                case "$prev" in
            \(values)    esac
                # Another option's value: a file (complete -o default offers them).
                case " $valued " in *" $prev "*) [ -n "$prev" ] && return ;; esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=( $(compgen -W "$flags" -- "$cur") )
                fi
            }
            complete -o default -F _grona_snap grona-snap

            """
    }

    static var zsh: String {
        func quote(_ text: String) -> String { text.replacingOccurrences(of: "'", with: "'\\''") }
        /// The summary's first clause, without the characters `_arguments` reads.
        func brief(_ text: String) -> String {
            var clause = text.components(separatedBy: "\n")[0]
            for stop in ["; ", ": ", " ("] {
                if let cut = clause.range(of: stop) { clause = String(clause[..<cut.lowerBound]) }
            }
            if clause.count > 70 { clause = String(clause.prefix(69)) + "…" }
            return quote(clause.replacingOccurrences(of: "[", with: "(").replacingOccurrences(of: "]", with: ")")
                .replacingOccurrences(of: ":", with: " "))
        }
        var out = """
            #compdef grona-snap
            # zsh completion for grona-snap (grona-snap completion zsh > "${fpath[1]}/_grona-snap")
            _grona_snap() {
              local -a commands
              commands=(

            """
        for command in Commands.all { out += "    '\(command.name):\(brief(command.summary))'\n" }
        out += """
                'help:show help for a command'
                'completion:print the shell completion script'
              )
              if (( CURRENT == 2 )); then
                _describe 'command' commands
                return
              fi
              case $words[2] in

            """
        for command in Commands.all {
            out += "    \(command.name))\n      _arguments \\\n"
            for option in CommandTable.options(of: command) {
                let summary = brief(option.summary(for: command.name))
                let value: String
                if let placeholder = option.placeholder {
                    let action = option.choices.map { "(\($0.joined(separator: " ")))" } ?? "_files"
                    value = ":\(quote(placeholder.replacingOccurrences(of: ":", with: " "))):\(action)"
                } else {
                    value = ""
                }
                for name in option.names { out += "        '\(name)[\(summary)]\(value)' \\\n" }
            }
            out += "        '*:file:_files' ;;\n"
        }
        out += """
                help) _arguments '1:command:(\((Commands.all.map(\.name)).joined(separator: " ")))' '--man[the manual page]' ;;
                completion) _arguments '1:shell:(bash zsh)' ;;
              esac
            }
            _grona_snap "$@"

            """
        return out
    }
}
