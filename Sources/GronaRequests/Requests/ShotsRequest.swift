import Foundation
import Grona
import GronaOutput
import Raster

/// Every image a documentation page needs, from one shot list (`ShotList`): `grona-snap shots`.
/// Each shot is a spec × its variants (the spec's own, replaced axis by axis by the shot's, through
/// the one variant planner) × the kinds asked for: the card on the page's canvas, the accessibility
/// picture, a contact sheet, the animation. The images and `manifest.json` (each file's size in
/// points and pixels, scale, variant, alt text saying what the picture shows, the language of that
/// text and an HTML snippet) are made in memory first and then written together (`write`), so a bad
/// shot list or spec writes nothing.
///
/// Alt text says what the picture shows, not only what VoiceOver would read: the copy as drawn
/// (a text cut at its line limit ends in "…" where the card cuts it, from the layout's lines), a
/// progress bar's value and goal, a sheet's variants, and for the accessibility picture its
/// legend (`AccessibilityLegend`, the words the picture draws). Its `lang` is the variant's
/// locale, else the language of the copy's script (`LanguageTag.likelyLanguage`: Arabic copy is
/// `ar`). The `html` snippet is a `<picture>` whose dark source is the same shot's dark image,
/// when the shot list makes one, with the image's `alt`, `lang`, `width` and `height` (points).
package struct ShotsRequest {
    package var list: ShotList
    /// The output folder.
    package var output: String
    package var assetRoots: [String]?

    package init(list: ShotList, output: String, assetRoots: [String]? = nil) {
        self.list = list; self.output = output; self.assetRoots = assetRoots
    }

    package static let manifestName = "manifest.json"
    /// The manifest's `generator`: a manifest.json without it is not ours, and is never replaced.
    package static let generator = "grona-snap shots"
    /// At most this many images from one shot list.
    package static let maximumImages = 1024
    /// `animate`'s defaults: frames per second and the last frame's hold (ms).
    static let defaultFPS = 30, hold = 1500

    /// One image, encoded, with its line of the manifest.
    package struct Image {
        package var name: String
        package var bytes: [UInt8]
        package var manifestEntry: String
        /// What the HTML snippet needs: the words, their language, the size in points, and which
        /// images are one picture in light and dark (same shot, kind and variant but the appearance).
        var alt = "", lang = "en"
        var points = (width: 0.0, height: 0.0)
        var appearance: Appearance?
        var pairKey = ""
    }

    package struct Result {
        /// Sorted by name.
        package var images: [Image]
        package var manifest: [UInt8]
        /// Every file the result was made from: the shot list, its specs, their images and fonts.
        package var inputs: [String]
    }

    package func run(in session: RenderSession) throws -> Result {
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
                    var made = try image(shot, kind: kind, spec: spec, environments: group, name: name, session: session)
                    made.pairKey = shot.location + "|" + kind.rawValue + "|"
                        + group.map { var env = $0; env.appearance = .light; return CheckRequest.variantJSON(env, includingWidth: true) }.joined()
                    made.appearance = Set(group.map(\.appearance)).count == 1 ? group[0].appearance : nil
                    images.append(made)
                    guard images.count <= Self.maximumImages else {
                        throw RequestError(.badInput, "more than \(Self.maximumImages) images; split the shot list",
                                           file: list.file, path: shot.location)
                    }
                }
            }
        }
        images.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        for index in images.indices {
            images[index].manifestEntry += ", \"html\": \(JSONText.string(Self.htmlSnippet(images[index], among: images)))}"
        }
        let manifest = "{\n  \"generator\": \(JSONText.string(Self.generator)),\n"
            + "  \"shotList\": \(JSONText.string(list.file.split(separator: "/").last.map(String.init) ?? list.file)),\n"
            + "  \"images\": [\n    " + images.map(\.manifestEntry).joined(separator: ",\n    ") + "\n  ]\n}\n"
        return Result(images: images, manifest: Array(manifest.utf8), inputs: Self.inputs(of: list, specs: Array(specs.values)))
    }

    /// The shot list, its specs and the images and fonts the decoded `specs` name: what `--watch`
    /// watches. Sorted, each once.
    package static func inputs(of list: ShotList, specs: [Spec]) -> [String] {
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
        let alt = Self.altText(kind: kind, spec: spec, environments: environments, report: report)
        let lang = Self.language(of: first, report: report)
        let points = (width: Double(pixmap.width) / Double(scale), height: Double(pixmap.height) / Double(scale))
        // The entry is closed once every image is made: the HTML snippet names its dark counterpart.
        let entry = "{\"file\": \(JSONText.string(name)), \"kind\": \(JSONText.string(kind.rawValue)), "
            + "\"spec\": \(JSONText.string(shot.spec)), \"format\": \(JSONText.string(shot.format.rawValue)), "
            + "\"points\": {\"width\": \(JSONText.number(points.width)), \"height\": \(JSONText.number(points.height))}, "
            + "\"pixels\": {\"width\": \(pixmap.width), \"height\": \(pixmap.height)}, \"scale\": \(scale), "
            + variant + ", \"alt\": \(JSONText.string(alt)), \"lang\": \(JSONText.string(lang))"
        return Image(name: name, bytes: encoded, manifestEntry: entry, alt: alt, lang: lang, points: points)
    }

    /// The language the alt text's copy is in, as a BCP 47 tag: the variant's locale, else the
    /// language of the copy's script (a spec's own Arabic copy is `ar`), else English.
    static func language(of env: Environment, report: RenderReport) -> String {
        if let locale = env.locale { return locale }
        return LanguageTag.likelyLanguage(of: report.accessibility.map(\.label).joined(separator: " "))?.description ?? "en"
    }

    /// `<picture>` with the dark image as a source for a dark page when the shot list makes one,
    /// and the image itself (the light one of a pair) with its alt text, language and size in points.
    static func htmlSnippet(_ image: Image, among images: [Image]) -> String {
        func attribute(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
                .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;") + "\""
        }
        func img(_ image: Image) -> String {
            "<img src=\(attribute(image.name)) alt=\(attribute(image.alt)) lang=\(attribute(image.lang)) "
                + "width=\"\(Int(image.points.width.rounded()))\" height=\"\(Int(image.points.height.rounded()))\">"
        }
        let partner = image.appearance == nil ? nil : images.first {
            $0.pairKey == image.pairKey && $0.appearance != nil && $0.appearance != image.appearance
        }
        guard let partner else { return img(image) }
        let (light, dark) = image.appearance == .light ? (image, partner) : (partner, image)
        return "<picture><source srcset=\(attribute(dark.name)) media=\"(prefers-color-scheme: dark)\">\(img(light))</picture>"
    }

    /// What the picture shows, in words, for an image's alt attribute: the component, its settings
    /// (a sheet: every variant's), a progress bar's value and goal, and the copy as drawn (the
    /// accessibility picture: its legend).
    static func altText(kind: ShotList.Kind, spec: Spec, environments: [Environment], report: RenderReport) -> String {
        let component: String, article: String
        switch spec.component.kind {
        case .banner: (article, component) = ("A", "banner")
        case .progressBar: (article, component) = ("A", "progress bar")
        case .offer: (article, component) = ("An", "offer")
        case .message: (article, component) = ("A", "message")
        }
        let settings = variantWords(environments).joined(separator: ", ")
        var progress = ""
        if case .progressBar(let bar) = spec.component {
            progress = ", filled to " + progressWords(bar)
        }
        let copy = drawnCopy(report)
        let reading = copy.isEmpty ? "no text" : copy.map { sentence in
            sentence.last.map { ".!?…。".contains($0) } == true ? sentence : sentence + "."
        }.joined(separator: " ")
        switch kind {
        case .snapshot:
            return "\(article) \(component) (\(settings))\(progress): \(reading)"
        case .accessibility:
            let legend = AccessibilityLegend.rows(report)
            return "What VoiceOver reads on \(article.lowercased()) \(component) (\(settings))\(progress), each element outlined "
                + "and numbered, with the legend: " + (legend.isEmpty ? "no accessibility elements" : legend.joined(separator: "; "))
        case .sheet:
            return "A contact sheet of \(article.lowercased()) \(component) in \(environments.count) "
                + "variant\(environments.count == 1 ? "" : "s") (\(settings))\(progress), the first: \(reading)"
        case .phone:
            return "iPhone screen showing: " + altText(kind: .snapshot, spec: spec, environments: environments, report: report)
        case .animation:
            return "\(article) \(component) sliding in (\(settings))\(progress): \(reading)"
        }
    }

    /// "42 of 100 points, Silver at 50 reached, Gold at 100 not yet": the value against the last
    /// tier (the bar's goal), and each tier.
    static func progressWords(_ bar: ProgressBar) -> String {
        "\(JSONText.number(bar.value)) of \(JSONText.number(bar.maximum)), "
            + bar.tiers.map { "\($0.label) at \(JSONText.number($0.at)) \(bar.isMet($0) ? "reached" : "not yet")" }.joined(separator: ", ")
    }

    /// The settings of the variants, each value once in order ("light and dark appearance, text
    /// sizes S and AX2"); one variant's read as before ("dark appearance, text size L").
    static func variantWords(_ environments: [Environment]) -> [String] {
        func values<T: Equatable>(_ value: (Environment) -> T?) -> [T] {
            var seen: [T] = []
            for env in environments { if let v = value(env), !seen.contains(v) { seen.append(v) } }
            return seen
        }
        func list(_ items: [String]) -> String {
            items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
        var words: [String] = []
        let appearances = values { $0.appearance.rawValue }
        words.append("\(list(appearances)) appearance")
        let sizes = values { $0.textSize.shortName }
        words.append("text size\(sizes.count > 1 ? "s" : "") \(list(sizes))")
        let directions = values { $0.direction }
        if directions.count > 1 { words.append("left to right and right to left") } else if directions == [.rtl] { words.append("right to left") }
        let locales = values { $0.locale }.map { (try? LanguageTag(parsing: $0))?.englishName ?? $0 }
        if !locales.isEmpty { words.append("in \(list(locales))") }
        let pseudo = values { $0.pseudo?.rawValue }
        if !pseudo.isEmpty { words.append("pseudolanguage\(pseudo.count > 1 ? "s" : "") \(list(pseudo))") }
        if environments.count > 1 {
            let scales = values { $0.scale }
            if scales.count > 1 { words.append("at " + list(scales.map { "@\($0)x" })) }
            let widths = values { $0.width }
            if widths.count > 1 { words.append("widths " + list(widths.map { JSONText.number($0) + " pt" })) }
        }
        return words
    }

    /// Each VoiceOver element's words as the card draws them: a text cut at its line limit as its
    /// lines show it, ending in "…" (the layout's `lineTexts`, joined where its lines broke); the
    /// button with ", button".
    static func drawnCopy(_ report: RenderReport) -> [String] {
        report.accessibility.enumerated().compactMap { index, element in
            var words = element.label
            if index < report.texts.count, report.texts[index].text == element.label, report.texts[index].truncated,
               !report.texts[index].lineTexts.isEmpty {
                let text = report.texts[index]
                words = ""
                for (line, shown) in text.lineTexts.enumerated() {
                    if line > 0 {
                        // A line that broke at a space or a newline is read with a space; one broken
                        // inside a word or between ideographs is not.
                        let reason = line - 1 < text.breaks.count ? text.breaks[line - 1] : "space"
                        if reason == "space" || reason == "newline" || reason == "pushOut" { words += " " }
                    }
                    words += shown.trimmingCharacters(in: .whitespaces)
                }
            }
            guard !words.allSatisfy(\.isWhitespace) else { return nil }
            return words + (element.trait == .button ? ", button" : "")
        }
    }

    // MARK: - Writing

    /// Writes the images and the manifest into `output`, all or nothing. A file already there is
    /// replaced only when the manifest left there by an earlier run lists it: anything else is the
    /// user's, and refused by name before anything is written. Images an earlier run wrote that this
    /// one does not are removed afterwards.
    package static func write(_ result: Result, to output: String) throws {
        if FileManager.default.fileExists(atPath: output), !AtomicFile.isFolder(output) {
            throw RequestError(.outputFolder, "\(output) is not a folder")
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
