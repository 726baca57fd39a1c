import Foundation

// A campaign's copy for translators, in the files their tools read: XLIFF 1.2, XLIFF 2.0 and CSV.
// Each text field is one unit, keyed by its name in the spec ("title", a progress bar's tier labels
// "tiers.0", "tiers.1"), its source the base copy and its target a localization's text (left out
// when that language has none). Importing reads the targets back into localizations, so exported
// and imported again a campaign's copy is unchanged.

/// The formats a campaign's copy is exchanged in.
public enum TranslationFormat: String, CaseIterable, Sendable {
    case xliff12 = "xliff1.2", xliff20 = "xliff2.0", csv

    public var mediaType: String { self == .csv ? "text/csv; charset=utf-8" : "application/xliff+xml; charset=utf-8" }
    public var fileExtension: String { self == .csv ? "csv" : "xlf" }
}

/// A translation file that cannot be read, and why.
public struct TranslationError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// The copy of one spec as units: key, base text, and each language's text.
public struct Translations: Equatable, Sendable {
    public var sourceLanguage: String
    public var keys: [String]
    public var sources: [String: String]
    /// Language tag → key → text.
    public var targets: [String: [String: String]]

    /// The spec's copy: its text fields in the order the component lists them, then the tiers.
    public init(_ spec: Spec) {
        sourceLanguage = spec.environment.locale ?? "und"
        var keys: [String] = [], sources: [String: String] = [:]
        for (role, text) in spec.component.texts { keys.append(role.rawValue); sources[role.rawValue] = text }
        if case .progressBar(let bar) = spec.component {
            for (index, tier) in bar.tiers.enumerated() { keys.append("tiers.\(index)"); sources["tiers.\(index)"] = tier.label }
        }
        self.keys = keys; self.sources = sources
        targets = spec.localizations.mapValues { localization in
            var texts: [String: String] = [:]
            for (role, text) in localization.texts where sources[role.rawValue] != nil { texts[role.rawValue] = text }
            for (index, label) in localization.tierLabels.enumerated() { if let label { texts["tiers.\(index)"] = label } }
            return texts
        }
    }

    init(sourceLanguage: String, keys: [String], sources: [String: String], targets: [String: [String: String]]) {
        self.sourceLanguage = sourceLanguage; self.keys = keys; self.sources = sources; self.targets = targets
    }

    public var languages: [String] { targets.keys.sorted() }

    // ------------------------------------------------------------------ writing

    /// The file in `format`; `language` picks one language (XLIFF 2.0 holds one target language, so
    /// it needs one when the campaign has several).
    public func file(_ format: TranslationFormat, name: String, language: String? = nil) throws -> String {
        let languages = language.map { [$0] } ?? self.languages
        if let language, targets[language] == nil { throw TranslationError("language: the campaign has no \(language) copy") }
        switch format {
        case .csv:
            let rows = [["key", sourceLanguage] + languages] + keys.map { key in [key, sources[key] ?? ""] + languages.map { targets[$0]?[key] ?? "" } }
            return rows.map { $0.map(Self.csvField).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
        case .xliff12:
            var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff version=\"1.2\" xmlns=\"urn:oasis:names:tc:xliff:document:1.2\">\n"
            for language in languages {
                out += "  <file original=\"\(Self.xml(name))\" source-language=\"\(Self.xml(sourceLanguage))\" target-language=\"\(Self.xml(language))\" datatype=\"plaintext\">\n    <body>\n"
                for key in keys {
                    out += "      <trans-unit id=\"\(Self.xml(key))\"><source>\(Self.xml(sources[key] ?? ""))</source>"
                    if let target = targets[language]?[key] { out += "<target>\(Self.xml(target))</target>" }
                    out += "</trans-unit>\n"
                }
                out += "    </body>\n  </file>\n"
            }
            return out + "</xliff>\n"
        case .xliff20:
            guard languages.count == 1, let language = languages.first else {
                throw TranslationError("language: XLIFF 2.0 holds one target language; name one of \(self.languages.joined(separator: ", "))")
            }
            var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff version=\"2.0\" xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" "
                + "srcLang=\"\(Self.xml(sourceLanguage))\" trgLang=\"\(Self.xml(language))\">\n  <file id=\"\(Self.xml(name))\">\n"
            for key in keys {
                out += "    <unit id=\"\(Self.xml(key))\"><segment><source>\(Self.xml(sources[key] ?? ""))</source>"
                if let target = targets[language]?[key] { out += "<target>\(Self.xml(target))</target>" }
                out += "</segment></unit>\n"
            }
            return out + "  </file>\n</xliff>\n"
        }
    }

    static func csvField(_ text: String) -> String {
        text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    static func xml(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    // ------------------------------------------------------------------ reading

    /// Each language's texts in `text` (a file in `format`), by key. Only what GronaSnap writes is
    /// read: units with plain text (markup inside a target is refused, naming the unit).
    public static func read(_ text: String, format: TranslationFormat) throws -> [String: [String: String]] {
        switch format {
        case .csv: return try readCSV(text)
        case .xliff12:
            var out: [String: [String: String]] = [:]
            for file in elements("file", in: text) {
                guard let language = attribute("target-language", of: file.start) else { throw TranslationError("a <file> has no target-language") }
                let tag = try checkedLanguage(language)
                for unit in elements("trans-unit", in: file.body) {
                    guard let id = attribute("id", of: unit.start) else { throw TranslationError("a <trans-unit> has no id") }
                    if let target = elements("target", in: unit.body).first { out[tag, default: [:]][id] = try plain(target.body, unit: id) }
                }
                if out[tag] == nil { out[tag] = [:] }
            }
            guard !out.isEmpty else { throw TranslationError("no <file> with a target-language: is this XLIFF 1.2?") }
            return out
        case .xliff20:
            guard let root = elements("xliff", in: text).first, let language = attribute("trgLang", of: root.start) else {
                throw TranslationError("the <xliff> element has no trgLang: is this XLIFF 2.0?")
            }
            let tag = try checkedLanguage(language)
            var texts: [String: String] = [:]
            for unit in elements("unit", in: root.body) {
                guard let id = attribute("id", of: unit.start) else { throw TranslationError("a <unit> has no id") }
                if let target = elements("target", in: unit.body).first { texts[id] = try plain(target.body, unit: id) }
            }
            return [tag: texts]
        }
    }

    static func checkedLanguage(_ text: String) throws -> String {
        do { return try LanguageTag(parsing: text).description } catch { throw TranslationError("target language: \(error)") }
    }

    /// The elements named `name` in `text`, in order: the start tag's text and what is inside.
    static func elements(_ name: String, in text: String) -> [(start: String, body: String)] {
        var out: [(String, String)] = []
        var rest = text[...]
        while let open = rest.range(of: "<" + name) {
            let after = rest[open.upperBound...]
            guard let next = after.first, next == ">" || next == " " || next == "\n" || next == "\t" || next == "\r" || next == "/",
                  let close = after.range(of: ">") else { rest = after; continue }
            let start = String(after[..<close.lowerBound])
            if start.hasSuffix("/") { out.append((start, "")); rest = after[close.upperBound...]; continue }
            guard let end = after[close.upperBound...].range(of: "</" + name + ">") else { break }
            out.append((start, String(after[close.upperBound..<end.lowerBound])))
            rest = after[end.upperBound...]
        }
        return out
    }

    static func attribute(_ name: String, of start: String) -> String? {
        for quote in ["\"", "'"] {
            guard let at = start.range(of: " " + name + "=" + quote) ?? start.range(of: "\n" + name + "=" + quote),
                  let end = start[at.upperBound...].range(of: quote) else { continue }
            return unescaped(String(start[at.upperBound..<end.lowerBound]))
        }
        return nil
    }

    static func plain(_ body: String, unit: String) throws -> String {
        var text = body
        if text.hasPrefix("<![CDATA["), text.hasSuffix("]]>") { return String(text.dropFirst(9).dropLast(3)) }
        guard !text.contains("<") else { throw TranslationError("unit \(unit): the target holds markup; only plain text is read") }
        text = unescaped(text)
        return text
    }

    static func unescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = "", rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { out += rest[amp...]; return out }
            let entity = rest[rest.index(after: amp)..<semi]
            let named = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"][String(entity)]
            if let named { out += named }
            else if entity.hasPrefix("#x"), let code = UInt32(entity.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code) { out.unicodeScalars.append(scalar) }
            else if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()), let scalar = Unicode.Scalar(code) { out.unicodeScalars.append(scalar) }
            else { out += rest[amp...semi] }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }

    /// RFC 4180: fields separated by commas, quoted with "" (a quote inside doubled), rows by CRLF or LF.
    static func readCSV(_ text: String) throws -> [String: [String: String]] {
        var rows: [[String]] = [[]], field = "", quoted = false, wasQuoted = false
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var i = 0
        func endField() { rows[rows.count - 1].append(field); field = ""; wasQuoted = false }
        while i < scalars.count {
            let c = scalars[i]
            if quoted {
                if c == "\"" {
                    if i + 1 < scalars.count, scalars[i + 1] == "\"" { field.unicodeScalars.append("\""); i += 1 } else { quoted = false }
                } else { field.unicodeScalars.append(c) }
            } else if c == "\"" && field.isEmpty && !wasQuoted {
                quoted = true; wasQuoted = true
            } else if c == "," {
                endField()
            } else if c == "\r" || c == "\n" {
                if c == "\r", i + 1 < scalars.count, scalars[i + 1] == "\n" { i += 1 }
                endField(); rows.append([])
            } else { field.unicodeScalars.append(c) }
            i += 1
        }
        if quoted { throw TranslationError("a quoted field is not closed") }
        if !field.isEmpty || wasQuoted || !(rows.last ?? []).isEmpty { endField() }
        rows = rows.filter { !$0.isEmpty }
        guard let header = rows.first, header.count >= 3, header[0] == "key" else {
            throw TranslationError("the first row is key, the base copy's language, then one column per language")
        }
        let languages = try header.dropFirst(2).map(checkedLanguage)
        var out: [String: [String: String]] = Dictionary(uniqueKeysWithValues: languages.map { ($0, [:]) })
        for (number, row) in rows.dropFirst().enumerated() {
            guard row.count == header.count else { throw TranslationError("row \(number + 2) has \(row.count) fields, not \(header.count)") }
            for (column, language) in languages.enumerated() where !row[column + 2].isEmpty { out[language]?[row[0]] = row[column + 2] }
        }
        return out
    }

    /// Texts read from a file as a spec's `localizations` JSON: each language's fields, tiers as a
    /// list (null for a tier left untranslated). A key the campaign has no field for is refused.
    public func localizationsJSON(_ read: [String: [String: String]]) throws -> String {
        var languages: [String] = []
        for language in read.keys.sorted() {
            let texts = read[language] ?? [:]
            for key in texts.keys.sorted() where sources[key] == nil {
                throw TranslationError("\(language): the campaign has no field \(quoted(key))")
            }
            var fields = keys.filter { !$0.hasPrefix("tiers.") }.compactMap { key in texts[key].map { "\(JSONText.string(key)): \(JSONText.string($0))" } }
            let tiers = keys.filter { $0.hasPrefix("tiers.") }
            if tiers.contains(where: { texts[$0] != nil }) {
                let last = tiers.lastIndex { texts[$0] != nil } ?? 0
                fields.append("\"tiers\": [" + tiers[...last].map { texts[$0].map(JSONText.string) ?? "null" }.joined(separator: ", ") + "]")
            }
            languages.append("\(JSONText.string(language)): {" + fields.joined(separator: ", ") + "}")
        }
        return "{" + languages.joined(separator: ", ") + "}"
    }
}
