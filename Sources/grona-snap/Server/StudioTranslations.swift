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
        var copy = Translations(spec)
        if format == .csv {
            copy.sources = copy.sources.mapValues(CSVFormula.escaped)
            copy.targets = copy.targets.mapValues { $0.mapValues(CSVFormula.escaped) }
        }
        let text: String
        do { text = try copy.file(format, name: options.name, language: language) } catch let refused as TranslationError {
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
        // The file and the campaign are read whole: costed by their size before either is parsed.
        let held = try affordText(request.body.count, "the translation file with its campaign", lower: "the file's size (import fewer languages at once)",
                                  for: request)
        defer { held.release() }
        let shape = #"{"spec": SPEC, "text": "the translation file"}"#
        let body = try jsonBody(request, shape: shape)
        guard let posted = body["spec"], case .string(let text)? = body["text"] else {
            throw RequestError(.badInput, "the body is \(shape)")
        }
        let spec = try Specs.decode(Array(JSONTextEdit.serialize(posted).utf8), file: options.name, folder: folder.path,
                                    assetRoots: assetRoots, disclosingPaths: false)
        do {
            let copy = Translations(spec)
            var read = try Translations.read(text, format: format)
            if format == .csv { read = read.mapValues { $0.mapValues(CSVFormula.unescaped) } }
            return .json("{\"localizations\": \(try copy.localizationsJSON(read))}\n")
        } catch let refused as TranslationError {
            throw RequestError(.badInput, "text: \(refused)")
        }
    }
}

/// A spreadsheet cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to
/// Excel, LibreOffice and Google Sheets (`=HYPERLINK(…)` opens a link, `+cmd|…` once ran a program):
/// so the CSV export writes such a text with a single quote before it, as OWASP's "CSV Injection"
/// advises, and the spreadsheet shows it as text. To read every text back as it was, a text that
/// already starts with quotes followed by one of those characters (`'=x`) gets one more, and reading
/// takes exactly one quote off a cell that starts with one or more quotes and then one of them:
/// `=x` ↔ `'=x`, `'=x` ↔ `''=x`; any other text is written and read as it is.
enum CSVFormula {
    static let starts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// Whether `text` is quotes, then a character that starts a formula.
    private static func isQuotedFormula(_ text: Substring.UnicodeScalarView) -> Bool {
        text.first { $0 != "'" }.map(starts.contains) ?? false
    }

    static func escaped(_ text: String) -> String {
        isQuotedFormula(text[...].unicodeScalars) ? "'" + text : text
    }

    static func unescaped(_ cell: String) -> String {
        guard cell.unicodeScalars.first == "'", isQuotedFormula(cell.unicodeScalars.dropFirst()) else { return cell }
        return String(cell.unicodeScalars.dropFirst())
    }
}
