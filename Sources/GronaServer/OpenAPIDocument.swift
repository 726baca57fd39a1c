import Foundation
import Grona

/// /api/openapi.json: the API described in OpenAPI 3.1, made from the route table the server
/// dispatches by (`StudioAPI.routes`), so the description cannot drift from what is parsed.
enum OpenAPIDocument {
    /// Answers any route may give, with why.
    static let commonFailures: [Int: String] = [
        400: "bad input: the command line's one-line message (a spec, an option, a path), or a request head a proxy could read otherwise (a control character in a header, a Transfer-Encoding that does not end in chunked)",
        401: "a token is required (--token-file) and was not sent as Authorization: Bearer TOKEN",
        403: "a Host that is not this loopback server, or a cross-site request",
        404: "no such route or spec",
        405: "the route does not take this method (see Allow)",
        408: "the request did not arrive within its deadline",
        413: "the request body is over 4 MiB",
        429: "this client already has its share of the queue waiting (see Retry-After); the server itself has room for others",
        431: "the request's headers are too large",
        501: "a transfer coding other than chunked (gzip, chunked)",
        503: "the server is full: too many connections or requests waiting (see Retry-After)",
        505: "an HTTP version other than 1.0 and 1.1",
    ]

    static let failureReasons: [Int: String] = [
        409: "the file changed on disk since it was opened (If-Match), or a new name that exists already; a merge's 409 lists the fields changed on both sides",
        415: "the upload is not a PNG the renderer can draw",
        422: "over the request budget (the message says what to lower), or a spec file over 4 MiB",
        507: "the folder's quota of specs is full",
    ]

    static func json(for routes: [Route]) -> String {
        var paths: [String: [String: Any]] = [:]
        for route in routes {
            paths[route.path, default: [:]][route.method.lowercased()] = operation(route)
        }
        let document: [String: Any] = [
            "openapi": "3.1.0",
            "info": ["title": "GronaSnap studio API", "version": "1",
                     "description": "Renders Grona SDK components as grona-snap does, and reads and saves the spec files of one folder."],
            "paths": paths,
            "components": [
                "schemas": [
                    "Error": ["type": "object", "required": ["error"],
                              "properties": ["error": ["type": "string"],
                                             // A refused spec: its file and the JSON path (or line and column) of the problem.
                                             "file": ["type": "string"], "path": ["type": "string"]]],
                    "Spec": specSchema,
                ],
                "securitySchemes": ["token": ["type": "http", "scheme": "bearer",
                                              "description": "needed only when the server was started with --token-file"]],
            ],
        ]
        // Sorted keys: the same description, byte for byte, on every run.
        let data = (try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func operation(_ route: Route) -> [String: Any] {
        var operation: [String: Any] = ["summary": route.summary, "operationId": operationID(route)]
        var parameters: [[String: Any]] = route.parameters.map { parameter in
            ["name": parameter.name, "in": "query", "required": parameter.required, "description": parameter.description,
             "schema": parameter.schema.jsonSchema]
        }
        if route.id == "font" {
            parameters.insert(["name": "name", "in": "path", "required": true, "description": "a font file's name in GronaSnap's Fonts folder, as fonts.css names it",
                               "schema": ["type": "string", "minLength": 1, "maxLength": 255], "example": "Inter-Regular.otf"], at: 0)
        } else if route.path.contains("{name}") {
            // The patterns the handlers check names by, so a name the description allows is one
            // the server takes (and one it refuses is outside the description).
            let (rule, pattern, example): (String, String, String)
            var longest = SpecFolder.maximumNameLength
            if route.path.hasPrefix("/api/images/") {
                (rule, pattern, example) = ("an image's path in the folder: a name, or a folder's name, / and a name, each as a spec's name is, ending in .png",
                                            StudioAPI.imagePathPattern, "images/coffee.png")
                longest = 2 * SpecFolder.maximumNameLength - 1
            } else if route.path.hasPrefix("/api/trash/") {
                (rule, pattern, example) = ("a trash entry's name (GET /api/trash)", StudioAPI.trashEntryPattern, "20261201T210408123Z-acme-banner.json")
                longest = SpecFolder.maximumNameLength + 23
            } else {
                (rule, pattern, example) = (SpecFolder.nameRule, SpecFolder.namePattern, "acme-banner.json")
            }
            parameters.insert(["name": "name", "in": "path", "required": true, "description": rule,
                               "schema": ["type": "string", "minLength": 1, "maxLength": longest, "pattern": pattern], "example": example], at: 0)
        }
        if route.path.contains("{version}") {
            parameters.insert(["name": "version", "in": "path", "required": true,
                               "description": "a version's id, as the campaign's history lists it (or its first 7 or more digits)",
                               "schema": ["type": "string", "minLength": 7, "maxLength": 64, "pattern": StudioAPI.versionPattern],
                               "example": "3f2a9c1"], at: 1)
        }
        if route.ifMatch {
            parameters.append(["name": "If-Match", "in": "header", "required": false,
                               "description": "the ETag the spec was opened with; * for any version; none for a new file",
                               "schema": ["type": "string", "maxLength": 128]])
        }
        if !parameters.isEmpty { operation["parameters"] = parameters }
        if route.takesSpec {
            operation["requestBody"] = ["required": true, "content": ["application/json": [
                "schema": ["$ref": "#/components/schemas/Spec"],
                "example": ["component": ["type": "banner", "eyebrow": "THIS WEEK", "title": "Double points on every order",
                                          "body": "Order by Sunday.", "button": "Order now"]],
            ]]]
        }
        switch route.body {
        case .merge?:
            // The merge is checked as a spec before it is saved; its two sides are whatever the page held.
            operation["requestBody"] = ["required": true, "content": ["application/json": ["schema": [
                "type": "object", "required": ["base", "mine"],
                "properties": ["base": ["description": "the spec as it was opened"],
                               "mine": ["type": "object", "description": "the spec as edited"]]]]]]
        case .newName(let required)?:
            operation["requestBody"] = ["required": required, "content": ["application/json": ["schema": [
                "type": "object", "required": ["to"],
                "properties": ["to": ["type": "string", "description": SpecFolder.nameRule, "pattern": SpecFolder.namePattern,
                                      "maxLength": SpecFolder.maximumNameLength]]]]]]
        case .png?:
            operation["requestBody"] = ["required": true, "content": ["image/png": ["schema": ["type": "string", "contentMediaType": "image/png"]]]]
        case .translation?:
            operation["requestBody"] = ["required": true, "content": ["application/json": ["schema": [
                "type": "object", "required": ["spec"],
                "oneOf": [["required": ["text"]], ["required": ["file"]]],
                "properties": ["spec": ["$ref": "#/components/schemas/Spec"],
                               "text": ["type": "string", "description": "the translation file, in the format named"],
                               "file": ["type": "string", "contentEncoding": "base64",
                                        "description": "the translation file's bytes (UTF-8 with or without a BOM, or UTF-16 with one; another encoding is refused, named)"]]]]]]
        case nil:
            break
        }
        var responses: [String: Any] = ["200": success(route)]
        let error = ["application/json": ["schema": ["$ref": "#/components/schemas/Error"]]]
        for (status, reason) in commonFailures {
            responses[String(status)] = ["description": reason, "content": error]
        }
        for status in route.failures {
            responses[String(status)] = ["description": failureReasons[status] ?? "", "content": error]
        }
        // The health check and the page never need the token.
        if route.access != .api {
            operation["security"] = [[String: Any]]()
            responses["401"] = nil
        } else {
            operation["security"] = [[String: Any](), ["token": [String]()]]
        }
        operation["responses"] = responses
        return operation
    }

    /// A spec file, from the decoder's own tables: its sections (`SpecDecoder.sections`), and a
    /// component of each kind with exactly that kind's fields (`Component.Kind.fields`). What a
    /// JSON Schema cannot say (an image that must exist in the folder, tiers in ascending order,
    /// the copy of each language) the server answers with 400 and the JSON path.
    static var specSchema: [String: Any] {
        func schema(_ value: Component.Field.Value) -> [String: Any] {
            switch value {
            case .text: return ["type": "string", "minLength": 1, "maxLength": 10_000]
            case .tiers: return ["type": "array", "minItems": 1, "maxItems": 100, "items": [
                "type": "object", "required": ["at", "label"], "additionalProperties": false,
                "properties": ["at": ["type": "number", "exclusiveMinimum": 0], "label": ["type": "string", "minLength": 1]]]]
            case .fraction: return ["type": "number", "description": "how far the bar is filled, 0 to 1 (outside it: empty or full)"]
            case .image: return ["type": "string", "minLength": 1, "description": "a PNG's path, relative to the spec's folder"]
            case .icon: return ["type": "string", "enum": MessageIcon.allCases.map(\.rawValue)]
            case .style: return ["type": "object", "description": "the campaign's colours: background, text, accent"]
            }
        }
        // The decoder reads a field or section given as null as one left out.
        func nullable(_ schema: [String: Any]) -> [String: Any] { ["anyOf": [schema, ["type": "null"]]] }
        let components: [[String: Any]] = Component.Kind.allCases.map { kind in
            var properties: [String: Any] = ["type": ["const": kind.rawValue]]
            for field in kind.fields { properties[field.name] = nullable(schema(field.value)) }
            return ["type": "object", "required": ["type"], "additionalProperties": false, "properties": properties]
        }
        var sections: [String: Any] = [:]
        for section in SpecDecoder.sections { sections[section] = nullable(["type": "object"]) }
        sections["component"] = ["oneOf": components]
        return ["type": "object", "description": "a spec file (docs/spec-files.md)", "required": ["component"],
                "additionalProperties": false, "properties": sections]
    }

    private static func success(_ route: Route) -> [String: Any] {
        switch route.answer {
        case .png:
            return ["description": "a PNG image", "content": ["image/png": ["schema": ["type": "string", "contentMediaType": "image/png"]]]]
        case .css:
            return ["description": "a style sheet", "content": ["text/css": ["schema": ["type": "string"]]]]
        case .metrics:
            return ["description": "the Prometheus text exposition format", "content": ["text/plain": ["schema": ["type": "string"]]]]
        case .font:
            let types = ["font/ttf", "font/otf", "font/collection"]
            return ["description": "the font file, with Cache-Control: public, max-age=31536000, immutable",
                    "content": Dictionary(uniqueKeysWithValues: types.map { ($0, ["schema": ["type": "string", "contentMediaType": $0]]) })]
        case .json:
            return ["description": "JSON", "content": ["application/json": ["schema": [String: Any]()]]]
        case .specFile:
            return ["description": "the spec file's bytes", "headers": ["ETag": ["schema": ["type": "string"]]],
                    "content": ["application/json": ["schema": [String: Any]()]]]
        case .saved:
            return ["description": "saved", "headers": ["ETag": ["schema": ["type": "string"]]],
                    "content": ["application/json": ["schema": ["type": "object", "required": ["saved", "etag"],
                                                                  "properties": ["saved": ["type": "string"], "etag": ["type": "string"]]]]]]
        }
    }

    private static func operationID(_ route: Route) -> String {
        route.id
    }
}
