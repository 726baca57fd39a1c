import Foundation
import Grona
import GronaRequests
import PNG
import Text

// The HTTP API and the studio page. Each route parses its query into the request the command line
// runs too (GronaRequests: `RenderRequest`, `CheckRequest`, `SheetRequest`, `AnimateRequest`), so
// `/api/render` answers with the bytes `grona-snap render` writes, and an error is the command
// line's one line (`RequestError`, which also gives the status).
// The routes, their parameters, their answers and their handlers are one table (`StudioAPI.routes`),
// which both dispatches requests and is served as the OpenAPI description (`OpenAPIDocument`).
//
// A posted spec is decoded as if it were the file DIR/<name> (query `name`, default `untitled.json`):
// its relative image paths resolve in DIR, its fonts and images must be inside DIR (or the
// --assets-root folders) or GronaSnap's Fonts/, and errors name it as `name: $.path: problem`,
// without saying what exists outside those folders or where DIR is.
//
// Every rendering request is costed before anything is drawn (`RenderCost`: the card is laid out
// to learn its size) and refused with 422, naming what to lower, when over the `RenderBudget`.
//
// Status codes: 200; 400 bad input (the message is the CLI's); 401 a token is required and was not
// given; 403 a cross-site request to a route that changes or costs something, or a Host that is not
// this loopback server; 404; 405 (with Allow); 409 a save over a file that changed; 413 a body over
// 4 MiB; 422 over the budget, or a spec file too large to serve; 429 a client over its share of the
// queue, 503 the server full (both with Retry-After); 507 the folder is full. Nothing a client sends
// gives a 500. Who may ask and who is asking is `AccessPolicy`'s (Access.swift); each change to the
// folder is written to the log as an audit line (`AuditTrail`).
package struct StudioAPI: Sendable {
    package var folder: SpecFolder
    /// Folders fonts and images may come from (besides GronaSnap's Fonts/).
    let assetRoots: [String]
    /// Who may ask, by which names, and who is asking (`AccessPolicy`): reloaded on SIGHUP.
    let access: AccessPolicy
    let studio: StudioFiles
    /// The server's queues and counts, for /readyz and /metrics, and its log.
    package var status = ServerStatus()
    let budget = RenderBudget()
    /// Pixels held by the requests rendering now, across all workers: at most two budgets' worth,
    /// so the server's memory has a ceiling whatever --threads is.
    let memory = PixelReservations(capacity: 2 * RenderBudget().heldPixels)
    /// The studio's tiles drawn lately (32 MiB of PNGs), so an edit redraws only the tiles it changes.
    let tiles = TileCache(capacity: 32 << 20)

    /// Longest a sheet may be (cells): a bound on the time one request can take (the fastest an
    /// animation may be is `OptionTable.fps`'s service limit).
    static let maximumSheetCells = 96

    package init(folder: SpecFolder, assetRoots: [String], access: AccessPolicy, studio: StudioFiles, status: ServerStatus) {
        self.folder = folder; self.assetRoots = assetRoots; self.access = access; self.studio = studio; self.status = status
    }

    package func handle(_ request: HTTPRequest) -> HTTPResponse {
        let matched = StudioAPI.route(for: request)
        var caller = AccessPolicy.Caller()
        var response: HTTPResponse
        do {
            let path = request.path
            caller = try access.admit(request, openToAnyone: StudioAPI.openToAnyone.contains(path),
                                      needsToken: path.hasPrefix("/api/") && !StudioAPI.tokenless.contains(path))
            var admitted = request
            admitted.person = caller.person
            response = try route(admitted)
        } catch let heavy as HeavyWork {
            return .heavy(heavy.pixels)
        } catch {
            // Whatever the renderer refused (a spec, an option, an image too large) is the input's
            // fault: `RequestError.from` says so, and gives the status.
            response = .error(RequestError.from(error), redacting: folder.redacted)
        }
        response.route = matched?.id ?? (studio.response(for: request.path) != nil ? "page" : "none")
        response.person = caller.person
        if let matched, let entry = AuditTrail.entry(route: matched.id, name: matched.pathName(request.path), request: request, response: response) {
            status.log.audit(entry.action, entry.campaign, details: entry.details, request: request, caller: caller)
        }
        return response
    }

    /// The route a request asks for (by path and method), if any.
    static func route(for request: HTTPRequest) -> Route? {
        routes.first { $0.matches(request.path) && ($0.method == request.method || ($0.method == "GET" && request.method == "HEAD")) }
    }

    private func route(_ request: HTTPRequest) throws -> HTTPResponse {
        let path = request.path
        if let page = studio.response(for: path) {
            guard request.method == "GET" || request.method == "HEAD" else { return methodNotAllowed("GET, HEAD") }
            // A link from another site may open the page (a navigation); nothing else of it is theirs.
            if request.header("Sec-Fetch-Mode") != "navigate" { try access.refuseCrossSite(request) }
            return try page()
        }
        let matching = StudioAPI.routes.filter { $0.matches(path) }
        guard !matching.isEmpty else { throw RequestError(.notFound, "not found: \(path)") }
        let methods = matching.flatMap { $0.method == "GET" ? ["GET", "HEAD"] : [$0.method] }
        guard let route = matching.first(where: { $0.method == request.method || ($0.method == "GET" && request.method == "HEAD") }) else {
            return methodNotAllowed(methods.joined(separator: ", "))
        }
        // Reads too: a page elsewhere must not learn which images or specs exist by loading them.
        if !StudioAPI.openToAnyone.contains(route.path) { try access.refuseCrossSite(request) }
        let name = route.pathName(path)
        return try route.handle(self, request, route, name)
    }

    /// The routes a load balancer or a monitor calls: no Host check, no token, no site check.
    package static let openToAnyone: Set<String> = Set(routes.filter { $0.access == .anyone }.map(\.path))
    /// The routes that need no token even when the server has one (the page's own, the description).
    static let tokenless: Set<String> = Set(routes.filter { $0.access != .api }.map(\.path))

    /// GET /readyz: 200 while this instance should be sent work, else 503 with Retry-After.
    func readiness() -> HTTPResponse {
        let (ready, queues) = status.ready
        let body = JSONValue.members([("ready", .bool(ready)), ("draining", .bool(status.draining)),
                                      ("queued", .number(Double(queues.light + queues.heavy))), ("running", .number(Double(queues.running))),
                                      ("capacity", .number(Double(queues.capacity)))])
        return .json(body, status: ready ? 200 : 503, headers: ready ? [] : [("Retry-After", "1")])
    }

    private func methodNotAllowed(_ allowed: String) -> HTTPResponse {
        .error(RequestError(.methodNotAllowed(allowed: allowed), "method not allowed; use \(allowed)"), redacting: { $0 })
    }

    // ------------------------------------------------------------------ rendering

    func render(_ request: HTTPRequest, _ route: Route) throws -> HTTPResponse {
        let options = try RenderOptions(request, route)
        let render = try RenderRequest(spec: try spec(request, options), options: options.source)
        let session = try RenderSession.current()
        let costed = try render.costed(in: session)
        let held = try afford(costed.cost, "the snapshot", lower: "width, scale, textSize or padding", for: request)
        defer { held.release() }
        return HTTPResponse(status: 200, contentType: "image/png", body: try render.run(on: costed.renderer, in: session).png)
    }

    func report(_ request: HTTPRequest, _ route: Route) throws -> HTTPResponse {
        let options = try RenderOptions(request, route)
        let render = try RenderRequest(spec: try spec(request, options), options: options.source)
        let costed = try render.costed(in: try RenderSession.current())
        let held = try afford(costed.cost, "the snapshot", lower: "width, scale, textSize or padding", for: request)
        defer { held.release() }
        return .json(try render.report(on: costed.renderer).json())
    }

    /// POST /api/check: what `grona-snap check --format json` prints for the spec (named by `name`),
    /// with the same overrides, axes and `ignore` list.
    func check(_ request: HTTPRequest, _ route: Route) throws -> HTTPResponse {
        let options = try RenderOptions(request, route)
        let spec = try self.spec(request, options)
        let check = CheckRequest(specs: [spec], overrides: options.overrides, axes: VariantPlan.axes(try options.axes(), for: spec),
                                 ignored: try options.ignored())
        try limitVariants(check.jobs.count, "the check")
        let session = try RenderSession.current()
        // The renderers that costed the variants render them, so each is laid out once.
        let costed = try check.costed(in: session)
        let held = try afford(costed.cost, "the check", lower: StudioAPI.lowerVariants, for: request)
        defer { held.release() }
        let result = try check.run(in: session, laidOut: costed.renderers, stop: request.clientGone)
        return .json(CheckRequest.json(result, paths: [options.name]) + "\n")
    }

    func sheet(_ request: HTTPRequest, _ route: Route) throws -> HTTPResponse {
        let options = try RenderOptions(request, route)
        let spec = try self.spec(request, options)
        var sheet = SheetRequest(spec: spec, overrides: options.overrides, axes: VariantPlan.axes(try options.axes(), for: spec),
                                 overlay: options.overlay)
        sheet.columns = try options.source.value(OptionTable.columns)
        try limitVariants(sheet.environments.count, "the sheet")
        let session = try RenderSession.current()
        // The renderers that costed the cells draw them, on this worker's warm engine.
        let costed = try sheet.costed(in: session)
        let held = try afford(costed.cost, "the sheet", lower: StudioAPI.lowerVariants, for: request)
        defer { held.release() }
        let pixmap = try sheet.run(in: session, jobs: 1, laidOut: costed.renderers, stop: request.clientGone)
        return HTTPResponse(status: 200, contentType: "image/png", body: try encodePNG(pixmap))
    }

    func animate(_ request: HTTPRequest, _ route: Route) throws -> HTTPResponse {
        let options = try RenderOptions(request, route)
        let animate = try AnimateRequest(spec: try self.spec(request, options), options: options.source)
        let session = try RenderSession.current()
        let held = try afford(try animate.cost(in: session),
                              "the animation (\(animate.frameTimes.count) frames)", lower: "fps, width, scale, textSize or padding", for: request)
        defer { held.release() }
        let frames = try animate.frames(jobs: 1, session: session, stop: request.clientGone)
        return HTTPResponse(status: 200, contentType: "image/png", body: try animate.encode(frames))
    }

    static let lowerVariants = "the number of variants (textSizes, appearances, directions, locales, pseudos), width, scale or textSize"

    /// The posted spec, decoded as DIR/<name>.
    private func spec(_ request: HTTPRequest, _ options: RenderOptions) throws -> Spec {
        try Specs.decode(request.body, file: options.name, folder: folder.path, assetRoots: assetRoots, disclosingPaths: false)
    }

    /// A bound on the time one request can take, before its cost is even estimated.
    private func limitVariants(_ count: Int, _ what: String) throws {
        guard count <= StudioAPI.maximumSheetCells else {
            throw RequestError(.overBudget, "\(what) would render \(count) variants, over the limit of \(StudioAPI.maximumSheetCells) per request; "
                              + "lower the number of textSizes, appearances, directions, locales or pseudos, or use grona-snap for bigger ones")
        }
    }

    /// Refuses `cost` when it is over the budget; moves heavy work found on a light lane to the
    /// heavy lanes (`WorkerPool`); otherwise waits until its pixels fit beside the other requests'
    /// (at most 30 s, then 503) and holds them until the route returns. Every rendering route
    /// passes here before it draws.
    func afford(_ cost: RenderCost, _ what: String, lower: String, for request: HTTPRequest) throws -> PixelReservations.Held {
        try budget.check(cost, what: what, lower: lower)
        if request.lane == .light, let pixels = WorkerPool.heavyCost(cost) { throw HeavyWork(pixels: pixels) }
        guard let held = memory.reserve(cost.heldPixels, waitingAtMost: 30) else {
            throw RequestError(.busy, "the server is busy with large renders; try again in a moment")
        }
        return held
    }

    /// Work on text rather than pixels (a three-way merge, a translation file read back), costed as
    /// renders are, by the characters it reads (`bytes`: its input's size, on which its time is
    /// linear): over the budget's characters it is refused (422); from 65,536 on it is heavy work,
    /// queued on the heavy lanes by its cost like a large render; its memory (a parsed byte takes a
    /// few dozen bytes: counted as 8 pixels) is held among the renders'. So twelve clients looping
    /// large merges get the heavy lanes' share, and a small render beside them is not kept waiting.
    func affordText(_ bytes: Int, _ what: String, lower: String, for request: HTTPRequest) throws -> PixelReservations.Held {
        guard bytes <= budget.characters else {
            throw RequestError(.overBudget, "\(what) is \(bytes) bytes, over the limit of \(budget.characters) per request; \(lower)")
        }
        return try afford(RenderCost(heldPixels: bytes * 8, characters: bytes), what, lower: lower, for: request)
    }

    // ------------------------------------------------------------------ the spec files

    func listSpecs() throws -> HTTPResponse {
        let entries = folder.names().map { name -> JSONValue in
            guard case .bytes(let bytes) = folder.read(name) else {
                return .members([("name", .string(name)), ("error", .string("the file is over the limit of \(JSONParser.maximumInputSize) bytes"))])
            }
            do {
                let spec = try Specs.decode(bytes, file: name, folder: folder.path, assetRoots: assetRoots, disclosingPaths: false)
                let title = (spec.component.texts.first { $0.role == TextRole.title } ?? spec.component.texts.first)?.text
                return .members([("name", .string(name)), ("type", .string(spec.component.kind.rawValue)), ("title", title.map(JSONValue.string))])
            } catch {
                return .members([("name", .string(name)), ("error", .string(folder.redacted("\(error)")))])
            }
        }
        // The folder by its name only: where it is on the server's disk is none of a client's business.
        return .json(.members([("folder", .string(folder.displayName)), ("specs", .array(entries))]))
    }

    func getSpec(_ name: String) throws -> HTTPResponse {
        switch folder.read(name) {
        case .bytes(let bytes):
            return HTTPResponse(status: 200, contentType: "application/json", headers: [("ETag", SpecFolder.etag(bytes))], body: bytes)
        case .tooLarge(let size):
            // Never a cut copy: a save of it would throw the rest away.
            throw RequestError(.tooLarge, "\(name) is \(size) bytes, over the limit of \(JSONParser.maximumInputSize) bytes (4 MiB) a spec may have; the studio cannot open it")
        case .none:
            throw RequestError(.notFound, "no spec named \(name) in the folder")
        }
    }

    /// PUT /api/specs/NAME: only a spec that decodes is written, atomically, and only over the
    /// version the editor opened (If-Match: its ETag); a new file is written only if there is none.
    /// Over an existing file only the values that changed are rewritten (`SpecEdits`).
    func saveSpec(_ name: String, _ request: HTTPRequest) throws -> HTTPResponse {
        guard SpecFolder.isValidName(name) else {
            throw RequestError(.badInput, "\(jsonStringLiteral(name)) is not a spec file name: \(SpecFolder.nameRule)")
        }
        _ = try Specs.decode(request.body, file: name, folder: folder.path, assetRoots: assetRoots, disclosingPaths: false)
        switch try folder.save(request.body, as: name, ifMatch: request.header("If-Match"), by: person(request),
                               shaping: { SpecEdits.edited($0, toHold: request.body) }) {
        case .saved(let etag):
            return .json(.members([("saved", .string(name)), ("etag", .string(etag))]), headers: [("ETag", etag)])
        case .conflict(let message), .overtaken(let message):
            throw RequestError(.conflict, message)
        case .full(let message):
            throw RequestError(.folderFull, message)
        case .notFound:
            throw RequestError(.notFound, "no spec named \(name) in the folder")
        }
    }

    // ------------------------------------------------------------------ safety

    /// Compares two secrets in time that depends only on their lengths, not on where they differ.
    static func sameSecret(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
        var difference = UInt8(given.count == expected.count ? 0 : 1)
        for index in 0..<expected.count {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }

    /// Exactly `localhost`, `127.0.0.1`, `[::1]` or the loopback address the server listens on
    /// (`127.0.0.2`), with or without a port: any other name, however it starts
    /// (`127.0.0.1.evil.example`), may be an attacker's name resolving to this machine.
    static func isLoopback(host: String, listeningOn address: String? = nil) -> Bool {
        var names = ["localhost", "127.0.0.1", "[::1]"]
        if let address { names.append(address.contains(":") ? "[\(address)]" : address) }
        for name in names where host.hasPrefix(name) {
            let rest = host.dropFirst(name.count)
            if rest.isEmpty { return true }
            if rest.first == ":" {
                let port = rest.dropFirst()
                return !port.isEmpty && port.count <= 5 && port.allSatisfy(\.isASCII) && port.allSatisfy(\.isNumber)
                    && (Int(port) ?? 0) <= 65535
            }
        }
        return false
    }
}

/// The query parameters of the rendering routes: GronaRequests' option rows (`OptionTable`) under
/// their query names, read into the same `OptionSource` the command line's flags fill, so a value
/// means the same and a bad one is refused with the same reason.
struct RenderOptions {
    /// The route table's pattern, compiled once per server thread (a `Regex` is not `Sendable`, so
    /// each thread keeps its own, as it keeps its `RenderSession`): compiling the preview's
    /// `languages` pattern took longer than the rest of reading its query, on every keystroke.
    static func compiled(_ pattern: String) -> Regex<AnyRegexOutput>? {
        let slot = Thread.current.threadDictionary
        let key = "GronaSnap.pattern " + pattern
        if let known = slot[key] as? Regex<AnyRegexOutput> { return known }
        guard let regex = try? Regex(pattern) else { return nil }
        slot[key] = regex
        return regex
    }

    var name = "untitled.json"
    /// The rows' values, for the requests' initializers (`RenderRequest(spec:options:)`).
    var source = OptionSource()
    var overrides = EnvironmentOverrides()
    /// `overlay=accessibility` (render and sheet): the accessibility picture, as `--overlay`.
    var overlay: Overlay?
    private var values: [String: String] = [:]

    init(_ request: HTTPRequest, _ route: Route) throws {
        let allowed = Set(route.parameters.map(\.name))
        for (key, value) in request.query {
            guard let parameter = route.parameters.first(where: { $0.name == key }) else {
                throw RequestError(.badInput, "unknown query parameter \(key) (this route takes \(allowed.sorted().joined(separator: ", ")))")
            }
            guard values[key] == nil else { throw RequestError(.badInput, "\(key) is given twice") }
            // A free text's length and shape are the route table's (what the description says);
            // the other kinds of value are checked by their parsers.
            if case .text(let pattern, let maxLength) = parameter.schema {
                guard value.unicodeScalars.count <= maxLength else {
                    throw RequestError(.badInput, "\(key): \(quoted(value, limit: 40)) is longer than \(maxLength) characters")
                }
                // Swift's Regex, not Foundation's `range(of:options: .regularExpression)`, which on
                // Linux leaks the NSRegularExpression it compiles for each call (840 bytes a request).
                if let pattern, Self.compiled(pattern).flatMap({ value.firstMatch(of: $0) }) == nil {
                    throw RequestError(.badInput, "\(key): \(quoted(value, limit: 40)) is not of the form \(pattern)")
                }
            }
            values[key] = value
        }
        if let name = values["name"] {
            guard SpecFolder.isValidName(name) else { throw RequestError(.badInput, "name: \"\(name)\" is not a spec file name (like banner.json)") }
            self.name = name
        }
        source = try OptionSource.http(values)
        overrides = try EnvironmentOverrides(source)
        overlay = try source.value(OptionTable.overlay)
    }

    /// `ignore=truncated,touchTarget` (check): kinds left out, as `--ignore`.
    func ignored() throws -> Set<Finding.Kind> { try source.value(OptionTable.ignore) ?? [] }

    /// `textSizes`, `appearances`, `directions`, `locales`, `pseudos` (comma lists or `all`), as
    /// `sheet`'s and `check`'s options; `locales=all` is resolved per spec (`VariantPlan.axes(_:for:)`).
    func axes() throws -> Variants { try VariantPlan.axes(overrides: overrides, options: source) }
}

/// Thrown by `afford` on a light lane for heavy work: the request runs again on the heavy lanes.
struct HeavyWork: Error {
    let pixels: Int
}
