import Foundation
import Raster

// Spec decoding: JSON bytes → JSONValue (JSONParser) → Spec, walking the tree by hand so that every
// error carries the JSON path of the value at fault. `Node` is a value together with its path; an
// object is read through `Fields`, which refuses unknown keys up front (with a "did you mean") so a
// typo never passes silently. Only the first problem is reported, and which one is deterministic: the
// top-level sections are read in file order; inside a section, unknown keys first, then the fields in
// the order SPEC §1 lists them.

/// Decodes spec files into `Spec` values.
public struct SpecDecoder: Sendable {
    /// The sections a spec file may have, in the order SPEC lists them: the one list the decoder
    /// accepts and the HTTP API's description of a spec is made from.
    package static let sections = ["theme", "component", "environment", "variants", "localizations"]

    /// Where a bare font file name is also looked up (the package's `Fonts/`); nil for nowhere else.
    public var fontsFolder: String?
    /// If set, every font and image path must resolve (after symlinks and `..`) inside one of these.
    public var allowedAssetRoots: [String]?
    /// Whether errors about fonts and images may show real paths and say what exists outside the
    /// allowed roots (the command line's user owns the disk); false for a server answering others,
    /// where any path outside the roots is just "not allowed".
    package var disclosesPaths = true

    public init(fontsFolder: String? = nil, allowedAssetRoots: [String]? = nil) {
        self.fontsFolder = fontsFolder
        self.allowedAssetRoots = allowedAssetRoots
    }

    /// Reads and decodes the spec at `path`. Errors name the file as `path` was given.
    public func decode(fileAt path: String) throws -> Spec {
        let bytes: [UInt8]
        if isExistingFolder(path) { throw SpecError(file: path, location: nil, message: "is a folder, not a spec file") }
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            // Read one byte past the cap, so an oversized file is refused without reading it all.
            bytes = [UInt8](try handle.read(upToCount: JSONParser.maximumInputSize + 1) ?? Data())
        } catch {
            throw SpecError(file: path, location: nil, message: "cannot read the file")
        }
        let folder = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        let name = fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
        return try decode(bytes, file: path, name: name, folder: folder.isEmpty ? "/" : folder)
    }

    /// `bytes` as JSON, for a spec or a shot list; a syntax error is a `SpecError` naming `file`,
    /// located by line and column (and by its path, when it is inside a value).
    static func parseJSON(_ bytes: [UInt8], file: String) throws -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch let error as JSONSyntaxError {
            throw SpecError(file: file, location: error.line > 0 ? "line \(error.line), column \(error.column)" : nil,
                            message: error.path == "$" ? error.message : "\(error.message) (in \(error.path))")
        }
    }

    /// Decodes spec bytes. `file` names the spec in errors, `name` is the spec's name (goldens), and
    /// relative paths resolve against `folder`.
    public func decode(_ bytes: [UInt8], file: String, name: String, folder: String) throws -> Spec {
        let root = try Self.parseJSON(bytes, file: file)
        guard let realFolder = AssetPaths.realDirectory(folder) else {
            throw SpecError(file: file, location: nil, message: "the folder \(folder) does not exist")
        }
        var roots: [String]?
        if let allowed = allowedAssetRoots {
            roots = allowed.compactMap(AssetPaths.realDirectory)
        }
        let assets = AssetPaths(folder: realFolder, fontsFolder: fontsFolder.flatMap(AssetPaths.realDirectory),
                                allowedRoots: roots, disclosesPaths: disclosesPaths || roots == nil)
        let reader = SpecReader(file: file, assets: assets)
        // Sections are read in file order, so the first problem in the file is the one reported.
        let top = try reader.node(root, "$").fields(SpecDecoder.sections)
        var theme = Theme(), environment = Environment()
        var component: Component?, variants: Variants?
        var localizationsNode: Node?
        for member in top.members where member.value != .null {
            let node = top.node.child(member.key, member.value)
            switch member.key {
            case "theme": theme = try reader.theme(node)
            case "component": component = try reader.component(node)
            case "environment": environment = try reader.environment(node)
            case "variants": variants = try reader.variants(node)
            default: localizationsNode = node   // read once the component is known: its fields decide
            }
        }
        guard let component else { throw try top.required("component").fail("expected an object, found null") }
        var spec = Spec(name: name, file: file, folder: realFolder, theme: theme, component: component,
                        environment: environment, variants: variants)
        if let localizationsNode { spec.localizations = try reader.localizations(localizationsNode, of: component) }
        if roots != nil { spec.confinement = assets }
        return spec
    }
}

/// A JSON value and where it is.
struct Node {
    let value: JSONValue
    let path: String
    let file: String

    func fail(_ message: String) -> SpecError { SpecError(file: file, location: path, message: message) }

    func child(_ key: String, _ value: JSONValue) -> Node {
        Node(value: value, path: jsonPath(path, key: key), file: file)
    }

    func element(_ index: Int, _ value: JSONValue) -> Node { Node(value: value, path: "\(path)[\(index)]", file: file) }

    /// "found a number", "found "abc"", "found null": what a wrong-type message shows.
    var found: String {
        switch value {
        case .string(let s): return "found \(quoted(s))"
        case .number(let n): return "found \(formatPoints(n))"
        case .bool(let b): return "found \(b)"
        default: return "found \(value.kindDescription)"
        }
    }

    /// The object's fields, refusing keys outside `known`.
    func fields(_ known: [String]) throws -> Fields {
        guard case .object(let members) = value else { throw fail("expected an object, \(found)") }
        // Keys are compared by their code units, as RFC 8259 asks, not by canonical equivalence.
        for member in members where !known.contains(where: { $0.utf8.elementsEqual(member.key.utf8) }) {
            var message = "unknown key \(quoted(member.key))"
            if let close = closestName(to: member.key, among: known) { message += " (did you mean \(quoted(close))?)" } else {
                message += "; expected one of: " + known.joined(separator: ", ")
            }
            throw fail(message)
        }
        return Fields(node: self, members: members)
    }

    func string() throws -> String {
        guard case .string(let s) = value else { throw fail("expected a string, \(found)") }
        return s
    }

    func number() throws -> Double {
        guard case .number(let n) = value else { throw fail("expected a number, \(found)") }
        return n
    }

    func bool() throws -> Bool {
        guard case .bool(let b) = value else { throw fail("expected true or false, \(found)") }
        return b
    }

    /// The elements, between 1 and `limit` of them (checked before any element is read).
    func array(limit: Int, noun: String) throws -> [Node] {
        guard case .array(let elements) = value else { throw fail("expected an array, \(found)") }
        guard !elements.isEmpty else { throw fail("expected at least one \(noun)") }
        guard elements.count <= limit else { throw fail("\(elements.count) \(noun)s; the limit is \(limit)") }
        return elements.enumerated().map { element($0.offset, $0.element) }
    }

    /// A non-empty array without repeated values.
    func axis<T: Equatable>(_ read: (Node) throws -> T) throws -> [T] {
        let nodes = try array(limit: SpecRules.maximumVariantCount, noun: "value")
        var values: [T] = []
        for node in nodes {
            let value = try read(node)
            if values.contains(value) { throw node.fail("duplicate value \(node.found.dropFirst(6))") }
            values.append(value)
        }
        return values
    }

    func check<T>(_ result: Result<T, OverrideError>) throws -> T {
        switch result {
        case .success(let value): return value
        case .failure(let problem): throw fail(problem.description)
        }
    }

    func text() throws -> String { try check(SpecRules.checkText(try string())) }

    /// A required text field: as `text()`, and something visible to draw (a banner without a title
    /// is a mistake in the spec, not a design).
    func requiredText() throws -> String {
        let text = try self.text()
        if text.isEmpty { throw fail("text is empty; this field is required") }
        if text.allSatisfy(\.isWhitespace) { throw fail("text is only whitespace; this field is required") }
        return text
    }

    func oneOf<E: RawRepresentable & CaseIterable>(_ type: E.Type) throws -> E where E.RawValue == String {
        try check(SpecRules.checkEnum(try string(), type))
    }

    func color() throws -> ThemeColor {
        switch value {
        case .string:
            return .fixed(try hexColor())
        case .object:
            let fields = try self.fields(["light", "dark"])
            return .adaptive(light: try fields.required("light").hexColor(), dark: try fields.required("dark").hexColor())
        default:
            throw fail("expected a colour (#RGB, #RRGGBB, #RRGGBBAA or {\"light\": …, \"dark\": …}), \(found)")
        }
    }

    func hexColor() throws -> Color {
        guard case .string(let s) = value else { throw fail("expected a colour string (\(SpecRules.hexColorFormats)), \(found)") }
        return try check(SpecRules.checkHexColor(s))
    }
}

/// An object's members, read by name. A `null` optional field counts as absent.
struct Fields {
    let node: Node
    let members: [JSONMember]

    func optional(_ key: String) -> Node? {
        guard let member = members.first(where: { $0.key.utf8.elementsEqual(key.utf8) }), member.value != .null else { return nil }
        return node.child(key, member.value)
    }

    func required(_ key: String) throws -> Node {
        guard let member = members.first(where: { $0.key.utf8.elementsEqual(key.utf8) }) else {
            throw node.child(key, .null).fail("missing required field")
        }
        return node.child(key, member.value)
    }
}

/// Reads each part of a spec; one method per section of SPEC §1.
struct SpecReader {
    let file: String
    let assets: AssetPaths

    func node(_ value: JSONValue, _ path: String) -> Node { Node(value: value, path: path, file: file) }

    func path(_ node: Node, isFont: Bool) throws -> String {
        try node.check(assets.resolve(try node.string(), isFont: isFont))
    }

    func theme(_ node: Node) throws -> Theme {
        let f = try node.fields(["regularFont", "boldFont", "primary", "onPrimary", "accent", "surface", "text",
                                 "mutedText", "cornerRadius"])
        var theme = Theme()
        theme.regularFont = try f.optional("regularFont").map { try path($0, isFont: true) }
        theme.boldFont = try f.optional("boldFont").map { try path($0, isFont: true) }
        if let n = f.optional("primary") { theme.primary = try n.color() }
        if let n = f.optional("onPrimary") { theme.onPrimary = try n.color() }
        if let n = f.optional("accent") { theme.accent = try n.color() }
        if let n = f.optional("surface") { theme.surface = try n.color() }
        if let n = f.optional("text") { theme.text = try n.color() }
        if let n = f.optional("mutedText") { theme.mutedText = try n.color() }
        if let n = f.optional("cornerRadius") { theme.cornerRadius = try n.number() }  // clamped by Theme
        return theme
    }

    func style(_ fields: Fields) throws -> CampaignStyle? {
        guard let node = fields.optional("style") else { return nil }
        let f = try node.fields(["background", "text", "accent"])
        return CampaignStyle(background: try f.optional("background")?.color(), text: try f.optional("text")?.color(),
                             accent: try f.optional("accent")?.color())
    }

    func component(_ node: Node) throws -> Component {
        // The type decides which keys are known, so read it before checking the others.
        guard case .object(let members) = node.value else { throw node.fail("expected an object, \(node.found)") }
        let kind = try Fields(node: node, members: members).required("type").oneOf(Component.Kind.self)
        let f = try node.fields(["type"] + kind.fields.map(\.name))
        // Which fields must be there is the table's (`Component.Kind.fields`), which the studio reads
        // too; the reads below then find them.
        for field in kind.fields where field.isRequired { _ = try f.required(field.name) }
        let text = { (key: String) throws -> String? in try f.optional(key)?.text() }
        switch kind {
        case .banner:
            return .banner(Banner(eyebrow: try text("eyebrow"), title: try f.required("title").requiredText(),
                                  body: try text("body"), button: try text("button"),
                                  image: try f.optional("image").map { try path($0, isFont: false) },
                                  style: try style(f)))
        case .progressBar:
            let title = try f.required("title").requiredText()
            let body = try text("body")
            let value = try f.required("value").number()
            let tiers = try self.tiers(try f.required("tiers"))
            return .progressBar(ProgressBar(title: title, body: body, value: value, tiers: tiers,
                                            footnote: try text("footnote"), style: try style(f)))
        case .offer:
            return .offer(Offer(eyebrow: try text("eyebrow"), title: try f.required("title").requiredText(),
                                body: try text("body"), code: try text("code"), button: try text("button"),
                                image: try f.optional("image").map { try path($0, isFont: false) },
                                style: try style(f)))
        case .message:
            let icon = try f.required("icon").oneOf(MessageIcon.self)
            return .message(Message(icon: icon, title: try text("title"), body: try f.required("body").requiredText(),
                                    style: try style(f)))
        }
    }


    func tiers(_ node: Node) throws -> [Tier] {
        let nodes = try node.array(limit: SpecRules.maximumTiers, noun: "tier")
        var tiers: [Tier] = []
        for element in nodes {
            let f = try element.fields(["at", "label"])
            let atNode = try f.required("at")
            let at = try atNode.number()
            guard at > 0 else { throw atNode.fail("\(formatPoints(at)) must be greater than 0") }
            if let previous = tiers.last, at <= previous.at {
                throw atNode.fail("\(formatPoints(at)) is not greater than the previous tier's "
                    + "\(formatPoints(previous.at)); tiers must be strictly ascending")
            }
            tiers.append(Tier(at: at, label: try f.required("label").requiredText()))
        }
        return tiers
    }

    func environment(_ node: Node) throws -> Environment {
        let f = try node.fields(["width", "scale", "textSize", "appearance", "direction", "reduceMotion", "animation",
                                 "locale"])
        var env = Environment()
        if let n = f.optional("width") { env.width = try width(n) }
        if let n = f.optional("scale") { env.scale = try scale(n) }
        if let n = f.optional("textSize") { env.textSize = try textSize(n) }
        if let n = f.optional("appearance") { env.appearance = try n.oneOf(Appearance.self) }
        if let n = f.optional("direction") { env.direction = try n.oneOf(LayoutDirection.self) }
        if let n = f.optional("reduceMotion") { env.reduceMotion = try n.bool() }
        if let n = f.optional("animation") { env.animation = try n.oneOf(Animation.self) }
        if let n = f.optional("locale") { env.locale = try locale(n) }
        return env
    }

    func width(_ n: Node) throws -> Double { try n.check(SpecRules.checkWidth(try n.number())) }
    func scale(_ n: Node) throws -> Int { try n.check(SpecRules.checkScale(try n.number())) }
    func textSize(_ n: Node) throws -> TextSize { try n.check(SpecRules.checkTextSize(try n.string())) }
    func locale(_ n: Node) throws -> String { try n.check(LanguageTag.checkKnown(try n.string())) }

    func variants(_ node: Node) throws -> Variants {
        let f = try node.fields(["textSize", "appearance", "direction", "scale", "width", "locale", "pseudo"])
        let variants = Variants(
            textSizes: try f.optional("textSize")?.axis(textSize),
            appearances: try f.optional("appearance")?.axis { try $0.oneOf(Appearance.self) },
            directions: try f.optional("direction")?.axis { try $0.oneOf(LayoutDirection.self) },
            scales: try f.optional("scale")?.axis(scale),
            widths: try f.optional("width")?.axis(width),
            locales: try f.optional("locale")?.axis(locale),
            pseudos: try f.optional("pseudo")?.axis { try $0.oneOf(PseudoLocalization.self) })
        let count = variants.count
        guard count <= SpecRules.maximumVariantCount else {
            throw node.fail("\(count) combinations; the limit is \(SpecRules.maximumVariantCount)")
        }
        return variants
    }

    /// `{"de": {"title": "…", "tiers": ["…", …]}, …}`: per locale, text for the component's own
    /// fields. A field the component does not show, a key that is not one of its text fields, or a
    /// tier label past its last tier is an error at its path.
    func localizations(_ node: Node, of component: Component) throws -> [String: Localization] {
        guard case .object(let members) = node.value else { throw node.fail("expected an object, \(node.found)") }
        let known = Localization.fields(of: component.kind)
        let present = Set(component.texts.map(\.role.rawValue) + (component.kind == .progressBar ? ["tiers"] : []))
        var result: [String: Localization] = [:]
        for member in members {
            let entry = node.child(member.key, member.value)
            let tag: String
            do { tag = try LanguageTag.checkKnown(member.key).get() } catch { throw entry.fail("\(error)") }
            if result[tag] != nil { throw entry.fail("a second localization for \(quoted(tag)); give each locale one") }
            let f = try entry.fields(known)
            var localization = Localization()
            for field in f.members where field.value != .null {
                let fieldNode = entry.child(field.key, field.value)
                guard present.contains(field.key) else {
                    throw fieldNode.fail("the \(component.kind.rawValue) has no \(field.key) to localize; "
                        + "add it to the component first")
                }
                if field.key == "tiers" {
                    localization.tierLabels = try tierLabels(fieldNode, of: component)
                } else if let role = TextRole(rawValue: field.key) {
                    localization.texts[role] = try fieldNode.text()
                }
            }
            result[tag] = localization
        }
        return result
    }

    /// Tier labels by position (null keeps the base label), no more than the component has tiers.
    func tierLabels(_ node: Node, of component: Component) throws -> [String?] {
        guard case .progressBar(let bar) = component else { return [] }
        let nodes = try node.array(limit: SpecRules.maximumTiers, noun: "tier label")
        if nodes.count > bar.tiers.count {
            throw nodes[bar.tiers.count].fail("the progress bar has \(bar.tiers.count) tier\(bar.tiers.count == 1 ? "" : "s"); "
                + "there is no tier \(bar.tiers.count) to label (tier labels go by position, from 0)")
        }
        return try nodes.map { $0.value == .null ? nil : try $0.text() }
    }
}
