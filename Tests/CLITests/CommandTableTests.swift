import Foundation
import XCTest
import TestSupport

/// The command line's one table (`CommandTable`, listed by `grona-snap help --options`) drives the
/// parser, every command's help, the man page, the shell completions and the API's query parameters:
/// each option in it is found in all of them.
final class CommandTableTests: XCTestCase {
    struct Row {
        var command, flag, short, placeholder, query: String
        var routes: [String]
        /// Where the help lists it: options, canvas, axes or overrides.
        var section: String
        /// The variable it may also come from (empty: none).
        var environment: String
    }

    static func table() throws -> [Row] {
        let listing = try snap("help", "--options")
        XCTAssertEqual(listing.status, 0, listing.stderr)
        return listing.stdout.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Row(command: fields[0], flag: fields[1], short: fields[2], placeholder: fields[3], query: fields[4],
                       routes: fields[5].split(separator: ",").map(String.init), section: fields[6], environment: fields[7])
        }
    }

    static let commands = ["render", "sheet", "batch", "diff", "animate", "shots", "verify", "merge", "accept", "unused", "check", "serve"]

    /// Runs the bash completion for `words` (the last one being completed) and gives its answers.
    func complete(_ words: [String]) throws -> [String] {
        let script = try snap("completion", "bash").stdout
        let folder = try temporaryFolder("completion")
        try Data(script.utf8).write(to: URL(fileURLWithPath: folder + "/grona-snap.bash"))
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let run = try runProgram("/bin/bash", ["-c", """
            source ./grona-snap.bash
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _grona_snap
            printf '%s\\n' "${COMPREPLY[@]}"
            """], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout.split(separator: "\n").map(String.init)
    }

    func testTheTableCoversEveryCommand() throws {
        let table = try Self.table()
        XCTAssertEqual(Set(table.map(\.command)), Set(Self.commands))
        XCTAssertGreaterThan(table.count, 80)
        // The options the issue found twice are in it once, with their routes.
        let columns = try XCTUnwrap(table.first { $0.flag == "--columns" })
        XCTAssertEqual(columns.query, "columns")
        XCTAssertEqual(columns.routes, ["sheet"])
        XCTAssertEqual(table.filter { $0.flag == "--ignore" }.map(\.routes), [["check"]])
    }

    /// Every option in the table appears in its command's help, the man page and both completions.
    func testEveryOptionIsInHelpManPageAndCompletion() throws {
        let table = try Self.table()
        let man = try snap("help", "--man").stdout
        let zsh = try snap("completion", "zsh").stdout
        var helps: [String: String] = [:]
        for command in Self.commands { helps[command] = try snap(command, "--help").stdout }
        var bashAnswers: [String: [String]] = [:]
        for command in Self.commands { bashAnswers[command] = try complete(["grona-snap", command, "-"]) }
        for row in table {
            let help = try XCTUnwrap(helps[row.command])
            let label = (row.short.isEmpty ? "" : row.short + ", ") + row.flag + (row.placeholder.isEmpty ? "" : " " + row.placeholder)
            XCTAssertTrue(help.contains("  " + label), "\(row.command) --help lists \(label)")
            XCTAssertTrue(man.contains("\\fB" + row.flag.replacingOccurrences(of: "-", with: "\\-") + "\\fR"), "the man page has \(row.flag)")
            XCTAssertTrue(bashAnswers[row.command]!.contains(row.flag), "bash completes \(row.command) \(row.flag)")
            XCTAssertTrue(zsh.contains("'\(row.flag)["), "zsh completes \(row.flag)")
            if !row.short.isEmpty { XCTAssertTrue(bashAnswers[row.command]!.contains(row.short), row.short) }
        }
        // The usage line is made from the table too: every option, or the section it is listed in.
        for command in Self.commands {
            let help = try XCTUnwrap(helps[command])
            let usage = help.components(separatedBy: "\n\n")[0]
            XCTAssertTrue(usage.hasPrefix("usage: grona-snap \(command) "), usage)
            for row in table where row.command == command {
                let shown = row.section == "options" ? (row.short.isEmpty ? row.flag : row.short) : "[\(row.section)]"
                XCTAssertTrue(usage.contains(shown), "\(command)'s usage shows \(row.flag) as \(shown)")
            }
        }
        // A command takes exactly the options the table gives it: the parser refuses the others.
        let render = Set(table.filter { $0.command == "render" }.map(\.flag))
        XCTAssertFalse(render.contains("--jobs"))
        let refused = try snap("render", "x.json", "-o", "x.png", "--jobs", "2")
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "error: render: unknown option \"--jobs\"; see grona-snap render --help\n")
    }

    /// The options the HTTP API takes too are rows with three sources (flag, query name, variable):
    /// the variable only where the row allows one, named in the help of every command that takes it
    /// and in the man page; `check` and `verify` read none.
    func testTheSharedRowsHaveTheirThreeSources() throws {
        let table = try Self.table()
        let padding = table.filter { $0.flag == "--padding" }
        XCTAssertEqual(padding.map(\.command).sorted(), ["animate", "batch", "render", "sheet"])
        XCTAssertEqual(Set(padding.map(\.query)), ["padding"])
        // Not batch's: its pictures are verify's goldens.
        XCTAssertEqual(padding.filter { !$0.environment.isEmpty }.map(\.command).sorted(), ["animate", "render", "sheet"])
        XCTAssertEqual(Set(padding.map(\.environment)), ["GRONA_PADDING", ""])
        XCTAssertEqual(table.first { $0.flag == "--text-sizes" }.map { [$0.query, $0.environment] }, ["textSizes", ""])
        XCTAssertEqual(Set(table.filter { !$0.environment.isEmpty && $0.command != "serve" }.map(\.environment)),
                       ["GRONA_PADDING", "GRONA_BACKGROUND", "GRONA_FPS", "GRONA_HOLD"])
        XCTAssertTrue(table.filter { ["check", "verify", "batch"].contains($0.command) }.allSatisfy { $0.environment.isEmpty })
        let render = try snap("render", "--help").stdout
        XCTAssertTrue(render.contains("space around the card, in points (default 0) [$GRONA_PADDING]"), render)
        XCTAssertTrue(try snap("help", "--man").stdout.contains(".B GRONA_FPS\n\\-\\-fps: frames per second"))
    }

    /// The table's bounds are the parser's: `--columns` is 1…64 on the command line and in the API.
    func testBoundsComeFromTheTable() throws {
        let run = try snap("sheet", fixtures + "/message-info.json", "-o", "-", "--columns", "65")
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "error: --columns: \"65\" is not a whole number from 1 to 64\n")
        let fps = try snap("animate", fixtures + "/message-info.json", "-o", "-", "--fps=0")
        XCTAssertEqual(fps.stderr, "error: --fps: \"0\" is not a whole number from 1 to 120\n")
    }

    func testBashCompletesCommandsOptionsAndValues() throws {
        let script = try snap("completion", "bash")
        XCTAssertEqual(script.status, 0)
        let folder = try temporaryFolder("bash-n")
        try Data(script.stdout.utf8).write(to: URL(fileURLWithPath: folder + "/grona-snap.bash"))
        XCTAssertEqual(try runProgram("/bin/bash", ["-n", folder + "/grona-snap.bash"]).status, 0, "bash -n")
        XCTAssertEqual(try complete(["grona-snap", "ren"]), ["render"])
        XCTAssertEqual(try complete(["grona-snap", "render", "--app"]), ["--appearance"])
        XCTAssertEqual(try complete(["grona-snap", "render", "--appearance", ""]), ["light", "dark"])
        XCTAssertEqual(try complete(["grona-snap", "check", "--format", ""]), ["text", "json"])
        XCTAssertEqual(try complete(["grona-snap", "completion", ""]), ["bash", "zsh"])
        // A file's option: nothing from the table, so the shell offers files (complete -o default).
        XCTAssertEqual(try complete(["grona-snap", "render", "--report", ""]), [])
        XCTAssertEqual(try snap("completion", "fish").status, 2)
    }

    func testZshCompletionIsACompdefFunction() throws {
        let script = try snap("completion", "zsh").stdout
        XCTAssertTrue(script.hasPrefix("#compdef grona-snap\n"))
        XCTAssertTrue(script.contains("'--appearance[light or dark]:light|dark:(light dark)'"), script)
        for command in Self.commands { XCTAssertTrue(script.contains("    \(command))\n"), command) }
        if let zsh = ["/usr/bin/zsh", "/bin/zsh"].first(where: FileManager.default.isExecutableFile(atPath:)) {
            let folder = try temporaryFolder("zsh-n")
            try Data(script.utf8).write(to: URL(fileURLWithPath: folder + "/_grona-snap"))
            let run = try runProgram(zsh, ["-n", folder + "/_grona-snap"])
            XCTAssertEqual(run.status, 0, run.stderr)
        }
    }

    /// `help --man` is a section-1 page with every command; groff renders it without a warning.
    func testManPageRenders() throws {
        let page = try snap("help", "--man").stdout
        XCTAssertTrue(page.hasPrefix(".TH GRONA-SNAP 1 "), page)
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "SEE ALSO"] { XCTAssertTrue(page.contains(".SH \(section)\n"), section) }
        for command in Self.commands + ["help", "completion"] { XCTAssertTrue(page.contains(".SS \(command)\n"), command) }
        XCTAssertTrue(page.unicodeScalars.allSatisfy(\.isASCII), "characters beyond ASCII are named (\\[uXXXX])")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else { return }
        let folder = try temporaryFolder("man")
        try Data(page.utf8).write(to: URL(fileURLWithPath: folder + "/grona-snap.1"))
        let run = try runProgram("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-P-cbou", folder + "/grona-snap.1"],
                                 environment: ["MANWIDTH": "80"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "", "groff warns about nothing")
        XCTAssertTrue(run.stdout.contains("GRONA-SNAP(1)"))
        XCTAssertTrue(run.stdout.contains("--appearance"))
    }

    /// The options a route takes in the table are its query parameters in /api/openapi.json.
    func testRoutesTakeTheTablesQueryParameters() throws {
        let table = try Self.table()
        let server = try StudioServer(folder: fixtures)
        defer { server.stop() }
        let answer = try server.request("GET", "/api/openapi.json")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        let paths = try XCTUnwrap(document["paths"] as? [String: [String: [String: Any]]])
        var parameters: [String: Set<String>] = [:]
        for (_, operations) in paths {
            for (_, operation) in operations {
                let id = try XCTUnwrap(operation["operationId"] as? String)
                parameters[id] = Set((operation["parameters"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
            }
        }
        var checked = 0
        for row in table where !row.query.isEmpty {
            for route in row.routes {
                XCTAssertEqual(parameters[route]?.contains(row.query), true, "\(route) takes \(row.query)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 50)
        // The API keeps its own bound where it allows less than the command line.
        let animate = try XCTUnwrap(paths["/api/animate"]?["post"]?["parameters"] as? [[String: Any]])
        let fps = try XCTUnwrap(animate.first { $0["name"] as? String == "fps" }?["schema"] as? [String: Any])
        XCTAssertEqual(fps["maximum"] as? Int, 30)
        // The description is the row's: its default, and why the service's bound is lower.
        XCTAssertEqual(animate.first { $0["name"] as? String == "fps" }?["description"] as? String,
                       "frames per second, 1…120, as --fps (default 30); the service draws at most 30 frames per second; grona-snap animate up to 120")
    }
}
