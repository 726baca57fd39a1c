import Foundation
import GronaRequests
import GronaSnapshots

/// `grona-snap merge REPORT_DIR… -o OUT_DIR`: the report folders of a sharded `verify` as one.
enum MergeCommand {
    static let command = Command(
        name: "merge", synopsis: "REPORT_DIR... -o OUT_DIR", summary: "combine sharded verify reports into one",
        arguments: "REPORT_DIR...",
        about: """
            Combines the report folders of the shards of one verify run (each machine's
            --report-dir, kept as a CI artifact) into OUT_DIR: one index.html with every shard's
            failures and recorded goldens and a list of every snapshot checked with its shard, the
            images beside it (hard links, else copies), junit.xml and results.jsonl of all snapshots.
            Prints one summary line and, when snapshots differ, the command that accepts the
            differences: grona-snap accept OUT_DIR, which puts the shards' images in place as they are
            (the local re-render, verify --record failed, only as a second choice). Exit status 0 when every snapshot matched, 1 when any did not, 2 when a folder
            is not a report folder, or the folders are not the shards of one run (a shard missing or
            given twice, a golden checked twice, other fixtures or snapshots folders).
            """,
        options: [CommandOption(flag: "--output", short: "-o", placeholder: "OUT_DIR", required: true, summary: "where the merged report goes (required)")],
        positionals: 1...10_000, run: run)

    static func run(_ words: ArraySlice<String>) throws {
        let args = try Arguments(words, for: command)
        let output = try args.outputFolder(placeholder: "OUT_DIR")
        let result = try ReportMerge(reportFolders: args.positionals, output: output).run()
        if let notice = result.tally.provenanceNotice {
            FileHandle.standardError.write(Data("notice: \(notice)\n".utf8))
        }
        if let commands = result.acceptCommands {
            FileHandle.standardError.write(Data(commands.lines.utf8))
        }
        print("report: \(result.reportPath)")
        print(result.summary + " (\(result.shards) shard\(result.shards == 1 ? "" : "s") merged)")
        if !result.tally.passed {
            throw SnapshotsDiffer(description: "\(result.tally.problems) snapshot\(result.tally.problems == 1 ? " needs" : "s need") attention; see \(result.reportPath)")
        }
    }
}
