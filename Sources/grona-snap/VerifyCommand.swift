import Foundation
import Grona
import GronaSnapshots

/// `grona-snap verify FIXTURES_DIR --snapshots DIR [--record MODE] [--jobs N] [--report-dir DIR] [--report-in-full N] [--prune]`
enum VerifyCommand {
    static let help = """
        usage: grona-snap verify FIXTURES_DIR --snapshots DIR [--record missing|all|failed|never]
                                 [--jobs N] [--report-dir DIR] [--report-in-full N] [--prune]

        Renders every *.json spec in FIXTURES_DIR (sorted by name) in each of its variants and
        compares each image with its golden, SNAPSHOTS/<spec name>/<textSize>-<appearance>-
        <direction>@<scale>x.png (SNAPSHOTS/<spec name>/<locale>/… for a spec with localizations;
        -pseudo-<mode> before the scale for a pseudolanguage). An image matches when no pixel differs visibly (OKLab ΔE above
        0.02) other than anti-aliased edges that moved. Failures leave the actual image and an
        expected | difference | actual image in the report folder, with a copy of the golden and an
        index.html that links them: the failures grouped by spec and counted by kind (sizes
        changed, colours changed, text or shapes moved), each with its difference and a wipe
        slider between expected and actual, and the goldens recorded with their image. Goldens
        and report files are staged beside their destinations as they are made and renamed into
        place at the end; a failure or Ctrl-C removes them.

        options:
          --snapshots DIR           the goldens' folder (required)
          --record MODE             when to write goldens (default: $GRONA_RECORD, else missing):
                                      missing  record goldens that do not exist, compare the rest
                                      all      record every golden
                                      failed   record over goldens that differ
                                      never    only compare; a missing golden fails
          --jobs N                  render threads (default: one per core)
          --report-dir DIR          where index.html, actual/ and difference/ go
                                    (default: $GRONA_ARTIFACTS/verify-report, else
                                    Artifacts/verify-report beside the snapshots folder)
          --report-in-full N        snapshots the report shows with their images (default 500,
                                    at least 10); the rest it lists by name
          --prune                   remove goldens that no spec produces any more (they are
                                    listed either way)
          --assets-root DIR         refuse fonts and images outside DIR (repeatable as DIR:DIR2)

        Prints one summary line, e.g. "verified 228 snapshots: 228 match, 0 differ, 0 recorded,
        0 missing". The first 10 failures are printed on stderr, then a count, and, when snapshots
        differ, the command that accepts the differences (--record failed). Exit status 0 when every snapshot matches; 1 when any differs, is missing or
        was recorded (a recording never passes: run again to verify against it); 2 for bad input,
        and then nothing is written.
        """

    static let grammar = Arguments.Grammar(
        valued: ["--snapshots", "--record", "--jobs", "--report-dir", "--report-in-full", "--assets-root"],
        flags: ["--prune"], positionals: 1...1)

    /// Failures printed in full on stderr; the rest are counted.
    static let shownFailures = 10

    static func run(_ words: ArraySlice<String>) throws {
        let args = try Arguments(words, grammar: grammar, command: "verify")
        guard let snapshots = args.value("--snapshots") else { throw UsageError("verify: missing --snapshots DIR") }
        // An error names where the mode came from: the option, or the variable (which says its own name).
        let record: SnapshotRecordMode
        if let text = args.value("--record") {
            do { record = try SnapshotRecordMode(parsing: text) } catch { throw UsageError("--record: \(error)") }
        } else {
            do { record = try SnapshotRecordMode.fromEnvironment() } catch { throw UsageError("\(error)") }
        }
        var verification = FolderVerification(fixturesFolder: args.positionals[0], snapshotsFolder: snapshots,
                                              reportFolder: args.value("--report-dir"), fontsFolder: try Specs.fontsFolder())
        verification.record = record
        verification.jobs = try args.integer("--jobs", in: 1...256) ?? ParallelRenderer.defaultJobs
        verification.prune = args.has("--prune")
        // At least the failures stderr prints in full, which it takes from the report's.
        verification.sectionsInFull = try args.integer("--report-in-full", in: shownFailures...1_000_000) ?? reportSectionsInFull
        verification.assetRoots = args.value("--assets-root").map { $0.split(separator: ":").map(String.init) }

        let result = try verification.run()
        for file in result.skippedFiles { FileHandle.standardError.write(Data((SpecFiles.skipNote(file) + "\n").utf8)) }
        // The first few failures in full, then a count: a theme-wide change must not bury the
        // summary under thousands of lines. The report has them all.
        var stderr = result.tally.shown.prefix(shownFailures).map { $0.message + "\n" }.joined()
        if result.tally.problems > shownFailures {
            stderr += "… and \(result.tally.problems - shownFailures) more; all are in \(result.reportPath)\n"
        }
        if let command = result.acceptCommand {
            stderr += "to accept the differences as the new goldens: \(command)\n"
        }
        FileHandle.standardError.write(Data(stderr.utf8))
        for file in result.unusedGoldens {
            print("\(result.pruned ? "removed unused golden" : "unused golden (no spec produces it)"): \(file)")
        }
        if !result.passed { print("report: \(result.reportPath)") }
        print(result.summary)
        if !result.passed {
            let failing = result.count(.differs) + result.count(.missing)
            let recorded = result.count(.recorded)
            throw SnapshotsDiffer(description: failing > 0
                ? "\(failing) snapshot\(failing == 1 ? "" : "s") did not match \(failing == 1 ? "its golden" : "their goldens"); see \(result.reportPath)"
                : "recorded \(recorded) golden\(recorded == 1 ? "" : "s"); look at \(recorded == 1 ? "it" : "them"), then run again to verify")
        }
    }
}
