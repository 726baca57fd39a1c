// `grona-snap unused`: the goldens in a snapshots folder that nothing used — no spec in the fixtures
// folder produces them, and no Swift test claimed them in the latest test run's ledger
// (GoldenLedger.swift). After a full `swift test`, that is the goldens of renamed or deleted tests
// and of variants a spec dropped. Files in hidden folders (the ledger itself) are not goldens.
// After a narrowed run (`swift test --filter`, `--skip`, one CI shard), the tests it left out claimed
// nothing in it, so their live goldens would be listed (and `--remove` would delete them): the
// ledger's `runs.txt` says so, and `run` refuses, naming the run it would need.
import Foundation
import Grona
import GronaOutput

package struct UnusedGoldens {
    package var snapshotsFolder: String
    /// Specs whose goldens count as used; nil when the app has none.
    package var fixturesFolder: String?
    package var fontsFolder: String

    package init(snapshotsFolder: String, fixturesFolder: String?, fontsFolder: String) {
        self.snapshotsFolder = snapshotsFolder
        self.fixturesFolder = fixturesFolder
        self.fontsFolder = fontsFolder
    }

    package struct Result {
        /// Paths of the goldens nothing used, sorted.
        package var unused: [String]
        /// How many goldens there are in all.
        package var goldens: Int
        /// The run whose ledger entries count, if any.
        package var run: String?
    }

    package func run() throws -> Result {
        guard AtomicFile.isFolder(snapshotsFolder) else {
            throw FolderVerification.Failure(description: "\(snapshotsFolder): not a folder of goldens")
        }
        var produced = Set<String>()
        if let fixturesFolder {
            for found in try SpecFiles.tree(in: fixturesFolder).specs {
                var spec = try SpecDecoder(fontsFolder: fontsFolder).decode(fileAt: found.path)
                spec.name = SpecGoldenName.of(specAt: found.path, snapshotsFolder: snapshotsFolder, searched: fixturesFolder)
                produced.formUnion(SnapshotCase.cases(for: spec).map(\.goldenName))
            }
        }
        let entries = GoldenLedger.entries(under: snapshotsFolder)
        let latest = GoldenLedger.latestRun(entries)
        if latest == nil && fixturesFolder == nil {
            throw FolderVerification.Failure(description: "\(snapshotsFolder): no golden ledger (\(GoldenLedger.folderName)) "
                + "in it or its subfolders; run swift test first: the test library records there which goldens each test uses")
        }
        if let latest, let narrowing = GoldenLedger.narrowing(of: latest, under: snapshotsFolder) {
            throw FolderVerification.Failure(description: "\(snapshotsFolder): the latest test run was not the whole suite "
                + "(\(narrowing)), so the goldens of the tests it left out would look unused; nothing is listed or removed. "
                + "Run the whole suite (swift test, unfiltered and unsharded), then grona-snap unused")
        }
        let used = produced.union(entries.filter { $0.run == latest }.map(\.golden))
        let goldens = pngFiles()
        return Result(unused: goldens.filter { !used.contains($0) }.map { path(snapshotsFolder, $0) },
                      goldens: goldens.count, run: latest)
    }

    /// Every golden (`.png`, and `.json` for render reports) below the snapshots folder, relative
    /// to it, outside hidden folders, sorted.
    private func pngFiles() -> [String] {
        var found: [String] = []
        func walk(_ relative: String, depth: Int) {
            let here = relative.isEmpty ? snapshotsFolder : path(snapshotsFolder, relative)
            guard depth < 32, let names = try? FileManager.default.contentsOfDirectory(atPath: here) else { return }
            for name in names where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(path(here, name), &info) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFDIR { walk(child, depth: depth + 1) }
                else if name.hasSuffix(".png") || name.hasSuffix(".json") { found.append(child) }
            }
        }
        walk("", depth: 0)
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Removes the files and the folders they leave empty.
    /// Deletes the goldens and their ledger lines.
    package func remove(_ files: [String]) {
        FolderVerification.remove(files, within: snapshotsFolder)
        let prefix = snapshotsFolder.hasSuffix("/") ? snapshotsFolder : snapshotsFolder + "/"
        GoldenLedger.forget(files.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }, under: snapshotsFolder)
    }
}
