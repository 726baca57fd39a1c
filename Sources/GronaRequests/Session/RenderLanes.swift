import Foundation
import Grona
import Locking

/// The cores of the machine for one request that draws several pictures the person is waiting for
/// (the studio's tiles after a keystroke): its pictures split over lanes, each lane one thread with
/// its own warm `RenderSession`, so a 12-tile grid takes about half as long on two cores as on one.
///
/// With one lane, the lane is the calling thread itself (with its own session). With several, every
/// lane is a thread kept for the process's life and shared by every request, each running what it
/// is given one job at a time, while the caller waits: lane 0 too, so that a picture keyed to a lane
/// meets the same text engine whichever server worker takes the request (the two requests of one
/// edit run on different workers; with the caller as lane 0, half the tiles met another engine).
/// A picture `index` always goes to lane `index % lanes` (or `keys[index] % lanes`):
/// so a renderer made on a lane in one pass (laid out for its cost) is used again on that same lane
/// in the next (drawn), and a text engine is never touched by two threads. Keyed by the studio's
/// tile numbers, a tile goes to the same lane in every request too, where that lane's engine still
/// holds the layouts of its paragraphs (`LayoutCache`) from the request that laid it out for its
/// findings: the tiles off screen are laid out once, not again when a second request draws them.
/// Batch commands keep `ParallelRenderer`, which makes its own engines for one long run; these lanes
/// are for short runs with warm caches.
package final class RenderLanes: Sendable {
    /// One lane per core, made on first use.
    package static let shared = RenderLanes(count: ParallelRenderer.defaultJobs)

    /// Every lane's thread; none for one lane (the caller).
    private let threads: [LaneThread]

    package var count: Int { max(1, threads.count) }

    package init(count: Int) {
        threads = count > 1 ? (0..<count).map { LaneThread(number: $0) } : []
    }

    /// How many lanes `count` pictures use: one each, up to the lanes there are.
    package func lanes(for count: Int) -> Int { max(1, min(self.count, count)) }

    /// `work(index, session)` for every index in `0..<count`, index `i` on lane `i % lanes(for: count)`
    /// (given `keys`, one per index, on lane `keys[i] % self.count`: every lane, so that a key meets
    /// the same lane whatever the request's size) in ascending order there,
    /// the lanes at the same time; the results in index order. The first error (by index) is thrown
    /// once every lane has finished; a lane stops at its own first error.
    package func map<T: Sendable>(_ count: Int, keys: [Int]? = nil,
                                 _ work: @escaping @Sendable (Int, RenderSession) throws -> T) throws -> [T] {
        let lanes = keys == nil ? lanes(for: count) : self.count
        let results = LaneResults<T>()
        let schedule = Self.schedule(count, lanes: lanes, keys: keys)
        @Sendable func run(lane: Int, session: RenderSession) {
            for index in schedule[lane] {
                let result = Result { try work(index, session) }
                results.set(index, result)
                if case .failure = result { return }
            }
        }
        guard !threads.isEmpty else {
            run(lane: 0, session: try RenderSession.current())
            return try results.inOrder(count)
        }
        let done = DispatchGroup()
        for lane in 0..<lanes where !schedule[lane].isEmpty {
            done.enter()
            threads[lane].submit { session in
                switch session {
                case .success(let session): run(lane: lane, session: session)
                case .failure(let error): if let first = schedule[lane].first { results.set(first, .failure(error)) }
                }
                done.leave()
            }
        }
        done.wait()
        return try results.inOrder(count)
    }

    /// The indices each of `lanes` lanes runs, in ascending order: `i` on lane `(keys?[i] ?? i) % lanes`.
    static func schedule(_ count: Int, lanes: Int, keys: [Int]?) -> [[Int]] {
        var schedule = [[Int]](repeating: [], count: lanes)
        for index in 0..<count { schedule[(keys?[index] ?? index) % lanes].append(index) }
        return schedule
    }

    /// What drawing `costs` on the lanes `map` with the same `keys` puts them on (`lanes(for: costs.count)`, or all with keys)
    /// costs: each lane's pictures one after the other, the lanes at the same time (their held pixels add up).
    package func cost(of costs: [RenderCost], keys: [Int]? = nil) -> RenderCost {
        Self.schedule(costs.count, lanes: keys == nil ? lanes(for: costs.count) : count, keys: keys).map { lane in
            lane.reduce(RenderCost()) { $0.then(costs[$1]) }
        }.reduce(RenderCost(), +)
    }
}

/// Values made on one lane and used again only on that lane (`RenderLanes.map` puts an index on the
/// same lane every pass): the renderers laid out for a request's cost, drawn in its next pass.
/// The lanes fill their slots at the same time, so the slots live in a `Mutex`: writing elements
/// of one array from several threads, even different elements, races on the array itself.
/// `@unchecked Sendable` because `Value` (a renderer with its lane's text engine) is not: each value
/// is made and used on one lane only, and the mutex orders the hand-over between passes.
package final class LaneLocal<Value>: @unchecked Sendable {
    private let slots: Mutex<[Value?]>

    package init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

    package subscript(index: Int) -> Value {
        get { slots.withLock { UncheckedValue($0[index]!) }.value }
        set {
            let value = UncheckedValue(newValue)
            slots.withLock { $0[index] = value.value }
        }
    }

    /// Carries a value into and out of the mutex's closure; see the class's comment for why that is safe.
    private struct UncheckedValue: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}

/// What the lanes of one `map` made, by index.
private final class LaneResults<T: Sendable>: Sendable {
    private let slots = Mutex<[Int: Result<T, Error>]>([:])

    func set(_ index: Int, _ result: Result<T, Error>) { slots.withLock { $0[index] = result } }

    /// Every result in index order, or the failure with the lowest index (a lane that failed leaves
    /// its later indices empty, and its failure comes before them).
    func inOrder(_ count: Int) throws -> [T] {
        let results = slots.withLock { $0 }
        var out: [T] = []
        out.reserveCapacity(count)
        for index in 0..<count {
            guard let result = results[index] else { continue }
            out.append(try result.get())
        }
        return out
    }
}

/// One lane: a thread of its own (the stack a server worker has), running its jobs in order with
/// its session (`RenderSession.current()` on this thread).
private final class LaneThread: Sendable {
    typealias Job = @Sendable (Result<RenderSession, Error>) -> Void
    private let jobs = Mutex<(waiting: [Job], sleeping: Bool)>(([], false))
    private let wake = DispatchSemaphore(value: 0)

    init(number: Int) {
        let thread = Thread { [self] in
            let session = Result { try RenderSession.current() }
            while true {
                let job: Job? = jobs.withLock { state in
                    if state.waiting.isEmpty { state.sleeping = true; return nil }
                    return state.waiting.removeFirst()
                }
                if let job { job(session) } else { wake.wait() }
            }
        }
        thread.name = "grona-snap render lane \(number)"
        thread.stackSize = 8 << 20
        thread.start()
    }

    func submit(_ job: @escaping Job) {
        let sleeping = jobs.withLock { state in
            state.waiting.append(job)
            defer { state.sleeping = false }
            return state.sleeping
        }
        if sleeping { wake.signal() }
    }
}
