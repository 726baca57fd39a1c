import CMicroHTTPD
import Foundation
import Grona
import GronaRequests
import Locking

// HTTP/1.1 through libmicrohttpd: it parses requests, keeps connections and applies the
// per-address limit, on one thread that only moves bytes. This file turns its callbacks into one
// Swift call per complete request, `handler(HTTPRequest) -> HTTPResponse`, run on a `WorkerPool`
// thread while libmicrohttpd holds the connection suspended, and adds what libmicrohttpd lacks:
// deadlines instead of an idle timeout (`ConnectionDeadlines`), an immediate 503 past the connection
// limit or when the queue is full, and a body cut the moment it passes the limit.
//
// libmicrohttpd calls the access handler several times per request: once when the headers are in
// (an announced body over the limit is refused right there, before any of it is read), once per
// piece of body (buffered up to the limit), once more with no data when the request is complete
// (the request goes to the pool and the connection is suspended), and once after the worker resumes
// it (its answer is queued). The per-request state lives in `con_cls`: libmicrohttpd's URI log
// callback makes it, with the request target as sent, and the completion callback releases it.

/// One complete request.
package struct HTTPRequest: Sendable {
    var method: String
    /// The path, already percent-decoded by libmicrohttpd (so `%2e%2e` arrives as `..`).
    package var path: String
    /// Query arguments in the order given, percent-decoded; a bare `?flag` has an empty value.
    var query: [(name: String, value: String)]
    /// The request headers the handlers look at, by lowercase name.
    var headers: [String: String]
    var body: [UInt8]
    /// True once the client has closed its connection: long work checks it between renders and stops.
    var clientGone: @Sendable () -> Bool = { false }
    /// Who asked, for fair queueing: the peer's address, or the one a trusted proxy names (an IPv6
    /// address by its /64, `ClientGroup`).
    var client = ""
    /// The address the connection comes from (a proxy's, behind one).
    var peer = ""
    /// `X-Request-Id`: a trusted proxy's, or one made for it (`RequestID`); on every answer and log line.
    var requestID = ""
    /// When its head was read (uptime, ns): it is judged by the settings in force then (`AccessPolicy`).
    var arrived: UInt64 = 0
    /// The lanes it runs on: heavy work found on a light lane moves (`HTTPResponse.movesToHeavyLanes`).
    var lane = WorkerPool.Lane.light
    /// The person it was admitted as (`AccessPolicy.Caller.person`), for the history's commits.
    var person: String?

    func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// Whether the header came more than once.
    func isRepeated(_ name: String) -> Bool { headers[HTTPRequest.duplicateMark + name.lowercased()] != nil }
    static let duplicateMark = "\u{0}repeated:"
}

/// One answer. `X-Content-Type-Options: nosniff` is added to every response.
package struct HTTPResponse: Sendable {
    var status: Int
    var contentType: String
    var headers: [(String, String)] = []
    var body: [UInt8]
    /// Not an answer: the request is heavy work (its cost, in pixels drawn), to be run again on the
    /// heavy lanes (`WorkerPool`).
    var movesToHeavyLanes: Int?
    /// For the log line and /metrics: the route that answered (its id) and the person who asked.
    var route: String?
    var person: String?

    init(status: Int, contentType: String, headers: [(String, String)] = [], body: [UInt8]) {
        self.status = status; self.contentType = contentType; self.headers = headers; self.body = body
    }

    static func heavy(_ cost: Int) -> HTTPResponse {
        var response = HTTPResponse(status: 503, contentType: "application/json", body: [])
        response.movesToHeavyLanes = cost
        return response
    }

    /// `{"error": "…"}`: the one-line message the command line would print after `error: `.
    package static func error(_ status: Int, _ message: String, headers: [(String, String)] = []) -> HTTPResponse {
        .json(.members([("error", .string(message))]), status: status, headers: headers)
    }

    /// A refusal as `{"error": "…", "file": "…", "path": "$.…"}`: `error` is the one line the command
    /// line prints after `error: `, with an option named as the query parameter it is here
    /// (`padding`, not `--padding`); `file` and `path` say where, when the refusal is about a place in
    /// a spec, so a page can point at the field. `redacting` takes out what a client must not see.
    static func error(_ refusal: RequestError, redacting redacted: (String) -> String) -> HTTPResponse {
        .json(.members([("error", .string(redacted(refusal.spelled(for: .http)))),
                        ("file", refusal.file.map { .string(redacted($0)) }), ("path", refusal.path.map { .string(redacted($0)) })]),
              status: refusal.httpStatus, headers: refusal.httpHeaders)
    }

    static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", headers: headers, body: Array(text.utf8))
    }
}

/// The limits a server runs under.
package struct HTTPLimits {
    /// Request bodies over this are refused with 413 (a spec is at most 4 MiB anyway).
    var maximumBodySize = 4 << 20
    /// Connections served at once; past it a new connection is answered 503 at once.
    var connections = 64
    /// Connections from one address at once; past it, 503 at once. (libmicrohttpd's own limit, four
    /// times `connections` in all, holds new connections back only past that.)
    var connectionsPerAddress = 16
    /// Places kept for addresses holding fewer than two connections (`ConnectionDeadlines`).
    var reservedConnections = 16
    /// How long each part of a request may take.
    var deadlines = Deadlines()
    /// Threads that render; each has its own text engine.
    package var workers = max(2, ParallelRenderer.defaultJobs)
    /// Requests that may wait for a worker; past it, 503 with Retry-After (429 past one client's share).
    package var queue = 32
    /// The proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`); anyone else's is ignored.
    package var trustedProxies = TrustedProxies()
    /// GET routes answered on libmicrohttpd's thread as soon as they arrive, never queued behind
    /// work (`/healthz`, `/readyz`, `/metrics`): a probe or a scrape is answered at once however busy
    /// every lane is. Their handlers must be quick and take no lock a worker holds for long.
    package var answeredAtOnce: Set<String> = []

    package init() {}
}

struct ServerError: Error, CustomStringConvertible {
    let description: String
}

/// A running server. `stop()` (or deinit) finishes the running requests and shuts it down.
package final class HTTPServer: @unchecked Sendable {
    // @unchecked Sendable: `daemon` is written in init and stop() only; the rest is immutable or
    // thread-safe itself. libmicrohttpd calls back on its one thread; workers touch only the
    // request they were handed.
    private var daemon: OpaquePointer?
    let handler: @Sendable (HTTPRequest) -> HTTPResponse
    let limits: HTTPLimits
    let pool: WorkerPool
    let status: ServerStatus
    fileprivate let connections: ConnectionDeadlines
    /// The port it listens on (the one chosen by the system when 0 was asked for).
    package private(set) var port: UInt16 = 0

    package init(host: String, port: UInt16, limits: HTTPLimits, status: ServerStatus = ServerStatus(),
         handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        self.handler = handler
        self.status = status
        self.limits = limits
        pool = WorkerPool(workers: limits.workers, capacity: limits.queue)
        connections = ConnectionDeadlines(deadlines: limits.deadlines, limit: limits.connections,
                                          limitPerAddress: limits.connectionsPerAddress, reserve: limits.reservedConnections,
                                          trustedProxies: limits.trustedProxies)
        let options: [MHD_OptionItem] = [
            // libmicrohttpd's own limit is well above ours, so the connections past ours are still
            // accepted and told 503 instead of waiting unanswered in the listen backlog.
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: limits.connections * 4, ptr_value: nil),
            MHD_OptionItem(option: .PER_IP_CONNECTION_LIMIT, value: limits.connections * 4, ptr_value: nil),
            // A backstop for a client that stops reading its answer; the deadlines come first.
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: 60, ptr_value: nil),
            MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
        ]
        let context = Unmanaged.passUnretained(self).toOpaque()
        // ITC: so that `drain` can stop accepting (MHD_quiesce_daemon) while connections finish.
        let flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue) | UInt32(MHD_USE_POLL.rawValue)
            | UInt32(MHD_ALLOW_SUSPEND_RESUME.rawValue) | UInt32(MHD_USE_ITC.rawValue)
        daemon = options.withUnsafeBufferPointer { options in
            gs_mhd_start(flags, host, port, accessHandler, context, requestCompleted, requestStarted, connectionNotified,
                         context, options.baseAddress)
        }
        guard let daemon else {
            pool.shutdown()
            connections.stop()
            throw ServerError(description: "serve: cannot listen on \(host) port \(port) (is the address right, and the port free?)")
        }
        self.port = gs_mhd_port(daemon)
        let (pool, connections) = (pool, connections)
        status.attach {
            let depth = pool.depth, counts = connections.counts
            return ServerStatus.Queues(light: depth.light, heavy: depth.heavy, running: depth.running, capacity: pool.capacity,
                                       connections: counts.open, refusedConnections: counts.refused,
                                       reclaimedConnections: counts.reclaimed)
        }
    }

    /// SIGTERM: stops accepting connections (the listening socket is closed, so a load balancer's
    /// next attempt goes elsewhere at once), lets the queued and running requests finish and their
    /// answers go out, at most until `seconds` have passed, then stops. Meanwhile /readyz says 503
    /// and every answer closes its connection.
    package func drain(seconds: Double) {
        guard let daemon else { return }
        status.startDraining()
        let listening = MHD_quiesce_daemon(daemon)
        if listening >= 0 { close(listening) }
        let deadline = Date(timeIntervalSinceNow: seconds)
        _ = pool.drain(until: deadline)
        while connections.busy > 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        stop()
    }

    package func stop() {
        guard let daemon else { return }
        // Every suspended connection is resumed (finished or told 503) before libmicrohttpd stops.
        pool.shutdown()
        MHD_stop_daemon(daemon)
        self.daemon = nil
        connections.stop()
    }

    deinit { stop() }

    /// One call of the access handler (see the essay at the top).
    /// `head`: the method as libmicrohttpd hands it over, where the request's head starts in its buffer.
    fileprivate func respond(_ connection: OpaquePointer, url: String, method: String, head: UnsafeRawPointer,
                             upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
                             state: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let existing = state.pointee else { return .NO }
        let pending = Unmanaged<PendingRequest>.fromOpaque(existing).takeUnretainedValue()
        switch pending.stage {
        case .new:
            pending.stage = .receiving
            pending.method = method
            pending.started = DispatchTime.now().uptimeNanoseconds
            let peer = connections.address(connection) ?? ""
            pending.requestID = (limits.trustedProxies.contains(peer)
                ? RequestID.accepted(lookup(connection, .HEADER_KIND, "X-Request-Id")) : nil) ?? RequestID.make()
            if connections.isOverLimit(connection) {
                return answer(.error(503, "the server is at its limit of connections (\(limits.connections), \(limits.connectionsPerAddress) from one address); try again in a moment",
                                     headers: [("Retry-After", "1"), ("Connection", "close")]), on: connection, pending)
            }
            // Framing and header bytes libmicrohttpd would let through (see `RequestHead`).
            if let refusal = RequestHead.refusal(connection, head: head, target: pending.targetInBuffer) {
                return answer(refusal, on: connection, pending)
            }
            // libmicrohttpd decodes `%00` into a NUL that ends the path early (`a.json%00.png` would
            // arrive as `a.json`): the target as sent is checked instead (a raw NUL: `RequestHead`).
            if pending.target.range(of: "%00") != nil {
                return answer(.error(400, "the request's path or query contains a NUL character", headers: [("Connection", "close")]),
                              on: connection, pending)
            }
            let length = lookup(connection, .HEADER_KIND, "Content-Length").flatMap { Int($0) }
            if let length, length > limits.maximumBodySize {
                return answer(tooLarge, on: connection, pending)
            }
            connections.enter(.body(length: length, received: 0), connection)
            return .YES
        case .receiving where uploadSize.pointee > 0:
            let count = uploadSize.pointee
            uploadSize.pointee = 0
            guard pending.body.count + count <= limits.maximumBodySize, let upload else {
                // A body without a length (chunked) that outgrows the limit: answered and cut at
                // once, rather than read to its end (which may never come).
                if let socket = connections.socket(connection) {
                    let bytes = HTTPServer.rawAnswer(tooLarge)
                    MicroHTTPD.sendNow(bytes, to: socket)
                }
                pending.stage = .answered
                return .NO
            }
            upload.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
                pending.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
            }
            connections.enter(.body(length: nil, received: pending.body.count), connection)
            return .YES
        case .receiving:
            let socket = connections.socket(connection) ?? -1
            var complete = HTTPRequest(method: method, path: url, query: queryArguments(connection),
                                       headers: headers(connection), body: pending.body)
            complete.clientGone = { socket >= 0 && MicroHTTPD.peerClosed(socket) }
            complete.peer = connections.address(connection) ?? ""
            complete.client = client(connection, forwardedFor: complete.header("X-Forwarded-For"))
            complete.requestID = pending.requestID
            complete.arrived = pending.started
            pending.client = complete.client
            if limits.answeredAtOnce.contains(url), method == "GET" || method == "HEAD" {
                pending.body = []
                return answer(handler(complete), on: connection, pending)
            }
            let request = complete
            let suspended = SuspendedConnection(pointer: connection)
            pending.body = []
            let handler = self.handler
            // The connection is suspended before the job can run, so the worker's resume always
            // comes after it.
            pending.stage = .working
            connections.enter(.working, connection)
            MHD_suspend_connection(connection)
            let job = WorkerPool.Job(client: request.client, run: { lane in
                // A client that went away while its request waited gets no work done.
                var request = request
                request.lane = lane
                let response = request.clientGone() ? nil : handler(request)
                if let cost = response?.movesToHeavyLanes { return cost }
                pending.finish(response)
                MHD_resume_connection(suspended.pointer)
                return nil
            }, abandon: {
                pending.finish(.error(503, "the server is stopping", headers: [("Connection", "close")]))
                MHD_resume_connection(suspended.pointer)
            })
            if let refusal = pool.submit(job) {
                status.refused(refusal)
                MHD_resume_connection(connection)
                pending.finish(HTTPServer.busy(refusal, limits: limits, perClient: pool.perClient))
            }
            return .YES
        case .working:
            // Resumed: the worker's answer, or nothing when the client left.
            guard let response = pending.takeResponse() else { return .NO }
            return answer(response, on: connection, pending)
        case .answered:
            // A body still arriving after an early answer is dropped.
            uploadSize.pointee = 0
            return .YES
        }
    }

    private func answer(_ response: HTTPResponse, on connection: OpaquePointer, _ pending: PendingRequest) -> MHD_Result {
        pending.stage = .answered
        status.answered(response.status)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds &- pending.started) / 1e9
        status.observe(ServiceLog.Exchange(requestID: pending.requestID, client: pending.client.isEmpty ? (connections.address(connection) ?? "") : pending.client,
                                           person: response.person, method: pending.method, route: response.route ?? "none",
                                           path: pending.target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? "",
                                           status: response.status, bytes: response.body.count, seconds: seconds))
        var response = response
        response.headers.append(("X-Request-Id", pending.requestID))
        // Draining: a kept-alive connection ends with this answer.
        if status.draining, !response.headers.contains(where: { $0.0 == "Connection" }) { response.headers.append(("Connection", "close")) }
        connections.enter(.sending(bytes: response.body.count), connection)
        return queue(response, on: connection)
    }

    /// A request the queue would not take: 429 to a client over its own share (the instance is
    /// fine; a load balancer must not count it against the instance), 503 when the instance is full.
    static func busy(_ refusal: WorkerPool.Refusal, limits: HTTPLimits, perClient: Int) -> HTTPResponse {
        switch refusal {
        case .clientShare:
            return .error(429, "too many requests from you at once: \(perClient) of yours are waiting already (your share of this "
                          + "server's queue); try again when one is answered", headers: [("Retry-After", "1")])
        case .full:
            return .error(503, "the server is busy: \(limits.queue) requests are waiting already; try again in a moment",
                          headers: [("Retry-After", "1")])
        case .closed:
            return .error(503, "the server is stopping", headers: [("Connection", "close")])
        }
    }

    private var tooLarge: HTTPResponse {
        .error(413, "the request body is over the limit of \(limits.maximumBodySize) bytes (4 MiB)",
               headers: [("Connection", "close")])
    }

    /// A whole HTTP/1.1 answer as bytes, for `MicroHTTPD.sendNow` (used for the 413 only).
    static func rawAnswer(_ response: HTTPResponse) -> [UInt8] {
        var head = "HTTP/1.1 \(response.status) \(response.status == 413 ? "Content Too Large" : "Error")\r\n"
        head += "Content-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\nConnection: close\r\n"
        head += "X-Content-Type-Options: nosniff\r\nCross-Origin-Resource-Policy: same-origin\r\nCache-Control: no-store\r\n\r\n"
        return Array(head.utf8) + response.body
    }

    private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        // An empty body still gets a valid pointer; MUST_COPY: libmicrohttpd keeps its own copy, sent
        // after this function returns.
        let body = response.body.isEmpty ? [0] : response.body
        let created: OpaquePointer? = body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(response.body.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                                            .RESPMEM_MUST_COPY)
        }
        guard let created else { return .NO }
        defer { MHD_destroy_response(created) }
        for (name, value) in HTTPServer.headers(of: response) { MHD_add_response_header(created, name, value) }
        return MHD_queue_response(connection, UInt32(response.status), created)
    }

    /// Every header an answer is sent with: its type, the ones every answer gets, then its own.
    static func headers(of response: HTTPResponse) -> [(String, String)] {
        var headers = [("Content-Type", response.contentType), ("X-Content-Type-Options", "nosniff"),
                       // No other site may embed or read an answer (an image, a spec) even where a browser
                       // would let it load one without asking (an <img>, a <script>).
                       ("Cross-Origin-Resource-Policy", "same-origin")]
        // Nothing is cached unless its route says so (the pinned fonts).
        if !response.headers.contains(where: { $0.0.lowercased() == "cache-control" }) {
            headers.append(("Cache-Control", "no-store"))
        }
        return headers + response.headers
    }

    /// The headers handlers use: a fixed list, so nothing else of a request is copied.
    private static let headerNames = ["Host", "Origin", "Sec-Fetch-Site", "Sec-Fetch-Mode", "If-Match", "If-None-Match", "Content-Type",
                                      "Authorization", "X-Forwarded-For", "X-Forwarded-User", "X-Forwarded-Email"]

    /// The headers of `headerNames`, by lowercase name; one that came twice is kept under
    /// `duplicateMark + name` as well, so a handler can refuse a request that names two hosts.
    private func headers(_ connection: OpaquePointer) -> [String: String] {
        let box = HeaderBox()
        let context = Unmanaged.passUnretained(box).toOpaque()
        _ = MHD_get_connection_values(connection, .HEADER_KIND, { context, _, key, value in
            guard let context, let key else { return .YES }
            let box = Unmanaged<HeaderBox>.fromOpaque(context).takeUnretainedValue()
            let name = String(cString: key).lowercased()
            guard HTTPServer.wantedHeaders.contains(name) else { return .YES }
            if box.found[name] != nil { box.found[HTTPRequest.duplicateMark + name] = "" }
            else { box.found[name] = value.map { String(cString: $0) } ?? "" }
            return .YES
        }, context)
        return box.found
    }

    static let wantedHeaders = Set(headerNames.map { $0.lowercased() })

    private func lookup(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, kind, name).map { String(cString: $0) }
    }

    private func queryArguments(_ connection: OpaquePointer) -> [(name: String, value: String)] {
        let box = QueryBox()
        let context = Unmanaged.passUnretained(box).toOpaque()
        _ = MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, { context, _, key, value in
            guard let context, let key else { return .YES }
            let box = Unmanaged<QueryBox>.fromOpaque(context).takeUnretainedValue()
            box.items.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
            return .YES
        }, context)
        return box.items
    }

    /// The client a request counts for: the peer's address, or, from a trusted proxy only, the
    /// last address of `X-Forwarded-For` (the one the proxy itself appended; earlier ones are
    /// whatever the client claimed); an IPv6 address by its /64 (`ClientGroup`).
    private func client(_ connection: OpaquePointer, forwardedFor: String?) -> String {
        let peer = connections.address(connection) ?? ""
        guard limits.trustedProxies.contains(peer), let forwardedFor,
              let last = forwardedFor.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty else {
            return ClientGroup.of(peer)
        }
        return ClientGroup.of(String(last.prefix(64)))
    }

    fileprivate func connectionChanged(_ connection: OpaquePointer, opened: Bool) {
        if opened { connections.opened(connection) } else { connections.closed(connection) }
    }

    fileprivate func requestEnded(_ connection: OpaquePointer) {
        // Kept alive: the next request's headers are due within the deadline from now.
        connections.enter(.headers, connection)
    }
}

/// A connection held suspended while a worker renders its request. @unchecked Sendable: the worker
/// only resumes it, which libmicrohttpd allows from any thread; nothing else touches it meanwhile.
private struct SuspendedConnection: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// One request's state, owned by libmicrohttpd's per-request slot.
private final class PendingRequest: @unchecked Sendable {
    // @unchecked Sendable: `stage` and `body` are used on libmicrohttpd's thread only; `response`
    // is handed from the worker to that thread through its mutex.
    enum Stage { case new, receiving, working, answered }
    /// The request target as the client sent it, before percent-decoding.
    let target: String
    /// Where it is in libmicrohttpd's buffer, and its length as a C string (`RequestHead`).
    let targetInBuffer: RequestTarget
    var stage = Stage.new
    var body: [UInt8] = []
    /// For the log line: the method, when the head was read (uptime, ns), the request id and client.
    var method = ""
    var started: UInt64 = DispatchTime.now().uptimeNanoseconds
    var requestID = ""
    var client = ""
    private let response = Mutex<HTTPResponse?>(nil)

    init(target: String, targetInBuffer: RequestTarget) { self.target = target; self.targetInBuffer = targetInBuffer }

    func finish(_ response: HTTPResponse?) { self.response.withLock { $0 = response } }

    func takeResponse() -> HTTPResponse? { response.withLock { $0.take() } }
}

private final class HeaderBox {
    var found: [String: String] = [:]
}

private final class QueryBox {
    var items: [(name: String, value: String)] = []
}

private let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, upload, uploadSize, state in
    guard let context, let connection, let url, let method, let uploadSize, let state else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    return server.respond(connection, url: String(cString: url), method: String(cString: method), head: UnsafeRawPointer(method),
                          upload: upload, uploadSize: uploadSize, state: state)
}

/// libmicrohttpd's URI log callback: the request's state, made with the target as sent.
private let requestStarted: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = { _, uri, _ in
    let pending = PendingRequest(target: uri.map { String(cString: $0) } ?? "",
                                 targetInBuffer: RequestTarget(start: uri.map(UnsafeRawPointer.init), length: uri.map { strlen($0) } ?? 0))
    return Unmanaged.passRetained(pending).toOpaque()
}

private let requestCompleted: MHD_RequestCompletedCallback = { context, connection, state, _ in
    if let context, let connection {
        Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().requestEnded(connection)
    }
    guard let state, let pending = state.pointee else { return }
    Unmanaged<PendingRequest>.fromOpaque(pending).release()
    state.pointee = nil
}

private let connectionNotified: MHD_NotifyConnectionCallback = { context, connection, _, code in
    guard let context, let connection else { return }
    Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
        .connectionChanged(connection, opened: code.rawValue == 0)   // MHD_CONNECTION_NOTIFY_STARTED
}

/// libmicrohttpd's connections and their sockets, for the rest of the server: this file is the only
/// Swift code that imports CMicroHTTPD (the library and the shim's helpers around its variadic calls),
/// so each call's care (buffers, C strings, what -1 or NULL means) is in one place.
enum MicroHTTPD {
    /// The connection's socket, or -1.
    static func socket(of connection: OpaquePointer) -> Int32 { gs_mhd_connection_fd(connection) }

    /// The connection's client address as text ("127.0.0.1", "::1"); "" when unknown.
    static func clientAddress(of connection: OpaquePointer) -> String {
        var text = [CChar](repeating: 0, count: 64)
        gs_mhd_client_address(connection, &text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes a short answer straight to a socket, outside libmicrohttpd (a deadline passed while the
    /// request was arriving, a body outgrowing the limit): never raises SIGPIPE, drops what does not fit.
    static func sendNow(_ bytes: [UInt8], to socket: Int32) {
        bytes.withUnsafeBytes { gs_send_now(socket, $0.baseAddress, $0.count) }
    }

    /// Ends a connection from outside libmicrohttpd's thread: its next read sees the end and closes it.
    static func cut(_ socket: Int32) { gs_cut(socket) }

    /// Whether the client has closed its end of a connection waiting for its answer.
    static func peerClosed(_ socket: Int32) -> Bool { gs_peer_closed(socket) != 0 }

    /// Lowers the calling thread's CPU priority (Linux; elsewhere nothing happens).
    static func lowerThisThreadsPriority(to nice: Int32) { gs_nice_this_thread(nice) }

    /// The request head's length, from the request line to the empty line that ends it (0 when unknown).
    static func headSize(of connection: OpaquePointer) -> Int { gs_mhd_head_size(connection) }

    /// The head's headers where libmicrohttpd holds them in its buffer: each name's and value's start
    /// and length, valid while the request is handled (`RequestHead` reads past the C strings).
    static func rawHeaders(of connection: OpaquePointer) -> [(name: UnsafeRawPointer, nameSize: Int, value: UnsafeRawPointer?, valueSize: Int)] {
        let box = RawHeaderBox()
        let context = Unmanaged.passUnretained(box).toOpaque()
        _ = MHD_get_connection_values_n(connection, .HEADER_KIND, { context, _, key, keySize, value, valueSize in
            guard let context, let key else { return .YES }
            let box = Unmanaged<RawHeaderBox>.fromOpaque(context).takeUnretainedValue()
            box.raw.append((UnsafeRawPointer(key), keySize, value.map(UnsafeRawPointer.init), valueSize))
            return .YES
        }, context)
        return box.raw
    }

    private final class RawHeaderBox {
        var raw: [(name: UnsafeRawPointer, nameSize: Int, value: UnsafeRawPointer?, valueSize: Int)] = []
    }
}
