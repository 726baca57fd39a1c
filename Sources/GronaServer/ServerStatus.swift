import Foundation
import Locking
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `GET /readyz` and `GET /metrics` report: the queues, the refusals, the memory, and whether
/// the server is draining (SIGTERM: it takes no new connections and finishes the ones it has).
/// `HTTPServer` counts into it and attaches its queues; `StudioAPI` reads it.
package final class ServerStatus: Sendable {
    struct Queues: Sendable {
        var light = 0, heavy = 0, running = 0, capacity = 1
        var connections = 0, refusedConnections = 0, reclaimedConnections = 0
    }

    private struct State {
        var draining = false
        var answers: [Int: Int] = [:]
        var queueFull = 0
        var clientShare = 0
        var queues: (@Sendable () -> Queues)?
    }
    private let state = Mutex(State())
    /// Answers per route and their latency, and the process's own figures.
    let requests = RequestMetrics()
    /// Where each answered request is written (`--log-format`).
    let log: ServiceLog

    package init(log: ServiceLog = ServiceLog(format: .none)) { self.log = log }

    /// A request answered: counted, timed and logged.
    func observe(_ exchange: ServiceLog.Exchange) {
        requests.record(route: exchange.route, method: exchange.method, status: exchange.status, seconds: exchange.seconds)
        log.request(exchange)
    }

    var draining: Bool { state.withLock { $0.draining } }
    func startDraining() { state.withLock { $0.draining = true } }

    func attach(_ queues: @escaping @Sendable () -> Queues) { state.withLock { $0.queues = queues } }
    func answered(_ status: Int) { state.withLock { $0.answers[status, default: 0] += 1 } }
    func refused(_ refusal: WorkerPool.Refusal) {
        state.withLock {
            switch refusal {
            case .clientShare: $0.clientShare += 1
            case .full, .closed: $0.queueFull += 1
            }
        }
    }

    var queues: Queues { state.withLock { $0.queues }?() ?? Queues() }

    /// Ready while not draining and the queues are under three quarters full: a load balancer then
    /// sends new work elsewhere before this instance has to refuse it.
    var ready: (Bool, Queues) {
        let queues = self.queues
        return (!draining && (queues.light + queues.heavy) * 4 < queues.capacity * 3, queues)
    }

    /// The Prometheus text exposition format (version 0.0.4).
    func metrics() -> String {
        let queues = self.queues
        let (answers, queueFull, clientShare, draining) = state.withLock { ($0.answers, $0.queueFull, $0.clientShare, $0.draining) }
        var lines: [String] = []
        func metric(_ name: String, _ type: String, _ help: String, _ samples: [(String, Int)]) {
            lines += ["# HELP grona_snap_\(name) \(help)", "# TYPE grona_snap_\(name) \(type)"]
            lines += samples.map { "grona_snap_\(name)\($0.0) \($0.1)" }
        }
        metric("queue_length", "gauge", "Requests waiting for a lane, by set of lanes.",
               [("{lanes=\"light\"}", queues.light), ("{lanes=\"heavy\"}", queues.heavy)])
        metric("queue_capacity", "gauge", "Requests that may wait in all.", [("", queues.capacity)])
        metric("requests_running", "gauge", "Requests being worked on.", [("", queues.running)])
        metric("requests_in_flight", "gauge", "Requests taken and not yet answered: waiting for a lane or being worked on.",
               [("", queues.light + queues.heavy + queues.running)])
        metric("connections_open", "gauge", "Connections open.", [("", queues.connections)])
        metric("refusals_total", "counter", "Requests and connections refused for want of room.",
               [("{reason=\"queue_full\"}", queueFull), ("{reason=\"client_share\"}", clientShare),
                ("{reason=\"connection_limit\"}", queues.refusedConnections)])
        metric("connections_reclaimed_total", "counter", "Idle connections closed to make room for another client.",
               [("", queues.reclaimedConnections)])
        metric("responses_total", "counter", "Answers sent, by status.",
               answers.sorted { $0.key < $1.key }.map { ("{status=\"\($0.key)\"}", $0.value) })
        metric("resident_memory_bytes", "gauge", "Resident memory of the process.", [("", ServerStatus.residentBytes())])
        metric("draining", "gauge", "1 after SIGTERM, while the requests in hand are finished.", [("", draining ? 1 : 0)])
        lines += requests.exposition()
        return lines.joined(separator: "\n") + "\n"
    }

    /// Resident memory now (Linux: /proc/self/statm), or the peak where that is not available.
    static func residentBytes() -> Int {
        #if os(Linux)
        if let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
           let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) {
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        }
        return 0
        #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)   // bytes on Darwin
        #endif
    }
}
