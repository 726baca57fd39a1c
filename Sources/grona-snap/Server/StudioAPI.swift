import Foundation
import Grona
import PNG
import Text

// The HTTP API and the studio page. Each route is a thin caller of the function the command line
// uses (`RenderCommand.render`, `SheetCommand.sheet`, `AnimateCommand.frames`), so `/api/render`
// answers with the bytes `grona-snap render` writes, and an error is the command line's one line.
//
// A posted spec is decoded as if it were the file DIR/<name> (query `name`, default `untitled.json`):
// its relative image paths resolve in DIR, its fonts and images must be inside DIR (or the
// --assets-root folders) or GronaSnap's Fonts/, and errors name it as `name: $.path: problem`.
//
// Status codes: 200; 400 bad input (the message is the CLI's); 403 a cross-site request to a route
// that changes or costs something, or a Host that is not this loopback server; 404; 405 (with Allow);
// 409 a save over a file that changed; 413 a body over 4 MiB. Nothing a client sends gives a 500.
struct StudioAPI: Sendable {
    let folder: SpecFolder
    /// Folders fonts and images may come from (besides GronaSnap's Fonts/).
    let assetRoots: [String]
    /// Listening on loopback only: then requests must name a loopback Host (DNS rebinding).
    let loopbackOnly: Bool
    let studio: StudioFiles

    /// Longest a sheet may be (cells), and the fastest an animation may be: bounds on the time one
    /// request can take.
    static let maximumSheetCells = 96
    static let maximumFPS = 30

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        if loopbackOnly, let host = request.header("Host"), !StudioAPI.isLoopback(host: host) {
            return .error(403, "this studio answers only on localhost (Host: \(host))")
        }
        do {
            return try route(request)
        } catch let error as HTTPFailure {
            return .error(error.status, error.message)
        } catch {
            // Whatever the renderer refused (a spec, an option, an image too large) is the input's fault.
            return .error(400, "\(error)")
        }
    }

    private func route(_ request: HTTPRequest) throws -> HTTPResponse {
        let path = request.path
        if path.hasPrefix("/api/specs/") {
            let name = String(path.dropFirst("/api/specs/".count))
            switch request.method {
            case "GET", "HEAD": return try getSpec(name)
            case "PUT": return try saveSpec(name, request)
            default: return methodNotAllowed("GET, HEAD, PUT")
            }
        }
        let post: [String: (HTTPRequest) throws -> HTTPResponse] = [
            "/api/render": render, "/api/report": report, "/api/check": check, "/api/sheet": sheet, "/api/animate": animate,
        ]
        if let action = post[path] {
            guard request.method == "POST" else { return methodNotAllowed("POST") }
            try refuseCrossSite(request)
            return try action(request)
        }
        let get: [String: () throws -> HTTPResponse] = [
            "/healthz": { .json("{\"status\": \"ok\"}\n") },
            "/api/specs": listSpecs,
        ]
        if let action = get[path] ?? studio.response(for: path) {
            guard request.method == "GET" || request.method == "HEAD" else { return methodNotAllowed("GET, HEAD") }
            return try action()
        }
        return .error(404, "not found: \(path)")
    }

    private func methodNotAllowed(_ allowed: String) -> HTTPResponse {
        .error(405, "method not allowed; use \(allowed)", headers: [("Allow", allowed)])
    }

    // ------------------------------------------------------------------ rendering

    private func render(_ request: HTTPRequest) throws -> HTTPResponse {
        let options = try RenderOptions(request, extra: ["overlay"])
        let (png, _) = try RenderCommand.render(try spec(request, options), overrides: options.overrides,
                                                canvas: options.canvas, overlay: options.overlay, engine: try ThreadEngine.current())
        return HTTPResponse(status: 200, contentType: "image/png", body: png)
    }

    private func report(_ request: HTTPRequest) throws -> HTTPResponse {
        let options = try RenderOptions(request, extra: [])
        let (_, snapshot) = try RenderCommand.render(try spec(request, options), overrides: options.overrides,
                                                     canvas: options.canvas, overlay: nil, engine: try ThreadEngine.current())
        return .json(snapshot.report.json())
    }

    /// POST /api/check: what `grona-snap check --format json` prints for the spec (named by `name`),
    /// with the same overrides, axes and `ignore` list.
    private func check(_ request: HTTPRequest) throws -> HTTPResponse {
        let options = try RenderOptions(request, extra: ["textSizes", "appearances", "directions", "locales", "pseudos", "ignore"])
        let spec = try self.spec(request, options)
        let axes = VariantPlan.axes(try options.axes(), for: spec)
        let ignored = try options.ignored()
        let variants = VariantPlan.environments(of: spec, overrides: options.overrides, axes: axes).count
        guard variants <= StudioAPI.maximumSheetCells else {
            throw HTTPFailure(400, "the check would render \(variants) variants, over the studio's limit of \(StudioAPI.maximumSheetCells); use grona-snap check for bigger ones")
        }
        let checked = try CheckCommand.check([spec], overrides: options.overrides, axes: axes, ignoring: ignored, jobs: 1,
                                          engine: try ThreadEngine.current())
        return .json(CheckCommand.json(checked, paths: [options.name]) + "\n")
    }

    private func sheet(_ request: HTTPRequest) throws -> HTTPResponse {
        let options = try RenderOptions(request, extra: ["textSizes", "appearances", "directions", "locales", "pseudos", "columns", "overlay"])
        let spec = try self.spec(request, options)
        let axes = VariantPlan.axes(try options.axes(), for: spec)
        let cells = VariantPlan.environments(of: spec, overrides: options.overrides, axes: axes).count
        guard cells <= StudioAPI.maximumSheetCells else {
            throw HTTPFailure(400, "the sheet would have \(cells) snapshots, over the studio's limit of \(StudioAPI.maximumSheetCells); use grona-snap sheet for bigger ones")
        }
        let columns = try options.integer("columns", in: 1...64)
        let pixmap = try SheetCommand.sheet(spec, overrides: options.overrides, axes: axes, columns: columns,
                                            overlay: options.overlay, jobs: 1)
        return HTTPResponse(status: 200, contentType: "image/png", body: try encodePNG(pixmap))
    }

    private func animate(_ request: HTTPRequest) throws -> HTTPResponse {
        let options = try RenderOptions(request, extra: ["fps", "hold"])
        let fps = try options.integer("fps", in: 1...StudioAPI.maximumFPS) ?? 15
        let hold = try options.integer("hold", in: 0...60_000) ?? 1500
        let frames = try AnimateCommand.frames(try spec(request, options), overrides: options.overrides,
                                               canvas: options.canvas, fps: fps, jobs: 1)
        return HTTPResponse(status: 200, contentType: "image/png", body: try AnimateCommand.encode(frames, fps: fps, hold: hold))
    }

    /// The posted spec, decoded as DIR/<name>.
    private func spec(_ request: HTTPRequest, _ options: RenderOptions) throws -> Spec {
        try Specs.decode(request.body, file: options.name, folder: folder.path, assetRoots: assetRoots)
    }

    // ------------------------------------------------------------------ the spec files

    private func listSpecs() throws -> HTTPResponse {
        var entries: [String] = []
        for name in folder.names() {
            var fields = ["\"name\": \(jsonStringLiteral(name))"]
            if let bytes = folder.read(name) {
                do {
                    let spec = try Specs.decode(bytes, file: name, folder: folder.path, assetRoots: assetRoots)
                    fields.append("\"type\": \(jsonStringLiteral(spec.component.kind.rawValue))")
                    if let title = (spec.component.texts.first { $0.role == TextRole.title } ?? spec.component.texts.first)?.text {
                        fields.append("\"title\": \(jsonStringLiteral(title))")
                    }
                } catch {
                    fields.append("\"error\": \(jsonStringLiteral("\(error)"))")
                }
            }
            entries.append("{" + fields.joined(separator: ", ") + "}")
        }
        return .json("{\"folder\": \(jsonStringLiteral(folder.path)), \"specs\": ["
                     + entries.map { "\n  " + $0 }.joined(separator: ",") + "\n]}\n")
    }

    private func getSpec(_ name: String) throws -> HTTPResponse {
        guard let bytes = folder.read(name) else { throw HTTPFailure(404, "no spec named \(name) in the folder") }
        return HTTPResponse(status: 200, contentType: "application/json", headers: [("ETag", SpecFolder.etag(bytes))], body: bytes)
    }

    /// PUT /api/specs/NAME: only a spec that decodes is written, atomically, and only over the
    /// version the editor opened (If-Match: its ETag); a new file is written only if there is none.
    private func saveSpec(_ name: String, _ request: HTTPRequest) throws -> HTTPResponse {
        try refuseCrossSite(request)
        guard SpecFolder.isValidName(name) else { throw HTTPFailure(404, "no spec named \(name) in the folder") }
        _ = try Specs.decode(request.body, file: name, folder: folder.path, assetRoots: assetRoots)
        switch try folder.save(request.body, as: name, ifMatch: request.header("If-Match")) {
        case .saved(let etag):
            return .json("{\"saved\": \(jsonStringLiteral(name)), \"etag\": \(jsonStringLiteral(etag))}\n",
                         headers: [("ETag", etag)])
        case .conflict(let message):
            throw HTTPFailure(409, message)
        case .notFound:
            throw HTTPFailure(404, "no spec named \(name) in the folder")
        }
    }

    // ------------------------------------------------------------------ safety

    /// A web page the marketer visits must not be able to make the studio render or save: browsers
    /// say where a request comes from (Sec-Fetch-Site, Origin); tools that send neither are let in.
    private func refuseCrossSite(_ request: HTTPRequest) throws {
        if let site = request.header("Sec-Fetch-Site"), site != "same-origin", site != "none" {
            throw HTTPFailure(403, "cross-site requests are refused (Sec-Fetch-Site: \(site))")
        }
        if let origin = request.header("Origin") {
            guard let host = request.header("Host"), origin == "http://" + host || origin == "https://" + host else {
                throw HTTPFailure(403, "cross-site requests are refused (Origin: \(origin))")
            }
        }
    }

    static func isLoopback(host: String) -> Bool {
        // "localhost:8080", "127.0.0.1:8080", "[::1]:8080"
        var name = Substring(host)
        if name.hasPrefix("[") {
            name = name.dropFirst().prefix { $0 != "]" }
        } else if let colon = name.lastIndex(of: ":") {
            name = name[..<colon]
        }
        return name == "localhost" || name == "::1" || name.hasPrefix("127.")
    }
}

/// An answer other than 400, thrown from inside a route.
struct HTTPFailure: Error {
    let status: Int
    let message: String
    init(_ status: Int, _ message: String) { self.status = status; self.message = message }
}

/// The query parameters of the rendering routes: the command line's overrides under their API names,
/// parsed by the same functions, so a bad value is refused with the same reason.
struct RenderOptions {
    var name = "untitled.json"
    var overrides = EnvironmentOverrides()
    var canvas = Canvas()
    /// `overlay=accessibility` (render and sheet): the accessibility picture, as `--overlay`.
    var overlay: Overlay?
    private var values: [String: String] = [:]

    /// Parameters every rendering route takes.
    static let common = Set(EnvironmentOptions.settings.map(\.query)).union(["name", "reduceMotion", "padding", "background"])

    init(_ request: HTTPRequest, extra: Set<String>) throws {
        let allowed = RenderOptions.common.union(extra)
        for (key, value) in request.query {
            guard allowed.contains(key) else {
                throw HTTPFailure(400, "unknown query parameter \(key) (this route takes \(allowed.sorted().joined(separator: ", ")))")
            }
            guard values[key] == nil else { throw HTTPFailure(400, "\(key) is given twice") }
            values[key] = value
        }
        if let name = values["name"] {
            guard SpecFolder.isValidName(name) else { throw HTTPFailure(400, "name: \"\(name)\" is not a spec file name (like banner.json)") }
            self.name = name
        }
        let values = self.values
        overrides = try EnvironmentOptions.overrides(named: \.query) { values[$0] }
        func parse<T>(_ key: String, _ parser: (String) throws -> T) throws -> T? {
            guard let text = values[key] else { return nil }
            do { return try parser(text) } catch { throw HTTPFailure(400, "\(key): \(error)") }
        }
        overrides.reduceMotion = try parse("reduceMotion") { text -> Bool in
            guard text == "true" || text == "false" else { throw UsageError("\"\(text)\" is not true or false") }
            return text == "true"
        }
        canvas.padding = try parse("padding", Canvas.parsePadding) ?? 0
        canvas.background = try parse("background", Canvas.parseColor) ?? .transparent
        overlay = try parse("overlay", Overlay.parse)
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = values[key] else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw HTTPFailure(400, "\(key): \"\(text)\" is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// `ignore=truncated,touchTarget` (check): kinds left out, as `--ignore`.
    func ignored() throws -> Set<Finding.Kind> {
        guard let text = values["ignore"] else { return [] }
        do { return try Finding.Kind.parseList(text) } catch { throw HTTPFailure(400, "ignore: \(error)") }
    }

    /// `textSizes`, `appearances`, `directions`, `locales`, `pseudos` (comma lists or `all`), as
    /// `sheet`'s and `check`'s options; `locales=all` is resolved per spec (`VariantPlan.axes(_:for:)`).
    func axes() throws -> Variants {
        // The query spells an axis in camel case: text-sizes → textSizes.
        func key(_ name: String) -> String {
            let words = name.split(separator: "-")
            return words.first.map(String.init)! + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
        return try VariantPlan.axes(overrides: overrides, value: { values[key($0.list)] },
                                    conflict: { HTTPFailure(400, "\(key($0.list)) cannot be given with a single \(key($0.single))") },
                                    invalid: { HTTPFailure(400, "\(key($0.list)): \($1)") })
    }
}

/// One text engine per server thread, made on first use and kept for the thread's life, so that
/// rendering needs no lock and the glyph and layout caches stay warm across requests.
enum ThreadEngine {
    static func current() throws -> TextEngine {
        let slot = Thread.current.threadDictionary
        if let engine = slot[key] as? TextEngine { return engine }
        let engine = try Specs.textEngine()
        slot[key] = engine
        return engine
    }
    private static let key = "GronaSnap.TextEngine"
}
