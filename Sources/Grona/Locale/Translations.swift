import Foundation

// A campaign's copy for translators, in the files their tools read: XLIFF 1.2, XLIFF 2.0 and CSV.
// Each text field is one unit, keyed by its name in the spec ("title", a progress bar's tier labels
// "tiers.0", "tiers.1"), its source the base copy and its target a localization's text (left out
// when that language has none). Importing reads the targets back into localizations, so exported
// and imported again a campaign's copy is unchanged.

/// The formats a campaign's copy is exchanged in.
public enum TranslationFormat: String, CaseIterable, Sendable {
    case xliff12 = "xliff1.2", xliff20 = "xliff2.0", csv

    package var mediaType: String { self == .csv ? "text/csv; charset=utf-8" : "application/xliff+xml; charset=utf-8" }
    package var fileExtension: String { self == .csv ? "csv" : "xlf" }
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

    /// Each language's texts in a file's `bytes` (its encoding detected: `text(decoding:)`).
    public static func read(bytes: [UInt8], format: TranslationFormat) throws -> [String: [String: String]] {
        if format != .csv { try checkDeclaredEncoding(bytes) }
        return try read(try text(decoding: bytes), format: format)
    }

    /// Each language's texts in `text` (a file in `format`), by key. Only what GronaSnap writes is
    /// read: units with plain text (markup inside a target is refused, naming the unit). A unit whose
    /// target is empty or missing is left out: the field is untranslated, never emptied
    /// (`importing` names it). Every language is checked as the studio's language box checks one.
    public static func read(_ text: String, format: TranslationFormat) throws -> [String: [String: String]] {
        // U+FFFD is what a file read in the wrong encoding has in place of its letters.
        if let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(where: { $0.contains("\u{FFFD}") }) {
            throw TranslationError("line \(line + 1) holds “\u{FFFD}”, a letter lost to a wrong encoding; send the file's own bytes, saved as UTF-8")
        }
        switch format {
        case .csv: return try readCSV(text)
        case .xliff12:
            var out: [String: [String: String]] = [:]
            for file in elements("file", in: text) {
                guard let language = attribute("target-language", of: file.start) else { throw TranslationError("a <file> has no target-language") }
                let tag = try checkedLanguage(language, "target-language")
                var texts = out[tag] ?? [:], seen = Set(texts.keys)
                for unit in elements("trans-unit", in: file.body) {
                    guard let id = attribute("id", of: unit.start) else { throw TranslationError("a <trans-unit> has no id") }
                    guard seen.insert(id).inserted else { throw TranslationError("\(tag): unit \(quoted(id)) appears twice") }
                    if let target = elements("target", in: unit.body).first, let text = translated(try plain(target.body, unit: id)) { texts[id] = text }
                }
                out[tag] = texts
            }
            guard !out.isEmpty else { throw TranslationError("no <file> with a target-language: is this XLIFF 1.2?") }
            return out
        case .xliff20:
            guard let root = elements("xliff", in: text).first, let language = attribute("trgLang", of: root.start) else {
                throw TranslationError("the <xliff> element has no trgLang: is this XLIFF 2.0?")
            }
            let tag = try checkedLanguage(language, "trgLang")
            var texts: [String: String] = [:], seen = Set<String>()
            for unit in elements("unit", in: root.body) {
                guard let id = attribute("id", of: unit.start) else { throw TranslationError("a <unit> has no id") }
                guard seen.insert(id).inserted else { throw TranslationError("unit \(quoted(id)) appears twice") }
                if let text = try unitTarget(unit.body, unit: id) { texts[id] = text }
            }
            return [tag: texts]
        }
    }

    /// An XLIFF 2.0 unit's translation: its segments' targets joined, with the `<ignorable>`s between
    /// them (their target, else their source: whitespace a tool split the text at), as XLIFF 2.0's
    /// merging rules say. Nil when no segment has a target; a unit translated in part is refused,
    /// since half a sentence in one language and half in another is no translation.
    static func unitTarget(_ body: String, unit: String) throws -> String? {
        let parts = elements(["segment", "ignorable"], in: body)
        let segments = parts.filter { $0.name == "segment" }
        let targets = try segments.map { segment in
            try elements("target", in: segment.body).first.map { try plain($0.body, unit: unit) }.flatMap(translated)
        }
        guard targets.contains(where: { $0 != nil }) else { return nil }
        if let missing = targets.firstIndex(where: { $0 == nil }) {
            throw TranslationError("unit \(quoted(unit)): segment \(missing + 1) of \(segments.count) has no target; translate every segment or none")
        }
        var out = "", segment = 0
        for part in parts {
            if part.name == "segment" {
                out += targets[segment] ?? ""; segment += 1
            } else if let text = try (elements("target", in: part.body).first ?? elements("source", in: part.body).first).map({ try plain($0.body, unit: unit) }) {
                out += text
            }
        }
        return out
    }

    /// A target's text, nil when it is empty or only spaces and line breaks (untranslated).
    static func translated(_ text: String) -> String? {
        text.unicodeScalars.allSatisfy { $0.properties.isWhitespace } ? nil : text
    }

    /// A language named by a file (`what`: the attribute or column), checked by the rule of the
    /// studio's language box and `--locale` (`LanguageTag(choosing:)`: "jp" is refused, naming ja).
    static func checkedLanguage(_ text: String, _ what: String) throws -> String {
        do { return try LanguageTag(choosing: text).description } catch { throw TranslationError("\(what): \(error)") }
    }

    /// The elements named `name` in `text`, in order: the start tag's text and what is inside.
    static func elements(_ name: String, in text: String) -> [(start: String, body: String)] {
        elements([name], in: text).map { ($0.start, $0.body) }
    }

    /// The elements named any of `names` in `text`, in document order (not nested in each other).
    static func elements(_ names: [String], in text: String) -> [(name: String, start: String, body: String)] {
        var out: [(String, String, String)] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "<") {
            let tag = rest[rest.index(after: open)...]
            guard let name = names.first(where: { name in
                      guard tag.hasPrefix(name), let next = tag.dropFirst(name.count).first else { return false }
                      return next == ">" || next == " " || next == "\n" || next == "\t" || next == "\r" || next == "/"
                  }) else { rest = tag; continue }
            let after = tag.dropFirst(name.count)
            guard let close = after.firstIndex(of: ">") else { break }
            let start = String(after[..<close])
            let inside = after[after.index(after: close)...]
            if start.hasSuffix("/") { out.append((name, start, "")); rest = inside; continue }
            guard let end = inside.range(of: "</" + name + ">") else { break }
            out.append((name, start, String(inside[..<end.lowerBound])))
            rest = inside[end.upperBound...]
        }
        return out
    }

    static func attribute(_ name: String, of start: String) -> String? {
        for quote in ["\"", "'"] {
            for space in [" ", "\n", "\t", "\r"] {
                guard let at = start.range(of: space + name + "=" + quote),
                      let end = start[at.upperBound...].range(of: quote) else { continue }
                return unescaped(String(start[at.upperBound..<end.lowerBound]))
            }
        }
        return nil
    }

    static func plain(_ body: String, unit: String) throws -> String {
        var text = body
        if text.hasPrefix("<![CDATA["), text.hasSuffix("]]>") { return String(text.dropFirst(9).dropLast(3)) }
        guard !text.contains("<") else { throw TranslationError("unit \(quoted(unit)): the target holds markup; only plain text is read") }
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

    /// The separators a CSV's columns may have: a comma (RFC 4180), a semicolon (Excel where the
    /// decimal mark is a comma) or a tab (Excel's "Unicode text", Google Sheets' TSV).
    static let csvSeparators: [Unicode.Scalar: String] = [",": "commas", ";": "semicolons", "\t": "tabs"]

    /// The CSV's separator: the one Excel's `sep=X` first line names, else the character after the
    /// first row's `key`.
    static func csvSeparator(_ scalars: inout ArraySlice<Unicode.Scalar>) throws -> Unicode.Scalar {
        if scalars.starts(with: "sep=".unicodeScalars), scalars.count > 4 {
            let named = scalars[scalars.startIndex + 4]
            guard csvSeparators[named] != nil else { throw TranslationError("the first line names the separator \(shown(named)); GronaSnap reads columns separated by commas, semicolons or tabs") }
            scalars = scalars.dropFirst(5).drop { $0 == "\r" || $0 == "\n" }
            return named
        }
        let header = scalars.prefix { $0 != "\r" && $0 != "\n" }
        let key = header.starts(with: "\"key\"".unicodeScalars) ? 5 : header.starts(with: "key".unicodeScalars) ? 3 : nil
        guard let key else { throw TranslationError("the first row is key, the base copy's language, then one column per language") }
        guard header.count > key else { throw TranslationError("the first row holds only key; it is key, the base copy's language, then one column per language") }
        let found = header[header.startIndex + key]
        guard csvSeparators[found] != nil else {
            throw TranslationError("the first row separates its columns with \(shown(found)); GronaSnap reads columns separated by commas, semicolons or tabs")
        }
        return found
    }

    static func shown(_ scalar: Unicode.Scalar) -> String {
        scalar.properties.isWhitespace || scalar.value < 0x20 ? "U+" + String(scalar.value, radix: 16, uppercase: true) : "“\(scalar)”"
    }

    /// A cell a spreadsheet would take for a formula (= + - @, a tab, a carriage return) is exported
    /// behind a quote (OWASP's advice on CSV injection); the quote comes off again here.
    static func unprefixed(_ field: String) -> String {
        let scalars = field.unicodeScalars
        guard scalars.count >= 2, scalars.first == "'", "=+-@\t\r".unicodeScalars.contains(scalars[scalars.index(after: scalars.startIndex)]) else { return field }
        return String(scalars.dropFirst())
    }

    /// RFC 4180: fields separated by commas (or semicolons, or tabs: `csvSeparator`), quoted with ""
    /// (a quote inside doubled), rows by CRLF or LF. An empty cell is an untranslated field.
    static func readCSV(_ text: String) throws -> [String: [String: String]] {
        var scalars = Array(text.unicodeScalars)[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        let separator = try csvSeparator(&scalars)
        let separated = "separated by " + (csvSeparators[separator] ?? "")
        var rows: [[String]] = [[]], field = "", inQuotes = false, wasQuoted = false
        var i = scalars.startIndex
        func endField() { rows[rows.count - 1].append(unprefixed(field)); field = ""; wasQuoted = false }
        while i < scalars.endIndex {
            let c = scalars[i]
            if inQuotes {
                if c == "\"" {
                    if i + 1 < scalars.endIndex, scalars[i + 1] == "\"" { field.unicodeScalars.append("\""); i += 1 } else { inQuotes = false }
                } else { field.unicodeScalars.append(c) }
            } else if c == "\"" && field.isEmpty && !wasQuoted {
                inQuotes = true; wasQuoted = true
            } else if c == separator {
                endField()
            } else if c == "\r" || c == "\n" {
                if c == "\r", i + 1 < scalars.endIndex, scalars[i + 1] == "\n" { i += 1 }
                endField(); rows.append([])
            } else { field.unicodeScalars.append(c) }
            i += 1
        }
        if inQuotes { throw TranslationError("a quoted field is not closed") }
        if !field.isEmpty || wasQuoted || !(rows.last ?? []).isEmpty { endField() }
        // Numbered as a spreadsheet numbers them; a row of empty cells (Excel's ";;;") is no row.
        let numbered = rows.enumerated().map { (number: $0.offset + 1, row: $0.element) }.filter { !$0.row.allSatisfy(\.isEmpty) }
        guard let header = numbered.first?.row, header.count >= 3, header[0] == "key" else {
            throw TranslationError("the first row is key, the base copy's language, then one column per language (\(separated))")
        }
        var languages: [String] = [], columns: [String: Int] = [:]
        for (index, name) in header.enumerated().dropFirst(2) {
            let language = try checkedLanguage(name, "column \(index + 1)")
            if let earlier = columns[language] {
                throw TranslationError("columns \(earlier + 1) and \(index + 1) are both \(language) (\(quoted(header[earlier])) and \(quoted(name))); keep one")
            }
            columns[language] = index
            languages.append(language)
        }
        var out: [String: [String: String]] = [:]
        for language in languages { out[language] = [:] }
        var keys: [String: Int] = [:]
        for (number, row) in numbered.dropFirst() {
            guard row.count == header.count else {
                throw TranslationError("row \(number) has \(row.count) fields \(separated), not \(header.count) as the first row")
            }
            guard !row[0].isEmpty else { throw TranslationError("row \(number) has no key") }
            if let earlier = keys[row[0]] { throw TranslationError("rows \(earlier) and \(number) are both \(quoted(row[0])); keep one") }
            keys[row[0]] = number
            for (column, language) in languages.enumerated() {
                if let text = translated(row[column + 2]) { out[language, default: [:]][row[0]] = text }
            }
        }
        return out
    }

    // ------------------------------------------------------------------ importing

    /// What importing `read` (each language's texts from a file) does to the campaign: each field
    /// it adds or changes, each it leaves untranslated while the campaign has a text for it (kept),
    /// and the languages' copy afterwards. A key the campaign has no field for is refused.
    public func importing(_ read: [String: [String: String]]) throws -> TranslationImport {
        var result = TranslationImport()
        for language in read.keys.sorted() {
            let texts = read[language] ?? [:]
            if let unknown = texts.keys.sorted().first(where: { sources[$0] == nil }) {
                throw TranslationError("\(language): the campaign has no field \(quoted(unknown))")
            }
            let now = targets[language] ?? [:]
            var after = now
            for key in keys {
                switch (now[key], texts[key]) {
                case (nil, let text?):
                    result.changes.append(.init(language: language, key: key, kind: .added, before: nil, after: text))
                case (let before?, let text?) where before != text:
                    result.changes.append(.init(language: language, key: key, kind: .changed, before: before, after: text))
                case (let before?, nil):
                    result.changes.append(.init(language: language, key: key, kind: .emptied, before: before, after: nil))
                    result.untranslated.append(.init(language: language, key: key))
                case (nil, nil):
                    result.untranslated.append(.init(language: language, key: key))
                default:
                    break
                }
                if let text = texts[key] { after[key] = text }
            }
            result.localizations[language] = after
        }
        return result
    }

    /// Texts by language as a spec's `localizations` JSON: each language's fields, tiers as a list
    /// (null for a tier left untranslated). A key the campaign has no field for is refused.
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

/// What a translation file changes in a campaign, before it is applied: per language and field
/// (in the campaign's order of fields), what is added, changed or left untranslated by the file.
public struct TranslationImport: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// The campaign has no text for the field in that language; the file has one.
        case added
        /// The file's text differs from the campaign's.
        case changed
        /// The file leaves the field empty (or has no unit for it) while the campaign has a text:
        /// untranslated, so the campaign's text is kept.
        case emptied
    }

    public struct Change: Equatable, Sendable {
        public var language: String, key: String, kind: Kind
        public var before: String?, after: String?
    }

    /// A field the file has no text for.
    public struct Field: Equatable, Sendable {
        public var language: String, key: String
    }

    /// Unchanged fields are not listed.
    public var changes: [Change] = []
    /// Every field the file leaves untranslated (those the campaign has a text for are also
    /// `emptied` changes).
    public var untranslated: [Field] = []
    /// The copy of each language in the file once the changes are applied.
    public var localizations: [String: [String: String]] = [:]
}
