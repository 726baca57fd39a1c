import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking

/// `grona-bench --interactivity [--edits N]`: how long the studio's grid takes to follow an edit.
///
/// Starts the `grona-snap serve` built beside this benchmark on Fixtures/, then plays a marketer
/// typing: each edit changes the banner's title and asks for the studio's default grid, 12 variants
/// (xS, L, AX5 × light, dark × left-to-right, right-to-left) at @2x, over loopback HTTP with at most
/// six requests in flight, as a browser allows per host. The figure is the time from the edit to the
/// last of the 12 PNGs received; p50 and p95 over the edits, after five unmeasured ones.
enum Interactivity {
    static func run(checkout: Checkout, edits: Int) throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("grona-snap").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError("\(binary) is missing: build grona-snap in the same configuration first")
        }
        let server = Process()
        server.executableURL = URL(fileURLWithPath: binary)
        server.arguments = ["serve", checkout.fixtures, "--port", "0"]
        var environment = ProcessInfo.processInfo.environment
        environment["GRONA_FONTS"] = checkout.fontsFolder
        server.environment = environment
        let out = Pipe()
        server.standardOutput = out
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }
        let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
        guard let range = line.range(of: #"127\.0\.0\.1:\d+"#, options: .regularExpression) else {
            throw BenchError("serve did not start: \(line)")
        }
        let base = "http://" + line[range]

        let spec = try String(contentsOfFile: checkout.fixtures + "/banner-image.json", encoding: .utf8)
        let original = "Fresh croissants from 7 am"
        guard spec.contains(original) else { throw BenchError("banner-image.json's title has changed; update the benchmark") }
        var grid: [String] = []
        for size in ["xS", "L", "AX5"] {
            for appearance in ["light", "dark"] {
                for direction in ["ltr", "rtl"] {
                    grid.append("\(base)/api/render?name=banner-image.json&scale=2&textSize=\(size)&appearance=\(appearance)&direction=\(direction)")
                }
            }
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 6
        let session = URLSession(configuration: configuration)

        var times: [Double] = []
        var serverCPU = 0.0
        for edit in 0..<(edits + 5) {
            // A different title every edit, as typing gives: nothing can be served from a cache.
            let body = Data(spec.replacingOccurrences(of: original, with: original + " and \(edit) more").utf8)
            if edit == 5 { serverCPU = -cpuMilliseconds(of: server.processIdentifier) }
            let started = Clock.now()
            try fetchAll(grid, body: body, session: session)
            if edit >= 5 { times.append(Double(Clock.now() - started) / 1e6) }
        }
        serverCPU += cpuMilliseconds(of: server.processIdentifier)
        times.sort()
        func percentile(_ p: Double) -> Double { times[min(times.count - 1, Int((p / 100 * Double(times.count - 1)).rounded()))] }
        print(String(format: "studio grid of %d variants at @2x after an edit, over %d edits: p50 %.1f ms, p95 %.1f ms, max %.1f ms (target: p95 ≤ 150 ms)",
                     grid.count, times.count, percentile(50), percentile(95), times.last ?? 0))
        if serverCPU > 0 {
            // What the figures cost the server, whatever else the machine is doing: on a shared
            // machine the wall-clock tail above is mostly waiting for a core.
            print(String(format: "server CPU per edit: %.1f ms (%.2f ms per variant)", serverCPU / Double(times.count),
                         serverCPU / Double(times.count * grid.count)))
        }
    }

    /// User + system CPU time of a process so far, from /proc (0 where there is none).
    private static func cpuMilliseconds(of pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        // Fields after the command name: state is field 3, utime 14 and stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) * 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// POSTs `body` to every URL at once and waits for every answer; any answer but a PNG is an error.
    private static func fetchAll(_ urls: [String], body: Data, session: URLSession) throws {
        let group = DispatchGroup()
        let failures = Failures()
        for url in urls {
            var request = URLRequest(url: URL(string: url)!)
            request.httpMethod = "POST"
            request.httpBody = body
            group.enter()
            session.dataTask(with: request) { data, response, error in
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                if status != 200 || data.map({ $0.prefix(4) != Data([0x89, 0x50, 0x4E, 0x47]) }) ?? true {
                    failures.add("\(url): \(status) \(error.map { "\($0)" } ?? "")")
                }
                group.leave()
            }.resume()
        }
        group.wait()
        if let first = failures.first { throw BenchError("a grid request failed: \(first)") }
    }
}

/// Failures reported from the session's callbacks, behind a lock.
private final class Failures: Sendable {
    private let messages = Mutex<[String]>([])
    func add(_ message: String) { messages.withLock { $0.append(message) } }
    var first: String? { messages.withLock { $0.first } }
}
