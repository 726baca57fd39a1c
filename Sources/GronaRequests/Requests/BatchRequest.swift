import Foundation
import Grona
import GronaOutput
import GronaSnapshots
import PNG
import Locking

/// Every variant of every spec in a folder, written as PNGs under their golden names:
/// `grona-snap batch`. Each snapshot is staged beside its destination as soon as it is encoded
/// (memory stays flat however many there are); the first failure stops the run and every staged
/// file goes, so a failed batch leaves nothing behind.
package struct BatchRequest {
    package let specs: [Spec]
    package let output: String
    package let overrides: EnvironmentOverrides
    package let canvas: Canvas
    /// Every job of the specs, or this shard's share of them, planned once.
    package let jobs: [Job]

    package init(specs: [Spec], output: String, overrides: EnvironmentOverrides = EnvironmentOverrides(),
                canvas: Canvas = Canvas(), shard: Shard? = nil) {
        self.specs = specs; self.output = output; self.overrides = overrides; self.canvas = canvas
        var all: [Job] = []
        for (index, spec) in specs.enumerated() {
            for env in spec.plannedEnvironments(overrides: overrides) { all.append(Job(spec: index, environment: env)) }
        }
        jobs = shard.map { $0.select(all) } ?? all
    }

    /// One snapshot to render. Its golden name is made on the worker, not kept for every job.
    package struct Job: Sendable {
        package var spec: Int
        package var environment: Environment
    }

    package struct Result {
        package var snapshots: Int
        package var findings: FindingCounts
    }

    package func run(jobs jobCount: Int, progress: (@Sendable (Int) -> Void)? = nil) throws -> Result {
        let jobs = self.jobs, specs = self.specs, canvas = self.canvas, output = self.output
        let named = specs.map { VariantPlan.naming($0, overrides: overrides) }
        let staging = StagedFiles()
        let failure = FirstFailure()
        let tally = FindingTally()
        ParallelRenderer.forEach(count: jobs.count, jobs: jobCount, fontsFolder: try Specs.fontsFolder(),
                                 progress: progress) { index, engine in
            let job = jobs[index]
            let renderer = ComponentRenderer(spec: specs[job.spec], engine: engine)
            let (image, snapshot) = try CanvasComposition.render(renderer, job.environment, on: canvas)
            try staging.stage(try encodePNG(image), at: output + "/" + named[job.spec].goldenName(for: job.environment))
            return FindingCounts(snapshot.report.findings)
        } handle: { index, result in
            switch result {
            case .success(let counts): tally.add(counts); return true
            case .failure(let error): failure.keep(error, at: index); return false
            }
        }
        if let error = failure.error {
            staging.discard()
            throw error
        }
        do { try staging.commit() } catch {
            staging.discard()
            throw error
        }
        return Result(snapshots: jobs.count, findings: tally.counts)
    }
}

/// The failure with the lowest job index among those seen; with `ParallelRenderer.forEach` stopping
/// at the first failure, that is the first failing job in order, whatever the threads' timing.
final class FirstFailure: Sendable {
    private let kept = Mutex<(index: Int, error: any Error)?>(nil)

    func keep(_ error: any Error, at index: Int) {
        kept.withLock { kept in
            if kept.map({ index < $0.index }) ?? true { kept = (index, error) }
        }
    }

    var error: (any Error)? { kept.withLock { $0?.error } }
}

/// The findings of every snapshot of a run, counted as workers finish them (`batch`'s summary).
final class FindingTally: Sendable {
    private let total = Mutex(FindingCounts())

    func add(_ counts: FindingCounts) { total.withLock { $0.add(counts) } }

    var counts: FindingCounts { total.withLock { $0 } }
}
