import Foundation

// A shot list: every image a documentation page needs, in one file. Each shot names a spec (relative
// to the shot list), the kinds of picture to make of it and the variants to make them in, with the
// spec's own `variants` syntax; the page's background (one colour, or one per appearance), padding,
// image format and file-name template are set once at the top and may be changed per shot.
//
//   {"out": "../images", "format": "webp", "padding": 16,
//    "background": {"light": "#FFFFFF", "dark": "#1C1C1E"},
//    "name": "{component}-{kind}-{appearance}-{size}.{format}",
//    "shots": [{"spec": "../../Fixtures/dark-banner.json", "kind": ["snapshot", "accessibility"],
//               "variants": {"appearance": ["light", "dark"], "textSize": ["L"]}}]}
//
// Read like a spec (`Node`, `Fields`): unknown keys are refused with a "did you mean", and every
// error names the shot list, the JSON path and what is wrong. Rendering it is `ShotsRequest`'s.

/// A decoded shot list.
package struct ShotList: Sendable {
    /// What to make of a spec.
    package enum Kind: String, CaseIterable, Sendable {
        /// The card, as `render` draws it on the page's canvas.
        case snapshot
        /// The accessibility picture (`--overlay accessibility`).
        case accessibility
        /// One contact sheet of all the shot's variants.
        case sheet
        /// The reveal (and a progress bar's fill) as an animated PNG.
        case animation
        /// The card on an iPhone: device frame, status bar and app content around it (`PhoneFrame`).
        case phone
    }

    package struct Shot: Sendable {
        /// Where the shot is in the shot list, `$.shots[2]`, for messages about it.
        package var location: String
        /// The spec's path as written in the shot list, and as a path to open (relative to the
        /// shot list's folder).
        package var spec: String
        package var specPath: String
        package var kinds: [Kind]
        /// Replace the spec's variants axis by axis (`Spec.plannedEnvironments(axes:)`).
        package var variants: Variants
        package var format: ImageFormat
        /// The file-name template (`ShotList.placeholders`), relative to the output folder.
        package var name: String?
        /// The page behind the card: one colour, or one per appearance.
        package var background: ThemeColor?
        package var padding: Double?
        /// Frames per second of an animation.
        package var fps: Int?
    }

    /// The shot list's path as given.
    package var file: String
    /// The output folder the shot list names (`"out"`, relative to its folder), if it names one.
    package var out: String?
    package var shots: [Shot]

    package static let keys = ["out", "format", "name", "background", "padding", "fps", "shots"]
    package static let shotKeys = ["spec", "kind", "variants", "format", "name", "background", "padding", "fps"]
    /// What a file-name template may say: `{component}` the spec's name, `{kind}`, the variant's
    /// `{appearance}`, `{size}` (text size), `{direction}`, `{locale}` (`base` for the spec's own
    /// copy), `{scale}` (1, 2 or 3), `{width}` (points) and `{format}` (png or webp).
    package static let placeholders = ["component", "kind", "appearance", "size", "direction", "locale", "scale", "width", "format"]
    /// The templates used when none is given: a sheet is one image of all its variants.
    package static let defaultName = "{component}-{kind}-{appearance}-{size}-{direction}@{scale}x.{format}"
    package static let defaultSheetName = "{component}-sheet.{format}"
    package static let maximumShots = 256

    /// Reads and decodes the shot list at `path`.
    package static func decode(fileAt path: String) throws -> ShotList {
        if AssetPaths.realDirectory(path) != nil {
            throw SpecError(file: path, location: nil, message: "is a folder, not a shot list")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw SpecError(file: path, location: nil, message: "cannot read the file")
        }
        defer { try? handle.close() }
        let bytes = [UInt8]((try? handle.read(upToCount: JSONParser.maximumInputSize + 1)) ?? Data())
        return try decode(bytes, file: path)
    }

    /// Decodes shot-list bytes; relative paths in it are taken from the folder of `file`.
    package static func decode(_ bytes: [UInt8], file: String) throws -> ShotList {
        let root = try SpecDecoder.parseJSON(bytes, file: file)
        // The shot list's folder as given ("" for the working folder), which relative paths start from.
        let folder = file.lastIndex(of: "/").map { $0 == file.startIndex ? "/" : String(file[..<$0]) } ?? ""
        func relative(_ path: String) -> String {
            path.hasPrefix("/") || folder.isEmpty ? path : folder + "/" + path
        }
        let top = Node(value: root, path: "$", file: file)
        let f = try top.fields(keys)
        let defaults = try ShotSettings(f, defaults: ShotSettings())
        let out = try f.optional("out").map { node -> String in
            let text = try node.string()
            if text.isEmpty { throw node.fail("expected a folder, found an empty string") }
            return relative(text)
        }
        let list = try f.required("shots").array(limit: maximumShots, noun: "shot")
        var shots: [Shot] = []
        for node in list {
            let s = try node.fields(shotKeys)
            let settings = try ShotSettings(s, defaults: defaults)
            let specNode = try s.required("spec")
            let spec = try specNode.string()
            guard spec.hasSuffix(".json") else { throw specNode.fail("expected a spec file (*.json), found \(quoted(spec))") }
            let specPath = relative(spec)
            guard FileManager.default.fileExists(atPath: specPath) else {
                throw specNode.fail("\(quoted(spec)) does not exist (looked for \(specPath))")
            }
            let kindNode = try s.required("kind")
            let kinds: [Kind]
            if case .string = kindNode.value { kinds = [try kindNode.oneOf(Kind.self)] } else {
                kinds = try kindNode.axis { try $0.oneOf(Kind.self) }
            }
            let variants = try s.optional("variants").map {
                try SpecReader(file: file, assets: AssetPaths(folder: "/", fontsFolder: nil, allowedRoots: nil)).variants($0)
            } ?? Variants()
            if kinds.contains(.animation), settings.format != .png {
                throw (s.optional("format") ?? f.optional("format") ?? node)
                    .fail("an animation is an animated PNG; give this shot \"format\": \"png\"")
            }
            shots.append(Shot(location: node.path, spec: spec, specPath: specPath, kinds: kinds, variants: variants,
                              format: settings.format, name: settings.name, background: settings.background,
                              padding: settings.padding, fps: settings.fps))
        }
        return ShotList(file: file, out: out, shots: shots)
    }

    /// `template` with each `{placeholder}` replaced by its value (every placeholder was checked when
    /// the shot list was read).
    package static func expand(_ template: String, _ values: [String: String]) -> String {
        var result = "", rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let key = String(rest[rest.index(after: open)..<close])
            result += values[key] ?? ""
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The settings a shot may take from the top of the list.
    struct ShotSettings {
        var format = ImageFormat.png
        var name: String?
        var background: ThemeColor?
        var padding: Double?
        var fps: Int?

        init() {}

        init(_ f: Fields, defaults: ShotSettings) throws {
            self = defaults
            if let n = f.optional("format") { format = try n.oneOf(ImageFormat.self) }
            if let n = f.optional("name") { name = try ShotSettings.template(n) }
            if let n = f.optional("background") { background = try n.color() }
            if let n = f.optional("padding") {
                let value = try n.number()
                guard Canvas.paddingRange.contains(value) else {
                    throw n.fail("expected points from 0 to \(Int(Canvas.paddingRange.upperBound)), \(n.found)")
                }
                padding = value
            }
            if let n = f.optional("fps") {
                let value = try n.number()
                guard value == value.rounded(), (1...60).contains(value) else {
                    throw n.fail("expected a whole number of frames per second from 1 to 60, \(n.found)")
                }
                fps = Int(value)
            }
        }

        /// A file-name template: placeholders known, braces balanced, a relative path that stays
        /// inside the output folder.
        static func template(_ node: Node) throws -> String {
            let text = try node.string()
            if text.isEmpty { throw node.fail("expected a file-name template, found an empty string") }
            var rest = Substring(text)
            while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
                guard rest[open] == "{", let close = rest[open...].firstIndex(of: "}") else {
                    throw node.fail("unbalanced { } in \(quoted(text))")
                }
                let key = String(rest[rest.index(after: open)..<close])
                guard placeholders.contains(key) else {
                    let hint = closestName(to: key, among: placeholders).map { " (did you mean {\($0)}?)" }
                        ?? "; expected one of: " + placeholders.map { "{\($0)}" }.joined(separator: ", ")
                    throw node.fail("unknown placeholder {\(key)}\(hint)")
                }
                rest = rest[rest.index(after: close)...]
            }
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            if text.hasPrefix("/") || parts.contains(where: { $0.isEmpty || $0 == ".." || $0 == "." }) {
                throw node.fail("\(quoted(text)) must be a relative path inside the output folder, without . or .. parts")
            }
            return text
        }
    }
}
