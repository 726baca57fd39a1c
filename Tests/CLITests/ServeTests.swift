import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest
import TestSupport

/// `grona-snap serve`, started as a process on a free port, spoken to over loopback HTTP: what only the
/// listener does (a body over the limit, the request target as sent, signals). The routes' answers are
/// tested in-process, in Tests/GronaServerTests.
final class ServeTests: XCTestCase {
    /// One option row, three sources: `padding` given as `GRONA_PADDING`, as `--padding` and as the
    /// query's `padding` draws the same bytes; the flag wins over the variable, and a variable a
    /// row does not allow (`GRONA_WIDTH`) changes nothing.
    func testPaddingFromTheEnvironmentTheCommandLineAndTheQueryDrawsTheSameBytes() throws {
        let server = try StudioServer(folder: fixtures)
        defer { server.stop() }
        let out = try temporaryFolder(), spec = fixtures + "/message-info.json"
        let plain = try runProgram(try gronaSnapBinary(), ["render", spec, "-o", out + "/plain.png", "--scale", "1"])
        let flag = try snap("render", spec, "-o", out + "/flag.png", "--scale", "1", "--padding", "12")
        let variable = try runProgram(try gronaSnapBinary(), ["render", spec, "-o", out + "/variable.png", "--scale", "1"],
                                      environment: ["GRONA_PADDING": "12", "GRONA_WIDTH": "200"])
        let both = try runProgram(try gronaSnapBinary(), ["render", spec, "-o", out + "/both.png", "--scale", "1", "--padding", "12"],
                                  environment: ["GRONA_PADDING": "40"])
        for run in [plain, flag, variable, both] { XCTAssertEqual(run.status, 0, run.stderr) }
        let answer = try server.request("POST", "/api/render?name=message-info.json&scale=1&padding=12", body: try bytes(spec))
        XCTAssertEqual(answer.status, 200, answer.text)
        let drawn = try bytes(out + "/flag.png")
        XCTAssertNotEqual(drawn, try bytes(out + "/plain.png"))
        XCTAssertEqual(try bytes(out + "/variable.png"), drawn)
        XCTAssertEqual(try bytes(out + "/both.png"), drawn)
        XCTAssertEqual(answer.body, drawn)
        // A bad variable is refused as a bad flag is, naming the variable.
        let bad = try runProgram(try gronaSnapBinary(), ["render", spec, "-o", out + "/bad.png"], environment: ["GRONA_PADDING": "-1"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "error: GRONA_PADDING: \"-1\" is not a number of points from 0 to 512\n")
    }

    func testOversizedBodiesAre413AndTheServerKeepsServing() throws {
        let server = try StudioServer(folder: fixtures)
        defer { server.stop() }
        // The refusal comes from the announced length, before any of the body is read. A client that
        // sends the body anyway may find the connection closed under it (EPIPE), so this one announces
        // the length and sends nothing, as curl does while it waits for "100 Continue".
        let answer = try server.rawRequest("POST /api/render HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
                                           + "Content-Length: \((4 << 20) + 1)\r\nExpect: 100-continue\r\n\r\n")
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 413"), answer)
        XCTAssertTrue(answer.contains(#"{"error":"#), answer)
        // Exactly at the limit is read (and refused as a spec, not as a body).
        let atLimit = try server.request("POST", "/api/render", body: [UInt8](repeating: 0x20, count: 4 << 20))
        XCTAssertEqual(atLimit.status, 400)
        XCTAssertEqual(try server.request("GET", "/healthz").status, 200)
    }

    /// Nothing outside DIR can be read, whatever the path says.
    func testTraversalIsNotFound() throws {
        let folder = try temporaryFolder()
        try FileManager.default.copyItem(atPath: fixtures + "/acme-banner.json", toPath: folder + "/acme-banner.json")
        let outside = try temporaryFolder("outside") + "/secret.json"
        try Data(#"{"component": {"type": "banner", "title": "secret"}}"#.utf8).write(to: URL(fileURLWithPath: outside))
        try FileManager.default.createSymbolicLink(atPath: folder + "/escape.json", withDestinationPath: outside)
        let server = try StudioServer(folder: folder)
        defer { server.stop() }

        XCTAssertEqual(try server.request("GET", "/api/specs/acme-banner.json").status, 200)
        for path in ["/api/specs/..%2F..%2Fetc%2Fpasswd", "/api/specs/%2e%2e%2fPackage.swift", "/api/specs/%2E%2E",
                     "/api/specs/escape.json", "/api/specs/.hidden.json", "/api/specs/%2Fetc%2Fpasswd",
                     "/etc/passwd", "/..%2F..%2Fetc%2Fpasswd", "/studio/main.js/..%2F..%2FPackage.swift",
                     "/studio/..%2F..%2FPackage.swift", "/studio/%2e%2e/studio.html", "/studio.js"] {
            let answer = try server.request("GET", path)
            XCTAssertEqual(answer.status, 404, path)
            XCTAssertFalse(answer.text.contains("secret\""), path)
        }
        let listing = try server.request("GET", "/api/specs")
        XCTAssertFalse(listing.text.contains("escape.json"), "a link out of the folder is not listed")
        XCTAssertEqual(try server.request("PUT", "/api/specs/escape.json", body: try bytes(folder + "/acme-banner.json")).status, 404)
        XCTAssertEqual(try String(contentsOfFile: outside, encoding: .utf8).contains("secret"), true)
        // A posted spec may not read images outside DIR either.
        let image = try server.request("POST", "/api/render", body: Array(#"{"component": {"type": "banner", "title": "x", "image": "\#(fixtures)/images/croissant.png"}}"#.utf8))
        XCTAssertEqual(image.status, 400)
        XCTAssertEqual(image.errorMessage?.contains("is not allowed"), true, image.text)
        XCTAssertEqual(image.errorMessage?.contains(folder), false, "the answer names where DIR is: \(image.text)")
    }

    /// Spec names come from a safe set, a NUL anywhere is refused, and the listing never shows where DIR is.
    func testNamesAreFromASafeSetAndNothingTellsWhereTheFolderIs() throws {
        let folder = try temporaryFolder()
        try FileManager.default.copyItem(atPath: fixtures + "/acme-banner.json", toPath: folder + "/acme-banner.json")
        let server = try StudioServer(folder: folder)
        defer { server.stop() }
        let body = try bytes(folder + "/acme-banner.json")
        for name in ["a%0Ab.json", "a%0Db.json", "a%09b.json", "%E2%80%AEnosj.json", "-rf.json", ".hidden.json", "a%00b.json"] {
            let answer = try server.request("PUT", "/api/specs/" + name, body: body)
            XCTAssertEqual(answer.status, 400, name + ": " + answer.text)
        }
        XCTAssertEqual(try server.request("GET", "/api/specs/acme-banner.json%00.png").status, 400)
        XCTAssertEqual(try server.request("GET", "/studio/fonts/Inter-Regular.otf%00.txt").status, 400, "a %00 anywhere")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != ".git" }, ["acme-banner.json"])
        XCTAssertEqual(try server.request("PUT", "/api/specs/%C3%89t%C3%A9%20offer.json", body: body).status, 200, "letters of any script are fine")
        let listing = try server.request("GET", "/api/specs").text
        XCTAssertFalse(listing.contains(folder), listing)
    }

    /// A font asked for by HEAD (a face of the CJK collection, 16 MB) comes with its length and no body.
    func testAFontByHEADHasItsLengthAndNoBody() throws {
        let server = try StudioServer(folder: fixtures)
        defer { server.stop() }
        let css = try server.request("GET", "/studio/fonts.css").text
        let url = try XCTUnwrap(css.firstMatch(of: /url\("?(\/studio\/fonts\/NotoSansCJKkr-Regular[^")]*)"?\)/).map { String($0.1) }, css)
        let head = try server.request("HEAD", url)
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.header("Content-Type"), "font/otf")
        XCTAssertTrue(head.body.isEmpty)
        let korean = try server.request("GET", url)
        XCTAssertEqual(head.header("Content-Length"), String(korean.body.count))
    }

    /// A SIGTERM sent the moment the "serving …" line is read (a test's teardown, an orchestrator
    /// replacing an instance at once) drains and ends the server: it is never lost between the
    /// default action being turned off and the handler being in place.
    func testASIGTERMSentAsSoonAsItIsUpEndsIt() throws {
        for _ in 0..<10 {
            let server = try StudioServer(folder: fixtures)
            let started = Date()
            // A server that lost the signal is killed after 10 s, so the wait below always ends.
            let pid = server.process.processIdentifier
            let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
            DispatchQueue.global().asyncAfter(deadline: .now() + 10, execute: watchdog)
            server.stop()   // SIGTERM, then wait for the process to end
            watchdog.cancel()
            XCTAssertEqual(server.process.terminationReason, .exit, "drained, not killed (by SIGTERM, or by the watchdog after 10 s)")
            XCTAssertEqual(server.process.terminationStatus, 0)
            XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        }
    }
}

/// One `grona-snap serve` process on a free port of 127.0.0.1.
final class StudioServer {
    let process = Process()
    let port: Int

    /// `in`: the folder it runs in, where relative paths among `arguments` resolve; `environment`
    /// is added to the test's own; `errorLog`: a file that receives its stderr (its log lines).
    init(folder: String, arguments: [String] = [], in workingFolder: String? = nil, environment extra: [String: String] = [:],
         errorLog: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: try gronaSnapBinary())
        if let workingFolder { process.currentDirectoryURL = URL(fileURLWithPath: workingFolder) }
        process.arguments = ["serve", folder, "--port", "0"] + (arguments.contains("--threads") ? [] : ["--threads", "2"]) + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GRONA_FONTS"] = packageRoot + "/Fonts"
        // No log line per request unless a test asks for one (`--log-format`, which wins).
        if environment["GRONA_LOG_FORMAT"] == nil { environment["GRONA_LOG_FORMAT"] = "none" }
        environment.merge(extra) { $1 }
        process.environment = environment
        if let errorLog {
            FileManager.default.createFile(atPath: errorLog, contents: nil)
            process.standardError = FileHandle(forWritingAtPath: errorLog)
        }
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        // The first line says where it listens: "serving DIR on http://127.0.0.1:PORT/ (…)".
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: #"127\.0\.0\.1:(\d+)/"#, options: .regularExpression),
              let port = Int(text[range].dropFirst("127.0.0.1:".count).dropLast()) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "serve did not start: \(text)"])
        }
        self.port = port
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }

    typealias Answer = ServiceAnswer

    /// Sends `head` as it is over a plain socket and returns everything the server answers until it
    /// closes the connection (or 10 s pass), for requests URLSession would not send as they are.
    func rawRequest(_ head: String) throws -> String {
        let answer = try rawExchange(Array(head.utf8), port: port, waiting: 10) { answer in
            // The whole answer is in once its body has the announced length.
            let text = String(decoding: answer, as: UTF8.self)
            guard let split = text.range(of: "\r\n\r\n"),
                  let line = text[..<split.lowerBound].split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
                  let length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) else { return false }
            return text.utf8.distance(from: split.upperBound.samePosition(in: text.utf8)!, to: text.utf8.endIndex) >= length
        }
        return String(decoding: answer, as: UTF8.self)
    }

    func request(_ method: String, _ path: String, body: [UInt8]? = nil, headers: [String: String] = [:]) throws -> Answer {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.httpBody = body.map { Data($0) }
        request.timeoutInterval = 60
        // A fresh connection each time: the server closes a kept-alive connection idle for 5 s (its
        // header deadline), and URLSession on Linux can send the next request on one it has just
        // closed and then wait on it past its timeout, when a test works longer than that between
        // two requests on a loaded machine.
        request.setValue("close", forHTTPHeaderField: "Connection")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let box = AnswerBox()
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, error in
            if let response = response as? HTTPURLResponse {
                var fields: [String: String] = [:]
                for (key, value) in response.allHeaderFields { fields["\(key)"] = "\(value)" }
                box.result = .success(Answer(status: response.statusCode, headers: fields, body: [UInt8](data ?? Data())))
            } else {
                box.result = .failure(error ?? URLError(.badServerResponse))
            }
            done.signal()
        }.resume()
        done.wait()
        return try box.result!.get()
    }
}

/// Sends `bytes` over a plain socket from `source` (an address of 127/8) to 127.0.0.1:`port` and
/// returns what comes back until the server closes the connection, `complete` says the answer is
/// whole, or `waiting` seconds pass without a byte: for requests URLSession would not send as they
/// are, or not from that address.
func rawExchange(_ bytes: [UInt8], port: Int, source: String = "127.0.0.1", waiting: Int,
                 complete: ([UInt8]) -> Bool = { _ in false }) throws -> [UInt8] {
    #if canImport(Glibc)
    let stream = Int32(SOCK_STREAM.rawValue)  // an enum in Glibc's overlay
    #else
    let stream = SOCK_STREAM
    #endif
    let socket = Foundation.socket(AF_INET, stream, 0)
    guard socket >= 0 else { throw POSIXError(.EIO) }
    defer { close(socket) }
    var timeout = timeval(tv_sec: waiting, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    func address(_ host: String, _ port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        return address
    }
    var local = address(source, 0), remote = address("127.0.0.1", port)
    let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
    let connected = withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
    guard bound == 0, connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    guard send(socket, bytes, bytes.count, 0) == bytes.count else { throw POSIXError(.EIO) }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while !complete(answer) {
        let count = recv(socket, &buffer, buffer.count, 0)
        if count <= 0 { break }
        answer += buffer[0..<count]
    }
    return answer
}

/// Written by the session's callback before it signals, read after the wait: the semaphore orders the
/// two accesses, which is why `@unchecked Sendable` is safe.
private final class AnswerBox: @unchecked Sendable {
    var result: Result<StudioServer.Answer, Error>?
}
