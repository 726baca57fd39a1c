// What a verification leaves for CI besides its HTML page: `results.jsonl` in the report folder,
// one JSON object per snapshot checked, in case order. It is the one source of the JUnit XML
// (`--junit`, Bazel's XML_OUTPUT_FILE) and of `grona-snap merge`, which combines the report
// folders of shards into one page, one summary line and one accept command.
//
// A line: {"golden", "spec", "specFile", "status", "message", "width", "height", "expectedWidth",
// "expectedHeight", "sizeMismatch", "change", "compared", "versions", "noProvenance", "findings" (counts by kind), "actual", "difference",
// "expected", "recorded", "actualDigest", "recordedDigest"} — the four files relative to the report
// folder, absent when not written, and the XXH64 of the actual and recorded files' bytes.
// The lines are written as the outcomes arrive, to a temporary file renamed into place at the end,
// so memory stays flat in the number of snapshots.
//
// A shard names its own files (`ReportFiles`): shard K of N writes `results-K-of-N.jsonl`,
// `run-K-of-N.json` and `index-K-of-N.html`, so the shards of one run can share one report folder,
// at once or one after another, and none overwrites another's results; the images beside them are
// per golden, and each golden is one shard's. `merge` and `accept` read every shard's files in a folder.
import Foundation
import Locking
import Grona
import GronaOutput

/// One snapshot as `results.jsonl` keeps it.
package struct SnapshotRecord: Sendable {
    package var golden: String
    package var spec: String
    package var specFile: String
    package var status: SnapshotOutcome.Status
    package var message: String
    package var width = 0, height = 0
    package var expectedWidth: Int?, expectedHeight: Int?
    package var sizeMismatch = false
    package var change: ChangeKind?
    package var compared = false
    package var versions: [String] = []
    /// The golden carries no provenance chunk.
    package var noProvenance = false
    package var findings = FindingCounts()
    /// Report files, relative to the report folder.
    package var actual: String?, difference: String?, expected: String?, recorded: String?
    /// XXH64 of the bytes of `actual` and `recorded` (`fileDigest`).
    package var actualDigest: String?, recordedDigest: String?

    package static let fileName = "results.jsonl"

    init(_ outcome: SnapshotOutcome, spec: Spec, reportFolder: String) {
        golden = outcome.goldenName
        self.spec = spec.name
        specFile = spec.file
        status = outcome.status
        message = outcome.message
        width = outcome.width
        height = outcome.height
        expectedWidth = outcome.comparison?.expectedSize.width
        expectedHeight = outcome.comparison?.expectedSize.height
        sizeMismatch = outcome.comparison?.sizeMismatch ?? false
        change = outcome.comparison?.change
        compared = outcome.comparison != nil
        versions = outcome.versionDifferences
        noProvenance = outcome.goldenLacksProvenance
        findings = outcome.findingCounts
        func relative(_ path: String?) -> String? {
            guard let path, path.hasPrefix(reportFolder + "/") else { return path }
            return String(path.dropFirst(reportFolder.count + 1))
        }
        actual = relative(outcome.actualPath)
        difference = relative(outcome.differencePath)
        expected = relative(outcome.expectedCopyPath)
        recorded = relative(outcome.recordedCopyPath)
        actualDigest = outcome.actualDigest
        recordedDigest = outcome.recordedDigest
    }

    var jsonLine: String {
        var fields: [String] = [
            "\"golden\": \(jsonStringLiteral(golden))", "\"spec\": \(jsonStringLiteral(spec))",
            "\"specFile\": \(jsonStringLiteral(specFile))", "\"status\": \(jsonStringLiteral(status.rawValue))",
            "\"message\": \(jsonStringLiteral(message))", "\"width\": \(width)", "\"height\": \(height)",
        ]
        if let expectedWidth, let expectedHeight { fields += ["\"expectedWidth\": \(expectedWidth)", "\"expectedHeight\": \(expectedHeight)"] }
        if sizeMismatch { fields.append("\"sizeMismatch\": true") }
        if let change { fields.append("\"change\": \(jsonStringLiteral(change.rawValue))") }
        if compared { fields.append("\"compared\": true") }
        if !versions.isEmpty { fields.append("\"versions\": [" + versions.map(jsonStringLiteral).joined(separator: ", ") + "]") }
        if noProvenance { fields.append("\"noProvenance\": true") }
        if findings.total > 0 {
            fields.append("\"findings\": {" + Finding.Kind.allCases.compactMap { kind in
                findings.counts[kind].map { "\(jsonStringLiteral(kind.rawValue)): \($0)" } }.joined(separator: ", ") + "}")
        }
        for (key, value) in [("actual", actual), ("difference", difference), ("expected", expected), ("recorded", recorded),
                             ("actualDigest", actualDigest), ("recordedDigest", recordedDigest)] {
            if let value { fields.append("\"\(key)\": \(jsonStringLiteral(value))") }
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    struct Unreadable: Error, CustomStringConvertible { let description: String }

    init(jsonLine line: Substring, file: String, number: Int) throws {
        let value: JSONValue
        do { value = try JSONParser.parse(String(line)) } catch {
            throw Unreadable(description: "\(file): line \(number): \(error)")
        }
        func string(_ key: String) -> String? { if case .string(let text)? = value[key] { return text }; return nil }
        func int(_ key: String) -> Int? { if case .number(let n)? = value[key] { return Int(n) }; return nil }
        guard let golden = string("golden"), let statusText = string("status"),
              let status = SnapshotOutcome.Status(rawValue: statusText) else {
            throw Unreadable(description: "\(file): line \(number): not a snapshot record (no golden or status)")
        }
        self.golden = golden
        spec = string("spec") ?? parentFolder(of: golden)
        specFile = string("specFile") ?? ""
        self.status = status
        message = string("message") ?? ""
        width = int("width") ?? 0
        height = int("height") ?? 0
        expectedWidth = int("expectedWidth")
        expectedHeight = int("expectedHeight")
        if case .bool(true)? = value["sizeMismatch"] { sizeMismatch = true }
        change = string("change").flatMap(ChangeKind.init(rawValue:))
        if case .bool(true)? = value["compared"] { compared = true }
        if case .bool(true)? = value["noProvenance"] { noProvenance = true }
        if case .array(let items)? = value["versions"] {
            versions = items.compactMap { if case .string(let text) = $0 { return text }; return nil }
        }
        if case .object(let members)? = value["findings"] {
            for member in members {
                if let kind = Finding.Kind(rawValue: member.key), case .number(let n) = member.value { findings.add(kind, count: Int(n)) }
            }
        }
        actual = string("actual"); difference = string("difference"); expected = string("expected"); recorded = string("recorded")
        actualDigest = string("actualDigest"); recordedDigest = string("recordedDigest")
    }

    /// The records of a report folder: its `results.jsonl`, or every shard's in it, in shard order.
    package static func read(reportFolder: String) throws -> [SnapshotRecord] {
        let runs = ReportFiles.runs(in: reportFolder)
        guard !runs.isEmpty else {
            throw Unreadable(description: "\(reportFolder): no \(fileName) here; is it the report folder of a grona-snap verify run?")
        }
        return try runs.flatMap { try read(file: path(reportFolder, $0.results)) }
    }

    /// The records of one results file.
    static func read(file: String) throws -> [SnapshotRecord] {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw Unreadable(description: "\(file): cannot read it; is \(parentFolder(of: file)) the report folder of a grona-snap verify run?")
        }
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated().map {
            try SnapshotRecord(jsonLine: $0.element, file: file, number: $0.offset + 1)
        }
    }

    /// As an outcome for the HTML report, its files in `reportFolder`.
    func outcome(reportFolder: String, snapshotsFolder: String) -> SnapshotOutcome {
        var outcome = SnapshotOutcome(goldenName: golden, goldenPath: path(snapshotsFolder, golden), status: status, message: message)
        outcome.width = width
        outcome.height = height
        if compared {
            outcome.comparison = ComparisonResult(matches: status == .matched, sizeMismatch: sizeMismatch, change: change,
                                                  movedEdgePixelCount: 0, differingPixelCount: 0, antialiasedPixelCount: 0,
                                                  largestDifference: 0, largestDifferenceLocation: nil, message: "",
                                                  expectedWidth: expectedWidth ?? width, expectedHeight: expectedHeight ?? height,
                                                  actualWidth: width, actualHeight: height)
        }
        outcome.versionDifferences = versions
        outcome.goldenLacksProvenance = noProvenance
        outcome.findingCounts = findings
        outcome.actualPath = actual.map { path(reportFolder, $0) }
        outcome.differencePath = difference.map { path(reportFolder, $0) }
        outcome.expectedCopyPath = expected.map { path(reportFolder, $0) }
        outcome.recordedCopyPath = recorded.map { path(reportFolder, $0) }
        return outcome
    }
}

/// The files of one run in its report folder: `results.jsonl`, `run.json` and `index.html`, or for
/// shard K of N `results-K-of-N.jsonl`, `run-K-of-N.json` and `index-K-of-N.html`.
package struct ReportFiles: Equatable, Sendable {
    /// "" for an unsharded run, "-K-of-N" for a shard.
    package let suffix: String

    package init(shard: Shard?) {
        suffix = shard.map { "-\($0.index)-of-\($0.count)" } ?? ""
    }

    private init(suffix: String) { self.suffix = suffix }

    package var results: String { "results\(suffix).jsonl" }
    package var run: String { "run\(suffix).json" }
    package var page: String { "index\(suffix).html" }

    /// The runs whose results are in `folder`: `results.jsonl` and every shard's, shards in order
    /// (by total, then index).
    package static func runs(in folder: String) -> [ReportFiles] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let shards = names.compactMap { name -> (index: Int, count: Int)? in
            guard name.hasPrefix("results-"), name.hasSuffix(".jsonl") else { return nil }
            let parts = name.dropFirst(8).dropLast(6).components(separatedBy: "-of-")
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
            return (index, count)
        }.sorted { ($0.count, $0.index) < ($1.count, $1.index) }
        return (names.contains(SnapshotRecord.fileName) ? [ReportFiles(shard: nil)] : [])
            + shards.map { ReportFiles(suffix: "-\($0.index)-of-\($0.count)") }
    }

    /// The files other runs left in `folder` that this run's make stale: an unsharded run's go when
    /// a shard writes there, and shards of another split; an unsharded run replaces every shard's.
    /// The shards of this run's split stay (another may be running now).
    func removeStale(in folder: String) {
        for other in ReportFiles.runs(in: folder) where other != self {
            let otherCount = other.suffix.components(separatedBy: "-of-").last
            let myCount = suffix.components(separatedBy: "-of-").last
            if suffix.isEmpty || other.suffix.isEmpty || otherCount != myCount {
                for name in [other.results, other.run, other.page] { unlink(path(folder, name)) }
            }
        }
    }
}

/// Appends records, a batch at a time, to the staged `results.jsonl` (`StagedFiles.append`): it is
/// put in place with the run's other files, and removed with them on a failure or Ctrl-C.
final class RecordWriter: Sendable {
    private let staging: StagedFiles
    let destination: String
    /// The verifier's handler calls `add` one at a time; the mutex makes that order visible to the
    /// thread that flushes last and reads `failure`.
    private let state = Mutex<(buffer: [UInt8], failure: Error?)>(([], nil))

    init(reportFolder: String, files: ReportFiles, staging: StagedFiles) {
        destination = path(reportFolder, files.results)
        self.staging = staging
    }

    /// The first error a flush met, if any.
    var failure: Error? { state.withLock { $0.failure } }

    func add(_ record: SnapshotRecord) {
        state.withLock { state in
            state.buffer += Array((record.jsonLine + "\n").utf8)
            if state.buffer.count > 1 << 16 { flush(&state) }
        }
    }

    /// Writes what is buffered; call before committing the staging.
    func flush() { state.withLock { flush(&$0) } }

    private func flush(_ state: inout (buffer: [UInt8], failure: Error?)) {
        do { try staging.append(state.buffer, to: destination) } catch { state.failure = state.failure ?? error }
        state.buffer.removeAll(keepingCapacity: true)
    }
}
