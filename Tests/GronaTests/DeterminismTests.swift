import Foundation
import PNG
import XCTest
@testable import Grona

/// Same input, same bytes: every variant of every fixture, rendered three times by fresh renderers
/// and text engines, on one thread and on many (ParallelRenderer with 1, 4 and 8 jobs), encodes to
/// identical PNG bytes. The 8-job run is also the many-threaded batch that scripts/sanitize runs
/// under ThreadSanitizer.
final class DeterminismTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    static let fonts = root + "/Fonts"

    /// Every (spec, environment) pair of the fixtures, in a fixed order.
    func fixtureJobs() throws -> [(spec: Spec, environment: Environment)] {
        let folder = Self.root + "/Fixtures"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
        let decoder = SpecDecoder(fontsFolder: Self.fonts)
        var jobs: [(Spec, Environment)] = []
        for file in files {
            let spec = try decoder.decode(fileAt: folder + "/" + file)
            jobs += spec.variantEnvironments.map { (spec, $0) }
        }
        return jobs
    }

    /// Renders every job with `jobs` threads, a fresh renderer per job, and returns the PNG bytes.
    func render(_ work: [(spec: Spec, environment: Environment)], jobs: Int) throws -> [[UInt8]] {
        try ParallelRenderer.map(count: work.count, jobs: jobs, fontsFolder: Self.fonts) { index, engine in
            let job = work[index]
            return try encodePNG(try ComponentRenderer(spec: job.spec, engine: engine).render(job.environment).pixmap)
        }.map { try $0.get() }
    }

    func testEveryFixtureVariantRendersToTheSameBytes() throws {
        let work = try fixtureJobs()
        XCTAssertEqual(work.count, 19 * 12 + 14)   // + the weekend campaign: 7 languages × L, AX5
        let first = try render(work, jobs: 1)
        let four = try render(work, jobs: 4)
        let eight = try render(work, jobs: 8)
        for (index, job) in work.enumerated() {
            let name = job.spec.goldenName(for: job.environment)
            XCTAssertGreaterThan(first[index].count, 1000, name)
            XCTAssertTrue(first[index] == four[index], "\(name): 1 and 4 jobs differ")
            XCTAssertTrue(first[index] == eight[index], "\(name): 1 and 8 jobs differ")
        }
    }
}
