// `grona-snap merge`: the report folders of a sharded verification (one per CI machine, kept as
// artifacts) combined into one folder — one review page, one summary line, one accept command,
// and the JUnit XML of every snapshot. Each shard's `results.jsonl` (SnapshotRecords.swift) says
// what it checked; its images are hard-linked (else copied) into the merged folder under the same
// names, so the page links them as a shard's page does. A folder may hold several shards' files
// (`ReportFiles`: shards sharing one --report-dir); each counts as its own shard. The merged page lists every snapshot
// checked, with its shard, below the failures. A golden checked by two shards, or shards of
// different runs (other fixtures or snapshots folders), are an error: the shards would not add up.
import Foundation
import Grona
import GronaOutput

package struct ReportMerge {
    package static let runFileName = "run.json"

    package var reportFolders: [String]
    package var output: String

    package init(reportFolders: [String], output: String) {
        self.reportFolders = reportFolders
        self.output = output
    }

    package struct Result {
        package var tally: VerificationTally
        package var summary: String { tally.summary }
        package var reportPath: String
        package var junitPath: String
        package var acceptCommands: AcceptCommands?
        package var shards: Int
    }

    static func runDescription(fixtures: String, snapshots: String, shard: Shard?, assetRoots: [String]?) -> String {
        var fields = ["\"fixtures\": \(jsonStringLiteral(fixtures))", "\"snapshots\": \(jsonStringLiteral(snapshots))"]
        if let shard { fields.append("\"shard\": \(jsonStringLiteral(shard.description))") }
        if let assetRoots { fields.append("\"assetRoots\": [" + assetRoots.map(jsonStringLiteral).joined(separator: ", ") + "]") }
        return "{" + fields.joined(separator: ", ") + "}\n"
    }

    private struct Run: Equatable {
        var fixtures: String, snapshots: String, shard: String?, assetRoots: [String]?
        static func same(_ a: Run, _ b: Run) -> Bool { a.fixtures == b.fixtures && a.snapshots == b.snapshots && a.assetRoots == b.assetRoots }
    }

    /// The snapshots folder the run that made a report folder verified against.
    static func snapshotsFolder(ofReport folder: String) throws -> String {
        guard let files = ReportFiles.runs(in: folder).first else { throw notAReport(folder) }
        return try readRun(folder, files).snapshots
    }

    private static func notAReport(_ folder: String) -> Error {
        FolderVerification.Failure(description: "\(folder): not the report folder of a grona-snap verify run (no readable \(ReportMerge.runFileName))")
    }

    private static func readRun(_ folder: String, _ files: ReportFiles) throws -> Run {
        let file = path(folder, files.run)
        guard let data = FileManager.default.contents(atPath: file), let value = try? JSONParser.parse([UInt8](data)),
              case .string(let fixtures)? = value["fixtures"], case .string(let snapshots)? = value["snapshots"] else {
            throw FolderVerification.Failure(description: "\(folder): not the report folder of a grona-snap verify run (no readable \(files.run))")
        }
        var run = Run(fixtures: fixtures, snapshots: snapshots, shard: nil, assetRoots: nil)
        if case .string(let shard)? = value["shard"] { run.shard = shard }
        if case .array(let roots)? = value["assetRoots"] { run.assetRoots = roots.compactMap { if case .string(let r) = $0 { return r }; return nil } }
        return run
    }

    package func run() throws -> Result {
        guard !reportFolders.isEmpty else { throw FolderVerification.Failure(description: "merge: no report folders given") }
        var tally = VerificationTally()
        var seen: [String: String] = [:]
        var rows = ""
        var first: Run?
        var all: [SnapshotRecord] = []
        var shards: [(shard: String?, folder: String)] = []
        let runs = try reportFolders.flatMap { folder -> [(folder: String, files: ReportFiles)] in
            let found = ReportFiles.runs(in: folder)
            guard !found.isEmpty else { throw ReportMerge.notAReport(folder) }
            return found.map { (folder, $0) }
        }
        for (folder, files) in runs {
            let run = try ReportMerge.readRun(folder, files)
            if let first, !Run.same(first, run) {
                throw FolderVerification.Failure(description: "\(folder): verifies \(run.fixtures) against \(run.snapshots), "
                    + "but \(reportFolders[0]) verifies \(first.fixtures) against \(first.snapshots); merge the shards of one run")
            }
            first = first ?? run
            shards.append((run.shard, folder))
            let records = try SnapshotRecord.read(file: path(folder, files.results))
            let shardName = run.shard ?? "all"
            for record in records {
                if let other = seen[record.golden] {
                    throw FolderVerification.Failure(description: "\(record.golden): checked by two shards, \(other) and \(shardName) (\(folder)); merge the shards of one run")
                }
                seen[record.golden] = "\(shardName) (\(folder))"
                for file in [record.actual, record.difference, record.expected, record.recorded].compactMap({ $0 }) {
                    try place(path(folder, file), at: path(output, file))
                }
                tally.add(record.outcome(reportFolder: output, snapshotsFolder: run.snapshots))
                rows += "<tr><td><code>\(escape(record.golden))</code></td><td>\(escape(record.status.rawValue))</td><td>\(escape(shardName))</td></tr>\n"
                all.append(record)
            }
        }
        guard let runInfo = first else { throw FolderVerification.Failure(description: "merge: no report folders given") }
        try checkEveryShardIsThere(shards)
        var result = FolderVerification.Result(tally: tally, unusedGoldens: [], pruned: false, reportPath: path(output, "index.html"))
        if tally.count(.differs) + tally.count(.missing) > 0 {
            result.acceptCommands = AcceptCommands(reportFolder: output, fixtures: runInfo.fixtures, snapshots: runInfo.snapshots,
                                                   assetRoots: runInfo.assetRoots)
        }
        let appendix = "<h2>Every snapshot (\(tally.total), from \(runs.count) shard\(runs.count == 1 ? "" : "s"))</h2>\n"
            + "<details><summary>golden, status and shard</summary>\n<table>\n<tr><th>golden</th><th>status</th><th>shard</th></tr>\n"
            + rows + "</table>\n</details>\n"
        let html = htmlReport(for: result, fixturesFolder: runInfo.fixtures, snapshotsFolder: runInfo.snapshots,
                              reportFolder: output, record: .never, appendix: appendix)
        let junit = path(output, "junit.xml")
        do {
            try AtomicFile.createFolder(output)
            try AtomicFile.write(Array(html.utf8), to: result.reportPath)
            try AtomicFile.write(Array(JUnitReport.xml(all, name: "grona-snap verify \(runInfo.fixtures)", reportFolder: output).utf8), to: junit)
            try AtomicFile.write(Array((all.map(\.jsonLine).joined(separator: "\n") + "\n").utf8), to: path(output, SnapshotRecord.fileName))
            // The run as a whole, unsharded: what `grona-snap accept` reads the snapshots folder from.
            try AtomicFile.write(Array(ReportMerge.runDescription(fixtures: runInfo.fixtures, snapshots: runInfo.snapshots, shard: nil,
                                                                  assetRoots: runInfo.assetRoots).utf8), to: path(output, ReportMerge.runFileName))
        } catch {
            throw FolderVerification.Failure(description: "\(error)")
        }
        return Result(tally: tally, reportPath: result.reportPath, junitPath: junit, acceptCommands: result.acceptCommands,
                      shards: runs.count)
    }

    /// A merge of some of the shards would pass with the failures of the others left out: every
    /// shard K/N of the run, 1 … N, must be given, each once (an unsharded report stands alone).
    private func checkEveryShardIsThere(_ shards: [(shard: String?, folder: String)]) throws {
        if shards.contains(where: { $0.shard == nil }) {
            guard shards.count == 1 else {
                throw FolderVerification.Failure(description: "merge: \(shards.first { $0.shard == nil }!.folder) is an unsharded run; merge the shards of one run")
            }
            return
        }
        let parsed = shards.map { entry -> (index: Int, count: Int, folder: String) in
            let parts = entry.shard!.split(separator: "/").compactMap { Int($0) }
            return (parts.first ?? 0, parts.count == 2 ? parts[1] : 0, entry.folder)
        }
        let counts = Set(parsed.map(\.count))
        guard counts.count == 1, let total = counts.first, total > 0 else {
            throw FolderVerification.Failure(description: "merge: the folders are shards of runs split different ways ("
                + parsed.map { "\($0.index)/\($0.count) in \($0.folder)" }.joined(separator: ", ") + ")")
        }
        let given = parsed.map(\.index)
        if let twice = given.first(where: { index in given.filter { $0 == index }.count > 1 }) {
            throw FolderVerification.Failure(description: "merge: shard \(twice)/\(total) is given twice")
        }
        let missing = (1...total).filter { !given.contains($0) }
        guard missing.isEmpty else {
            throw FolderVerification.Failure(description: "merge: shard\(missing.count == 1 ? "" : "s") "
                + missing.map { "\($0)/\(total)" }.joined(separator: ", ") + " missing; give every shard's report folder")
        }
    }

    /// A hard link of the shard's file (else a copy), replacing what is there.
    private func place(_ source: String, at destination: String) throws {
        try AtomicFile.createFolder(parentFolder(of: destination))
        unlink(destination)
        if link(source, destination) == 0 { return }
        guard let bytes = readFile(source) else {
            throw FolderVerification.Failure(description: "\(source): cannot read it")
        }
        try AtomicFile.write(bytes, to: destination)
    }
}
