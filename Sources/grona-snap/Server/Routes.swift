import Foundation
import Grona
import GronaRequests

// The HTTP API as one table: each route's method, path, query parameters (with the schema of their
// values), body and answers. `StudioAPI` dispatches by it and `RenderOptions` accepts exactly its
// parameters; `OpenAPIDocument` serves it as /api/openapi.json. A new route, or a new parameter of
// one, goes here and nowhere else. The environment overrides come from the command line's own list
// (`EnvironmentOptions.settings`), under their query names, so the two never drift apart.

struct QueryParameter: Sendable {
    var name: String
    var schema: ValueSchema
    var description: String
    var required = false
}

/// One route of the API.
struct Route: Sendable {
    enum Action: Sendable {
        case health, ready, metrics, openAPI, listSpecs, getSpec, saveSpec, render, report, check, sheet, animate
        case mergeSpec, duplicateSpec, renameSpec, trashSpec, listTrash, restoreSpec, listImages, getImage, uploadImage
        case fontFaces, font
        case schema, locale, preview, exportTranslations, importTranslations
    }
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
        /// `{"spec": spec, "text": "…"}`: a campaign and a translation file of its copy.
        case translation
    }

    var method: String
    /// The path; `{name}` stands for a spec's file name (a font's, under /studio/fonts/).
    var path: String
    var action: Action
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

    // Paths are compared as bytes: as strings, a name starting with a combining mark would merge
    // with the slash before it into one character and the prefix would not match.
    func matches(_ requestPath: String) -> Bool { name(in: requestPath) != nil }

    /// The `{name}` part of a request's path ("" for a path without one).
    func pathName(_ requestPath: String) -> String { name(in: requestPath) ?? "" }

    /// `{name}` is one segment (`PUT /api/specs/x.json/duplicate` is not a save of "x.json/duplicate"
    /// but the duplicate route asked with the wrong method, 405); an image's path may hold one
    /// folder, so there it is the rest of the path, for the handler to check.
    private func name(in requestPath: String) -> String? {
        let request = Array(requestPath.utf8)
        let parts = path.components(separatedBy: "{name}")
        guard parts.count == 2 else { return request == Array(path.utf8) ? "" : nil }
        let prefix = Array(parts[0].utf8), suffix = Array(parts[1].utf8)
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

    /// The parameters every rendering route takes: the command line's overrides and canvas options.
    static let renderingParameters: [QueryParameter] = [nameParameter]
        + EnvironmentOptions.settings.map { QueryParameter(name: $0.query, schema: $0.schema, description: $0.summary) }
        + [QueryParameter(name: "reduceMotion", schema: .boolean, description: "skip the reveal and fill animations, as --reduce-motion"),
           QueryParameter(name: "padding", schema: .number(Canvas.paddingRange), description: "points of canvas around the card, as --padding"),
           QueryParameter(name: "background", schema: .text(pattern: "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$", maxLength: 9),
                          description: "the canvas colour, #RGB, #RRGGBB or #RRGGBBAA, as --background")]

    static let axisParameters: [QueryParameter] = [
        QueryParameter(name: "textSizes", schema: .list(of: TextSize.allNames), description: "text sizes, as --text-sizes"),
        QueryParameter(name: "appearances", schema: .list(of: Appearance.allCases.map(\.rawValue)), description: "as --appearances"),
        QueryParameter(name: "directions", schema: .list(of: LayoutDirection.allCases.map(\.rawValue)), description: "as --directions"),
        QueryParameter(name: "locales", schema: .tagList, description: "languages, as --locales (base: the spec's own copy; all: the spec's own and each it has copy for; empty, with pseudos: only those)"),
        QueryParameter(name: "pseudos", schema: .list(of: PseudoLocalization.allCases.map(\.rawValue)), description: "pseudolanguages, as --pseudos"),
    ]

    static let overlayParameter = QueryParameter(name: "overlay", schema: .choice(Overlay.allCases.map(\.rawValue)),
                                                 description: "the accessibility picture instead of the card, as --overlay")

    /// Every route. Answers every route may give: 400, 401, 403, 404, 405, 413, 503.
    static let routes: [Route] = [
        Route(method: "GET", path: "/healthz", action: .health, summary: "Whether the server is up (no Host or token needed)",
              answer: .json, failures: []),
        Route(method: "GET", path: "/readyz", action: .ready,
              summary: "Whether to send this instance work: 503 while draining (after SIGTERM) or with its queue three quarters full",
              answer: .json, failures: []),
        Route(method: "GET", path: "/metrics", action: .metrics,
              summary: "Queue lengths, refusals, answers by status and resident memory, in the Prometheus text format",
              answer: .metrics, failures: []),
        Route(method: "GET", path: "/api/openapi.json", action: .openAPI, summary: "This description of the API",
              answer: .json, failures: []),
        // The page's fonts are the page's, as studio.css is: outside /api/, so a browser fetching
        // them for @font-face (which sends no Authorization) needs no token.
        Route(method: "GET", path: "/studio/fonts.css", action: .fontFaces,
              summary: "The studio page's @font-face rules: every pinned font, each family with the characters it draws",
              answer: .css, failures: []),
        Route(method: "GET", path: "/studio/fonts/{name}", action: .font,
              summary: "A pinned font file (Fonts/), by its exact name, cached for a year",
              parameters: [QueryParameter(name: "v", schema: .text(pattern: "^[0-9a-z-]+$", maxLength: 32),
                                          description: "the file's version as fonts.css names it (ignored; a changed file gets a new address)")],
              answer: .font, failures: []),
        Route(method: "GET", path: "/api/schema", action: .schema,
              summary: "What the studio offers, from GronaSnap's own tables: text sizes, appearances, directions, pseudolanguages, components and their fields, colour tokens, finding kinds, languages",
              answer: .json, failures: []),
        Route(method: "GET", path: "/api/locale", action: .locale, summary: "A language tag checked as --locale checks it, with its name and direction",
              parameters: [QueryParameter(name: "tag", schema: .text(pattern: "^\(LanguageTag.pattern)$", maxLength: LanguageTag.maximumLength),
                                          description: "a BCP 47 tag, like de, fr-CA or ar", required: true)],
              answer: .json, failures: []),
        Route(method: "POST", path: "/api/preview", action: .preview,
              summary: "Every tile of the studio's grid rendered once (PNG data URLs), their findings grouped in plain words, and each colour field's contrasts from the render report",
              parameters: previewParameters, takesSpec: true, costs: true, answer: .json, failures: [422]),
        Route(method: "POST", path: "/api/translations", action: .exportTranslations,
              summary: "The campaign's copy as a file for translators: XLIFF 1.2, XLIFF 2.0 or CSV, a unit per text field",
              parameters: translationParameters, takesSpec: true, answer: .json, failures: []),
        Route(method: "POST", path: "/api/translations/import", action: .importTranslations,
              summary: "A translation file (XLIFF 1.2, XLIFF 2.0 or CSV) read back into the campaign's localizations",
              parameters: translationParameters.filter { $0.name != "language" }, body: .translation, answer: .json, failures: []),
        Route(method: "GET", path: "/api/specs", action: .listSpecs, summary: "The spec files in the folder, with type and title",
              answer: .json, failures: []),
        Route(method: "GET", path: "/api/specs/{name}", action: .getSpec, summary: "A spec file as it is on disk, with its ETag",
              answer: .specFile, failures: [422]),
        Route(method: "PUT", path: "/api/specs/{name}", action: .saveSpec,
              summary: "Saves a spec that decodes, atomically, over the version If-Match names (none: only a new file)",
              takesSpec: true, costs: true, answer: .saved, failures: [409, 422, 507]),
        Route(method: "POST", path: "/api/specs/{name}/merge", action: .mergeSpec,
              summary: "Saves the page's edit of a spec that changed on disk since it was opened: merged with the file when no field was changed on both sides, else 409 with those fields",
              body: .merge, costs: true, answer: .saved, failures: [409, 422, 507]),
        Route(method: "POST", path: "/api/specs/{name}/duplicate", action: .duplicateSpec,
              summary: "Copies a spec to a new file (to, or \"NAME copy.json\"), never over an existing one",
              body: .newName(required: false), costs: true, answer: .json, failures: [409, 507]),
        Route(method: "POST", path: "/api/specs/{name}/rename", action: .renameSpec,
              summary: "Renames a spec (over the version If-Match names, when given), never over an existing file",
              body: .newName(required: true), costs: true, answer: .json, failures: [409]),
        Route(method: "POST", path: "/api/specs/{name}/trash", action: .trashSpec,
              summary: "Moves a spec into the folder's trash (.grona-trash), from where it can be restored",
              costs: true, answer: .json, failures: [409]),
        Route(method: "GET", path: "/api/trash", action: .listTrash, summary: "The specs in the folder's trash, newest first",
              answer: .json, failures: []),
        Route(method: "POST", path: "/api/trash/{name}/restore", action: .restoreSpec,
              summary: "Puts a spec from the trash back under its own name, if that is free",
              costs: true, answer: .json, failures: [409, 507]),
        Route(method: "GET", path: "/api/images", action: .listImages,
              summary: "The folder's PNG images (at its top and one folder down), with their size", answer: .json, failures: []),
        Route(method: "GET", path: "/api/images/{name}", action: .getImage, summary: "An image of the folder",
              answer: .png, failures: [422], nameHoldsSlashes: true),
        Route(method: "PUT", path: "/api/images/{name}", action: .uploadImage,
              summary: "Adds a PNG the renderer can draw (at most 2 MiB) to the folder, never over an existing file",
              body: .png, costs: true, answer: .json, failures: [409, 415, 507], nameHoldsSlashes: true),
        Route(method: "POST", path: "/api/render", action: .render, summary: "The snapshot grona-snap render writes",
              parameters: renderingParameters + [overlayParameter], takesSpec: true, costs: true, answer: .png, failures: [422]),
        Route(method: "POST", path: "/api/report", action: .report, summary: "The render report grona-snap render --report writes",
              parameters: renderingParameters, takesSpec: true, costs: true, answer: .json, failures: [422]),
        Route(method: "POST", path: "/api/check", action: .check, summary: "What grona-snap check --format json prints",
              parameters: renderingParameters + axisParameters
                + [QueryParameter(name: "ignore", schema: .list(of: Finding.Kind.allCases.map(\.rawValue)), description: "kinds left out, as --ignore")],
              takesSpec: true, costs: true, answer: .json, failures: [422]),
        Route(method: "POST", path: "/api/sheet", action: .sheet, summary: "The contact sheet grona-snap sheet draws",
              parameters: renderingParameters + axisParameters
                + [QueryParameter(name: "columns", schema: .integer(1...64), description: "cells per row, as --columns"), overlayParameter],
              takesSpec: true, costs: true, answer: .png, failures: [422]),
        Route(method: "POST", path: "/api/animate", action: .animate, summary: "The animated PNG grona-snap animate writes",
              parameters: renderingParameters
                + [QueryParameter(name: "fps", schema: .integer(1...maximumFPS), description: "frames per second (default 15)"),
                   QueryParameter(name: "hold", schema: .integer(0...60_000), description: "milliseconds the last frame is held (default 1500)")],
              takesSpec: true, costs: true, answer: .png, failures: [422]),
    ]
}
