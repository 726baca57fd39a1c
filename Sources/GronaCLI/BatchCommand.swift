import Foundation
import Grona
import GronaRequests
import GronaSnapshots
import PNG
import GronaOutput

/// `grona-snap batch DIR -o OUT_DIR [--jobs N] [--shard K/N] [overrides]`
///
/// All specs are decoded before anything is rendered; each snapshot is then staged under a hidden
/// name beside its destination as it is rendered (`StagedFiles`), and the staged files are renamed
/// into place once all are done: a bad spec, or a spec whose font or image cannot be read, stops the
/// run with exit status 2 and nothing written at all, while memory stays flat in the number of
/// snapshots. The job list is the sorted spec files, each
/// with its variants in order; `--shard K/N` keeps the jobs whose position in that list, counted
/// from 0, is K − 1 modulo N, so shards are balanced across specs and N shards together write
/// exactly the files of one unsharded run.
enum BatchCommand {
    static let command = Command(
        name: "batch", synopsis: "DIR -o OUT_DIR [--jobs N] [--shard K/N] [overrides]", summary: "render every spec in a folder",
        arguments: "DIR",
        about: """
            Renders every *.json spec in DIR and its subfolders, in path order, with all its variants:
            each snapshot goes to OUT_DIR/<golden name>, e.g. OUT_DIR/banner/AX5-dark-rtl@3x.png, or
            OUT_DIR/campaign/de/L-light-ltr@3x.png for a spec with localizations; a spec is named as
            verify names its goldens (DIR/banners/summer.json → OUT_DIR/banners/summer/…).
            The files are the same, byte for byte, whatever --jobs. All specs are read first: if any is
            bad, or a snapshot cannot be rendered, nothing is written and the exit status is 2. Each
            snapshot is written under a hidden name as it is rendered and all are renamed into place at
            the end; a failure or Ctrl-C removes them.
            A progress bar is shown on a terminal; a one-line summary is always printed, with the
            number of findings of each kind (grona-snap check lists them).
            """,
        options: [
            CommandOption(flag: "--output", short: "-o", placeholder: "OUT_DIR", required: true, summary: "where to write the snapshots (created if missing; required)"),
        ],
        headings: [.overrides: "overrides (for every snapshot; an override fixes that setting instead of the spec's variants)"],
        positionals: 1...1, run: run)

    static func run(_ words: ArraySlice<String>) throws {
        let start = DispatchTime.now()
        let args = try Arguments(words, for: command)
        let output = try args.outputFolder(placeholder: "OUT_DIR")
        let options = try args.options()
        let overrides = try EnvironmentOverrides(options)
        let canvas = try Canvas(options)
        let jobCount = try Work.jobs(from: args)
        let shard = try args.value("--shard").map(parseShard)

        let folder = args.positionals[0]
        let assetRoots = try AssetRoots.parse(args.value("--assets-root"))
        // Named as `verify` names them, so a batch into the snapshots folder writes verify's goldens.
        let specs = try specFiles(in: folder).map { found in
            var spec = try Specs.decode(found.path, assetRoots: assetRoots)
            spec.name = SpecGoldenName.of(specAt: found.path, snapshotsFolder: output, searched: folder)
            return spec
        }
        try SpecGoldenName.refuseShared(specs, snapshotsFolder: output)
        let batch = BatchRequest(specs: specs, output: output, overrides: overrides, canvas: canvas, shard: shard)
        let jobs = batch.jobs
        let result = try batch.run(jobs: jobCount, progress: Work.progressBar(total: jobs.count))
        let threads = max(1, min(jobCount, jobs.count))
        let shardNote = shard.map { " (shard \($0.index)/\($0.count))" } ?? ""
        print("rendered \(jobs.count) snapshot\(jobs.count == 1 ? "" : "s") from \(specs.count) spec\(specs.count == 1 ? "" : "s")\(shardNote) in \(Work.seconds(since: start)) with \(threads) job\(threads == 1 ? "" : "s"); \(result.findings.summary)")
    }

    /// The specs in `folder` and its subfolders, sorted by name (byte order, so the same
    /// everywhere), as `verify` finds them; JSON files that are not specs are skipped with a note
    /// (`SpecFiles`).
    static func specFiles(in folder: String) throws -> [SpecFiles.Found] {
        let tree: (specs: [SpecFiles.Found], skipped: [String])
        do { tree = try SpecFiles.tree(in: folder) } catch { throw RequestError("\(folder): not a readable folder") }
        for file in tree.skipped { FileHandle.standardError.write(Data((SpecFiles.skipNote(file) + "\n").utf8)) }
        guard !tree.specs.isEmpty else { throw RequestError("\(folder): no *.json specs in this folder or its subfolders") }
        return tree.specs
    }

    /// "K/N" with 1 ≤ K ≤ N (`Shard`, which `verify` shares).
    static func parseShard(_ text: String) throws -> Shard {
        do { return try Shard(parsing: text) } catch { throw RequestError("\(error)") }
    }
}
