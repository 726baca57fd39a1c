import Foundation
import Grona
import GronaRequests
import GronaSnapshots

/// `grona-snap verify FIXTURES_DIR --snapshots DIR [--record MODE] [--jobs N] [--shard K/N] [--junit FILE]
/// [--report-dir DIR] [--report-in-full N] [--prune]`
enum VerifyCommand {
    static let command = Command(
        name: "verify", synopsis: "FIXTURES_DIR --snapshots DIR [--record MODE]", summary: "check every spec's variants against goldens",
        arguments: "FIXTURES_DIR",
        about: """
            Renders every *.json spec in FIXTURES_DIR and its subfolders (sorted by path) in each of its
            variants and compares each image with its golden, SNAPSHOTS/<spec name>/<textSize>-
            <appearance>-<direction>@<scale>x.png (SNAPSHOTS/<spec name>/<locale>/… for a spec with
            localizations; -pseudo-<mode> before the scale for a pseudolanguage). A spec's name is its
            path in the project without the first folder and .json (Fixtures/banners/summer.json →
            banners/summer, Tests/Specs/points2.json → Specs/points2), the project being the nearest
            folder holding Package.swift at or above SNAPSHOTS' parent, else that parent: the same
            name whichever folder is given, and the one assertSnapshot(ofSpecAt:) gives. When the golden was rendered with this machine's GronaSnap,
            FreeType, HarfBuzz, ICU and fonts, any changed pixel fails; otherwise an image matches when
            no pixel differs visibly (OKLab ΔE above 0.02) other than anti-aliased edges that moved. A
            run that checks no snapshot (no spec found, an empty shard) is an error. Failures leave the actual image and an
            expected | difference | actual image in the report folder, with a copy of the golden and an
            index.html that links them: the failures grouped by spec and counted by kind (sizes
            changed, colours changed, text or shapes moved), each with its difference and a wipe
            slider between expected and actual, and the goldens recorded with their image. Goldens
            and report files are staged beside their destinations as they are made and renamed into
            place at the end; a failure or Ctrl-C removes them.
            """,
        options: [
            CommandOption(flag: "--snapshots", placeholder: "DIR", required: true, summary: "the goldens' folder (required)"),
            CommandOption(flag: "--record", placeholder: "MODE", schema: .choice(["missing", "all", "failed", "never"]),
                          summary: """
                            when to write goldens (default: $GRONA_RECORD, else missing):
                              missing  record goldens that do not exist, compare the rest
                              all      record every golden
                              failed   record over goldens that differ
                              never    only compare; a missing golden fails
                            """),
            CommandOption(flag: "--report-dir", placeholder: "DIR",
                          summary: "where index.html, results.jsonl, actual/ and difference/ go (default: "
                            + "$GRONA_ARTIFACTS/verify-report, else under Bazel $TEST_UNDECLARED_OUTPUTS_DIR/verify-report, "
                            + "else Artifacts/verify-report beside the snapshots folder)"),
            CommandOption(flag: "--report-in-full", placeholder: "N", schema: .integer(shownFailures...1_000_000),
                          summary: "snapshots the report shows with their images (default 500, at least 10); the rest it lists by name"),
            CommandOption(flag: "--prune",
                          summary: "remove the goldens in a spec's own folder that it no longer produces and no Swift test claims "
                            + "in the golden ledger (they are listed either way); grona-snap unused lists every golden no spec "
                            + "or test used"),
            CommandOption(flag: "--require-provenance",
                          summary: "fail each golden that carries no provenance (the grVR chunk another tool's re-save drops) "
                            + "rather than compare it under the tolerance; without it, such goldens are counted in a notice "
                            + "on stderr, in the report and in the JUnit XML"),
        ],
        epilogue: """
            Prints one summary line, e.g. "verified 304 snapshots: 304 match, 0 differ, 0 recorded,
            0 missing". With GITHUB_ACTIONS=true, failures are also printed as ::error annotations on
            their spec files. The first 10 failures are printed on stderr, then a count, and, when snapshots
            differ, the command that accepts them: grona-snap accept REPORT_DIR (the images this run made,
            as they are), then, as a second choice, this run again with --record failed. Exit status 0 when every snapshot matches; 1 when any differs, is missing or
            was recorded (a recording never passes: run again to verify against it); 2 for bad input,
            and then nothing is written.
            """,
        positionals: 1...1, run: run)

    /// Failures printed in full on stderr; the rest are counted.
    static let shownFailures = 10

    static func run(_ words: ArraySlice<String>) throws {
        let args = try Arguments(words, for: command)
        guard let snapshots = args.value("--snapshots") else { throw RequestError("verify: missing --snapshots DIR") }
        let environment = ProcessInfo.processInfo.environment
        let reportFolder = args.value("--report-dir")
            ?? environment[snapshotArtifactsVariable].flatMap { $0.isEmpty ? nil : $0 + "/verify-report" }
            ?? environment["TEST_UNDECLARED_OUTPUTS_DIR"].flatMap { $0.isEmpty ? nil : $0 + "/verify-report" }
        var request = try VerifyRequest(fixtures: args.positionals[0], snapshots: snapshots, record: args.value("--record"),
                                        shard: args.value("--shard"), assetRoots: args.value("--assets-root"),
                                        reportFolder: reportFolder,
                                        junitPath: args.value("--junit") ?? environment["XML_OUTPUT_FILE"].flatMap { $0.isEmpty ? nil : $0 },
                                        environment: environment)
        Shard.acknowledgeBazel(environment)
        request.verification.jobs = try args.integer("--jobs") ?? ParallelRenderer.defaultJobs
        request.verification.prune = args.has("--prune")
        request.verification.requireProvenance = args.has("--require-provenance")
        // At least the failures stderr prints in full, which it takes from the report's.
        request.verification.sectionsInFull = try args.integer("--report-in-full") ?? reportSectionsInFull

        let result = try request.run()
        for file in result.skippedFiles { FileHandle.standardError.write(Data((SpecFiles.skipNote(file) + "\n").utf8)) }
        // The first few failures in full, then a count: a theme-wide change must not bury the
        // summary under thousands of lines. The report has them all.
        var stderr = result.tally.provenanceNotice.map { "notice: \($0)\n" } ?? ""
        stderr += result.tally.shown.prefix(shownFailures).map { $0.message + "\n" }.joined()
        if result.tally.problems > shownFailures {
            stderr += "… and \(result.tally.problems - shownFailures) more; all are in \(result.reportPath)\n"
        }
        stderr += result.acceptCommands?.lines ?? ""
        FileHandle.standardError.write(Data(stderr.utf8))
        if GitHubAnnotations.enabled(environment) {
            for outcome in result.tally.shown.prefix(GitHubAnnotations.limit) {
                print(GitHubAnnotations.error(file: outcome.specFile ?? outcome.goldenPath, title: outcome.goldenName,
                                              message: outcome.message))
            }
            if result.tally.problems > GitHubAnnotations.limit {
                print(GitHubAnnotations.notice("… and \(result.tally.problems - GitHubAnnotations.limit) more snapshots need attention; all are in \(result.reportPath)"))
            }
        }
        for file in result.unusedGoldens {
            print("\(result.pruned ? "removed unused golden" : "unused golden (no spec produces it)"): \(file)")
        }
        if !result.passed { print("report: \(result.reportPath)") }
        print(result.summary + (result.shard.map { " (shard \($0))" } ?? ""))
        if !result.passed {
            let failing = result.count(.differs) + result.count(.missing)
            let recorded = result.count(.recorded)
            throw SnapshotsDiffer(description: failing > 0
                ? "\(failing) snapshot\(failing == 1 ? "" : "s") did not match \(failing == 1 ? "its golden" : "their goldens"); see \(result.reportPath)"
                : "recorded \(recorded) golden\(recorded == 1 ? "" : "s"); look at \(recorded == 1 ? "it" : "them"), then run again to verify")
        }
    }
}
