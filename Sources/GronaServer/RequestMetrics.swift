import Foundation
import Grona
import Locking
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `/metrics` says of the requests and the process, beside the queues `ServerStatus` reports:
/// answers per route, method and status, each route's latency as a histogram (from the request's
/// head read to its answer queued), and the process's CPU time, memory, start time and build, under
/// the names Prometheus's own client libraries use for a process.
final class RequestMetrics: Sendable {
    /// Upper bounds of the latency histogram's buckets, in seconds.
    static let buckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

    private struct Histogram {
        var counts = [Int](repeating: 0, count: RequestMetrics.buckets.count)
        var sum = 0.0
        var count = 0
    }

    private struct State {
        var answers: [String: Int] = [:]   // "route\tmethod\tstatus"
        var latency: [String: Histogram] = [:]
    }
    private let state = Mutex(State())
    /// When the process started, in seconds since 1970.
    let started = Date().timeIntervalSince1970

    func record(route: String, method: String, status: Int, seconds: Double) {
        state.withLock { state in
            state.answers["\(route)\t\(method)\t\(status)", default: 0] += 1
            var histogram = state.latency[route] ?? Histogram()
            for (index, bound) in RequestMetrics.buckets.enumerated() where seconds <= bound { histogram.counts[index] += 1 }
            histogram.sum += seconds
            histogram.count += 1
            state.latency[route] = histogram
        }
    }

    /// The Prometheus text lines of the requests, then of the process.
    func exposition() -> [String] {
        let (answers, latency) = state.withLock { ($0.answers, $0.latency) }
        var lines = ["# HELP grona_snap_http_requests_total Requests answered, by route (its operationId), method and status.",
                     "# TYPE grona_snap_http_requests_total counter"]
        for (key, count) in answers.sorted(by: { $0.key < $1.key }) {
            let parts = key.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            lines.append("grona_snap_http_requests_total{route=\(label(parts[0])),method=\(label(parts[1])),status=\(label(parts[2]))} \(count)")
        }
        lines += ["# HELP grona_snap_http_request_duration_seconds Time from a request's head read to its answer queued, by route.",
                  "# TYPE grona_snap_http_request_duration_seconds histogram"]
        for (route, histogram) in latency.sorted(by: { $0.key < $1.key }) {
            for (index, bound) in RequestMetrics.buckets.enumerated() {
                lines.append("grona_snap_http_request_duration_seconds_bucket{route=\(label(route)),le=\"\(bound)\"} \(histogram.counts[index])")
            }
            lines.append("grona_snap_http_request_duration_seconds_bucket{route=\(label(route)),le=\"+Inf\"} \(histogram.count)")
            lines.append("grona_snap_http_request_duration_seconds_sum{route=\(label(route))} \(histogram.sum)")
            lines.append("grona_snap_http_request_duration_seconds_count{route=\(label(route))} \(histogram.count)")
        }
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)   // an enum in Glibc's overlay
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        lines += ["# HELP process_cpu_seconds_total User and system CPU time spent, in seconds.", "# TYPE process_cpu_seconds_total counter",
                  "process_cpu_seconds_total \(cpu)",
                  "# HELP process_resident_memory_bytes Resident memory size in bytes.", "# TYPE process_resident_memory_bytes gauge",
                  "process_resident_memory_bytes \(ServerStatus.residentBytes())",
                  "# HELP process_start_time_seconds Start time of the process since the Unix epoch, in seconds.",
                  "# TYPE process_start_time_seconds gauge", "process_start_time_seconds \(started.rounded())",
                  "# HELP grona_snap_build_info The running build: its version.", "# TYPE grona_snap_build_info gauge",
                  "grona_snap_build_info{version=\(label(gronaSnapVersion))} 1"]
        return lines
    }

    /// A label value, quoted and escaped as the text format wants.
    private func label(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
