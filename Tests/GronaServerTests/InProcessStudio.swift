import Foundation
import GronaCLI
@testable import GronaServer
import TestSupport

/// The service `grona-snap serve DIR ARGUMENTS…` runs (`ServeCommand.service`: the same folder,
/// history, access policy and limits), called in-process: a request value in, the response value
/// out, as the HTTP server hands them to and from libmicrohttpd. Nothing listens: what only the
/// listener does (sockets, framing, the raw target's checks, deadlines, signals) is CLITests'.
final class InProcessStudio {
    let api: StudioAPI
    /// The port the Host header names, as a browser at http://127.0.0.1:PORT/ would send it.
    let port = 8080

    init(folder: String, arguments: [String] = [], environment: [String: String] = [:]) throws {
        // No log line per request unless a test asks for one (`--log-format`, which wins).
        let environment = ["GRONA_LOG_FORMAT": "none"].merging(environment) { $1 }
        api = try ServeCommand.service(ArraySlice([folder] + arguments), environment: environment).api
    }

    /// Nothing runs between requests; kept so a test reads as one on a process does.
    func stop() {}

    typealias Answer = ServiceAnswer

    /// `path` as a client sends it (percent-encoded, with its query), with the headers a client
    /// names (Host is 127.0.0.1:PORT unless given). Made into the `HTTPRequest` libmicrohttpd's
    /// callbacks make: the path and each query argument percent-decoded, the headers the handlers
    /// read by lowercase name. Heavy work is answered on the heavy lanes, as the worker pool moves it.
    func request(_ method: String, _ path: String, body: [UInt8]? = nil, headers: [String: String] = [:]) throws -> Answer {
        let target = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var fields = ["host": "127.0.0.1:\(port)"]
        for (name, value) in headers where HTTPServer.wantedHeaders.contains(name.lowercased()) { fields[name.lowercased()] = value }
        var request = HTTPRequest(method: method, path: InProcessStudio.decoded(String(target[0])),
                                  query: target.count > 1 ? InProcessStudio.arguments(String(target[1])) : [],
                                  headers: fields, body: body ?? [])
        request.peer = "127.0.0.1"
        request.client = "127.0.0.1"
        request.requestID = "in-process"
        request.arrived = DispatchTime.now().uptimeNanoseconds
        var response = api.handle(request)
        if response.movesToHeavyLanes != nil {
            request.lane = .heavy
            response = api.handle(request)
        }
        var answerHeaders: [String: String] = [:]
        for (name, value) in HTTPServer.headers(of: response) { answerHeaders[name] = value }
        return Answer(status: response.status, headers: answerHeaders, body: response.body)
    }

    /// Percent-decoded as libmicrohttpd decodes a path; bytes that are not UTF-8 are replaced.
    private static func decoded(_ text: String, plusIsSpace: Bool = false) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The query's arguments in order, each name and value decoded (`+` a space); `?flag` has an empty value.
    private static func arguments(_ query: String) -> [(name: String, value: String)] {
        query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decoded(String(parts[0]), plusIsSpace: true), parts.count > 1 ? decoded(String(parts[1]), plusIsSpace: true) : "")
        }
    }
}
