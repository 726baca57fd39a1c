import Foundation
import Grona
import GronaRequests

/// `grona-snap serve [DIR] [--port 8080] [--host 127.0.0.1]`: the studio page and the HTTP API.
enum ServeCommand {
    static let command = Command(
        name: "serve", synopsis: "[DIR] [--port 8080] [--host 127.0.0.1]", summary: "the studio and the HTTP API for DIR's specs",
        arguments: "[DIR]",
        about: """
            Serves the studio (open http://127.0.0.1:8080/ in a browser) and the HTTP API for the specs
            in DIR (default: the current folder): preview a campaign at every text size, light and dark,
            left-to-right and right-to-left as you type, and save it back to its file. The API renders
            the same bytes as grona-snap render; see docs/service.md for its routes.

            Specs are read from and saved to DIR only; fonts and images must be inside DIR (or the
            --assets-root folders) or GronaSnap's Fonts/. DIR is a git repository (made on the first
            start when it is not in one): every change is one commit of the files it touched, by the
            person who asked. Stop it with Ctrl-C.
            """,
        options: [
            CommandOption(flag: "--port", placeholder: "N", schema: .integer(0...65535),
                          summary: "the TCP port (default 8080; 0 picks a free one, printed at start)"),
            CommandOption(flag: "--host", placeholder: "ADDRESS",
                          summary: "the address to listen on (default 127.0.0.1, this machine only); another address (0.0.0.0: "
                            + "every interface) lets other machines in, and needs --token-file"),
            CommandOption(flag: "--token-file", placeholder: "FILE",
                          summary: "every API request must send Authorization: Bearer TOKEN, the file's first line (open the page "
                            + "as http://HOST:PORT/#token=TOKEN)"),
            CommandOption(flag: "--threads", placeholder: "N", schema: .integer(1...64),
                          summary: "rendering threads, each with its own text engine (default: one per core, at least 2); heavy "
                            + "requests (16 Mpx drawn and up) run on N - 1 more threads of their own, so they never take every one"),
            CommandOption(flag: "--queue", placeholder: "N", schema: .integer(1...4096),
                          summary: "requests that may wait for a thread (default 32, a quarter of them from one client); more get 503"),
            CommandOption(flag: "--remote", placeholder: "NAME",
                          summary: "a remote of DIR's git repository (origin) that each change is pushed to, and pulled from "
                            + "before a read more than 3 s after the last pull: instances on several machines share one history"),
            CommandOption(flag: "--trusted-proxy", placeholder: "ADDRESS",
                          summary: "the proxy in front (127.0.0.1): its X-Forwarded-For names the client for fair queueing, and "
                            + "it has no per-address connection limit"),
        ],
        epilogue: """
            SIGTERM drains: no new connections, the requests in hand finish (30 s at most), then it exits;
            /readyz says 503 meanwhile. /metrics has the queues, refusals and memory for Prometheus.

            Each rendering request is costed before it is drawn and refused (422) when over the budget
            of \(RenderBudget().heldPixels >> 20) megapixels held at once, \(RenderBudget().drawnPixels >> 20) drawn or \(RenderBudget().characters) characters
            laid out; the message says what to lower.
            """,
        positionals: 0...1, run: run)

    static func run(_ words: ArraySlice<String>) throws {
        let args = try Arguments(words, for: command)
        let port = try args.integer("--port") ?? 8080
        // An address, as libmicrohttpd binds one; "localhost" is the loopback address it names.
        let host = args.value("--host").map { $0 == "localhost" ? "127.0.0.1" : $0 } ?? "127.0.0.1"
        var limits = HTTPLimits()
        limits.workers = try args.integer("--threads") ?? limits.workers
        limits.queue = try args.integer("--queue") ?? limits.queue
        limits.trustedProxy = try args.value("--trusted-proxy").map(ServeCommand.address)
        let folder = try SpecFolder(args.positionals.first ?? ".")
        let roots = try AssetRoots.parse(args.value("--assets-root")) ?? [folder.path]
        _ = try Specs.fontsFolder()
        let loopback = host == "127.0.0.1" || host == "::1" || host.hasPrefix("127.")
        let token = try args.value("--token-file").map(readToken)
        if !loopback, token == nil {
            throw RequestError("serve: --host \(host) lets other machines in; give --token-file FILE with a secret they must send")
        }
        var api = StudioAPI(folder: folder, assetRoots: roots, loopbackOnly: loopback, studio: StudioFiles())
        // DIR's history: a repository (made on the first start, with its campaigns as they are).
        do {
            api.folder.history = try CampaignHistory(folder: folder.path, remote: args.value("--remote"),
                                                     files: { [api] in folder.names() + api.imagePaths() })
        } catch let failure as CampaignHistory.Failure {
            throw RequestError("serve: \(folder.path) keeps its history in git, which failed: \(failure) (is git installed?)")
        }
        api.token = token
        api.listenAddress = host
        let server = try HTTPServer(host: host, port: UInt16(port), limits: limits, status: api.status, handler: api.handle)
        if !loopback {
            FileHandle.standardError.write(Data("""
                warning: listening on \(host): other machines can reach the studio; requests without the \
                token are refused. Use HTTPS in front of it (a proxy) so the token is not sent in the clear.\n
                """.utf8))
        }
        let shown = host.contains(":") ? "[\(host)]" : host
        // libmicrohttpd's threads do the work; this one waits for Ctrl-C (stop now) or SIGTERM (drain:
        // what a service manager or an orchestrator sends before it replaces an instance). The
        // handlers are in place, synchronously, before the line below says the server is up: a
        // SIGTERM sent as soon as that line is read (a test's teardown, a quick replacement) must
        // not fall into a moment when it is neither acted on nor left to kill the process, and a
        // dispatch signal source is only installed some time after it is resumed.
        let received = StopSignal.wait {
            // One line on stdout, written at once: scripts read the port from it.
            FileHandle.standardOutput.write(Data("serving \(folder.path) on http://\(shown):\(server.port)/ (Ctrl-C to stop)\n".utf8))
        }
        if received == SIGTERM { server.drain(seconds: 30) } else { server.stop() }
    }

    /// A numeric IPv4 or IPv6 address, as the client address of a connection is written.
    static func address(_ text: String) throws -> String {
        var v4 = in_addr(), v6 = in6_addr()
        guard inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1 else {
            throw RequestError("--trusted-proxy: \(quoted(text, limit: 64)) is not an IP address (like 127.0.0.1 or ::1)")
        }
        return text
    }

    /// The token: the file's first line, which must hold at least 16 characters with no spaces.
    static func readToken(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RequestError("--token-file: cannot read \(path)")
        }
        let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let token = line.trimmingCharacters(in: .whitespaces)
        guard token.count >= 16, !token.contains(where: { $0.isWhitespace || !$0.isASCII }) else {
            throw RequestError("--token-file: \(path) must start with a line of at least 16 printable ASCII characters, no spaces")
        }
        return token
    }
}

/// SIGINT and SIGTERM for `serve`, through a pipe: the handler only writes the signal's number to
/// it (write(2) is safe in a handler), and `wait` reads it. `sigaction` puts the handler in place
/// before it returns, so no signal sent after `ready` runs is lost.
enum StopSignal {
    /// The pipe's write end, for the handler (set once, before the handler is installed).
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// Installs the handlers, runs `ready`, then blocks until SIGINT or SIGTERM; which one came.
    static func wait(after ready: () -> Void) -> Int32 {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { fatalError("serve: cannot make a pipe for its signals") }
        writeEnd = ends[1]
        for number in [SIGINT, SIGTERM] {
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = forward
            #else
            action.__sigaction_handler.sa_handler = forward
            #endif
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        ready()
        var number: UInt8 = 0
        while read(ends[0], &number, 1) != 1 {}
        return Int32(number)
    }

    private static let forward: @convention(c) (Int32) -> Void = { number in
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(StopSignal.writeEnd, &byte, 1)
    }
}
