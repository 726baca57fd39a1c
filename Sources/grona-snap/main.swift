import Foundation
import Grona
import GronaRequests
import GronaOutput

// grona-snap: the command line. Exit status 0 on success, 1 when snapshots differ (or `check` finds
// something), 2 for bad input
// or usage, with one line on stderr naming the file, the JSON path and what is wrong.

let usage = """
    usage: grona-snap <command> [options]

    commands:
      render SPEC.json -o OUT.png [--report R.json] [overrides]   render one snapshot
      sheet SPEC.json -o SHEET.png [axes] [overrides]              a labelled contact sheet of variants
      batch DIR -o OUT_DIR [--jobs N] [--shard K/N] [overrides]   render every spec in a folder
      diff EXPECTED.png ACTUAL.png [-o DIFF.png]                  compare two PNGs (exit 1 if they differ)
      animate SPEC.json -o OUT.png [--fps N] [--frames-dir DIR]   the reveal and fill as an animated PNG
      shots SHOTLIST.json [--out DIR] [--watch]                   every image a docs page needs, and a manifest
      verify FIXTURES_DIR --snapshots DIR [--record MODE]         check every spec's variants against goldens
      merge REPORT_DIR... -o OUT_DIR                              combine sharded verify reports into one
      accept REPORT_DIR [--only GLOB]                             put CI's fresh images in place as the goldens
      unused SNAPSHOTS_DIR [--specs FIXTURES_DIR]                 list goldens no spec or test used
      check SPEC.json|DIR [--format text|json] [--ignore KINDS]   list what was cut, recoloured or hard to read
      serve [DIR] [--port 8080] [--host 127.0.0.1]                the studio and the HTTP API for DIR's specs
      help [command]                                              show help for a command

    grona-snap <command> --help shows a command's options; grona-snap --version its version.
    """

func fail(_ message: String, status: Int32) -> Never {
    StagedFiles.waitIfInterrupted()
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(status)
}

let words = CommandLine.arguments.dropFirst()
let commands: [String: (help: String, run: (ArraySlice<String>) throws -> Void)] = [
    "render": (RenderCommand.help, RenderCommand.run),
    "sheet": (SheetCommand.help, SheetCommand.run),
    "batch": (BatchCommand.help, BatchCommand.run),
    "diff": (DiffCommand.help, DiffCommand.run),
    "animate": (AnimateCommand.help, AnimateCommand.run),
    "shots": (ShotsCommand.help, ShotsCommand.run),
    "verify": (VerifyCommand.help, VerifyCommand.run),
    "merge": (MergeCommand.help, MergeCommand.run),
    "accept": (AcceptCommand.help, AcceptCommand.run),
    "unused": (UnusedCommand.help, UnusedCommand.run),
    "check": (CheckCommand.help, CheckCommand.run),
    "serve": (ServeCommand.help, ServeCommand.run),
]

guard let command = words.first else { print(usage); exit(2) }
switch command {
case "--help", "-h", "help":
    if let topic = words.dropFirst().first, let known = commands[topic] { print(known.help) } else { print(usage) }
    exit(0)
case "--version":
    print("grona-snap \(gronaSnapVersion)")
    exit(0)
default:
    break
}
guard let entry = commands[command] else {
    let hint = closestName(to: command, among: commands.keys.sorted()).map { " (did you mean \(quoted($0))?)" } ?? ""
    fail("unknown command \(quoted(command))\(hint); expected one of: \(commands.keys.sorted().joined(separator: ", ")) "
        + "(see grona-snap --help)", status: 2)
}
let rest = words.dropFirst()
if rest.contains("--help") || rest.contains("-h") { print(entry.help); exit(0) }
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

/// Thrown by commands whose comparison found differences (exit status 1).
struct SnapshotsDiffer: Error, CustomStringConvertible {
    let description: String
}

/// Ends the command with this status and nothing more on stderr: the command has said everything
/// on stdout (`check` exits 1 when it found something).
struct ExitStatus: Error {
    let code: Int32
}
