import Foundation
import GronaRequests
import Locking

/// How long a client may take over each part of a request. libmicrohttpd has only an idle timeout,
/// which every byte received resets, so a client sending one byte every few seconds could hold a
/// connection for ever; these are deadlines, counted from the start of each phase.
struct Deadlines: Sendable {
    /// From the connection's start (or the end of its previous answer, on a kept-alive connection)
    /// to the last header line. Also how long an idle kept-alive connection stays open.
    var headers: Double = 5
    /// A body gets `bodyGrace` seconds plus its length at `minimumBodyRate` (a body sent without a
    /// length, chunked, is measured by what has arrived so far).
    var bodyGrace: Double = 10
    var minimumBodyRate: Double = 256 * 1024
    /// A body that has fallen behind `minimumBodyProgress` bytes a second (on average since its
    /// head) by more than `bodyReclaimGrace` seconds' worth gives its place to a newcomer when the
    /// server is full, as an idle connection does. Without it a head announcing 4 MB and no body
    /// holds its place for the whole allowance above (25 s), and 64 of them lock every other client
    /// out for that long. A client uploading at 16 KiB/s (128 kbit/s) or faster keeps its place; a
    /// slower or paused one keeps it while there is room (its allowance above still holds).
    var minimumBodyProgress: Double = 16 * 1024
    var bodyReclaimGrace: Double = 0.5
    /// An answer must be taken within `sendGrace` seconds plus its length at `minimumSendRate`.
    var sendGrace: Double = 30
    var minimumSendRate: Double = 64 * 1024
    /// Connections beyond the limit are answered 503 at once and given this long for their headers.
    var overLimitHeaders: Double = 2
}

/// Every open connection with the phase it is in, so a watchdog thread can end the ones past their
/// deadline. Connections are keyed by libmicrohttpd's pointer; their socket is only shut down (never
/// closed) here, and only while the connection is still in the table, which libmicrohttpd leaves
/// before it closes the socket, so a reused descriptor is never touched.
final class ConnectionDeadlines: Sendable {
    enum Phase {
        /// Waiting for the request line and headers.
        case headers
        /// Headers in; `length` bytes of body announced (nil: chunked), `received` so far.
        case body(length: Int?, received: Int)
        /// The request is complete and being worked on: no deadline (the budget bounds the work).
        case working
        /// The answer, `bytes` long, is being sent.
        case sending(bytes: Int)
    }

    private struct Entry {
        var socket: Int32
        var address: String
        var phase: Phase = .headers
        var since: Double
        /// Opened while the server was at its connection limit: answered 503, with a short deadline.
        var overLimit: Bool
        var cut = false
        /// Whether an answer has been sent on it (so a wait for headers may be a kept-alive idle).
        var servedOne = false
    }

    let deadlines: Deadlines
    /// Connections served at once, and from one address; libmicrohttpd's own limits are set higher,
    /// so that the ones over these can still be told 503 rather than left unanswered in the listen
    /// backlog or closed without a word.
    let limit: Int
    let limitPerAddress: Int
    /// The last `reserve` places are only for addresses holding fewer than two connections, so
    /// addresses that took many cannot take the last ones too.
    let reserve: Int
    /// The proxy whose connections carry many clients (`--trusted-proxy`): no per-address limit.
    let trustedProxies: TrustedProxies
    /// What libmicrohttpd's thread, the workers and the watchdog all change: held in one mutex.
    private struct Table {
        var entries: [UInt: Entry] = [:]
        var stopping = false
        /// Connections refused (over a limit) and idle ones reclaimed, since the start.
        var refused = 0
        var reclaimed = 0
    }
    private let table = Mutex(Table())
    private let watchdogDone = DispatchSemaphore(value: 0)

    init(deadlines: Deadlines, limit: Int, limitPerAddress: Int, reserve: Int, trustedProxies: TrustedProxies) {
        self.deadlines = deadlines
        self.limit = limit
        self.limitPerAddress = limitPerAddress
        self.reserve = reserve
        self.trustedProxies = trustedProxies
        let thread = Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: 0.1)
                if table.withLock({ $0.stopping }) { break }
                sweep(now: ConnectionDeadlines.now())
            }
            watchdogDone.signal()
        }
        thread.name = "grona-snap serve deadlines"
        thread.start()
    }

    func stop() {
        table.withLock { $0.stopping = true }
        watchdogDone.wait()
    }

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    private static func key(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection))) }

    /// A new connection, admitted or over the limit (answered 503). An address may hold
    /// `limitPerAddress` connections (the trusted proxy any number); once the connections served
    /// reach `limit - reserve`, only an address holding fewer than two gets one. At `limit`, a
    /// connection idle in its headers (waiting for a kept-alive request, or trickling one in) is
    /// reclaimed, the longest-held one of the address holding the most, when that address holds
    /// more than the newcomer's: so a few addresses filling the slots with idle sockets never keep
    /// another client out. So is a connection whose body has fallen behind the minimum rate
    /// (`Deadlines.minimumBodyProgress`), from any address holding more than the newcomer's. (Counting is linear in the open connections, a few hundred at most.)
    func opened(_ connection: OpaquePointer) {
        let socket = MicroHTTPD.socket(of: connection)
        let address = MicroHTTPD.clientAddress(of: connection)
        table.withLock { table in
            var held: [String: Int] = [:]
            var served = 0
            for entry in table.entries.values where !entry.overLimit && !entry.cut {
                held[entry.address, default: 0] += 1
                served += 1
            }
            let mine = held[address] ?? 0
            let proxy = trustedProxies.contains(address)
            var over = !proxy && (mine >= limitPerAddress || (served >= limit - reserve && mine >= 2))
            if !over && served >= limit {
                let now = Self.now()
                let idle = table.entries.filter { key, entry in
                    if entry.overLimit || entry.cut { return false }
                    switch entry.phase {
                    case .headers: return (held[entry.address] ?? 0) > mine + 1
                    // A body behind the minimum rate is not a client being served but one holding a
                    // place: any address holding more than the newcomer gives it up.
                    case .body: return (held[entry.address] ?? 0) > mine && isStalled(entry, now: now, grace: deadlines.bodyReclaimGrace)
                    case .working, .sending: return false
                    }
                }
                if let (key, entry) = idle.max(by: { a, b in
                    let (heldA, heldB) = (held[a.value.address] ?? 0, held[b.value.address] ?? 0)
                    return heldA != heldB ? heldA < heldB : a.value.since > b.value.since
                }) {
                    // A body cut short is told why; an idle connection is just closed.
                    if case .body = entry.phase {
                        MicroHTTPD.sendNow(ConnectionDeadlines.requestTimeout, to: entry.socket)
                    }
                    MicroHTTPD.cut(entry.socket)
                    table.entries[key]?.cut = true
                    table.reclaimed += 1
                } else {
                    over = true
                }
            }
            if over { table.refused += 1 }
            table.entries[Self.key(connection)] = Entry(socket: socket, address: address, since: Self.now(), overLimit: over)
        }
    }

    /// Connections open now, and those refused and reclaimed since the start.
    var counts: (open: Int, refused: Int, reclaimed: Int) {
        table.withLock { ($0.entries.values.filter { !$0.cut }.count, $0.refused, $0.reclaimed) }
    }

    func closed(_ connection: OpaquePointer) {
        table.withLock { $0.entries[Self.key(connection)] = nil }
    }

    func isOverLimit(_ connection: OpaquePointer) -> Bool {
        table.withLock { $0.entries[Self.key(connection)]?.overLimit ?? false }
    }

    /// The connection enters `phase` now (`body` updates keep the phase's start).
    func enter(_ phase: Phase, _ connection: OpaquePointer) {
        let key = Self.key(connection)
        table.withLock { table in
            guard var entry = table.entries[key] else { return }
            if case .sending = entry.phase, case .headers = phase { entry.servedOne = true }
            if case .body(let announced, _) = entry.phase, case .body(let length, let received) = phase {
                // Keeps the phase's start, and the length the headers announced.
                entry.phase = .body(length: length ?? announced, received: received)
            } else {
                entry.phase = phase
                entry.since = Self.now()
        }
        table.entries[key] = entry
        }
    }

    /// Connections with a request under way (its body arriving, being worked on, or its answer
    /// being sent): what a drain waits for.
    var busy: Int {
        table.withLock {
            $0.entries.values.filter { entry in
                if entry.cut { return false }
                if case .headers = entry.phase { return false }
                return true
            }.count
        }
    }

    /// The peer address of a connection still open.
    func address(_ connection: OpaquePointer) -> String? {
        table.withLock { $0.entries[Self.key(connection)]?.address }
    }

    /// The socket of a connection still open, for the worker to see whether its client has gone.
    func socket(_ connection: OpaquePointer) -> Int32? {
        table.withLock { $0.entries[Self.key(connection)]?.socket }
    }

    /// Seconds a connection in `phase` may take from the phase's start; nil: no deadline.
    func allowance(_ phase: Phase, overLimit: Bool) -> Double? {
        switch phase {
        case .headers: return overLimit ? deadlines.overLimitHeaders : deadlines.headers
        case .body(let length, let received):
            return deadlines.bodyGrace + Double(max(length ?? 0, received)) / deadlines.minimumBodyRate
        case .working: return nil
        case .sending(let bytes): return deadlines.sendGrace + Double(bytes) / deadlines.minimumSendRate
        }
    }

    /// Whether a connection sending its body is behind `minimumBodyProgress` by more than `grace`
    /// seconds' worth (counted from the end of its head).
    private func isStalled(_ entry: Entry, now: Double, grace: Double) -> Bool {
        guard case .body(_, let received) = entry.phase else { return false }
        let elapsed = now - entry.since
        return elapsed > grace && Double(received) < deadlines.minimumBodyProgress * (elapsed - grace)
    }

    private func sweep(now: Double) {
        table.withLock { table in
            for (key, entry) in table.entries where !entry.cut {
                guard let allowed = allowance(entry.phase, overLimit: entry.overLimit), now - entry.since > allowed else { continue }
                // A request still arriving is told why before the connection ends; an answer being sent,
                // or a kept-alive connection that sent nothing new, is just closed.
                let arriving: Bool
                switch entry.phase {
                case .body: arriving = true
                case .headers: arriving = !entry.servedOne
                case .working, .sending: arriving = false
                }
                if arriving {
                    MicroHTTPD.sendNow(ConnectionDeadlines.requestTimeout, to: entry.socket)
                }
                MicroHTTPD.cut(entry.socket)
                table.entries[key]?.cut = true
        }
        }
    }

    private static let requestTimeout: [UInt8] = {
        let body = HTTPResponse.error(408, "the request took too long to arrive; the connection is closed").body
        return Array(("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json\r\n"
                      + "X-Content-Type-Options: nosniff\r\nCross-Origin-Resource-Policy: same-origin\r\n"
                      + "Content-Length: \(body.count)\r\n\r\n").utf8) + body
    }()
}
