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

    /// `{"localizations": {"de": {"title": …}, …}}`: the texts of the file posted (`{"spec": SPEC,
    /// "text": FILE}`), each key checked against the spec's fields.
    func importTranslations(_ request: HTTPRequest, _ route: Route) throws -> HTTPResponse {
        let options = try RenderOptions(request, route)
        let query = Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let format = try Self.translationFormat(query["format"])
        let shape = #"{"spec": SPEC, "text": "the translation file"}"#
        let body = try jsonBody(request, shape: shape)
        guard let posted = body["spec"], case .string(let text)? = body["text"] else {
            throw RequestError(.badInput, "the body is \(shape)")
        }
        let spec = try Specs.decode(Array(JSONTextEdit.serialize(posted).utf8), file: options.name, folder: folder.path,
                                    assetRoots: assetRoots, disclosingPaths: false)
        do {
            let copy = Translations(spec)
            return .json("{\"localizations\": \(try copy.localizationsJSON(try Translations.read(text, format: format)))}\n")
        } catch let refused as TranslationError {
            throw RequestError(.badInput, "text: \(refused)")
        }
    }
}
