import Foundation

/// Everything one benchmark run measured. Times are milliseconds per snapshot unless named otherwise.
struct Figures: Codable {
    var iterations = 0
    /// The reference banner (bench/reference-banner.json) at @3x.
    var bannerWidth = 0
    var bannerHeight = 0
    var layoutRasterMs = 0.0
    var renderEncodeMs = 0.0
    var encodeMs = 0.0
    var pngBytes = 0
    var verifyMs = 0.0
    /// The fixture matrix: every Fixtures/*.json × its variants, recorded by SnapshotVerifier.
    var matrixSnapshots = 0
    var matrixPerSecondJobs1 = 0.0
    var matrixPerSecondJobs2 = 0.0
    /// CPU time (user + system) per snapshot in the --jobs 1 passes: what the matrix costs when
    /// the machine is shared and wall time is not all ours.
    var matrixCPUmsPerSnapshot = 0.0
    /// The same matrix verified by SnapshotVerifier against matching goldens on disk.
    var matrixVerifyPerSecondJobs2 = 0.0
    /// A fresh process rendering and writing the reference banner, spawn to exit: median and
    /// fastest of 7.
    var firstSnapshotProcessMs = 0.0
    var firstSnapshotProcessFastestMs = 0.0
    /// Inside that process: from main's start to the PNG written.
    var firstSnapshotInProcessMs = 0.0
    /// Resident memory after 100 and after 1,000 snapshots of the matrix, and the peak (MiB).
    var residentAfter100MiB = 0.0
    var residentAfter1000MiB = 0.0
    var peakResidentMiB = 0.0
    /// The issue-2 card, 1170 × 900 px.
    var cardFillMs = 0.0
    var cardEncodeMs = 0.0
    var cardPNGBytes = 0

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    var table: String {
        func ms(_ v: Double) -> String { String(format: "%8.3f ms", v) }
        func rate(_ v: Double) -> String { String(format: "%8.0f /s", v) }
        func mib(_ v: Double) -> String { String(format: "%8.1f MiB", v) }
        return """
            reference banner \(bannerWidth) × \(bannerHeight) px, \(iterations) snapshots in 5 rounds, median round's mean
              layout + raster              \(ms(layoutRasterMs))
              layout + raster + PNG encode \(ms(renderEncodeMs))
              PNG encode alone             \(ms(encodeMs))
              PNG size                     \(String(format: "%8d", pngBytes)) bytes
              verify vs matching golden    \(ms(verifyMs))   (render, then GronaSnapshots' digest check)
            fixture matrix, \(matrixSnapshots) snapshots recorded (render, digest, encode the golden), best of \(Benchmark.matrixPasses)
              --jobs 1                     \(rate(matrixPerSecondJobs1))
              --jobs 2                     \(rate(matrixPerSecondJobs2))
              CPU per snapshot             \(ms(matrixCPUmsPerSnapshot))
              verify, --jobs 2             \(rate(matrixVerifyPerSecondJobs2))
            first snapshot, fresh process  \(ms(firstSnapshotProcessMs))   (spawn to exit, median; fastest \(String(format: "%.1f", firstSnapshotProcessFastestMs)) ms; \(String(format: "%.1f", firstSnapshotInProcessMs)) ms inside)
            memory
              resident after 100           \(mib(residentAfter100MiB))
              resident after 1,000         \(mib(residentAfter1000MiB))
              peak (ru_maxrss)             \(mib(peakResidentMiB))
            card 1170 × 900 px
              fill                         \(ms(cardFillMs))
              PNG encode                   \(ms(cardEncodeMs))   (\(cardPNGBytes) bytes)
            """
    }
}
