import Foundation
import XCTest
import TestSupport

/// `grona-snap serve` as a team deploys it: 429 for a client over its share and 503 only when the
/// instance is full, probes answered at once while every lane is busy, the names it is reached by,
/// people known by their token or an auth proxy, a log line per request and an audit line per
/// change, settings from the environment, and SIGHUP.
final class ServiceDeploymentTests: XCTestCase {
    /// Most of a second each in a debug build (about 14 Mpx drawn, still light): the bursts below
    /// wait only for the refusals, which come at once, and leave the rest (a request whose client
    /// has gone is not drawn).
    static let heavyRender = "/api/render?name=banner-image.json&width=1024&scale=3&padding=512"
    static let slowRender = "/api/render?name=banner-image.json&width=1024&scale=3&padding=256"
    static let spec = (try? bytes(fixtures + "/banner-image.json")) ?? []

    /// One client over its share of the queue gets 429 with Retry-After (503 before): only the whole
    /// queue full is 503. A client's IPv6 addresses count as one (its /64), named by a proxy of a
    /// trusted CIDR range.
    func testAClientOverItsShareGets429AndOnlyAFullServerGets503() throws {
        let server = try StudioServer(folder: fixtures, arguments: ["--threads", "1", "--queue", "8", "--trusted-proxy", "127.0.0.0/29"])
        defer { server.stop() }
        // One client (share 2), four renders at once.
        let greedy = burst(server.port, count: 4) { _ in (source: "127.0.0.1", forwarded: nil) }
        XCTAssertTrue(greedy.contains { $0.status == 429 }, "\(greedy.map(\.status))")
        XCTAssertFalse(greedy.contains { $0.status == 503 }, "over its own share is not the server full: \(greedy.map(\.status))")
        XCTAssertTrue(greedy.filter { $0.status == 429 }.allSatisfy { $0.header("Retry-After") == "1" })
        // Two addresses of one /64, through a proxy in 127.0.0.0/29: one client.
        let sameNetwork = burst(server.port, count: 4) { index in (source: "127.0.0.5", forwarded: "2001:db8:1:2::\(index % 2 + 1)") }
        XCTAssertTrue(sameNetwork.contains { $0.status == 429 }, "one /64 is one client: \(sameNetwork.map(\.status))")
        // An address outside the trusted range names no one: its four are one client again.
        let untrusted = burst(server.port, count: 4) { index in (source: "127.0.0.9", forwarded: "10.0.1.\(index + 1)") }
        XCTAssertTrue(untrusted.contains { $0.status == 429 }, "\(untrusted.map(\.status))")
        // Twelve clients (each its own address, through the proxy): the queue of 8 is full, 503.
        let many = burst(server.port, count: 12) { index in (source: "127.0.0.4", forwarded: "10.0.0.\(index + 1)") }
        XCTAssertTrue(many.contains { $0.status == 503 }, "\(many.map(\.status))")
        XCTAssertFalse(many.contains { $0.status == 429 }, "each of them asked once: \(many.map(\.status))")
    }

    /// /healthz, /readyz and /metrics are answered on the spot while every lane is busy and the queue
    /// is full (they waited in it, or got 503, before); /metrics has each route's count and latency,
    /// the in-flight requests, the refusals by reason and the process's figures.
    func testProbesAreAnsweredAtOnceWhileEveryLaneIsBusy() throws {
        let server = try StudioServer(folder: fixtures, arguments: ["--threads", "1", "--queue", "4", "--trusted-proxy", "127.0.0.1"])
        defer { server.stop() }
        let port = server.port
        // Six clients, each sending one render after another until the probing is done: three of
        // them heavy (over 16 Mpx: the heavy lane), three slow on the light lane.
        let probing = Answers()
        let (answers, group) = concurrently(6) { index in
            var last: Exchanged?
            while !probing.done {
                last = try? exchange(port, "POST", index < 3 ? Self.heavyRender : Self.slowRender, body: Self.spec, forwarded: "10.0.0.\(index + 1)")
                if last?.status == 503 { usleep(20_000) }
            }
            return last
        }
        // Until the queue is full (readyz says so) and both lanes are at work (a heavy render is found
        // heavy once it starts, so it may take a moment to move to its lane), then probe while it stays so.
        func running() -> Int {
            let metrics = (try? exchange(server.port, "GET", "/metrics"))?.text ?? ""
            return metrics.split(separator: "\n").first(where: { $0.hasPrefix("grona_snap_requests_running ") })
                .flatMap { Int($0.split(separator: " ")[1]) } ?? 0
        }
        var mostRunning = 0
        let deadline = Date(timeIntervalSinceNow: 20)
        while Date() < deadline {
            mostRunning = max(mostRunning, running())
            if mostRunning == 2, (try? exchange(server.port, "GET", "/readyz"))?.status == 503 { break }
            usleep(5_000)
        }
        var times: [String: [Double]] = [:]
        var statuses: Set<Int> = []
        for path in Array(repeating: ["/healthz", "/healthz", "/readyz", "/metrics"], count: 50).joined() {
            let started = Date()
            let answer = try exchange(server.port, "GET", path)
            times[path, default: []].append(Date().timeIntervalSince(started))
            if path == "/healthz" { statuses.insert(answer.status) }
            if path == "/metrics", let line = answer.text.split(separator: "\n").first(where: { $0.hasPrefix("grona_snap_requests_running ") }) {
                mostRunning = max(mostRunning, Int(line.split(separator: " ")[1]) ?? 0)
            }
        }
        let stillFull = try exchange(server.port, "GET", "/readyz").status
        let busy = try exchange(server.port, "GET", "/metrics").text
        probing.done = true
        group.wait()
        XCTAssertEqual(statuses, [200])
        XCTAssertEqual(stillFull, 503, "the lanes were busy and the queue full the whole time")
        for (path, samples) in times {
            let sorted = samples.sorted()
            let p50 = sorted[sorted.count / 2], p99 = sorted[sorted.count * 99 / 100]
            print("\(path) with every lane busy and the queue full: p50 \(Int(p50 * 1000)) ms, p99 \(Int(p99 * 1000)) ms (\(sorted.count) requests)")
            XCTAssertLessThan(p99, 0.05, "\(path): \(sorted.map { Int($0 * 1000) })")
        }
        XCTAssertEqual(mostRunning, 2, "the light lane and the heavy lane both at work")
        let inFlight = busy.split(separator: "\n").first { $0.hasPrefix("grona_snap_requests_in_flight ") }.flatMap { Int($0.split(separator: " ")[1]) }
        XCTAssertGreaterThanOrEqual(inFlight ?? 0, 5, "a lane busy, the queue of 4 full")
        XCTAssertEqual(Set(answers.statuses).subtracting([200, 503]), [], "six clients, one request at a time each")
        let metrics = try exchange(server.port, "GET", "/metrics").text
        for line in ["grona_snap_http_requests_total{route=\"render\",method=\"POST\",status=\"200\"}",
                     "grona_snap_http_request_duration_seconds_bucket{route=\"health\",le=\"0.05\"}",
                     "grona_snap_refusals_total{reason=\"queue_full\"}", "grona_snap_refusals_total{reason=\"client_share\"} 0",
                     "process_cpu_seconds_total ", "process_resident_memory_bytes ", "process_start_time_seconds ",
                     "grona_snap_build_info{version="] {
            XCTAssertTrue(metrics.contains(line), "\(line) missing from /metrics")
        }
    }

    /// `--public-url`: its Host and its Origin are taken, loopback still is, and every other name,
    /// however alike, is refused (the rebinding defence); GRONA_PUBLIC_URL says the same.
    func testPublicURLsAreTheOnlyOtherNamesAnswered() throws {
        let folder = try copyOfFixtures()
        for setting in [(["--public-url", "https://grona.team.example", "--public-url", "http://studio.internal:8080"], [String: String]()),
                        ([], ["GRONA_PUBLIC_URL": "https://grona.team.example, http://studio.internal:8080"])] {
            let server = try StudioServer(folder: folder, arguments: setting.0, environment: setting.1)
            defer { server.stop() }
            for host in ["grona.team.example", "GRONA.team.example:443", "studio.internal:8080", "localhost", "127.0.0.1:\(server.port)"] {
                XCTAssertEqual(try exchange(server.port, "GET", "/api/specs", headers: ["Host": host]).status, 200, host)
            }
            for host in ["grona.team.example.evil.com", "evil.grona.team.example", "grona.team.example:8443", "studio.internal",
                         "studio.internal:8080.evil.com", "127.0.0.1.evil.example"] {
                XCTAssertEqual(try exchange(server.port, "GET", "/api/specs", headers: ["Host": host]).status, 403, host)
            }
            // A proxy that passes the instance's own address as Host: the page's Origin is its public URL.
            let body = try bytes(folder + "/acme-banner.json")
            let fromPage = try exchange(server.port, "POST", "/api/render?name=acme-banner.json", body: body,
                                        headers: ["Host": "127.0.0.1:\(server.port)", "Origin": "https://grona.team.example"])
            XCTAssertEqual(fromPage.status, 200)
            let elsewhere = try exchange(server.port, "POST", "/api/render?name=acme-banner.json", body: body,
                                         headers: ["Host": "grona.team.example", "Origin": "https://grona.team.example.evil.com"])
            XCTAssertEqual(elsewhere.status, 403)
        }
        let bad = try snap("serve", fixtures, "--public-url", "grona.team.example/studio")
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--public-url: \"grona.team.example/studio\" is not a URL"), bad.stderr)
    }

    /// `--tokens`: each person's token, by its SHA-256; the log has a line per request naming them and
    /// an audit line per save, rename and trash; an auth proxy's X-Forwarded-User names the person
    /// from a trusted address only; X-Request-Id is the proxy's or a new one, on every answer.
    func testPeopleAreKnownByTokenOrAuthProxyAndEveryChangeIsAudited() throws {
        let folder = try copyOfFixtures()
        let tokens = folder + "/../people.tokens"
        try tokenLines(["alice": "alice-token-0123456789"]).write(toFile: tokens, atomically: true, encoding: .utf8)
        let log = folder + "/../serve.log"
        let server = try StudioServer(folder: folder, arguments: ["--tokens", tokens, "--trusted-proxy", "127.0.0.2", "--log-format", "json"],
                                      errorLog: log)
        defer { server.stop() }
        let alice = ["Authorization": "Bearer alice-token-0123456789"]
        XCTAssertEqual(try exchange(server.port, "GET", "/api/specs").status, 401)
        XCTAssertEqual(try exchange(server.port, "GET", "/api/specs", headers: ["Authorization": "Bearer 0123456789abcdef01"]).status, 401)
        let opened = try exchange(server.port, "GET", "/api/specs/acme-banner.json", headers: alice)
        XCTAssertEqual(opened.status, 200)
        let saved = try exchange(server.port, "PUT", "/api/specs/acme-banner.json", body: opened.body,
                                 headers: alice.merging(["If-Match": opened.header("ETag") ?? ""]) { $1 })
        XCTAssertEqual(saved.status, 200, saved.text)
        let made = saved.header("X-Request-Id") ?? ""
        XCTAssertEqual(made.count, 32, "a request id made for it")
        XCTAssertEqual(try exchange(server.port, "POST", "/api/specs/acme-banner.json/rename", body: Array(#"{"to": "spring.json"}"#.utf8),
                                    headers: alice).status, 200)
        // Through the auth proxy: its user, and its request id.
        let proxied = ["X-Forwarded-User": "carol", "X-Forwarded-Email": "carol@team.example", "X-Request-Id": "nginx-4f2a"]
        let trashed = try exchange(server.port, "POST", "/api/specs/spring.json/trash", headers: proxied, source: "127.0.0.2")
        XCTAssertEqual(trashed.status, 200, trashed.text)
        XCTAssertEqual(trashed.header("X-Request-Id"), "nginx-4f2a")
        // The same headers from elsewhere name no one and admit nothing; a bad id is replaced.
        let forged = try exchange(server.port, "POST", "/api/specs/dark-progress.json/trash",
                                  headers: proxied.merging(["X-Request-Id": "a b"]) { $1 }, source: "127.0.0.3")
        XCTAssertEqual(forged.status, 401)
        XCTAssertNotEqual(forged.header("X-Request-Id"), "nginx-4f2a")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/dark-progress.json"))
        server.stop()

        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let audits = lines.filter { $0["msg"] as? String == "audit" }
        XCTAssertEqual(audits.map { "\($0["person"] ?? "") \($0["action"] ?? "") \($0["campaign"] ?? "")" },
                       ["alice save acme-banner.json", "alice rename acme-banner.json", "carol trash spring.json"])
        XCTAssertEqual(audits[1]["to"] as? String, "spring.json")
        XCTAssertEqual(audits[2]["request_id"] as? String, "nginx-4f2a")
        let requests = lines.filter { $0["msg"] as? String == "request" }
        XCTAssertEqual(requests.count, 7, "one line per request: \(requests)")
        let save = try XCTUnwrap(requests.first { $0["route"] as? String == "saveSpec" })
        XCTAssertEqual(save["person"] as? String, "alice")
        XCTAssertEqual(save["request_id"] as? String, made)
        XCTAssertEqual(save["status"] as? Int, 200)
        XCTAssertEqual(save["method"] as? String, "PUT")
        XCTAssertEqual(save["client"] as? String, "127.0.0.1")
        XCTAssertNotNil(save["ms"] as? Double ?? (save["ms"] as? Int).map(Double.init))
        XCTAssertNotNil(save["bytes"] as? Int)
        XCTAssertNotNil((save["time"] as? String)?.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression))
        XCTAssertEqual(requests.filter { $0["status"] as? Int == 401 }.map { $0["person"] is NSNull }, [true, true, true])

        // A line holding the token itself, not its hash, is refused at start.
        try "alice alice-token-0123456789\n".write(toFile: tokens, atomically: true, encoding: .utf8)
        let refused = try snap("serve", folder, "--tokens", tokens)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("line 1: the second field must be the token's SHA-256"), refused.stderr)
    }

    /// SIGHUP reads the tokens file again: renders in flight are all answered, the new person's token
    /// is taken at once and the removed one refused.
    func testSIGHUPChangesTheTokensWithoutDroppingARequest() throws {
        let folder = try copyOfFixtures()
        let tokens = folder + "/../hup.tokens"
        try tokenLines(["alice": "alice-token-0123456789"]).write(toFile: tokens, atomically: true, encoding: .utf8)
        // From the config file, as a service manager would give it.
        let config = folder + "/../serve.env"
        try "# serve's settings\nGRONA_TOKENS=\(tokens)\nGRONA_THREADS=2\n".write(toFile: config, atomically: true, encoding: .utf8)
        let server = try StudioServer(folder: folder, arguments: ["--config", config])
        defer { server.stop() }
        let alice = ["Authorization": "Bearer alice-token-0123456789"], bob = ["Authorization": "Bearer bob-token-0123456789ab"]
        XCTAssertEqual(try exchange(server.port, "GET", "/api/specs", headers: bob).status, 401)
        let port = server.port
        let (answers, group) = concurrently(4) { _ in try? exchange(port, "POST", Self.slowRender, body: Self.spec, headers: alice) }
        // In flight: all four arrived (with alice's token), rendering or waiting for a lane.
        let arrived = Date(timeIntervalSinceNow: 20)
        while Date() < arrived, let ready = try? exchange(port, "GET", "/readyz"),
              let state = try? JSONSerialization.jsonObject(with: Data(ready.body)) as? [String: Any],
              (state["queued"] as? Int ?? 0) + (state["running"] as? Int ?? 0) < 4 {
            usleep(5_000)
        }
        try tokenLines(["bob": "bob-token-0123456789ab"]).write(toFile: tokens, atomically: true, encoding: .utf8)
        kill(server.process.processIdentifier, SIGHUP)
        group.wait()
        XCTAssertEqual(answers.statuses, Array(repeating: 200, count: 4), "every render in flight answered")
        // The reload is done on the server's main thread: wait for it to show.
        let deadline = Date(timeIntervalSinceNow: 10)
        while try exchange(server.port, "GET", "/api/specs", headers: bob).status != 200, Date() < deadline { usleep(10_000) }
        XCTAssertEqual(try exchange(server.port, "GET", "/api/specs", headers: bob).status, 200)
        XCTAssertEqual(try exchange(server.port, "GET", "/api/specs", headers: alice).status, 401)
        XCTAssertTrue(server.process.isRunning)
    }

    /// Every option of serve has its GRONA_ variable, from the one table: help names it, the
    /// environment sets it, the command line wins, and a config file's unknown name is refused.
    func testEveryServeOptionComesFromTheEnvironmentToo() throws {
        let help = try snap("serve", "--help").stdout
        for variable in ["GRONA_PORT", "GRONA_HOST", "GRONA_PUBLIC_URL", "GRONA_TOKENS", "GRONA_TRUSTED_PROXY", "GRONA_LOG_FORMAT",
                         "GRONA_METRICS_LISTEN", "GRONA_ASSETS_ROOT", "GRONA_QUEUE"] {
            XCTAssertTrue(help.contains("[$\(variable)]"), "\(variable) is not in serve's help")
        }
        let bad = try runProgram(try gronaSnapBinary(), ["serve", fixtures], environment: ["GRONA_QUEUE": "0"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--queue: \"0\" is not a whole number"), bad.stderr)
        let config = try temporaryFolder() + "/serve.env"
        try "GRONA_PORTT=8080\n".write(toFile: config, atomically: true, encoding: .utf8)
        let typo = try snap("serve", fixtures, "--config", config)
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("line 1: \"GRONA_PORTT\" is not a setting of serve (did you mean GRONA_PORT?)"), typo.stderr)
        // The command line wins over the environment: --log-format none there, json here.
        let log = try temporaryFolder() + "/serve.log"
        let server = try StudioServer(folder: fixtures, arguments: ["--log-format", "json"],
                                      environment: ["GRONA_LOG_FORMAT": "text", "GRONA_METRICS_LISTEN": "127.0.0.1:0"], errorLog: log)
        _ = try exchange(server.port, "GET", "/healthz")
        server.stop()
        let text = try String(contentsOfFile: log, encoding: .utf8)
        XCTAssertTrue(text.contains(#""msg":"request""#), text)
        XCTAssertTrue(text.contains(#""metrics":"http://127.0.0.1:"#), "GRONA_METRICS_LISTEN started the probes' listener: \(text)")
    }

    // ------------------------------------------------------------------ helpers

    private func copyOfFixtures() throws -> String {
        let folder = try temporaryFolder() + "/campaigns"
        try FileManager.default.copyItem(atPath: fixtures, toPath: folder)
        return folder
    }

    /// `NAME SHA256-HEX` lines, the hash made by the system's sha256sum as docs/service.md says.
    private func tokenLines(_ people: [String: String]) throws -> String {
        try people.sorted { $0.key < $1.key }.map { name, token in
            let hash = try runProgram("/bin/sh", ["-c", "printf '%s' \"$1\" | sha256sum | cut -d' ' -f1", "sh", token]).stdout
            return "\(name) \(hash.trimmingCharacters(in: .whitespacesAndNewlines))  # \(name)'s laptop"
        }.joined(separator: "\n") + "\n"
    }

    /// Until nothing waits in the server's queue (what the last burst left is skipped, its clients gone).
    private func waitForEmptyQueue(_ port: Int) {
        let deadline = Date(timeIntervalSinceNow: 15)
        while Date() < deadline, (try? exchange(port, "GET", "/readyz"))?.text.contains("\"queued\": 0,") != true { usleep(20_000) }
    }

    private func burst(_ port: Int, count: Int, _ from: (Int) -> (source: String, forwarded: String?)) -> [Exchanged] {
        waitForEmptyQueue(port)
        let senders = (0..<count).map(from)
        let (answers, group) = concurrently(count) { index in
            try? exchange(port, "POST", Self.slowRender, body: Self.spec, forwarded: senders[index].forwarded, source: senders[index].source,
                          waiting: 1)
        }
        group.wait()
        return answers.all
    }

    /// `count` requests at once, each on a thread of its own (a dispatch queue would start only a
    /// few while the others block): their answers, and a group to wait for them all.
    private func concurrently(_ count: Int, _ send: @escaping @Sendable (Int) -> Exchanged?) -> (Answers, DispatchGroup) {
        let answers = Answers(), group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread {
                answers.add(send(index))
                group.leave()
            }.start()
        }
        return (answers, group)
    }
}

/// One answer read off a raw socket.
struct Exchanged: Sendable {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Answers gathered by several threads.
private final class Answers: @unchecked Sendable {
    // @unchecked Sendable: `list` is touched only under `lock`.
    private let lock = NSLock()
    private var list: [Exchanged] = []
    private var finished = false
    /// Set when the senders should stop.
    var done: Bool {
        get { lock.lock(); defer { lock.unlock() }; return finished }
        set { lock.lock(); finished = newValue; lock.unlock() }
    }
    func add(_ answer: Exchanged?) { lock.lock(); if let answer { list.append(answer) } else { list.append(Exchanged(status: 0, headers: [:], body: [])) }; lock.unlock() }
    var all: [Exchanged] { lock.lock(); defer { lock.unlock() }; return list }
    var statuses: [Int] { all.map(\.status) }
}

/// One HTTP/1.1 request on a fresh connection from `source` (an address of 127/8), read to its end:
/// URLSession can neither choose the address it connects from nor leave out its own headers. An
/// answer not in within `waiting` seconds is given up (status 0) and its connection closed.
func exchange(_ port: Int, _ method: String, _ path: String, body: [UInt8] = [], headers: [String: String] = [:],
              forwarded: String? = nil, source: String = "127.0.0.1", waiting: Int = 60) throws -> Exchanged {
    var head = "\(method) \(path) HTTP/1.1\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
    var fields = headers
    if fields["Host"] == nil { fields["Host"] = "127.0.0.1:\(port)" }
    if let forwarded { fields["X-Forwarded-For"] = forwarded }
    for (name, value) in fields.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
    let answer = try rawExchange(Array((head + "\r\n").utf8) + body, port: port, source: source, waiting: waiting)
    guard let split = answer.indices.first(where: { answer[$0...].starts(with: Array("\r\n\r\n".utf8)) }) else {
        return Exchanged(status: 0, headers: [:], body: [])
    }
    let lines = String(decoding: answer[..<split], as: UTF8.self).components(separatedBy: "\r\n")
    let status = Int(lines[0].split(separator: " ")[1]) ?? 0
    var parsed: [String: String] = [:]
    for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        parsed[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return Exchanged(status: status, headers: parsed, body: Array(answer[(split + 4)...]))
}
