import Dispatch
import Foundation
import Text

/// Runs independent render jobs on several threads, each thread with its own `TextEngine` (engines
/// are not shared between threads). Results come back in job order, whatever order the threads
/// finish in, so output never depends on `jobs`.
public enum ParallelRenderer {
    /// The number of threads to use when the user does not say: one per core.
    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Calls `work(index, engine)` for every index in `0..<count` on up to `jobs` threads and returns
    /// the results in index order. `progress` is called (on a worker thread, serialised) after each job.
    public static func map<T: Sendable>(count: Int, jobs: Int, fontsFolder: String,
                                        progress: (@Sendable (_ done: Int) -> Void)? = nil,
                                        _ work: @Sendable (Int, TextEngine) throws -> T) -> [Result<T, Error>] {
        guard count > 0 else { return [] }
        let threads = max(1, min(jobs, count))
        let board = JobBoard<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            let engine: TextEngine
            do {
                engine = try TextEngine(fontsDirectory: fontsFolder)
            } catch {
                // Every job this thread would have taken fails with the same error.
                while let index = board.take() { board.finish(index, .failure(error), progress: nil) }
                return
            }
            while let index = board.take() {
                board.finish(index, Result { try work(index, engine) }, progress: progress)
            }
        }
        return board.results()
    }
}

/// The jobs' shared state: the next job to hand out, the finished count and the result slots, all
/// behind one lock. `@unchecked Sendable` is safe because every stored property is read and written
/// only while `lock` is held.
private final class JobBoard<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var next = 0
    private var done = 0
    private var slots: [Result<T, Error>?]

    init(count: Int) {
        self.count = count
        slots = Array(repeating: nil, count: count)
    }

    /// The next unclaimed job, or nil when all have been handed out.
    func take() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }

    func finish(_ index: Int, _ result: Result<T, Error>, progress: (@Sendable (Int) -> Void)?) {
        lock.lock(); defer { lock.unlock() }
        slots[index] = result
        done += 1
        progress?(done)
    }

    func results() -> [Result<T, Error>] {
        lock.lock(); defer { lock.unlock() }
        return slots.map { $0 ?? .failure(CancellationError()) }
    }
}
