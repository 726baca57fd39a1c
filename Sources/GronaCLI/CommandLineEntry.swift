import Foundation
import Grona
import GronaRequests
import GronaOutput
import GronaServer

// grona-snap: the command line. Exit status 0 on success, 1 when snapshots differ (or `check` finds
// something), 2 for bad input
// or usage, with one line on stderr naming the file, the JSON path and what is wrong.

/// The command line's entry: `Sources/grona-snap/main.swift` hands it the process's arguments.
package enum CommandLineEntry {
    package static func run(_ arguments: [String]) -> Never {
        let usage = CommandTable.overview
        let words = arguments.dropFirst()
        guard let command = words.first else { print(usage); exit(2) }
        switch command {
        case "--help", "-h", "help":
            let topics = words.dropFirst()
            if topics.contains("--man") {
                print(Manual.page, terminator: "")
            } else if topics.contains("--options") {
                print(CommandTable.listing, terminator: "")
            } else if let topic = topics.first, let known = Commands.named(topic) {
                print(CommandTable.help(known))
            } else {
                print(usage)
            }
            exit(0)
        case "completion":
            guard let shell = words.dropFirst().first, let script = Completion.script(for: shell), words.count == 2 else {
                fail("completion: expected bash or zsh (grona-snap completion bash > /etc/bash_completion.d/grona-snap)", status: 2)
            }
            print(script, terminator: "")
            exit(0)
        case "--version":
            print("grona-snap \(gronaSnapVersion)")
            exit(0)
        default:
            break
        }
        guard let entry = Commands.named(command) else {
            let names = Commands.all.map(\.name).sorted()
            let hint = closestName(to: command, among: names).map { " (did you mean \(quoted($0))?)" } ?? ""
            fail("unknown command \(quoted(command))\(hint); expected one of: \(names.joined(separator: ", ")) "
                + "(see grona-snap --help)", status: 2)
        }
        let rest = words.dropFirst()
        if rest.contains("--help") || rest.contains("-h") { print(CommandTable.help(entry)); exit(0) }
        do {
            try entry.run(rest)
        } catch let error as SnapshotsDiffer {
            fail(error.description, status: 1)
        } catch let refusal as RequestError {
            fail(refusal.description, status: refusal.exitStatus)
        } catch let status as ExitStatus {
            StagedFiles.waitIfInterrupted()
            exit(status.code)
        } catch {
            fail("\(error)", status: 2)
        }
        exit(0)
    }

    static func fail(_ message: String, status: Int32) -> Never {
        StagedFiles.waitIfInterrupted()
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        exit(status)
    }
}

/// Thrown by commands whose comparison found differences (exit status 1).
struct SnapshotsDiffer: Error, CustomStringConvertible {
    let description: String
}

/// Ends the command with this status and nothing more on stderr: the command has said everything
/// on stdout (`check` exits 1 when it found something).
struct ExitStatus: Error {
    let code: Int32
}
