import Dispatch
import Foundation
import Locking
import Text

/// Runs independent render jobs on several threads, each thread with its own `TextEngine` (engines
/// are not shared between threads). Three forms over one execution path:
///   - `forEach` hands each result to a handler on the worker as soon as it is ready and keeps
///     nothing, so memory stays flat however many jobs there are (batch);
///   - `forEachInOrder` hands them over one at a time in job order, through a bounded reorder
///     window, for callers that build something ordered from them as they come (verify's summary
///     and report);
///   - `map` collects the results in job order, for callers whose results are small.
/// Either way, what a caller writes never depends on `jobs`: each job is identified by its index.
/// Results cross from the worker that made them to the caller's handler, hence `T: Sendable`.
package enum ParallelRenderer {
    /// The number of threads to use when the user does not say: one per core.
    package static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Calls `work(index, engine)` for every index in `0..<count` on up to `jobs` threads and returns
    /// the results in index order. `progress` is called (on a worker thread, serialised) after each job.
    package static func map<T: Sendable>(count: Int, jobs: Int, fontsFolder: String,
                                        progress: (@Sendable (_ done: Int) -> Void)? = nil,
                                        _ work: @Sendable (Int, TextEngine) throws -> T) -> [Result<T, Error>] {
        let slots = ResultSlots<T>(count: count)
        forEach(count: count, jobs: jobs, fontsFolder: fontsFolder, progress: progress, work) { index, result in
            slots.set(index, result)
            return true
        }
        return slots.results()
    }

    /// Calls `work(index, engine)` for every index in `0..<count` on up to `jobs` threads and hands
    /// each result to `handle` on the worker that made it, as it finishes (calls to `handle` may run
    /// at the same time on several workers; it must be thread-safe). Nothing is kept.
    ///
    /// `handle` returns false to stop early: no job with a higher index is started afterwards, while
    /// the lower ones still run. So a caller that stops at its first failure always ends up having
    /// seen the failure with the lowest index, whatever the threads' timing.
    package static func forEach<T: Sendable>(count: Int, jobs: Int, fontsFolder: String,
                                  progress: (@Sendable (_ done: Int) -> Void)? = nil,
                                  _ work: @Sendable (Int, TextEngine) throws -> T,
                                  handle: @Sendable (Int, Result<T, Error>) -> Bool) {
        guard count > 0 else { return }
        let threads = max(1, min(jobs, count))
        let board = JobBoard(count: count)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            let engine: TextEngine
            do {
                engine = try TextEngine(fontsDirectory: fontsFolder)
            } catch {
                // Every job this thread would have taken fails with the same error.
                while let index = board.take() {
                    if !handle(index, .failure(error)) { board.stop(before: index + 1) }
                    board.finished(progress: nil)
                }
                return
            }
            while let index = board.take() {
                let result = Result { try work(index, engine) }
                if !handle(index, result) { board.stop(before: index + 1) }
                board.finished(progress: progress)
            }
        }
    }
}

extension ParallelRenderer {
    /// Like `forEach`, but `handle` is called one result at a time (never concurrently) and in
    /// index order, so what it builds does not depend on the threads' timing. A result that
    /// finishes ahead of an earlier one waits in a window of at most `window` results; a worker
    /// whose result would fall beyond it waits for the earlier ones (the earliest missing job is
    /// always running, so this cannot deadlock). Memory stays bounded by the window.
    ///
    /// `handle` returns false to stop: no later result is handed over, and no later job started.
    package static func forEachInOrder<T: Sendable>(count: Int, jobs: Int, fontsFolder: String, window: Int? = nil,
                                         _ work: @Sendable (Int, TextEngine) throws -> T,
                                         handle: @Sendable (Int, Result<T, Error>) -> Bool) {
        let threads = max(1, min(jobs, count))
        let order = ReorderWindow<T>(size: window ?? max(8, 4 * threads))
        forEach(count: count, jobs: jobs, fontsFolder: fontsFolder, work) { index, result in
            order.deliver(index, result, to: handle)
        }
    }
}

/// `forEachInOrder`'s window: results that finished ahead of an earlier one, by index, and the
/// next index to hand over. `@unchecked Sendable` is safe because every stored property is read
/// and written only while `condition` is locked; `handle` runs under it too, which serialises it.
private final class ReorderWindow<T: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let size: Int
    private var next = 0
    private var waiting: [Int: Result<T, Error>] = [:]
    private var stopped = false

    init(size: Int) { self.size = max(1, size) }

    /// Keeps `result` until every earlier one has been handed over, then hands over all that are
    /// ready. Returns false once `handle` has asked to stop.
    func deliver(_ index: Int, _ result: Result<T, Error>, to handle: (Int, Result<T, Error>) -> Bool) -> Bool {
        condition.lock(); defer { condition.unlock() }
        while !stopped && index >= next + size { condition.wait() }
        guard !stopped else { return false }
        waiting[index] = result
        while let ready = waiting.removeValue(forKey: next) {
            next += 1
            if !handle(next - 1, ready) {
                stopped = true
                waiting = [:]
                break
            }
        }
        condition.broadcast()
        return !stopped
    }
}

/// The jobs' shared state: the next job to hand out, where to stop and the finished count, behind
/// one mutex.
private final class JobBoard: Sendable {
    private struct State {
        var limit: Int
        var next = 0
        var done = 0
    }
    private let state: Mutex<State>

    init(count: Int) { state = Mutex(State(limit: count)) }

    /// The next unclaimed job, or nil when all have been handed out (or the rest were stopped).
    func take() -> Int? {
        state.withLock { state in
            guard state.next < state.limit else { return nil }
            state.next += 1
            return state.next - 1
        }
    }

    /// Hands out no job at or above `index` any more.
    func stop(before index: Int) {
        state.withLock { $0.limit = min($0.limit, index) }
    }

    /// Counts a finished job; `progress` runs under the mutex, so its calls never overlap.
    func finished(progress: (@Sendable (Int) -> Void)?) {
        state.withLock { state in
            state.done += 1
            progress?(state.done)
        }
    }
}

/// `map`'s results, one slot per job, behind a mutex.
private final class ResultSlots<T: Sendable>: Sendable {
    private let slots: Mutex<[Result<T, Error>?]>

    init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ result: Result<T, Error>) {
        slots.withLock { $0[index] = result }
    }

    func results() -> [Result<T, Error>] {
        slots.withLock { $0.map { $0 ?? .failure(CancellationError()) } }
    }
}
