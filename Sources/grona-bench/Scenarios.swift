import Foundation
import Grona
import GronaSnapshots
import PNG
import Raster
import Text
import GronaOutput

/// Where the benchmark finds its inputs: the package checkout that holds `Fonts/`.
struct Checkout {
    let fontsFolder: String
    let root: String

    static func locate() throws -> Checkout {
        guard let fonts = FontsFolder.locate() else {
            throw BenchError("cannot find GronaSnap's Fonts folder; set GRONA_FONTS to its path")
        }
        let root = URL(fileURLWithPath: fonts).deletingLastPathComponent().path
        return Checkout(fontsFolder: fonts, root: root)
    }

    var referenceSpec: String { root + "/bench/reference-banner.json" }
    var fixtures: String { root + "/Fixtures" }

    func decode(_ path: String) throws -> Spec {
        try SpecDecoder(fontsFolder: fontsFolder).decode(fileAt: path)
    }

    /// Every fixture spec × its variants, specs in file-name order.
    func fixtureMatrix() throws -> [SnapshotCase] {
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures)
            .filter { $0.hasSuffix(".json") }.sorted()
        return try names.flatMap { SnapshotCase.cases(for: try decode(fixtures + "/" + $0)) }
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A verifier over a temporary snapshots folder, as `grona-snap verify` sets one up.
struct TemporaryGoldens {
    let folder: String
    let fontsFolder: String

    init(fontsFolder: String) throws {
        folder = NSTemporaryDirectory() + "grona-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        self.fontsFolder = fontsFolder
        try AtomicFile.createFolder(folder)
    }

    func verifier(record: SnapshotRecordMode, jobs: Int) -> SnapshotVerifier {
        SnapshotVerifier(snapshotsDirectory: folder + "/Snapshots", artifactsDirectory: folder + "/artifacts",
                         record: record, jobs: jobs, fontsFolder: fontsFolder)
    }

    /// Writes the goldens of `cases` (what `verify --record missing` does on a first run).
    func record(_ cases: [SnapshotCase]) throws {
        let outcomes = verifier(record: .missing, jobs: 2).verify(cases)
        if let bad = outcomes.first(where: { $0.status != .recorded && $0.status != .matched }) {
            throw BenchError("cannot record the goldens: \(bad.message)")
        }
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }
}

/// Throws unless every outcome matched through the golden's digest chunk (no decoding).
func requireDigestMatches(_ outcomes: [SnapshotOutcome]) throws {
    if let bad = outcomes.first(where: { !$0.passed || !$0.matchedByDigest }) {
        throw BenchError("\(bad.goldenName) did not match by digest: \(bad.status) \(bad.message)")
    }
}

/// The reference banner of the peers' scene, rendered as GronaSnap renders a variant: a fresh
/// renderer (one "app process") per snapshot, one text engine for the thread.
struct ReferenceBanner {
    let spec: Spec
    let engine: TextEngine

    func render() throws -> Pixmap {
        try ComponentRenderer(spec: spec, engine: engine).render().pixmap
    }
}

/// The issue-2 card: 1170 × 900 px (390 × 300 pt at @3x), the default primary colour, 14 pt corners.
func fillCard() -> Pixmap? {
    guard var card = Pixmap(width: 1170, height: 900) else { return nil }
    card.fill(RoundedRect(rect: Rect(x: 0, y: 0, width: 1170, height: 900), radius: 42),
              color: Color(r: 0x05, g: 0x4B, b: 0x3A))
    return card
}
