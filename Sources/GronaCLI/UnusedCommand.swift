import Foundation
import GronaRequests
import GronaSnapshots

/// `grona-snap unused SNAPSHOTS_DIR [--specs FIXTURES_DIR] [--remove]`
enum UnusedCommand {
    static let command = Command(
        name: "unused", synopsis: "SNAPSHOTS_DIR [--specs FIXTURES_DIR]", summary: "list goldens no spec or test used",
        arguments: "SNAPSHOTS_DIR",
        about: """
            Lists the goldens in SNAPSHOTS_DIR that nothing used: no spec in FIXTURES_DIR (and its
            subfolders) produces them, and no Swift test claimed them in the latest swift test run.
            The test library records each golden a test verifies or records in a ledger,
            SNAPSHOTS_DIR/.grona-ledger/<test module>.tsv (never committed: it has a .gitignore of
            its own). Run it after a full swift test: it then lists the goldens of renamed and
            deleted tests and of variants a spec dropped. One path per line on stdout, then a count.
            The ledger notes whether each run was the whole suite (runs.txt: swift test's --filter
            and --skip, a CI engine's shard); after a narrowed run it lists and removes nothing and
            says which run it needs (exit status 2).
            """,
        options: [
            CommandOption(flag: "--specs", placeholder: "FIXTURES_DIR", summary: "the specs whose goldens count as used"),
            CommandOption(flag: "--remove", summary: "delete the unused goldens (and the folders they leave empty)"),
        ],
        positionals: 1...1, run: run)

    static func run(_ words: ArraySlice<String>) throws {
        let args = try Arguments(words, for: command)
        let finder = UnusedGoldens(snapshotsFolder: args.positionals[0], fixturesFolder: args.value("--specs"),
                                   fontsFolder: try Specs.fontsFolder())
        let result = try finder.run()
        let remove = args.has("--remove")
        if remove { finder.remove(result.unused) }
        for file in result.unused { print(remove ? "removed unused golden: \(file)" : file) }
        FileHandle.standardError.write(Data(("\(result.unused.count) of \(result.goldens) golden\(result.goldens == 1 ? "" : "s") "
            + "\(remove ? "removed" : "unused"): no spec produces \(result.unused.count == 1 ? "it" : "them") and no test "
            + "used \(result.unused.count == 1 ? "it" : "them") in the latest swift test run\n").utf8))
    }
}
