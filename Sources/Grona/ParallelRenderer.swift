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
    public static func map<T>(count: Int, jobs: Int, fontsFolder: String,
                              progress: ((_ done: Int) -> Void)? = nil,
                              _ work: (Int, TextEngine) throws -> T) -> [Result<T, Error>] {
        guard count > 0 else { return [] }
        let threads = max(1, min(jobs, count))
        var results = [Result<T, Error>?](repeating: nil, count: count)
        let lock = NSLock()
        var next = 0, done = 0
        results.withUnsafeMutableBufferPointer { slots in
            let slots = UnsafeSendable(slots)
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                let engine: TextEngine
                do {
                    engine = try TextEngine(fontsDirectory: fontsFolder)
                } catch {
                    // Every job this thread would have taken fails with the same error.
                    while true {
                        lock.lock(); let index = next; next += 1; lock.unlock()
                        guard index < count else { return }
                        slots.value[index] = .failure(error)
                    }
                }
                while true {
                    lock.lock(); let index = next; next += 1; lock.unlock()
                    guard index < count else { return }
                    let result = Result { try work(index, engine) }
                    lock.lock()
                    slots.value[index] = result
                    done += 1
                    let finished = done
                    progress?(finished)
                    lock.unlock()
                }
            }
        }
        return results.map { $0 ?? .failure(CancellationError()) }
    }
}

/// Lets the worker threads write to distinct slots of one buffer; the lock orders the writes.
private struct UnsafeSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
