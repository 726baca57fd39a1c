// Checking rendered snapshots against their goldens: the one engine behind `assertSnapshot`,
// `verifySnapshot` and `grona-snap verify`.
//
// Work is split in two so that nothing is written when any input is bad (SPEC §3): `check` renders
// every case in parallel (a fresh `ComponentRenderer` per variant, one `TextEngine` per thread),
// decides what happened to each golden and returns the files it would write; `write` then writes
// them (recorded goldens, failure artifacts) and removes the stale artifacts of goldens that match
// again. `verify` does both.
//
// Deciding one golden, cheapest first:
//   1. record mode `all`: record.
//   2. no golden: record (mode `missing` or `failed`) or fail (mode `never`).
//   3. the golden's digest chunk (GoldenDigest.swift) matches the fresh pixels: pass, without
//      encoding the fresh image or decoding the golden. This is the common case.
//   4. otherwise decode the golden and compare pixels (Comparison/); pass within the tolerance,
//      else fail with the actual image and the three-panel difference image as artifacts, and in
//      mode `failed` record the fresh image over the golden.
// A recording always fails its check, with a message saying where the golden was written.
import Foundation
import Grona
import PNG
import Raster

/// One golden to check: a spec drawn in one environment, stored as `goldenName` in the snapshots folder.
public struct SnapshotCase: Sendable {
    public var spec: Spec
    public var environment: Environment
    /// `<spec name>/<textSize>-<appearance>-<direction>@<scale>x.png` (SPEC §1), with a folder per
    /// locale for a spec with localizations (`Spec.goldenName(for:)`).
    public var goldenName: String
    /// The picture to check instead of the plain card (the accessibility picture), or nil.
    public var overlay: Overlay?

    public init(spec: Spec, environment: Environment, goldenName: String? = nil, overlay: Overlay? = nil) {
        self.spec = spec
        self.environment = environment
        self.goldenName = goldenName ?? spec.goldenName(for: environment)
        self.overlay = overlay
    }

    /// One case per variant: the product of `variants` over the spec's environment, or the spec's
    /// own variants when nil (just its environment when it has none).
    public static func cases(for spec: Spec, variants: Variants? = nil, overlay: Overlay? = nil) -> [SnapshotCase] {
        var named = spec
        if let variants { named.variants = variants }   // golden names follow the axes in use
        return named.variantEnvironments.map { SnapshotCase(spec: named, environment: $0, overlay: overlay) }
    }
}

/// What happened to one golden.
public struct SnapshotOutcome: Sendable {
    public enum Status: String, Sendable {
        /// The fresh image matches the golden (within the tolerance).
        case matched
        /// The fresh image differs from the golden, or the golden cannot be read.
        case differs
        /// The golden was written (or rewritten); the check fails all the same.
        case recorded
        /// There is no golden and the record mode is `never`.
        case missing
        /// The snapshot could not be rendered or a file could not be written.
        case failed
    }

    public var goldenName: String
    public var goldenPath: String
    public var status: Status
    /// Matched through the golden's digest chunk, without decoding it.
    public var matchedByDigest = false
    /// The pixel comparison, when one was made.
    public var comparison: ComparisonResult?
    /// Where the fresh image and the three-panel difference image are (or will be) written.
    public var actualPath: String?
    public var differencePath: String?
    /// For a person: what happened and where the files are. Empty for a match.
    public var message: String
    /// Encoded images of a failure for reports (only when `SnapshotVerifier.keepsReportImages`).
    public var reportImages: ReportImages?

    public var passed: Bool { status == .matched }

    /// Files to write, in order, and artifacts to remove; `SnapshotVerifier.write` does both.
    var pendingWrites: [(path: String, bytes: [UInt8])] = []
    var staleArtifacts: [String] = []

    /// The golden as it was read, the fresh image, and the middle (difference) panel, as PNG bytes.
    public struct ReportImages: Sendable {
        public var expected: [UInt8]?
        public var actual: [UInt8]
        public var difference: [UInt8]?
    }
}

public struct SnapshotVerifier: Sendable {
    /// The folder goldens are named from (`<folder>/<spec name>/<variant>.png`).
    public var snapshotsDirectory: String
    /// Where failures leave `actual/<golden name>` and `difference/<golden name>`.
    public var artifactsDirectory: String
    public var record: SnapshotRecordMode
    public var tolerance: ComparisonTolerance
    /// Render threads.
    public var jobs: Int
    public var fontsFolder: String
    /// Keep the encoded images of each failure in its outcome, for an HTML report.
    public var keepsReportImages = false

    public init(snapshotsDirectory: String, artifactsDirectory: String, record: SnapshotRecordMode = .missing,
                tolerance: ComparisonTolerance = .default, jobs: Int = ParallelRenderer.defaultJobs,
                fontsFolder: String) {
        self.snapshotsDirectory = snapshotsDirectory
        self.artifactsDirectory = artifactsDirectory
        self.record = record
        self.tolerance = tolerance
        self.jobs = jobs
        self.fontsFolder = fontsFolder
    }

    /// Renders and checks every case, then writes goldens and artifacts.
    public func verify(_ cases: [SnapshotCase]) -> [SnapshotOutcome] {
        var outcomes = check(cases)
        write(&outcomes)
        return outcomes
    }

    /// Renders every case in parallel and decides each golden; writes nothing. Outcomes come back
    /// in case order.
    public func check(_ cases: [SnapshotCase]) -> [SnapshotOutcome] {
        var seen = Set<String>()
        let duplicates = cases.map { !seen.insert($0.goldenName).inserted }
        let results = ParallelRenderer.map(count: cases.count, jobs: jobs, fontsFolder: fontsFolder) { index, engine in
            let snapshotCase = cases[index]
            if duplicates[index] {
                return failure(snapshotCase.goldenName, "two variants have the same golden name; give each variant its own")
            }
            let snapshot = try ComponentRenderer(spec: snapshotCase.spec, engine: engine).render(snapshotCase.environment,
                                                                                            overlay: snapshotCase.overlay)
            return check(snapshot.pixmap, goldenName: snapshotCase.goldenName)
        }
        return zip(cases, results).map { snapshotCase, result in
            switch result {
            case .success(let outcome): return outcome
            case .failure(let error): return failure(snapshotCase.goldenName, "cannot render: \(error)")
            }
        }
    }

    /// Decides one golden for an image already rendered (see the file comment); writes nothing.
    public func check(_ pixmap: Pixmap, goldenName: String) -> SnapshotOutcome {
        let goldenPath = path(snapshotsDirectory, goldenName)
        var outcome = SnapshotOutcome(goldenName: goldenName, goldenPath: goldenPath, status: .matched, message: "")
        let golden = readFile(goldenPath)

        if record == .all {
            return recording(pixmap, into: outcome, golden: golden, why: "record mode all")
        }
        guard let golden else {
            if record == .never {
                outcome.status = .missing
                outcome.message = "\(goldenName): no golden at \(goldenPath) (record mode never)"
                return withArtifacts(pixmap, expected: nil, into: outcome)
            }
            return recording(pixmap, into: outcome, golden: nil, why: "there was none")
        }

        switch checkDigest(golden: golden, against: pixmap) {
        case .match:
            outcome.matchedByDigest = true
            return matched(outcome)
        case .damaged(let problem):
            return unreadable(golden, problem, pixmap, outcome)
        case .differs, .unavailable:
            break
        }
        let expected: Pixmap
        do { expected = try decodePNG(golden).pixmap } catch { return unreadable(golden, "\(error)", pixmap, outcome) }
        let comparison = compare(expected: expected, actual: pixmap, tolerance: tolerance)
        outcome.comparison = comparison
        if comparison.matches { return matched(outcome) }

        outcome.status = .differs
        outcome.message = "\(goldenName): differs from the golden: \(comparison.message)"
        outcome = withArtifacts(pixmap, expected: (expected, golden), into: outcome)
        if record == .failed {
            outcome = recording(pixmap, into: outcome, golden: golden, why: "record mode failed")
        }
        return outcome
    }

    /// Writes what `check` decided: goldens and artifacts, atomically, each in its folder. A file
    /// that cannot be written turns its outcome into `.failed`.
    public func write(_ outcomes: inout [SnapshotOutcome]) {
        for index in outcomes.indices {
            do {
                for file in outcomes[index].pendingWrites {
                    try AtomicFile.createFolder(parentFolder(of: file.path))
                    try AtomicFile.write(file.bytes, to: file.path)
                }
            } catch {
                outcomes[index].status = .failed
                outcomes[index].message += "\n  \(error)"
            }
            outcomes[index].pendingWrites = []
            for stale in outcomes[index].staleArtifacts { unlink(stale) }
            outcomes[index].staleArtifacts = []
        }
    }

    // MARK: - Outcomes

    private func matched(_ outcome: SnapshotOutcome) -> SnapshotOutcome {
        var outcome = outcome
        outcome.status = .matched
        outcome.staleArtifacts = [path(artifactsDirectory, "actual", outcome.goldenName),
                                  path(artifactsDirectory, "difference", outcome.goldenName)]
        return outcome
    }

    private func failure(_ goldenName: String, _ problem: String) -> SnapshotOutcome {
        SnapshotOutcome(goldenName: goldenName, goldenPath: path(snapshotsDirectory, goldenName),
                        status: .failed, message: "\(goldenName): \(problem)")
    }

    private func unreadable(_ golden: [UInt8], _ problem: String, _ pixmap: Pixmap,
                            _ outcome: SnapshotOutcome) -> SnapshotOutcome {
        var outcome = outcome
        outcome.status = .differs
        outcome.message = "\(outcome.goldenName): the golden cannot be read: \(problem)"
        outcome = withArtifacts(pixmap, expected: nil, into: outcome)
        if record == .failed { outcome = recording(pixmap, into: outcome, golden: golden, why: "record mode failed") }
        return outcome
    }

    /// Adds the golden write and the "recorded" wording. `why` says what led to it.
    private func recording(_ pixmap: Pixmap, into outcome: SnapshotOutcome, golden: [UInt8]?, why: String) -> SnapshotOutcome {
        var outcome = outcome
        let bytes: [UInt8]
        do { bytes = try encodeGolden(pixmap) } catch {
            return failure(outcome.goldenName, "cannot encode the snapshot: \(error)")
        }
        var reason = why
        if golden != nil && outcome.status == .matched {   // mode all over an existing golden
            reason += golden == bytes ? "; the pixels are unchanged" : "; the pixels changed"
        }
        if outcome.message.isEmpty {
            outcome.message = "\(outcome.goldenName): recorded the golden at \(outcome.goldenPath) (\(reason)). "
                + "Look at it, then run again to verify against it."
        } else {
            outcome.message += "\n  recorded the fresh image over the golden (\(reason))"
        }
        outcome.status = .recorded
        outcome.pendingWrites.append((outcome.goldenPath, bytes))
        return outcome
    }

    /// Adds the fresh image and, when there is a golden to compare with, the three-panel image.
    private func withArtifacts(_ pixmap: Pixmap, expected: (pixmap: Pixmap, png: [UInt8])?,
                               into outcome: SnapshotOutcome) -> SnapshotOutcome {
        var outcome = outcome
        let actualPath = path(artifactsDirectory, "actual", outcome.goldenName)
        guard let actual = try? encodeGolden(pixmap) else { return outcome }
        outcome.actualPath = actualPath
        outcome.pendingWrites.append((actualPath, actual))
        var lines = ["  golden:     \(outcome.goldenPath)", "  actual:     \(actualPath)"]
        var differencePNG: [UInt8]?
        if let expected, let panels = makeDifferenceImage(expected: expected.pixmap, actual: pixmap, tolerance: tolerance),
           let bytes = try? encodePNG(panels) {
            let differencePath = path(artifactsDirectory, "difference", outcome.goldenName)
            outcome.differencePath = differencePath
            outcome.pendingWrites.append((differencePath, bytes))
            lines.append("  difference: \(differencePath) (expected | difference | actual)")
            if keepsReportImages { differencePNG = middlePanel(of: panels, expected: expected.pixmap, actual: pixmap).flatMap { try? encodePNG($0) } }
        } else {
            // No difference image now; an old one would describe another failure.
            outcome.staleArtifacts.append(path(artifactsDirectory, "difference", outcome.goldenName))
        }
        outcome.message += "\n" + lines.joined(separator: "\n")
        if keepsReportImages {
            outcome.reportImages = .init(expected: expected?.png, actual: actual, difference: differencePNG)
        }
        return outcome
    }
}

/// The difference panel alone, cut out of the three-panel image.
func middlePanel(of panels: Pixmap, expected: Pixmap, actual: Pixmap) -> Pixmap? {
    let x0 = expected.width + differencePanelGutter
    let width = max(expected.width, actual.width), height = panels.height
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    panels.pixels.withUnsafeBufferPointer { source in
        pixels.withUnsafeMutableBufferPointer { target in
            guard let from = source.baseAddress, let to = target.baseAddress else { return }
            for y in 0..<height {
                (to + y * width * 4).update(from: from + (y * panels.width + x0) * 4, count: width * 4)
            }
        }
    }
    return Pixmap(width: width, height: height, premultipliedPixels: pixels)
}

// MARK: - Files

func path(_ components: String...) -> String {
    components.filter { !$0.isEmpty }.joined(separator: "/")
}

public func parentFolder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// The file's bytes, or nil when there is no such file (or it cannot be read).
func readFile(_ path: String) -> [UInt8]? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return [UInt8](data)
}
