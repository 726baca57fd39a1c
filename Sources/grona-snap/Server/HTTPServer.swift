import CMicroHTTPD
import Foundation
import Grona

// HTTP/1.1 through libmicrohttpd: it parses requests, keeps connections, applies the timeouts and
// connection limits, and runs a pool of threads; this file only turns its callbacks into one Swift
// call per complete request, `handler(HTTPRequest) -> HTTPResponse`, on the pool thread that read it.
//
// libmicrohttpd calls the access handler several times per request: once when the headers are in
// (we refuse an announced body over the limit right there, before any of it is read), once per piece
// of body (buffered up to the limit; past it the rest is dropped and the answer will be 413), and
// once more with no data, when the request is complete. The per-request buffer lives in `con_cls`
// and is released by the completion callback, whatever way the connection ended.

/// One complete request.
struct HTTPRequest {
    var method: String
    /// The path, already percent-decoded by libmicrohttpd (so `%2e%2e` arrives as `..`).
    var path: String
    /// Query arguments in the order given, percent-decoded; a bare `?flag` has an empty value.
    var query: [(name: String, value: String)]
    /// The request headers the handlers look at, by lowercase name.
    var headers: [String: String]
    var body: [UInt8]

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// One answer. `X-Content-Type-Options: nosniff` is added to every response.
struct HTTPResponse {
    var status: Int
    var contentType: String
    var headers: [(String, String)] = []
    var body: [UInt8]

    init(status: Int, contentType: String, headers: [(String, String)] = [], body: [UInt8]) {
        self.status = status; self.contentType = contentType; self.headers = headers; self.body = body
    }

    /// `{"error": "…"}`: the one-line message the command line would print after `error: `.
    static func error(_ status: Int, _ message: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", headers: headers,
                     body: Array("{\"error\": \(jsonStringLiteral(message))}\n".utf8))
    }

    static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", headers: headers, body: Array(text.utf8))
    }
}

/// The limits a server runs under.
struct HTTPLimits {
    /// Request bodies over this are refused with 413 (a spec is at most 4 MiB anyway).
    var maximumBodySize = 4 << 20
    /// Connections open at once; more are refused by libmicrohttpd.
    var connections = 64
    /// Connections from one address at once.
    var connectionsPerAddress = 32
    /// Seconds a connection may sit idle (or trickle a request in) before it is closed.
    var idleTimeout = 30
    /// Threads in the pool; each renders with its own text engine.
    var threads = ParallelRenderer.defaultJobs
}

struct ServerError: Error, CustomStringConvertible {
    let description: String
}

/// A running libmicrohttpd daemon. `stop()` (or deinit) shuts it down, waiting for its threads.
final class HTTPServer: @unchecked Sendable {
    // @unchecked Sendable: `daemon` is written once in init and read in stop(); the handler and limits
    // are immutable. libmicrohttpd calls `respond` on its pool threads concurrently; it touches only
    // the immutable state and the request's own buffer.
    private var daemon: OpaquePointer?
    let handler: @Sendable (HTTPRequest) -> HTTPResponse
    let limits: HTTPLimits
    /// The port it listens on (the one chosen by the system when 0 was asked for).
    private(set) var port: UInt16 = 0

    init(host: String, port: UInt16, limits: HTTPLimits, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        self.handler = handler
        self.limits = limits
        let options: [MHD_OptionItem] = [
            MHD_OptionItem(option: .THREAD_POOL_SIZE, value: max(1, limits.threads), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: limits.connections, ptr_value: nil),
            MHD_OptionItem(option: .PER_IP_CONNECTION_LIMIT, value: limits.connectionsPerAddress, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: limits.idleTimeout, ptr_value: nil),
            MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
        ]
        let context = Unmanaged.passUnretained(self).toOpaque()
        let flags = UInt32(MHD_USE_AUTO_INTERNAL_THREAD.rawValue)
        daemon = options.withUnsafeBufferPointer { options in
            gs_mhd_start(flags, host, port, accessHandler, context, requestCompleted, nil, options.baseAddress)
        }
        guard let daemon else {
            throw ServerError(description: "serve: cannot listen on \(host) port \(port) (is the address right, and the port free?)")
        }
        self.port = gs_mhd_port(daemon)
    }

    func stop() {
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
    }

    deinit { stop() }

    /// One call of the access handler (see the essay at the top).
    fileprivate func respond(_ connection: OpaquePointer, url: String, method: String,
                             upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
                             state: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let existing = state.pointee else {
            let pending = PendingRequest()
            state.pointee = Unmanaged.passRetained(pending).toOpaque()
            // An announced body over the limit is refused before any of it is read.
            if let length = lookup(connection, .HEADER_KIND, "Content-Length").flatMap({ Int($0) }),
               length > limits.maximumBodySize {
                pending.answered = true
                return queue(tooLarge, on: connection)
            }
            return .YES
        }
        let pending = Unmanaged<PendingRequest>.fromOpaque(existing).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            let count = uploadSize.pointee
            if !pending.answered, !pending.overflowed, let upload {
                if pending.body.count + count > limits.maximumBodySize {
                    // A body sent without a length (chunked) that outgrows the limit: keep reading
                    // and dropping it, then answer 413.
                    pending.overflowed = true
                    pending.body = []
                } else {
                    upload.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
                        pending.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
                    }
                }
            }
            uploadSize.pointee = 0
            return .YES
        }
        if pending.answered { return .YES }
        pending.answered = true
        if pending.overflowed { return queue(tooLarge, on: connection) }
        let request = HTTPRequest(method: method, path: url, query: queryArguments(connection),
                                  headers: headers(connection), body: pending.body)
        pending.body = []
        return queue(handler(request), on: connection)
    }

    private var tooLarge: HTTPResponse {
        .error(413, "the request body is over the limit of \(limits.maximumBodySize) bytes (4 MiB)",
               headers: [("Connection", "close")])
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
        MHD_add_response_header(created, "Content-Type", response.contentType)
        MHD_add_response_header(created, "X-Content-Type-Options", "nosniff")
        MHD_add_response_header(created, "Cache-Control", "no-store")
        for (name, value) in response.headers { MHD_add_response_header(created, name, value) }
        return MHD_queue_response(connection, UInt32(response.status), created)
    }

    /// The headers handlers use: a fixed list, so nothing else of a request is copied.
    private static let headerNames = ["Host", "Origin", "Sec-Fetch-Site", "If-Match", "If-None-Match", "Content-Type"]

    private func headers(_ connection: OpaquePointer) -> [String: String] {
        var found: [String: String] = [:]
        for name in HTTPServer.headerNames {
            if let value = lookup(connection, .HEADER_KIND, name) { found[name.lowercased()] = value }
        }
        return found
    }

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
}

/// The body read so far for one request, owned by libmicrohttpd's per-request slot.
private final class PendingRequest {
    var body: [UInt8] = []
    var overflowed = false
    var answered = false
}

private final class QueryBox {
    var items: [(name: String, value: String)] = []
}

private let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, upload, uploadSize, state in
    guard let context, let connection, let url, let method, let uploadSize, let state else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    return server.respond(connection, url: String(cString: url), method: String(cString: method),
                          upload: upload, uploadSize: uploadSize, state: state)
}

private let requestCompleted: MHD_RequestCompletedCallback = { _, _, state, _ in
    guard let state, let pending = state.pointee else { return }
    Unmanaged<PendingRequest>.fromOpaque(pending).release()
    state.pointee = nil
}
