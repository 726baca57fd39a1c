import Foundation
import Grona
import GronaRequests

/// The threads that do the server's work, in two sets of lanes, each fed fairly by client.
///
/// libmicrohttpd's single thread only moves bytes; every complete request becomes a job of the
/// *light* lanes (`workers` threads). A rendering request is costed there before anything is drawn
/// (`StudioAPI.afford`); one whose cost is heavy (`heavyPixels` drawn or more) is not drawn on a light
/// lane but handed on to the *heavy* lanes (`workers - 1` threads, at least one), where it is costed
/// again (a text engine belongs to its thread) and drawn. So heavy work can hold at most the heavy
/// lanes, and a small render or a save always finds a light lane: it waits for at most the costing
/// of the requests before it, never for a drawing. On Linux the heavy lanes also run at a lower CPU
/// priority (nice 10), so a small render sharing a core with a heavy one gets most of that core.
///
/// Each set of lanes takes its jobs by start-time fair queueing over clients (`FairQueue`): a
/// client's job is tagged with a virtual start (the later of the queue's clock and the end of that
/// client's previous job) and a virtual end (start + cost), and the job with the earliest end goes
/// first. A client looping heavy requests thus gets its share of the heavy lanes, no more, however
/// many it sends, and a client sending its first request goes ahead of the queued backlog of others.
/// Light jobs cost one each (round robin between clients); heavy ones their megapixels drawn.
///
/// The queues hold at most `capacity` jobs in all and `capacity / 4` (at least 2) from one client;
/// `submit` refuses more rather than let waits grow: past a client's share the server answers that
/// client 429 (it is asking too much, the instance is fine), past the capacity 503 (the instance is
/// full). A load balancer may take the second as a reason to go elsewhere, never the first.
///
/// Each lane is a thread of its own, so `RenderSession.current()` gives each one text engine, warm
/// across jobs.
final class WorkerPool: @unchecked Sendable {
    // @unchecked Sendable: every stored property other than the constants is read and written only
    // while `condition` is locked.
    enum Lane: Sendable { case light, heavy }

    struct Job: Sendable {
        /// Who asked: the client's address (or the one a trusted proxy names).
        var client: String
        /// Does the work on `lane` and delivers its answer; returns the cost of a request that must
        /// move to the heavy lanes instead (then nothing was delivered).
        var run: @Sendable (Lane) -> Int?
        /// Called instead of `run` when the pool shuts down before the job started.
        var abandon: @Sendable () -> Void
    }

    let workers: Int
    let heavyWorkers: Int
    let capacity: Int
    let perClient: Int
    private let condition = NSCondition()
    private var light = FairQueue<Job>()
    private var heavy = FairQueue<Job>()
    private var running = 0
    private var closed = false
    private let stopped = DispatchGroup()

    /// Drawn pixels from which a request is heavy: well above a card at @3x or the studio's 12-tile
    /// grid at @2x (about 5 Mpx), well below a 2048-point-wide render at @3x (40 Mpx and more).
    static let heavyPixels = 16 << 20

    /// The pixels a request counts for in the heavy lanes' queue, or nil when it is light: drawn
    /// pixels, or 256 pixels a character laid out (a million characters take as long as 256 Mpx).
    static func heavyCost(_ cost: RenderCost) -> Int? {
        let pixels = max(cost.drawnPixels, cost.characters.multipliedReportingOverflow(by: 256).partialValue)
        return pixels >= heavyPixels ? pixels : nil
    }

    init(workers: Int, capacity: Int) {
        self.workers = max(1, workers)
        heavyWorkers = max(1, self.workers - 1)
        self.capacity = max(1, capacity)
        perClient = max(2, self.capacity / 4)
        for number in 0..<self.workers { start(.light, number: number) }
        for number in 0..<heavyWorkers { start(.heavy, number: number) }
    }

    private func start(_ lane: Lane, number: Int) {
        stopped.enter()
        let thread = Thread { [self] in
            if lane == .heavy { MicroHTTPD.lowerThisThreadsPriority(to: 10) }
            while let job = next(lane) {
                let moved = job.run(lane)
                condition.lock()
                running -= 1
                if let moved, lane == .light, !closed {
                    heavy.push(job, client: job.client, cost: max(1, moved >> 20))
                } else if moved != nil {
                    condition.unlock()
                    job.abandon()
                    condition.lock()
                }
                condition.broadcast()
                condition.unlock()
            }
            stopped.leave()
        }
        thread.name = "grona-snap serve \(lane == .light ? "worker" : "heavy lane") \(number + 1)"
        // Layout and rasterizing recurse a little; the same stack as libmicrohttpd's threads had.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Why a job was not queued.
    enum Refusal: Sendable {
        /// The client already has its share (`perClient`) waiting: only it is refused.
        case clientShare
        /// The queues hold `capacity` jobs: the instance is full, whoever asks.
        case full
        /// The pool is shutting down.
        case closed
    }

    /// Queues `job` on the light lanes, or says why not.
    func submit(_ job: Job) -> Refusal? {
        condition.lock(); defer { condition.unlock() }
        if closed { return .closed }
        if light.count(of: job.client) + heavy.count(of: job.client) >= perClient { return .clientShare }
        if light.count + heavy.count >= capacity { return .full }
        light.push(job, client: job.client, cost: 1)
        condition.broadcast()
        return nil
    }

    /// Jobs waiting, per set of lanes, and jobs running.
    var depth: (light: Int, heavy: Int, running: Int) {
        condition.lock(); defer { condition.unlock() }
        return (light.count, heavy.count, running)
    }

    /// Waits until nothing is queued or running, at most until `deadline`; whether it got there.
    func drain(until deadline: Date) -> Bool {
        condition.lock(); defer { condition.unlock() }
        while light.count + heavy.count + running > 0 {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }

    /// Stops taking jobs, abandons the waiting ones and returns when the running ones are done.
    func shutdown() {
        condition.lock()
        closed = true
        let abandoned = light.removeAll() + heavy.removeAll()
        condition.broadcast()
        condition.unlock()
        abandoned.forEach { $0.abandon() }
        stopped.wait()
    }

    private func next(_ lane: Lane) -> Job? {
        condition.lock(); defer { condition.unlock() }
        while true {
            if closed { return nil }
            if let job = lane == .light ? light.pop() : heavy.pop() {
                running += 1
                return job
            }
            condition.wait()
        }
    }
}

/// Start-time fair queueing over clients (Goyal, Vin and Cheng, 1996): each job is tagged with a
/// virtual start, the later of the queue's virtual clock and the virtual end of its client's
/// previous job, and a virtual end, start + cost; the job with the earliest end goes first and
/// moves the clock to its start. A client's jobs keep their order.
struct FairQueue<Element> {
    private struct Tagged { var element: Element; var start: Double; var end: Double }
    private var clients: [String: [Tagged]] = [:]
    private var lastEnd: [String: Double] = [:]
    private var clock = 0.0
    private(set) var count = 0

    func count(of client: String) -> Int { clients[client]?.count ?? 0 }

    mutating func push(_ element: Element, client: String, cost: Int) {
        let start = max(clock, lastEnd[client] ?? 0)
        let end = start + Double(cost)
        lastEnd[client] = end
        clients[client, default: []].append(Tagged(element: element, start: start, end: end))
        count += 1
    }

    mutating func pop() -> Element? {
        guard let (client, first) = clients.min(by: { $0.value[0].end < $1.value[0].end }).map({ ($0.key, $0.value[0]) }) else { return nil }
        clients[client]!.removeFirst()
        if clients[client]!.isEmpty { clients[client] = nil }
        count -= 1
        clock = first.start
        // A client that has left forgets its tags once the clock has passed them.
        if clients.isEmpty { lastEnd = lastEnd.filter { $0.value > clock } }
        return first.element
    }

    mutating func removeAll() -> [Element] {
        let all = clients.values.flatMap { $0.map(\.element) }
        clients = [:]
        count = 0
        return all
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
