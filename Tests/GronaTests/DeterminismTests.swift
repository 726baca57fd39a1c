import Foundation
import PNG
import XCTest
@testable import Grona

/// Same input, same bytes, on one thread and on many. The debug suite renders a sample of the
/// fixture matrix (one variant of 23 fixtures, every one of the 12 variants at least once) with fresh
/// renderers and text engines through ParallelRenderer with 1 and 8 jobs; the 8-job run is also the
/// many-threaded batch that scripts/sanitize runs under ThreadSanitizer. The whole matrix (every
/// variant of every fixture, with 1, 4 and 8 jobs and in a second process) runs through the release
/// binary in scripts/determinism, which .ci/run calls after `swift test`.
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

    func testASampleOfFixtureVariantsRendersToTheSameBytesOnOneAndEightThreads() throws {
        let all = try fixtureJobs()
        // Jobs are fixture-major with 12 variants each (the localized weekend campaign, last, has 16);
        // a stride of 13 walks one fixture and one variant further at each step, so the sample covers
        // every variant.
        let work = stride(from: 0, to: all.count, by: 13).map { all[$0] }
        XCTAssertEqual(work.count, 24)
        let plain = work.filter { !$0.spec.hasGoldensPerLocale }
        XCTAssertEqual(Set(plain.map { $0.spec.goldenName(for: $0.environment).split(separator: "/")[1] }).count, 12,
                       "every variant once")
        let first = try render(work, jobs: 1)
        let eight = try render(work, jobs: 8)
        for (index, job) in work.enumerated() {
            let name = job.spec.goldenName(for: job.environment)
            XCTAssertGreaterThan(first[index].count, 1000, name)
            XCTAssertTrue(first[index] == eight[index], "\(name): 1 and 8 jobs differ")
        }
    }

    /// `forEachInOrder` hands results over in index order, one at a time, with at most `window`
    /// waiting, however long each job takes; after a stop, nothing later is handed over.
    func testForEachInOrderHandsResultsOverInIndexOrderWithinTheWindow() {
        final class Seen: @unchecked Sendable {   // touched only by the serialised handler
            var indices: [Int] = []
        }
        for stopAt in [nil, 37] as [Int?] {
            let seen = Seen()
            let started = NSLock()
            nonisolated(unsafe) var highestStarted = -1
            ParallelRenderer.forEachInOrder(count: 200, jobs: 4, fontsFolder: Self.fonts, window: 6) { index, _ in
                started.lock(); highestStarted = max(highestStarted, index); started.unlock()
                usleep(useconds_t((index * 7919) % 5 * 300))   // uneven job times, so results finish out of order
                return index * 2
            } handle: { index, result in
                // A job far ahead of the one handed over waits: no more than the window is started past it.
                started.lock(); let ahead = highestStarted - index; started.unlock()
                XCTAssertLessThanOrEqual(ahead, 6 + 4)
                XCTAssertEqual(try? result.get(), index * 2)
                seen.indices.append(index)
                return index != stopAt
            }
            XCTAssertEqual(seen.indices, Array(0...(stopAt ?? 199)))
        }
    }
}
