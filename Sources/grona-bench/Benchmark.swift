import Foundation
import Grona
import GronaSnapshots
import PNG
import Raster
import Text
import GronaOutput

/// Runs every measurement once, in a fixed order, and collects the figures.
struct Benchmark {
    let checkout: Checkout
    let iterations: Int
    static let matrixPasses = 5
    static let processSpawns = 7

    func run() throws -> Figures {
        var figures = Figures()
        figures.iterations = iterations
        try measureReferenceBanner(&figures)
        try measureCard(&figures)
        try measureMatrix(&figures)
        try measureMemory(&figures)
        try measureFirstSnapshot(&figures)
        figures.peakResidentMiB = Memory.peakMiB()
        return figures
    }

    private func measureReferenceBanner(_ figures: inout Figures) throws {
        let banner = ReferenceBanner(spec: try checkout.decode(checkout.referenceSpec),
                                     engine: try TextEngine(fontsDirectory: checkout.fontsFolder))
        let pixmap = try banner.render()
        figures.bannerWidth = pixmap.width
        figures.bannerHeight = pixmap.height
        figures.pngBytes = try encodePNG(pixmap).count
        figures.layoutRasterMs = try Clock.millisecondsPerCall(iterations) { _ = try banner.render() }
        figures.renderEncodeMs = try Clock.millisecondsPerCall(iterations) { _ = try encodePNG(try banner.render()) }
        figures.encodeMs = try Clock.millisecondsPerCall(iterations) { _ = try encodePNG(pixmap) }

        // The golden as `verify` records it (digest chunk included), then the check `verify`
        // makes: the fresh pixels' digest against the golden's chunk, without decoding it.
        let goldens = try TemporaryGoldens(fontsFolder: checkout.fontsFolder)
        defer { goldens.remove() }
        let reference = SnapshotCase(spec: banner.spec, environment: banner.spec.environment)
        try goldens.record([reference])
        let verifier = goldens.verifier(record: .never, jobs: 1)
        figures.verifyMs = try Clock.millisecondsPerCall(iterations) {
            try requireDigestMatches([verifier.check(try banner.render(), goldenName: reference.goldenName)])
        }
    }

    private func measureCard(_ figures: inout Figures) throws {
        guard let card = fillCard() else { throw BenchError("cannot allocate the card") }
        figures.cardFillMs = Clock.millisecondsPerCall(iterations) { _ = fillCard() }
        figures.cardEncodeMs = try Clock.millisecondsPerCall(iterations) { _ = try encodePNG(card) }
        figures.cardPNGBytes = try encodePNG(card).count
    }

    /// Snapshots per second over the fixture matrix, best of five passes after a warm-up pass (the
    /// build machine's cores are shared: the best pass is the one least disturbed). Recording is
    /// `verify --record all` without the file writes: render, digest, encode the golden. Verifying
    /// is `verify` against goldens that match: render, digest, read the golden's chunks.
    private func measureMatrix(_ figures: inout Figures) throws {
        let matrix = try checkout.fixtureMatrix()
        figures.matrixSnapshots = matrix.count
        let goldens = try TemporaryGoldens(fontsFolder: checkout.fontsFolder)
        defer { goldens.remove() }
        func pass(_ verifier: SnapshotVerifier, expect: SnapshotOutcome.Status) throws -> Double {
            var best = Double.infinity
            for _ in 0..<Benchmark.matrixPasses {
                var outcomes: [SnapshotOutcome] = []
                let ms = Clock.milliseconds { outcomes = verifier.check(matrix) }
                if let bad = outcomes.first(where: { $0.status != expect }) { throw BenchError(bad.message) }
                if expect == .matched { try requireDigestMatches(outcomes) }
                best = min(best, ms)
            }
            return Double(matrix.count) / (best / 1000)
        }
        let recording1 = goldens.verifier(record: .all, jobs: 1)
        _ = try pass(recording1, expect: .recorded)
        let cpuBefore = Memory.cpuMilliseconds()
        figures.matrixPerSecondJobs1 = try pass(recording1, expect: .recorded)
        figures.matrixCPUmsPerSnapshot = (Memory.cpuMilliseconds() - cpuBefore) / Double(Benchmark.matrixPasses * matrix.count)
        figures.matrixPerSecondJobs2 = try pass(goldens.verifier(record: .all, jobs: 2), expect: .recorded)

        try goldens.record(matrix)
        figures.matrixVerifyPerSecondJobs2 = try pass(goldens.verifier(record: .never, jobs: 2), expect: .matched)
    }

    /// Resident memory after 100 and after 1,000 snapshots (the matrix over and over, one engine).
    private func measureMemory(_ figures: inout Figures) throws {
        let matrix = try checkout.fixtureMatrix()
        let engine = try TextEngine(fontsDirectory: checkout.fontsFolder)
        for i in 0..<1000 {
            let job = matrix[i % matrix.count]
            _ = try encodePNG(try ComponentRenderer(spec: job.spec, engine: engine).render(job.environment).pixmap)
            if i + 1 == 100 { figures.residentAfter100MiB = Memory.residentMiB() }
        }
        figures.residentAfter1000MiB = Memory.residentMiB()
    }

    /// Spawns this executable with --first-snapshot seven times: the median and the fastest wall
    /// time, spawn to exit.
    private func measureFirstSnapshot(_ figures: inout Figures) throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let output = NSTemporaryDirectory() + "grona-bench-first-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: output) }
        var wall: [Double] = [], inside: [Double] = []
        for _ in 0..<Benchmark.processSpawns {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["--first-snapshot", output]
            let pipe = Pipe()
            process.standardOutput = pipe
            let start = Clock.now()
            try process.run()
            process.waitUntilExit()
            wall.append(Double(Clock.now() - start) / 1e6)
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            guard process.terminationStatus == 0, let ms = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw BenchError("--first-snapshot failed (status \(process.terminationStatus))")
            }
            inside.append(ms)
        }
        wall.sort()
        inside.sort()
        figures.firstSnapshotProcessMs = wall[wall.count / 2]
        figures.firstSnapshotProcessFastestMs = wall[0]
        figures.firstSnapshotInProcessMs = inside[inside.count / 2]
    }
}

/// The child side of the first-snapshot measurement: what `grona-snap render` does, then the time
/// since the process's main started, on stdout.
enum FirstSnapshot {
    static func run(checkout: Checkout, output: String, processStart: UInt64) throws {
        let spec = try checkout.decode(checkout.referenceSpec)
        let engine = try TextEngine(fontsDirectory: checkout.fontsFolder)
        let snapshot = try ComponentRenderer(spec: spec, engine: engine).render()
        try AtomicFile.write(try encodePNG(snapshot.pixmap), to: output)
        print(String(format: "%.3f", Double(Clock.now() - processStart) / 1e6))
    }
}
