import Foundation
import Grona
import GronaOutput
import Raster

/// Every image a documentation page needs, from one shot list (`ShotList`): `grona-snap shots`.
/// Each shot is a spec × its variants (the spec's own, replaced axis by axis by the shot's, through
/// the one variant planner) × the kinds asked for: the card on the page's canvas, the accessibility
/// picture, a contact sheet, the animation. The images and `manifest.json` (each file's size in
/// points and pixels, scale, variant and alt text made from what VoiceOver reads) are made in
/// memory first and then written together (`write`), so a bad shot list or spec writes nothing.
public struct ShotsRequest {
    public var list: ShotList
    /// The output folder.
    public var output: String
    public var assetRoots: [String]?

    public init(list: ShotList, output: String, assetRoots: [String]? = nil) {
        self.list = list; self.output = output; self.assetRoots = assetRoots
    }

    public static let manifestName = "manifest.json"
    /// The manifest's `generator`: a manifest.json without it is not ours, and is never replaced.
    public static let generator = "grona-snap shots"
    /// At most this many images from one shot list.
    public static let maximumImages = 1024
    /// `animate`'s defaults: frames per second and the last frame's hold (ms).
    static let defaultFPS = 30, hold = 1500

    /// One image, encoded, with its line of the manifest.
    public struct Image {
        public var name: String
        public var bytes: [UInt8]
        public var manifestEntry: String
    }

    public struct Result {
        /// Sorted by name.
        public var images: [Image]
        public var manifest: [UInt8]
        /// Every file the result was made from: the shot list, its specs, their images and fonts.
        public var inputs: [String]
    }

    public func run(in session: RenderSession) throws -> Result {
        var specs: [String: Spec] = [:]
        var images: [Image] = []
        var writers: [String: String] = [:]   // file name → the shot that writes it
        for shot in list.shots {
            let spec: Spec
            if let known = specs[shot.specPath] { spec = known } else {
                spec = try Specs.decode(shot.specPath, assetRoots: assetRoots)
                specs[shot.specPath] = spec
            }
            let environments = spec.plannedEnvironments(axes: shot.variants)
            for kind in shot.kinds {
                // A sheet is one image of all the variants; every other kind is one image per variant.
                let groups = kind == .sheet ? [environments] : environments.map { [$0] }
                for group in groups {
                    let name = try fileName(shot, kind: kind, spec: spec, environments: group)
                    if let other = writers[name] {
                        let by = other == shot.location ? "by another of its variants" : "by \(other)"
                        throw RequestError(.badInput, "\(quoted(name)) is also written \(by); put a placeholder for what "
                                           + "differs in the name, such as {kind}, {appearance}, {size}, {direction} or {scale}",
                                           file: list.file, path: shot.location)
                    }
                    writers[name] = shot.location
                    images.append(try image(shot, kind: kind, spec: spec, environments: group, name: name, session: session))
                    guard images.count <= Self.maximumImages else {
                        throw RequestError(.badInput, "more than \(Self.maximumImages) images; split the shot list",
                                           file: list.file, path: shot.location)
                    }
                }
            }
        }
        images.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        let manifest = "{\n  \"generator\": \(JSONText.string(Self.generator)),\n"
            + "  \"shotList\": \(JSONText.string(list.file.split(separator: "/").last.map(String.init) ?? list.file)),\n"
            + "  \"images\": [\n    " + images.map(\.manifestEntry).joined(separator: ",\n    ") + "\n  ]\n}\n"
        return Result(images: images, manifest: Array(manifest.utf8), inputs: Self.inputs(of: list, specs: Array(specs.values)))
    }

    /// The shot list, its specs and the images and fonts the decoded `specs` name: what `--watch`
    /// watches. Sorted, each once.
    public static func inputs(of list: ShotList, specs: [Spec]) -> [String] {
        var files = Set([list.file] + list.shots.map(\.specPath))
        for spec in specs {
            files.formUnion([spec.theme.regularFont, spec.theme.boldFont].compactMap { $0 })
            switch spec.component {
            case .banner(let banner): if let image = banner.image { files.insert(image) }
            case .offer(let offer): if let image = offer.image { files.insert(image) }
            default: break
            }
        }
        return files.sorted()
    }

    // MARK: - One image

    private func fileName(_ shot: ShotList.Shot, kind: ShotList.Kind, spec: Spec, environments: [Environment]) throws -> String {
        // Over a sheet's variants, a setting that varies names every value it takes: "light-dark".
        func values(_ value: (Environment) -> String) -> String {
            var seen: [String] = []
            for env in environments where !seen.contains(value(env)) { seen.append(value(env)) }
            return seen.joined(separator: "-")
        }
        let template = shot.name ?? (kind == .sheet ? ShotList.defaultSheetName : ShotList.defaultName)
        let name = ShotList.expand(template, [
            "component": spec.name, "kind": kind.rawValue, "format": shot.format.fileExtension,
            "appearance": values { $0.appearance.rawValue }, "size": values { $0.textSize.shortName },
            "direction": values { $0.direction.rawValue }, "scale": values { String($0.scale) },
            "width": values { JSONText.number($0.width) },
            "locale": values { env in (env.locale ?? Variants.baseLocaleFolder) + (env.pseudo.map { "-pseudo-" + $0.rawValue } ?? "") },
        ])
        guard ImageFormat(path: name) == shot.format else {
            throw RequestError(.badInput, "the name \(quoted(name)) does not end in .\(shot.format.fileExtension), "
                               + "the shot's format; end the template with .{format}", file: list.file, path: shot.location + ".name")
        }
        return name
    }

    private func image(_ shot: ShotList.Shot, kind: ShotList.Kind, spec: Spec, environments: [Environment], name: String,
                       session: RenderSession) throws -> Image {
        let first = environments[0]
        // The page behind the card follows the appearance: a dark card on a dark page.
        func canvas(_ env: Environment) -> Canvas {
            Canvas(padding: shot.padding ?? 0, background: shot.background?.variant(for: env.appearance) ?? .transparent)
        }
        let pixmap: Pixmap, report: RenderReport
        var bytes: [UInt8]?
        switch kind {
        case .snapshot, .accessibility:
            let renderer = ComponentRenderer(spec: spec, engine: session.engine)
            let drawn = try CanvasComposition.render(renderer, first, on: canvas(first),
                                                     overlay: kind == .accessibility ? .accessibility : nil)
            (pixmap, report) = (drawn.image, drawn.snapshot.report)
        case .sheet:
            var sheet = SheetRequest(spec: spec, axes: shot.variants)
            sheet.margin = shot.padding
            // One page for the whole sheet: dark only when every tile is.
            sheet.background = shot.background?.variant(for: environments.allSatisfy { $0.appearance == .dark } ? .dark : .light)
            pixmap = try sheet.run(in: session, jobs: 1)
            report = try ComponentRenderer(spec: spec, engine: session.engine).render(first).report
        case .animation:
            var fixed = spec
            fixed.environment = first
            let animate = AnimateRequest(spec: fixed, canvas: canvas(first), fps: shot.fps ?? Self.defaultFPS, hold: Self.hold)
            let frames = try animate.frames(jobs: 1, session: session)
            bytes = try animate.encode(frames)
            pixmap = frames[frames.count - 1]
            report = try ComponentRenderer(spec: spec, engine: session.engine).render(first).report
        case .phone:
            let drawn = try CanvasComposition.phone(ComponentRenderer(spec: spec, engine: session.engine), first, on: canvas(first),
                                                    engine: session.engine)
            (pixmap, report) = (drawn.image, drawn.snapshot.report)
        }
        let encoded = try bytes ?? shot.format.encode(pixmap)
        let scale = environments.map(\.scale).max() ?? 1
        let variant = kind == .sheet
            ? "\"variants\": [" + environments.map { CheckRequest.variantJSON($0, includingWidth: true) }.joined(separator: ", ") + "]"
            : "\"variant\": " + CheckRequest.variantJSON(first, includingWidth: true)
        let entry = "{\"file\": \(JSONText.string(name)), \"kind\": \(JSONText.string(kind.rawValue)), "
            + "\"spec\": \(JSONText.string(shot.spec)), \"format\": \(JSONText.string(shot.format.rawValue)), "
            + "\"points\": {\"width\": \(JSONText.number(Double(pixmap.width) / Double(scale))), "
            + "\"height\": \(JSONText.number(Double(pixmap.height) / Double(scale)))}, "
            + "\"pixels\": {\"width\": \(pixmap.width), \"height\": \(pixmap.height)}, \"scale\": \(scale), "
            + variant + ", \"alt\": \(JSONText.string(Self.altText(kind: kind, spec: spec, environments: environments, report: report)))}"
        return Image(name: name, bytes: encoded, manifestEntry: entry)
    }

    /// What the picture shows, in words, for an image's alt attribute: the component, its settings
    /// and what VoiceOver reads on it (the render report's labels, in reading order).
    static func altText(kind: ShotList.Kind, spec: Spec, environments: [Environment], report: RenderReport) -> String {
        let component: String, article: String
        switch spec.component.kind {
        case .banner: (article, component) = ("A", "banner")
        case .progressBar: (article, component) = ("A", "progress bar")
        case .offer: (article, component) = ("An", "offer")
        case .message: (article, component) = ("A", "message")
        }
        let env = environments[0]
        var settings = ["\(env.appearance.rawValue) appearance", "text size \(env.textSize.shortName)"]
        if env.direction == .rtl { settings.append("right to left") }
        if let locale = env.locale { settings.append("in \((try? LanguageTag(parsing: locale))?.englishName ?? locale)") }
        if let pseudo = env.pseudo { settings.append("pseudolanguage \(pseudo.rawValue)") }
        let spoken = report.accessibility.map(\.spoken).filter { !$0.allSatisfy(\.isWhitespace) }
        let reading = spoken.isEmpty ? "no VoiceOver labels" : spoken.map { sentence in
            sentence.last.map { ".!?…。".contains($0) } == true ? sentence : sentence + "."
        }.joined(separator: " ")
        switch kind {
        case .snapshot:
            return "\(article) \(component) (\(settings.joined(separator: ", "))): \(reading)"
        case .accessibility:
            return "What VoiceOver reads on \(article.lowercased()) \(component) (\(settings.joined(separator: ", "))), each element outlined "
                + "and numbered: " + spoken.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: "; ")
        case .sheet:
            return "A contact sheet of \(article.lowercased()) \(component) in \(environments.count) variant\(environments.count == 1 ? "" : "s"): \(reading)"
        case .phone:
            return "iPhone screen showing: " + altText(kind: .snapshot, spec: spec, environments: environments, report: report)
        case .animation:
            return "\(article) \(component) sliding in (\(settings.joined(separator: ", "))): \(reading)"
        }
    }

    // MARK: - Writing

    /// Writes the images and the manifest into `output`, all or nothing. A file already there is
    /// replaced only when the manifest left there by an earlier run lists it: anything else is the
    /// user's, and refused by name before anything is written. Images an earlier run wrote that this
    /// one does not are removed afterwards.
    public static func write(_ result: Result, to output: String) throws {
        if FileManager.default.fileExists(atPath: output), !AtomicFile.isFolder(output) {
            throw RequestError("--out: \(output) is not a folder")
        }
        let manifestPath = output + "/" + manifestName
        var ours: Set<String> = []
        if FileManager.default.fileExists(atPath: manifestPath) {
            guard let previous = earlierImages(manifestPath) else {
                throw RequestError(.badInput, "exists and was not written by \(generator); remove it or choose another output folder",
                                   file: manifestPath)
            }
            ours = previous
        }
        for image in result.images where !ours.contains(image.name) {
            let path = output + "/" + image.name
            if FileManager.default.fileExists(atPath: path) || (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil {
                throw RequestError(.badInput, "exists and is not an image \(generator) wrote here (it is not in \(manifestName)); "
                                   + "remove it or choose another output folder", file: path)
            }
        }
        var folders = [output]
        for image in result.images {
            var folder = image.name
            while let slash = folder.lastIndex(of: "/") {
                folder = String(folder[..<slash])
                folders.append(output + "/" + folder)
            }
        }
        try AtomicFile.writeTogether(result.images.map { ($0.bytes, output + "/" + $0.name) } + [(result.manifest, manifestPath)],
                                     creating: folders)
        for stale in ours.subtracting(result.images.map(\.name)).sorted() {
            var info = stat()
            if lstat(output + "/" + stale, &info) == 0, info.st_mode & S_IFMT == S_IFREG { unlink(output + "/" + stale) }
        }
    }

    /// The files an earlier run's manifest lists, or nil when the file is not such a manifest.
    static func earlierImages(_ path: String) -> Set<String>? {
        guard let data = FileManager.default.contents(atPath: path), let root = try? JSONParser.parse([UInt8](data)),
              root["generator"] == .string(generator), case .array(let entries)? = root["images"] else { return nil }
        var names: Set<String> = []
        for entry in entries {
            // Only names a shot list could have made: relative, inside the folder.
            guard case .string(let name)? = entry["file"], !name.hasPrefix("/"),
                  !name.split(separator: "/").contains("..") else { return nil }
            names.insert(name)
        }
        return names
    }
}
