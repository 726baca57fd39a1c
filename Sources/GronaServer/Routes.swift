import Foundation
import Grona
import GronaRequests
import Locking

// The HTTP API as one table: each route's method, path, query parameters (with the schema of their
// values), body, answers and handler. `StudioAPI` dispatches by it and `RenderOptions` accepts exactly
// its parameters; `OpenAPIDocument` serves it as /api/openapi.json. A new route is one entry here
// (its handler's body may live beside the others in `Server/`). The parameters the command line
// has too (the overrides, the canvas, the axes, `columns`, `fps`, …) come from GronaRequests' option
// rows (`OptionTable`), which the command line's table is made from too, so the two never drift.

struct QueryParameter: Sendable {
    var name: String
    var schema: ValueSchema
    var description: String
    var required = false
}

/// One route of the API.
package struct Route: Sendable {
    /// Answers the request: the API, the request, this route and the `{name}` in its path.
    typealias Handler = @Sendable (StudioAPI, HTTPRequest, Route, String) throws -> HTTPResponse
    /// Who may call it: `anyone` (a load balancer: no Host check, no token, no site check), the
    /// `page`'s own files (no token), or the API (the token, when the server has one).
    enum Access: Sendable { case anyone, page, api }
    /// What a successful answer holds.
    enum Answer: Sendable { case json, png, specFile, saved, css, font, metrics }
    /// A body other than a spec.
    enum Body: Sendable {
        /// `{"base": spec, "mine": spec}`: the version an editor opened and its edit of it.
        case merge
        /// `{"to": "name.json"}`: the name a copy or a renamed spec gets (a copy's may be left out).
        case newName(required: Bool)
        /// A PNG file's bytes.
        case png
        /// `{"spec": spec, "text": "…"}` or `{"spec": spec, "file": "base64"}`: a campaign and a
        /// translation file of its copy, as text or as its bytes.
        case translation
    }

    var method: String
    /// The path; `{name}` stands for a spec's file name (a font's, under /studio/fonts/).
    var path: String
    /// Its name in the description (`operationId`), and in the command line's table (`CommandOption.routes`).
    var id: String
    var summary: String
    var parameters: [QueryParameter] = []
    /// Takes a spec as its JSON body.
    var takesSpec = false
    var body: Body?
    /// Renders or writes (every route but the health check is refused cross-site).
    var costs = false
    var answer: Answer
    /// Answers besides 200 and the ones every route may give.
    var failures: [Int]
    /// `{name}` is a path that may hold slashes (an image in a folder of DIR).
    var nameHoldsSlashes = false
    /// Takes If-Match: the version of the spec the change is made over.
    var ifMatch = false
    var access = Access.api
    var handle: Handler

    /// The route with the query parameters GronaRequests' option rows give it (`OptionTable`).
    func withOptions() -> Route {
        var route = self
        route.parameters += OptionTable.queryParameters(route: id).map {
            QueryParameter(name: $0.name, schema: $0.schema, description: $0.description)
        }
        return route
    }

    // Paths are compared as bytes: as strings, a name starting with a combining mark would merge
    // with the slash before it into one character and the prefix would not match.
    func matches(_ requestPath: String) -> Bool { name(in: requestPath) != nil }

    /// The `{name}` part of a request's path ("" for a path without one).
    func pathName(_ requestPath: String) -> String { name(in: requestPath) ?? "" }

    /// The segment of a request's path that stands for `{placeholder}` in the route's (after `{name}`).
    func segment(_ placeholder: String, in requestPath: String) -> String {
        let wanted = path.split(separator: "/", omittingEmptySubsequences: false)
        let given = requestPath.split(separator: "/", omittingEmptySubsequences: false)
        guard let index = wanted.firstIndex(of: Substring("{\(placeholder)}")), given.count == wanted.count else { return "" }
        return String(given[index])
    }

    /// `{name}` is one segment (`PUT /api/specs/x.json/duplicate` is not a save of "x.json/duplicate"
    /// but the duplicate route asked with the wrong method, 405); an image's path may hold one
    /// folder, so there it is the rest of the path, for the handler to check.
    private func name(in requestPath: String) -> String? {
        let request = Array(requestPath.utf8)
        let parts = path.components(separatedBy: "{name}")
        guard parts.count == 2 else { return request == Array(path.utf8) ? "" : nil }
        let prefix = Array(parts[0].utf8), suffix = Array(parts[1].utf8)
        if parts[1].contains("{") {
            // A placeholder after {name} (a version's id): compared segment by segment.
            guard request.starts(with: prefix) else { return nil }
            let given = Array(request[prefix.count...].split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false))
            let wanted = Array(("{name}" + parts[1]).utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false))
            guard given.count == wanted.count,
                  zip(given, wanted).allSatisfy({ $1.first == UInt8(ascii: "{") ? !$0.isEmpty : $0.elementsEqual($1) }) else { return nil }
            return String(decoding: given[0], as: UTF8.self)
        }
        guard request.count > prefix.count + suffix.count, request.starts(with: prefix), request.reversed().starts(with: suffix.reversed()) else { return nil }
        let name = request[prefix.count..<(request.count - suffix.count)]
        if !nameHoldsSlashes, name.contains(UInt8(ascii: "/")) { return nil }
        return String(decoding: name, as: UTF8.self)
    }
}

extension StudioAPI {
    static let nameParameter = QueryParameter(
        name: "name", schema: .text(pattern: SpecFolder.namePattern, maxLength: SpecFolder.maximumNameLength),
        description: "the spec's file name in the folder (default untitled.json): relative image paths resolve there, and errors name it")

    /// Every route. Answers every route may give: 400, 401, 403, 404, 405, 413, 503.
    static let routes: [Route] = table.map { $0.withOptions() }

    private static let table: [Route] = [
        Route(method: "GET", path: "/healthz", id: "health", summary: "Whether the server is up (no Host or token needed)",
              answer: .json, failures: [], access: .anyone)
            { _, _, _, _ in .json(.members([("status", .string("ok"))])) },
        Route(method: "GET", path: "/readyz", id: "ready",
              summary: "Whether to send this instance work: 503 while draining (after SIGTERM) or with its queue three quarters full",
              answer: .json, failures: [], access: .anyone)
            { api, _, _, _ in api.readiness() },
        Route(method: "GET", path: "/metrics", id: "metrics",
              summary: "Queue lengths, refusals, answers by status and resident memory, in the Prometheus text format",
              answer: .metrics, failures: [], access: .anyone)
            { api, _, _, _ in HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", body: Array(api.status.metrics().utf8)) },
        Route(method: "GET", path: "/api/openapi.json", id: "openAPI", summary: "This description of the API",
              answer: .json, failures: [], access: .page)
            { _, _, _, _ in .json(OpenAPIDocument.json(for: StudioAPI.routes)) },
        // The page's fonts are the page's, as studio.css is: outside /api/, so a browser fetching
        // them for @font-face (which sends no Authorization) needs no token.
        Route(method: "GET", path: "/studio/fonts.css", id: "fontFaces",
              summary: "The studio page's @font-face rules: every pinned font, each family with the characters it draws",
              answer: .css, failures: [], access: .page)
            { api, _, _, _ in try api.fontFaces() },
        Route(method: "GET", path: "/studio/fonts/{name}", id: "font",
              summary: "A pinned font file (Fonts/), by its exact name, cached for a year",
              parameters: [QueryParameter(name: "v", schema: .text(pattern: "^[0-9a-z-]+$", maxLength: 32),
                                          description: "the file's version as fonts.css names it (ignored; a changed file gets a new address)")],
              answer: .font, failures: [], access: .page)
            { api, request, route, name in try api.font(name, request, route) },
        Route(method: "GET", path: "/api/schema", id: "schema",
              summary: "What the studio offers and the rules it follows, from GronaSnap's own tables: text sizes, appearances, directions, pseudolanguages, components and their fields (labels, which are required), colour tokens, finding kinds, languages, the grid it opens with, a spec file name's rule and a language's grammar",
              answer: .json, failures: [])
            { api, _, _, _ in api.schema() },
        Route(method: "GET", path: "/api/locale", id: "locale", summary: "A language tag checked as --locale checks it, with its name and direction",
              parameters: [QueryParameter(name: "tag", schema: .text(pattern: "^\(LanguageTag.pattern)$", maxLength: LanguageTag.maximumLength),
                                          description: "a BCP 47 tag, like de, fr-CA or ar", required: true)],
              answer: .json, failures: [])
            { api, request, _, _ in try api.locale(request) },
        Route(method: "POST", path: "/api/preview", id: "preview",
              summary: "Every tile of the studio's grid rendered once (PNG data URLs), their findings grouped in plain words, and each colour field's contrasts from the render report",
              parameters: previewParameters, takesSpec: true, costs: true, answer: .json, failures: [422])
            { api, request, route, _ in try api.preview(request, route) },
        Route(method: "POST", path: "/api/translations", id: "exportTranslations",
              summary: "The campaign's copy as a file for translators: XLIFF 1.2, XLIFF 2.0 or CSV, a unit per text field",
              parameters: translationParameters, takesSpec: true, answer: .json, failures: [])
            { api, request, route, _ in try api.exportTranslations(request, route) },
        Route(method: "POST", path: "/api/translations/import", id: "importTranslations",
              summary: "What a translation file (XLIFF 1.2, XLIFF 2.0 or CSV) would change in the campaign's localizations, per language and field; costed like a render, the body at most \(RenderBudget().characters) bytes (422 past it)",
              parameters: translationParameters.filter { $0.name != "language" }, body: .translation, costs: true, answer: .json, failures: [422])
            { api, request, route, _ in try api.importTranslations(request, route) },
        Route(method: "GET", path: "/api/specs", id: "listSpecs", summary: "The spec files in the folder, with type and title",
              answer: .json, failures: [])
            { api, _, _, _ in api.catchUp(); return try api.listSpecs() },
        Route(method: "GET", path: "/api/specs/{name}", id: "getSpec", summary: "A spec file as it is on disk, with its ETag",
              answer: .specFile, failures: [422])
            { api, _, _, name in api.catchUp(); return try api.getSpec(name) },
        Route(method: "PUT", path: "/api/specs/{name}", id: "saveSpec",
              summary: "Saves a spec that decodes, atomically, over the version If-Match names (none: only a new file)",
              takesSpec: true, costs: true, answer: .saved, failures: [409, 422, 507], ifMatch: true)
            { api, request, _, name in try api.saveSpec(name, request) },
        Route(method: "POST", path: "/api/specs/{name}/merge", id: "mergeSpec",
              summary: "Saves the page's edit of a spec that changed on disk since it was opened: merged with the file when no field was changed on both sides, else 409 with those fields; costed like a render, the body and the file together at most \(RenderBudget().characters) bytes (422 past it)",
              body: .merge, costs: true, answer: .saved, failures: [409, 422, 507])
            { api, request, _, name in try api.mergeSpec(name, request) },
        Route(method: "GET", path: "/api/specs/{name}/history", id: "specHistory",
              summary: "The campaign's versions, newest first (git log --follow): id, time, author, message in words, and its name then",
              answer: .json, failures: [])
            { api, _, _, name in try api.specHistory(name) },
        Route(method: "GET", path: "/api/specs/{name}/versions/{version}", id: "specVersion",
              summary: "The spec file as it was in a version of its history",
              answer: .specFile, failures: [])
            { api, request, route, name in try api.specVersion(name, request, route) },
        Route(method: "GET", path: "/api/specs/{name}/versions/{version}/compare", id: "compareVersion",
              summary: "A version drawn with the images it had, beside the spec as it is now: both pictures, what changed in words, the report's one-line difference and its difference image (PNG data URLs)",
              costs: true, answer: .json, failures: [422])
            { api, request, route, name in try api.compareVersion(name, request, route) },
        Route(method: "POST", path: "/api/specs/{name}/restore", id: "restoreVersion",
              summary: "Saves a version of the spec's history as its newest, one new commit, over the version If-Match names",
              parameters: [QueryParameter(name: "version", schema: .text(pattern: StudioAPI.versionPattern, maxLength: 64),
                                          description: "the version's id, from the campaign's history", required: true)],
              costs: true, answer: .saved, failures: [409, 507], ifMatch: true)
            { api, request, route, name in try api.restoreVersion(name, request, route) },
        Route(method: "POST", path: "/api/specs/{name}/duplicate", id: "duplicateSpec",
              summary: "Copies a spec to a new file (to, or \"NAME copy.json\"), never over an existing one",
              body: .newName(required: false), costs: true, answer: .json, failures: [409, 507])
            { api, request, _, name in try api.duplicateSpec(name, request) },
        Route(method: "POST", path: "/api/specs/{name}/rename", id: "renameSpec",
              summary: "Renames a spec (over the version If-Match names, when given), never over an existing file",
              body: .newName(required: true), costs: true, answer: .json, failures: [409], ifMatch: true)
            { api, request, _, name in try api.renameSpec(name, request) },
        Route(method: "POST", path: "/api/specs/{name}/trash", id: "trashSpec",
              summary: "Moves a spec into the folder's trash (.grona-trash), from where it can be restored",
              costs: true, answer: .json, failures: [409], ifMatch: true)
            { api, request, _, name in try api.trashSpec(name, request) },
        Route(method: "GET", path: "/api/trash", id: "listTrash", summary: "The specs in the folder's trash, newest first",
              answer: .json, failures: [])
            { api, _, _, _ in try api.listTrash() },
        Route(method: "POST", path: "/api/trash/{name}/restore", id: "restoreSpec",
              summary: "Puts a spec from the trash back under its own name, if that is free",
              costs: true, answer: .json, failures: [409, 507])
            { api, request, _, name in try api.restoreSpec(name, request) },
        Route(method: "GET", path: "/api/images", id: "listImages",
              summary: "The folder's PNG images (at its top and one folder down), with their size", answer: .json, failures: [])
            { api, _, _, _ in try api.listImages() },
        Route(method: "GET", path: "/api/images/{name}", id: "getImage", summary: "An image of the folder",
              answer: .png, failures: [422], nameHoldsSlashes: true)
            { api, _, _, name in try api.getImage(name) },
        Route(method: "PUT", path: "/api/images/{name}", id: "uploadImage",
              summary: "Adds a PNG the renderer can draw (at most 2 MiB) to the folder, never over an existing file",
              body: .png, costs: true, answer: .json, failures: [409, 415, 507], nameHoldsSlashes: true)
            { api, request, _, name in try api.uploadImage(name, request) },
        Route(method: "POST", path: "/api/render", id: "render", summary: "The snapshot grona-snap render writes",
              parameters: [nameParameter], takesSpec: true, costs: true, answer: .png, failures: [422])
            { api, request, route, _ in try api.render(request, route) },
        Route(method: "POST", path: "/api/report", id: "report", summary: "The render report grona-snap render --report writes",
              parameters: [nameParameter], takesSpec: true, costs: true, answer: .json, failures: [422])
            { api, request, route, _ in try api.report(request, route) },
        Route(method: "POST", path: "/api/check", id: "check", summary: "What grona-snap check --format json prints",
              parameters: [nameParameter],
              takesSpec: true, costs: true, answer: .json, failures: [422])
            { api, request, route, _ in try api.check(request, route) },
        Route(method: "POST", path: "/api/sheet", id: "sheet", summary: "The contact sheet grona-snap sheet draws",
              parameters: [nameParameter],
              takesSpec: true, costs: true, answer: .png, failures: [422])
            { api, request, route, _ in try api.sheet(request, route) },
        Route(method: "POST", path: "/api/animate", id: "animate", summary: "The animated PNG grona-snap animate writes",
              parameters: [nameParameter],
              takesSpec: true, costs: true, answer: .png, failures: [422])
            { api, request, route, _ in try api.animate(request, route) },
    ]
}
