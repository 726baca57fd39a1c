import Foundation
import Grona
import GronaRequests

// A campaign's copy for translators (`Translations`): POST /api/translations answers the file for the
// spec posted, POST /api/translations/import reads one back into the spec's localizations, which the
// page merges into the campaign (and saves like any edit).
extension StudioAPI {
    static let translationParameters: [QueryParameter] = [
        nameParameter,
        QueryParameter(name: "format", schema: .choice(TranslationFormat.allCases.map(\.rawValue)),
                       description: "xliff1.2 (every language, a <file> each), xliff2.0 (one language) or csv (a column per language)",
                       required: true),
        QueryParameter(name: "language", schema: .text(pattern: "^[A-Za-z0-9-]+$", maxLength: 64),
                       description: "export this language only (XLIFF 2.0 needs one when the campaign has several)"),
    ]

    static func translationFormat(_ text: String?) throws -> TranslationFormat {
        guard let text else { throw RequestError(.badInput, "format: give xliff1.2, xliff2.0 or csv") }
        guard let format = TranslationFormat(rawValue: text) else {
            throw RequestError(.badInput, "format: \(quoted(text)) is not one of xliff1.2, xliff2.0, csv")
        }
        return format
    }

    /// `{"name": "spring-de.xlf", "mediaType": …, "text": …}`: the file, named for the campaign.
    func exportTranslations(_ request: HTTPRequest, _ route: Route) throws -> HTTPResponse {
        let options = try RenderOptions(request, route)
        let query = Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let format = try Self.translationFormat(query["format"])
        let spec = try Specs.decode(request.body, file: options.name, folder: folder.path, assetRoots: assetRoots, disclosingPaths: false)
        let language = try query["language"].map { tag in
            do { return try LanguageTag(parsing: tag).description } catch { throw RequestError(.badInput, "language: \(error)") }
        }
        let text: String
        do { text = try Translations(spec).file(format, name: options.name, language: language) } catch let refused as TranslationError {
            throw RequestError(.badInput, "\(refused)")
        }
        let name = String(options.name.dropLast(5)) + (language.map { "-" + $0 } ?? "") + "." + format.fileExtension
        return .json("{\"name\": \(jsonStringLiteral(name)), \"mediaType\": \(jsonStringLiteral(format.mediaType)), \"text\": \(jsonStringLiteral(text))}\n")
    }

    /// What a translation file posted (`{"spec": SPEC, "text": FILE}`, or `"file"`: its bytes in
    /// base64, whose encoding GronaSnap detects) would change in the spec, before anything changes:
    /// `changes` (per language and field: added, changed, or emptied in the file and so kept, with
    /// the field's label and the text before and after; unchanged fields left out), `untranslated`
    /// (every field the file has no text for) and `localizations` (each language's copy with the
    /// changes applied). Each key is checked against the spec's fields.
    func importTranslations(_ request: HTTPRequest, _ route: Route) throws -> HTTPResponse {
        let options = try RenderOptions(request, route)
        let query = Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let format = try Self.translationFormat(query["format"])
        let shape = #"{"spec": SPEC, "text": "the translation file"} or {"spec": SPEC, "file": "its bytes in base64"}"#
        let body = try jsonBody(request, shape: shape)
        guard let posted = body["spec"] else { throw RequestError(.badInput, "the body is \(shape)") }
        let spec = try Specs.decode(Array(JSONTextEdit.serialize(posted).utf8), file: options.name, folder: folder.path,
                                    assetRoots: assetRoots, disclosingPaths: false)
        // The file as text, or as its bytes (whose encoding only GronaSnap can tell).
        let member: String, readFile: () throws -> [String: [String: String]]
        switch (body["text"], body["file"]) {
        case (.string(let text)?, nil): member = "text"; readFile = { try Translations.read(text, format: format) }
        case (nil, .string(let base64)?):
            guard let data = Data(base64Encoded: base64) else { throw RequestError(.badInput, "file: not base64") }
            member = "file"; readFile = { try Translations.read(bytes: [UInt8](data), format: format) }
        default: throw RequestError(.badInput, "the body is \(shape)")
        }
        do {
            let read = try readFile()
            let copy = Translations(spec)
            let result = try copy.importing(read)
            func field(_ language: String, _ key: String) -> [String] {
                let name = (try? LanguageTag(parsing: language))?.englishName ?? language
                return ["\"language\": \(jsonStringLiteral(language))", "\"languageName\": \(jsonStringLiteral(name))",
                        "\"key\": \(jsonStringLiteral(key))", "\"label\": \(jsonStringLiteral(Self.copyLabel(key)))"]
            }
            let text = { (value: String?) in value.map(jsonStringLiteral) ?? "null" }
            let changes = result.changes.map { change in
                "{" + (field(change.language, change.key) + ["\"change\": \"\(change.kind.rawValue)\"", "\"before\": \(text(change.before))",
                                                             "\"after\": \(text(change.after))"]).joined(separator: ", ") + "}"
            }
            let untranslated = result.untranslated.map { "{" + field($0.language, $0.key).joined(separator: ", ") + "}" }
            return .json("{\"localizations\": \(try copy.localizationsJSON(result.localizations)),\n"
                         + " \"changes\": [" + changes.joined(separator: ",\n  ") + "],\n"
                         + " \"untranslated\": [" + untranslated.joined(separator: ",\n  ") + "]}\n")
        } catch let refused as TranslationError {
            throw RequestError(.badInput, "\(member): \(refused)")
        }
    }

    /// A unit's field as the editor names it: "Title", "Button label", a tier's "Reward 2".
    static func copyLabel(_ key: String) -> String {
        if key.hasPrefix("tiers."), let index = Int(key.dropFirst(6)) { return "Reward \(index + 1)" }
        return fieldLabel(key, "text")
    }
}
