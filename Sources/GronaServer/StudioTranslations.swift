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
        return .json(.members([("name", .string(name)), ("mediaType", .string(format.mediaType)), ("text", .string(text))]))
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
        // The file and the campaign are read whole: costed by their size before either is parsed.
        let held = try affordText(request.body.count, "the translation file with its campaign", lower: "the file's size (import fewer languages at once)",
                                  for: request)
        defer { held.release() }
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
            var read = try readFile()
            if format == .csv { read = read.mapValues { $0.mapValues(CSVFormula.unescaped) } }
            let copy = Translations(spec)
            let result = try copy.importing(read)
            func field(_ language: String, _ key: String) -> [(String, JSONValue?)] {
                let name = (try? LanguageTag(parsing: language))?.englishName ?? language
                return [("language", .string(language)), ("languageName", .string(name)), ("key", .string(key)), ("label", .string(Self.copyLabel(key)))]
            }
            // A text the file does not have is null, not left out: the page shows "before" and "after" of each.
            let text = { (value: String?) in value.map(JSONValue.string) ?? .null }
            let changes = result.changes.map { change in
                JSONValue.members(field(change.language, change.key) + [("change", .string(change.kind.rawValue)), ("before", text(change.before)),
                                                                        ("after", text(change.after))])
            }
            let untranslated = result.untranslated.map { JSONValue.members(field($0.language, $0.key)) }
            // The localizations as the spec file holds them (Translations writes that JSON), read back as a value.
            let localizations = try JSONParser.parse(try copy.localizationsJSON(result.localizations))
            return .json(.members([("localizations", localizations), ("changes", .array(changes)), ("untranslated", .array(untranslated))]))
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
