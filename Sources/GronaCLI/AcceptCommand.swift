import Foundation
import GronaRequests
import GronaSnapshots

/// `grona-snap accept REPORT_DIR [--only GLOB] [--snapshots DIR]`
enum AcceptCommand {
    static let command = Command(
        name: "accept", synopsis: "REPORT_DIR [--only GLOB]", summary: "put CI's fresh images in place as the goldens",
        arguments: "REPORT_DIR",
        about: """
            Puts CI's fresh images in place as the goldens, from the report folder of a verify run
            (verify-report/) or of grona-snap merge: each snapshot that differed or was missing takes
            its actual/ image, each one the run recorded its recorded/ copy. Nothing is rendered on
            this machine, so the goldens are exactly the pixels CI compares against. Each file must
            have the XXH64 the run recorded for it in results.jsonl and a digest chunk that matches its
            pixels; if any does not, nothing is written (exit 2). Look at the accepted goldens (the
            report's index.html shows them), then commit them.
            """,
        options: [
            CommandOption(flag: "--only", placeholder: "GLOB",
                          summary: "accept only goldens whose name matches this shell pattern (\"message-info/*\", \"*/AX5-*\"; * also matches /)"),
            CommandOption(flag: "--snapshots", placeholder: "DIR",
                          summary: "the goldens' folder (default: the one the run verified against, as its run.json says)"),
        ],
        positionals: 1...1, run: run)

    static func run(_ words: ArraySlice<String>) throws {
        let args = try Arguments(words, for: command)
        let report = args.positionals[0]
        let result = try AcceptReport(reportFolder: report, snapshotsFolder: args.value("--snapshots"), only: args.value("--only")).run()
        for file in result.accepted { print("accepted \(file.golden) (\(file.source))") }
        let count = result.accepted.count
        print(count == 0 ? "nothing to accept: every snapshot in \(report) matched its golden"
            : "accepted \(count) golden\(count == 1 ? "" : "s") from \(report) into \(result.snapshotsFolder); look at "
                + "\(count == 1 ? "it" : "them") and commit")
    }
}
