import Foundation
import Grona
import GronaRequests
import GronaServer

/// `grona-snap serve [DIR] [--port 8080] [--host 127.0.0.1]`: the studio page and the HTTP API.
package enum ServeCommand {
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
                            + "every interface) lets other machines in, and needs --token-file, --tokens or --trusted-proxy"),
            CommandOption(flag: "--public-url", placeholder: "URL", repeatable: true,
                          summary: "a name people reach the studio by, through a proxy in front (https://grona.team.example); "
                            + "repeatable. Host and Origin must then be one of these or loopback; any other name gets 403"),
            CommandOption(flag: "--token-file", placeholder: "FILE",
                          summary: "every API request must send Authorization: Bearer TOKEN, the file's first line (open the page "
                            + "as http://HOST:PORT/#token=TOKEN)"),
            CommandOption(flag: "--tokens", placeholder: "FILE",
                          summary: "a token per person: each line a name and the SHA-256 of that person's token in hex "
                            + "(printf '%s' \"$TOKEN\" | sha256sum), never the token; requests then need one of them, and the "
                            + "log names the person. SIGHUP reads it again"),
            CommandOption(flag: "--trusted-proxy", placeholder: "ADDRESS", repeatable: true,
                          summary: "a proxy in front, an address or a CIDR range (127.0.0.1, 10.0.0.0/8, fd00::/8); repeatable: "
                            + "its X-Forwarded-For names the client for fair queueing, its X-Forwarded-User or X-Forwarded-Email "
                            + "the person (an auth proxy's), its X-Request-Id the request; no per-address connection limit"),
            CommandOption(flag: "--threads", placeholder: "N", schema: .integer(1...64),
                          summary: "rendering threads, each with its own text engine (default: one per core, at least 2); heavy "
                            + "requests (16 Mpx drawn and up) run on N - 1 more threads of their own, so they never take every one"),
            CommandOption(flag: "--queue", placeholder: "N", schema: .integer(1...4096),
                          summary: "requests that may wait for a thread (default 32, a quarter of them from one client); more "
                            + "from one client get 429, more in all 503"),
            CommandOption(flag: "--log-format", placeholder: "FORMAT", schema: .choice(ServiceLog.Format.allCases.map(\.rawValue)),
                          summary: "a line on stderr per request and per change to the folder: json (default), text or none"),
            CommandOption(flag: "--metrics-listen", placeholder: "ADDRESS:PORT",
                          summary: "also answer /healthz, /readyz and /metrics (only) on this address, e.g. 127.0.0.1:9090, "
                            + "out of reach of the connection limits"),
            CommandOption(flag: "--config", placeholder: "FILE",
                          summary: "GRONA_NAME=value lines (systemd's EnvironmentFile format) for any of these options; read "
                            + "again on SIGHUP, when the tokens and public URLs change at once"),
            CommandOption(flag: "--remote", placeholder: "NAME",
                          summary: "a remote of DIR's git repository (origin) that each change is pushed to, and pulled from "
                            + "before a read more than 3 s after the last pull: instances on several machines share one history"),
        ],
        epilogue: """
            Every option may also come from the environment: GRONA_ and its name (GRONA_PORT, GRONA_PUBLIC_URL with
            commas between URLs, GRONA_DIR for DIR); the command line wins, then the environment, then --config.

            SIGTERM drains: no new connections, the requests in hand finish (30 s at most), then it exits;
            /readyz says 503 meanwhile. SIGHUP reads --tokens, --token-file and --config again, without
            dropping a request. /healthz, /readyz and /metrics are answered at once, however busy.

            Each rendering request is costed before it is drawn and refused (422) when over the budget
            of \(RenderBudget().heldPixels >> 20) megapixels held at once, \(RenderBudget().drawnPixels >> 20) drawn or \(RenderBudget().characters) characters
            laid out; the message says what to lower.
            """,
        environmentPrefix: ServiceConfig.prefix, positionals: 0...1, run: run)

    /// What `serve` runs, made from its words and the environment as `run` makes it: the API (a
    /// request value in, a response value out), the server's limits and where it listens. The
    /// in-process route tests (Tests/GronaServerTests) make theirs here, so they test the service `serve` runs.
    package struct Service {
        package let api: StudioAPI
        package let limits: HTTPLimits
        package let host: String
        package let port: Int
        let loopback: Bool
        let settings: Settings
        let log: ServiceLog
        let policy: AccessPolicy
        let access: AccessPolicy.Settings
    }

    package static func service(_ words: ArraySlice<String>, environment: [String: String]) throws -> Service {
        let settings = try Settings(words, environment: environment)
        let args = settings.arguments
        let port = try args.integer("--port") ?? 8080
        // An address, as libmicrohttpd binds one; "localhost" is the loopback address it names.
        let host = args.value("--host").map { $0 == "localhost" ? "127.0.0.1" : $0 } ?? "127.0.0.1"
        var limits = HTTPLimits()
        limits.workers = try args.integer("--threads") ?? limits.workers
        limits.queue = try args.integer("--queue") ?? limits.queue
        limits.trustedProxies = try TrustedProxies.parse(args.values("--trusted-proxy"))
        limits.answeredAtOnce = StudioAPI.openToAnyone
        let format = try args.parsed("--log-format") { text -> ServiceLog.Format in
            guard let format = ServiceLog.Format(rawValue: text) else { throw RequestError("\(quoted(text)) is not json, text or none") }
            return format
        } ?? .json
        let folder = try SpecFolder(args.positionals.first ?? ".")
        // Saves and uploads write a hidden temporary file first; a server killed in between left it.
        let leftovers = folder.removeLeftovers()
        if leftovers > 0 {
            FileHandle.standardError.write(Data("removed \(leftovers) temporary file\(leftovers == 1 ? "" : "s") a stopped server left in \(folder.displayName)\n".utf8))
        }
        let roots = try AssetRoots.parse(args.value("--assets-root")) ?? [folder.path]
        _ = try Specs.fontsFolder()
        let loopback = host == "127.0.0.1" || host == "::1" || host.hasPrefix("127.")
        var access = AccessPolicy.Settings()
        access.loopbackOnly = loopback
        access.listenAddress = host
        access.trustedProxies = limits.trustedProxies
        (access.token, access.people, access.publicURLs) = try settings.reloadable()
        if !loopback, access.token == nil, access.people.isEmpty, limits.trustedProxies.isEmpty {
            throw RequestError("serve: --host \(host) lets other machines in; give --token-file FILE with a secret they must send, "
                               + "--tokens FILE with one per person, or --trusted-proxy ADDRESS for an auth proxy in front")
        }
        let log = ServiceLog(format: format)
        let policy = AccessPolicy(access)
        var api = StudioAPI(folder: folder, assetRoots: roots, access: policy, studio: StudioFiles(), status: ServerStatus(log: log))
        // DIR's history: a repository (made on the first start, with its campaigns as they are).
        do {
            api.folder.history = try CampaignHistory(folder: folder.path, remote: args.value("--remote"),
                                                     files: { [api] in folder.names() + api.imagePaths() })
        } catch let failure as CampaignHistory.Failure {
            throw RequestError("serve: \(folder.path) keeps its history in git, which failed: \(failure) (is git installed?)")
        }
        return Service(api: api, limits: limits, host: host, port: port, loopback: loopback, settings: settings, log: log,
                       policy: policy, access: access)
    }

    static func run(_ words: ArraySlice<String>) throws {
        let environment = ProcessInfo.processInfo.environment
        let service = try service(words, environment: environment)
        let (api, limits, host, port, loopback, log, policy, access) = (service.api, service.limits, service.host, service.port,
                                                                        service.loopback, service.log, service.policy, service.access)
        let args = service.settings.arguments, folder = api.folder
        let server = try HTTPServer(host: host, port: UInt16(port), limits: limits, status: api.status, handler: api.handle)
        let metricsServer = try args.value("--metrics-listen").map { try probeServer($0, api: api) }
        if !loopback {
            FileHandle.standardError.write(Data("""
                warning: listening on \(host): other machines can reach the studio; requests without a token (or an auth \
                proxy's user) are refused. Use HTTPS in front of it (a proxy) so tokens are not sent in the clear.\n
                """.utf8))
        }
        let shown = host.contains(":") ? "[\(host)]" : host
        // libmicrohttpd's threads do the work; this one waits for Ctrl-C (stop now), SIGTERM (drain:
        // what a service manager or an orchestrator sends before it replaces an instance) or SIGHUP
        // (read the tokens and public URLs again). The handlers are in place, synchronously, before
        // the line below says the server is up: a SIGTERM sent as soon as that line is read (a
        // test's teardown, a quick replacement) must not fall into a moment when it is neither acted
        // on nor left to kill the process, and a dispatch signal source is only installed some time
        // after it is resumed.
        let received = StopSignal.wait(after: {
            // One line on stdout, written at once: scripts read the port from it.
            FileHandle.standardOutput.write(Data("serving \(folder.path) on http://\(shown):\(server.port)/ (Ctrl-C to stop)\n".utf8))
            log.event("started", [("address", "http://\(shown):\(server.port)/"), ("version", gronaSnapVersion),
                                  ("public_urls", access.publicURLs.map(\.origin).joined(separator: ",")),
                                  ("people", String(access.people.entries.count))]
                      + (metricsServer.map { [("metrics", "http://\($0.address)/metrics")] } ?? []))
        }, hangUp: {
            // Requests in flight keep the settings they were admitted under; a bad file keeps the old.
            do {
                let (token, people, publicURLs) = try Settings(words, environment: environment).reloadable()
                policy.replace(people: people, token: token, publicURLs: publicURLs)
                log.event("reloaded", [("people", String(people.entries.count)), ("public_urls", publicURLs.map(\.origin).joined(separator: ","))])
            } catch {
                FileHandle.standardError.write(Data("error: SIGHUP: \(error); the settings in use are kept\n".utf8))
            }
        })
        metricsServer?.server.stop()
        if received == SIGTERM { server.drain(seconds: 30) } else { server.stop() }
    }

    /// The command line with what the environment and `--config` add (`ServiceConfig`), and the
    /// settings SIGHUP reads again.
    struct Settings {
        let arguments: Arguments

        init(_ words: ArraySlice<String>, environment: [String: String]) throws {
            let given = try Arguments(words, for: command)
            let configPath = given.value("--config") ?? environment[ServiceConfig.prefix + "CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
            let file = try configPath.map { try ServiceConfig.read($0, for: command) } ?? [:]
            arguments = try Arguments(ArraySlice(try ServiceConfig.words(words, for: command, layers: [environment, file])), for: command)
        }

        /// The shared token, the people and the public URLs.
        func reloadable() throws -> (String?, PersonTokens, [PublicURL]) {
            (try arguments.value("--token-file").map(ServeCommand.readToken),
             try arguments.value("--tokens").map(PersonTokens.read) ?? PersonTokens(),
             try PublicURL.parse(arguments.values("--public-url")))
        }
    }

    /// `--metrics-listen ADDRESS:PORT`: a second listener that answers only the probes and /metrics,
    /// with its own connections, so a scrape still gets in when the main port is at its limits.
    static func probeServer(_ text: String, api: StudioAPI) throws -> (server: HTTPServer, address: String) {
        let refused = RequestError("--metrics-listen: \(quoted(text, limit: 64)) is not ADDRESS:PORT (127.0.0.1:9090, [::1]:9090)")
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else { throw refused }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard AddressRange.parse(host) != nil else { throw refused }
        var limits = HTTPLimits()
        limits.workers = 1
        limits.queue = 1
        limits.answeredAtOnce = StudioAPI.openToAnyone
        let probes = StudioAPI.openToAnyone
        let server = try HTTPServer(host: host, port: port, limits: limits, status: api.status) { request in
            guard probes.contains(request.path) else { return .error(404, "only /healthz, /readyz and /metrics are answered here") }
            return api.handle(request)
        }
        return (server, (host.contains(":") ? "[\(host)]" : host) + ":\(server.port)")
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

/// SIGINT, SIGTERM and SIGHUP for `serve`, through a pipe: the handler only writes the signal's
/// number to it (write(2) is safe in a handler), and `wait` reads it. `sigaction` puts the handler in
/// place before it returns, so no signal sent after `ready` runs is lost.
enum StopSignal {
    /// The pipe's write end, for the handler (set once, before the handler is installed).
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// Installs the handlers, runs `ready`, then blocks until SIGINT or SIGTERM, running `hangUp`
    /// for each SIGHUP meanwhile (on this thread, while the server goes on serving); which one ended it.
    static func wait(after ready: () -> Void, hangUp: () -> Void = {}) -> Int32 {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { fatalError("serve: cannot make a pipe for its signals") }
        writeEnd = ends[1]
        for number in [SIGINT, SIGTERM, SIGHUP] {
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
        while true {
            var number: UInt8 = 0
            while read(ends[0], &number, 1) != 1 {}
            if Int32(number) == SIGHUP { hangUp(); continue }
            return Int32(number)
        }
    }

    private static let forward: @convention(c) (Int32) -> Void = { number in
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(StopSignal.writeEnd, &byte, 1)
    }
}
