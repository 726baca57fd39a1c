import Foundation
import Grona
import GronaRequests

/// `grona-snap help --man`: the manual page (roff, section 1), every command and option from the
/// table (`CommandTable`), as `man -l` and `groff -man` show it.
enum Manual {
    static var page: String {
        var out = """
            .TH GRONA-SNAP 1 "" "grona-snap \(gronaSnapVersion)" "User Commands"
            .SH NAME
            grona-snap \\- render iOS in-app marketing components from JSON specs into PNG snapshots
            .SH SYNOPSIS
            .B grona-snap
            .I command
            .RI [ options ]
            .br
            .B grona-snap
            .I command
            .B \\-\\-help
            .SH DESCRIPTION
            \(text("GronaSnap renders the Grona SDK's components (banners, offers, messages, progress bars) from spec files as the SDK draws them on iOS, checks them for text cut at its line limit and colours hard to read, and compares them with goldens. Exit status 0 on success, 1 when snapshots differ (or check finds something), 2 for bad input or usage, with one line on stderr naming the file, the JSON path and what is wrong."))
            .SH COMMANDS

            """
        for command in Commands.all {
            let usage = oneLine(CommandTable.usage(command)).dropFirst("usage: grona-snap \(command.name) ".count)
            out += ".SS \(text(command.name))\n.B grona-snap \(text(command.name))\n\(text(String(usage)))\n.PP\n"
            out += paragraphs(command.about)
            for (heading, options) in CommandTable.sections(of: command) {
                out += ".PP\n\(text(heading + ":"))\n"
                for option in options {
                    out += ".TP\n" + label(option) + "\n" + text(oneLine(CommandTable.summary(of: option, in: command))) + "\n"
                }
            }
            if !command.epilogue.isEmpty { out += ".PP\n" + paragraphs(command.epilogue) }
        }
        out += """
            .SS help
            .B grona-snap help
            .RI [ command ]
            .RB [ \\-\\-man ]
            .PP
            A command's help, the list of commands, or with \\-\\-man this page.
            .SS completion
            .B grona-snap completion
            .BR bash | zsh
            .PP
            The shell's completion script for every command and option, e.g.
            .B grona-snap completion bash > /etc/bash_completion.d/grona-snap
            or, for zsh, into a folder on $fpath as _grona-snap.
            .SH ENVIRONMENT
            \(text("These give an option to render, animate and sheet (those of them that take it), as its flag would; the flag on the command line wins. Only options about the picture around the card read a variable, never what the card is, and batch, check and verify read none, so a variable cannot change the goldens or what is tested."))

            """
        for row in OptionTable.rows {
            guard let variable = row.environment else { continue }
            out += ".TP\n.B \(text(variable))\n" + text("\(row.flag): \(row.summary(for: nil))") + "\n"
        }
        out += """
            .SH SEE ALSO
            README.md, docs/ in the GronaSnap repository; grona-snap \\fIcommand\\fR \\-\\-help.

            """
        return out
    }

    /// `.BR \-o ", " \-\-output " " \fIOUT.png\fR`
    static func label(_ option: CommandOption) -> String {
        let names = option.names.map { "\\fB" + text($0) + "\\fR" }.joined(separator: ", ")
        return names + (option.placeholder.map { " \\fI" + text($0) + "\\fR" } ?? "")
    }

    /// Text safe in roff: backslashes and hyphens escaped, characters beyond ASCII named (`\[u2026]`,
    /// which groff reads without preconv), and each line kept from starting a request.
    static func text(_ plain: String) -> String {
        let escaped = plain.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\\": return "\\e"
            case "-": return "\\-"
            default: return scalar.isASCII ? String(scalar) : "\\[u" + String(format: "%04X", scalar.value) + "]"
            }
        }.joined()
        return escaped
            .components(separatedBy: "\n").map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0 }
            .joined(separator: "\n")
    }

    static func oneLine(_ text: String) -> String {
        text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Paragraphs (separated by empty lines) as filled roff text.
    static func paragraphs(_ prose: String) -> String {
        prose.components(separatedBy: "\n\n").map { text(oneLine($0)) + "\n" }.joined(separator: ".PP\n")
    }
}
