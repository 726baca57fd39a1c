import Foundation
import GronaRequests

/// The threads that do the server's work, fed by one bounded queue.
///
/// libmicrohttpd's single thread only moves bytes; every complete request becomes a job here. Jobs
/// start in arrival order on the first free worker, so a short render never waits behind a long one
/// while a worker is free. Two more rules keep the studio answering under load:
///
/// - *Batch* jobs (sheets, animations, checks: many renders per request) run on at most
///   `workers - 1` workers at once (at least one), so one worker is always left for renders and saves;
///   a batch job that cannot start yet lets later interactive jobs go first.
/// - The queue holds at most `capacity` waiting jobs; `submit` refuses more (the server answers 503
///   with Retry-After) rather than letting waits grow without bound.
///
/// Each worker is a thread of its own, so `RenderSession.current()` gives each one text engine, warm across jobs.
final class WorkerPool: @unchecked Sendable {
    // @unchecked Sendable: every stored property other than the constants is read and written only
    // while `condition` is locked.
    struct Job: Sendable {
        var isBatch: Bool
        /// Does the work and delivers its answer.
        var run: @Sendable () -> Void
        /// Called instead of `run` when the pool shuts down before the job started.
        var abandon: @Sendable () -> Void
    }

    let workers: Int
    let capacity: Int
    private let batchLimit: Int
    private let condition = NSCondition()
    private var waiting: [Job] = []
    private var runningBatch = 0
    private var closed = false
    private let stopped = DispatchGroup()

    init(workers: Int, capacity: Int) {
        self.workers = max(1, workers)
        self.capacity = max(1, capacity)
        batchLimit = max(1, self.workers - 1)
        for number in 0..<self.workers {
            stopped.enter()
            let thread = Thread { [self] in
                while let job = next() {
                    job.run()
                    if job.isBatch { finishedBatch() }
                }
                stopped.leave()
            }
            thread.name = "grona-snap serve worker \(number + 1)"
            // Layout and rasterizing recurse a little; the same stack as libmicrohttpd's threads had.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Queues `job`; false when the queue is full or the pool is shutting down.
    func submit(_ job: Job) -> Bool {
        condition.lock(); defer { condition.unlock() }
        guard !closed, waiting.count < capacity else { return false }
        waiting.append(job)
        condition.broadcast()
        return true
    }

    /// Stops taking jobs, abandons the waiting ones and returns when the running ones are done.
    func shutdown() {
        condition.lock()
        closed = true
        let abandoned = waiting
        waiting = []
        condition.broadcast()
        condition.unlock()
        abandoned.forEach { $0.abandon() }
        stopped.wait()
    }

    private func next() -> Job? {
        condition.lock(); defer { condition.unlock() }
        while true {
            if closed { return nil }
            if let index = waiting.firstIndex(where: { !$0.isBatch || runningBatch < batchLimit }) {
                let job = waiting.remove(at: index)
                if job.isBatch { runningBatch += 1 }
                return job
            }
            condition.wait()
        }
    }

    private func finishedBatch() {
        condition.lock(); defer { condition.unlock() }
        runningBatch -= 1
        condition.broadcast()
    }
}

/// Memory shared by the requests rendering at once, counted in pixels (`RenderCost.heldPixels`).
/// A request reserves its pixels before it draws and gives them back when it answers; one that does
/// not fit waits for others to finish. A request alone always fits (the budget is below capacity).
final class PixelReservations: @unchecked Sendable {
    // @unchecked Sendable: `inUse` is read and written only while `condition` is locked.
    let capacity: Int
    private let condition = NSCondition()
    private var inUse = 0

    /// Pixels held until `release()`, which may be called once.
    struct Held: Sendable {
        fileprivate let pixels: Int
        fileprivate let owner: PixelReservations
        func release() { owner.give(pixels) }
    }

    init(capacity: Int) { self.capacity = capacity }

    /// Reserves `pixels`, waiting up to `seconds` for room; nil when there was none in time.
    func reserve(_ pixels: Int, waitingAtMost seconds: Double) -> Held? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock(); defer { condition.unlock() }
        while inUse > 0 && inUse + pixels > capacity {
            if !condition.wait(until: deadline) { return nil }
        }
        inUse += pixels
        return Held(pixels: pixels, owner: self)
    }

    private func give(_ pixels: Int) {
        condition.lock(); defer { condition.unlock() }
        inUse -= pixels
        condition.broadcast()
    }
}
