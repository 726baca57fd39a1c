import Foundation
import Grona
import PNG

/// The studio's preview of one edit (`POST /api/preview`): every tile of the grid or the phone view
/// planned by the one variant planner (`Spec.plannedEnvironments`, languages in the order asked),
/// the tiles asked for drawn over the machine's cores (`RenderLanes`), the others laid out for their
/// findings only, the findings grouped across tiles and said for a marketer, and each colour field's
/// contrasts, so the page computes nothing of its own: it shows the tile list this answer gives.
package struct PreviewRequest {
    /// One tile: its place in the answer, its language as the page names it and its environment.
    package struct Tile {
        package let index: Int
        package let language: PlannedLanguage
        package let environment: Environment
    }

    /// The spec, its own variants left out: the preview's axes stand in for them.
    package let spec: Spec
    package let languages: [PlannedLanguage]
    /// Every tile, in the order rendered: language, then text size, appearance, direction.
    package let tiles: [Tile]
    /// The tiles drawn; the others are laid out for their findings only, or not at all without findings.
    package let drawn: Set<Int>
    package let withFindings: Bool
    package let overlay: Overlay?

    /// Plans the tiles and refuses a plan of more than `maximumTiles` (a bound on the request's
    /// time before its cost is estimated). `draw` nil draws every tile.
    package init(spec: Spec, overrides: EnvironmentOverrides, axes: Variants, languages: [PlannedLanguage],
                draw: String? = nil, findings: Bool = true, overlay: Overlay? = nil, maximumTiles: Int) throws {
        var spec = spec
        // The tiles' axes stand in for the spec's own variants, as `check --text-sizes …` replaces them.
        spec.variants = nil
        self.spec = spec; self.languages = languages; self.withFindings = findings; self.overlay = overlay
        tiles = spec.plannedEnvironments(overrides: overrides, axes: axes, languages: languages).enumerated()
            .map { Tile(index: $0.offset, language: $0.element.language, environment: $0.element.environment) }
        guard tiles.count <= maximumTiles else {
            throw RequestError(.overBudget, "the preview would render \(tiles.count) tiles, over the limit of \(maximumTiles) per request; "
                              + "show fewer languages, text sizes, appearances or directions")
        }
        drawn = try Self.drawnTiles(draw, count: tiles.count)
    }

    /// `base,de,pseudo:double` → the spec's own copy, German, the double-length pseudolanguage, each
    /// tag checked as `--locale` checks it; a language named twice is shown once.
    package static func languages(_ text: String) throws -> [PlannedLanguage] {
        var out: [PlannedLanguage] = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            let language: PlannedLanguage
            if word == Variants.ownCopy {
                language = .ownCopy
            } else if word.hasPrefix(PlannedLanguage.pseudoPrefix) {
                do { language = .pseudo(try EnvironmentOverrides.parsePseudo(String(word.dropFirst(PlannedLanguage.pseudoPrefix.count)))) }
                catch { throw RequestError(.badInput, "languages: \(error)") }
            } else {
                do { language = .locale(try EnvironmentOverrides.parseLocale(word)) } catch { throw RequestError(.badInput, "languages: \(error)") }
            }
            if !out.contains(language) { out.append(language) }
        }
        return out
    }

    /// `draw=0,3,4` → those tile indices (each under `count`); nil or `all` → every tile.
    package static func drawnTiles(_ text: String?, count: Int) throws -> Set<Int> {
        guard let text, text != "all" else { return Set(0..<count) }
        var indices: Set<Int> = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let index = Int(word), (0..<count).contains(index) else {
                throw RequestError(.badInput, "draw: \(quoted(String(word))) is not the index of a tile (0 to \(count - 1))")
            }
            indices.insert(index)
        }
        return indices
    }

    /// The tiles laid out: those drawn, and with findings every tile.
    package var laidOut: [Int] { tiles.indices.filter { withFindings || drawn.contains($0) } }

    /// What the preview costs on `lanes`, and the renderers that costed the tiles (one app launch per
    /// tile, as the render will be), kept on their lanes to draw them (`run`), so each tile is laid
    /// out once. With findings, the fixes' checks are counted too: up to `fixChecks` layouts of the
    /// tiles' variants, after the tiles, each at most the costliest tile's characters.
    package func costed(on lanes: RenderLanes, stop: (@Sendable () -> Bool)? = nil) throws
        -> (cost: RenderCost, renderers: LaneLocal<ComponentRenderer>) {
        let laidOut = self.laidOut, drawn = self.drawn, spec = self.spec, overlay = self.overlay
        let environments = tiles.map(\.environment)
        let renderers = LaneLocal<ComponentRenderer>(count: laidOut.count)
        // Each tile on the lane of its number (`RenderLanes`), in this request and the next: a tile laid
        // out here for its findings is drawn by the second request on the lane that has its paragraphs.
        let costs = try lanes.map(laidOut.count, keys: laidOut) { slot, session in
            try RequestError.checkStop(stop)
            let index = laidOut[slot]
            let renderer = ComponentRenderer(spec: spec, engine: session.engine)
            renderers[slot] = renderer
            let tile = try renderer.cost(environments[index], overlay: overlay)
            return drawn.contains(index) ? tile : RenderCost(characters: tile.characters)
        }
        let tiles = lanes.cost(of: costs, keys: laidOut)
        guard withFindings, let most = costs.map(\.characters).max() else { return (tiles, renderers) }
        return (tiles.then(RenderCost(characters: most).kept(Self.fixChecks)), renderers)
    }

    /// How many layouts the fixes of one preview may take to check (`FindingGroup.fieldFix`).
    static let fixChecks = 96

    /// Each tile laid out: its report, and its PNG when drawn; with findings, the findings grouped
    /// across tiles and each group's colour fix, checked to clear it (`FindingGroup.fieldFix`).
    package struct Result {
        package let laidOut: [Int]
        /// Each tile's report, and when drawn its PNG and the PNG in base64 (made on the tile's lane).
        package let rendered: [(report: RenderReport, png: [UInt8]?, base64: String?)]
        package var groups: [FindingGroup] = []
        package var fixes: [FieldFix?] = []
    }

    /// The tiles drawn (and the others' reports) by the renderers `costed(on:)` made, on the same lanes.
    /// A tile `cache` holds is not drawn again (its report stands for its layout too); one drawn is kept.
    package func run(on lanes: RenderLanes, laidOut renderers: LaneLocal<ComponentRenderer>, cache: TileCache? = nil,
                    stop: (@Sendable () -> Bool)? = nil) throws -> Result {
        let laidOut = self.laidOut, drawn = self.drawn, overlay = self.overlay, spec = self.spec
        let environments = tiles.map(\.environment)
        // A tile's key and its base64 are made on its lane too: the lanes share the request's work
        // and the calling thread has only the answer's JSON left to join.
        let keys = cache.map { _ in TileCache.Keys(spec, laidOut.map { environments[$0] }, overlay: overlay) }
        let rendered = try lanes.map(laidOut.count, keys: laidOut) { slot, _ -> (report: RenderReport, png: [UInt8]?, base64: String?) in
            try RequestError.checkStop(stop)
            let index = laidOut[slot], renderer = renderers[slot]
            let found = keys?.key(environments[index])
            if let found, let kept = cache?.tile(found.key, spec: found.spec) {
                return drawn.contains(index) ? (kept.report, kept.png, Self.base64(kept.png)) : (kept.report, nil, nil)
            }
            guard drawn.contains(index) else { return (try renderer.report(environments[index]), nil, nil) }
            let snapshot = try renderer.render(environments[index], overlay: overlay)
            // Shown once, as base64 in this answer (a download renders the tile again): the quick
            // encoding, whose photo rows are larger but cost a fraction of the smallest encoding's time.
            let png = try encodePNG(snapshot.pixmap, options: .quick)
            if let found { cache?.keep(TileCache.Tile(report: snapshot.report, png: png), found.key, spec: found.spec) }
            return (snapshot.report, png, Self.base64(png))
        }
        var result = Result(laidOut: laidOut, rendered: rendered)
        guard withFindings else { return result }
        // One entry per problem across the languages shown: "the title is cut in German and Arabic".
        result.groups = FindingGroup.groups(zip(laidOut, rendered).map { (environment: environments[$0], findings: $1.report.findings) },
                                            acrossCopy: true)
        let engine = try RenderSession.current().engine
        // Checking a fix lays out variants again: at most as many as a preview may have tiles.
        var renders = Self.fixChecks
        result.fixes = try result.groups.map { group in
            try RequestError.checkStop(stop)
            return group.fieldFix(in: spec, engine: engine, renders: &renders)
        }
        return result
    }

    // ------------------------------------------------------------------ the answer

    /// The answer's JSON: the tiles drawn, and with findings the plan (every tile, drawn or not, for
    /// the page to lay out its grid by), the findings grouped, the colour hints and the languages.
    package func json(_ result: Result) -> String {
        let environments = tiles.map(\.environment)
        var drawnTiles: [String] = []
        for (index, tile) in zip(result.laidOut, result.rendered) {
            guard let png = tile.png else { continue }
            drawnTiles.append(Self.object(tileFields(tiles[index]) + [
                ("width", JSONText.number(tile.report.width)), ("height", JSONText.number(tile.report.height)),
                // Base64 needs no escaping in JSON: the data URL is written as it is, not scanned.
                ("png", "\"data:image/png;base64," + (tile.base64 ?? Self.base64(png)) + "\""),
            ], quotingKeys: false))
        }
        guard withFindings else {
            return "{\"tiles\": [\n" + drawnTiles.joined(separator: ",\n") + "\n]}\n"
        }
        let findings = zip(result.groups, result.fixes).map { group, fieldFix -> String in
            let plain = group.plain(among: environments)
            let indices = environments.indices.filter { index in group.variants.contains(environments[index]) }
            // The language of the copy quoted, for the page's lang attribute.
            let copyLocale = group.variants.first.flatMap { $0.pseudo == nil ? ($0.locale ?? spec.environment.locale) : nil }
            var fields: [(String, String)] = [
                ("kind", jsonStringLiteral(plain.kind.rawValue)), ("name", jsonStringLiteral(plain.kind.plainName)),
                ("badge", jsonStringLiteral(plain.kind.badge)), ("role", jsonStringLiteral(plain.role)),
                ("sentence", jsonStringLiteral(plain.sentence)), ("why", jsonStringLiteral(plain.why)),
                ("place", jsonStringLiteral(plain.place)), ("message", jsonStringLiteral(group.sentence(among: environments))),
                ("swatches", "[" + plain.swatches.map { "{\"hex\": \(jsonStringLiteral($0.hex)), \"label\": \(jsonStringLiteral($0.label))}" }
                    .joined(separator: ", ") + "]"),
                ("tiles", "[" + indices.map(String.init).joined(separator: ", ") + "]"),
            ]
            // A colour's fix is the field that clears it, checked by rendering; a sentence that
            // could name the wrong field is not said.
            if let fieldFix {
                fields.append(("fix", jsonStringLiteral(fieldFix.sentence)))
                fields.append(("apply", Self.object([("path", jsonStringLiteral(fieldFix.path)), ("label", jsonStringLiteral(fieldFix.label)),
                                                     ("value", jsonStringLiteral(fieldFix.hex))])))
            } else if let fix = plain.fix, !FindingGroup.colourKinds.contains(group.first.kind) {
                fields.append(("fix", jsonStringLiteral(fix)))
            }
            if let copy = plain.copy { fields.append(("copy", jsonStringLiteral(copy))) }
            if let copyLocale, plain.copy != nil { fields.append(("copyLanguage", jsonStringLiteral(copyLocale))) }
            if let minimum = plain.minimum { fields.append(("minimum", jsonStringLiteral(minimum))) }
            return Self.object(fields)
        }
        var colors: [String] = []
        let reports = result.rendered.map(\.report)
        for appearance in Appearance.allCases {
            // The first tile in this appearance (every tile is laid out when there are findings).
            guard let index = tiles.firstIndex(where: { $0.environment.appearance == appearance }) else { continue }
            colors.append("\"\(appearance.rawValue)\": " + colorHints(tiles[index].environment, reports[index]))
        }
        let languageNames = languages.map { language in
            "{\"language\": \(jsonStringLiteral(Self.answerName(language))), \"name\": \(jsonStringLiteral(languageName(language))), "
                + "\"direction\": \"\(languageDirection(language).rawValue)\"}"
        }
        let plan = tiles.map { Self.object(tileFields($0), quotingKeys: false) }
        return "{\"tiles\": [\n" + drawnTiles.joined(separator: ",\n") + "\n],\n"
            + "\"findings\": [\n" + findings.joined(separator: ",\n") + "\n],\n"
            + "\"colors\": {" + colors.joined(separator: ",\n") + "},\n"
            + "\"languages\": [" + languageNames.joined(separator: ", ") + "],\n"
            + "\"plan\": [\n" + plan.joined(separator: ",\n") + "\n]}\n"
    }

    static func base64(_ png: [UInt8]) -> String { Data(png).base64EncodedString() }

    /// A tile's place and name, as the answer gives it for a tile drawn and in the plan.
    func tileFields(_ tile: Tile) -> [(String, String)] {
        let environment = tile.environment
        return [("index", "\(tile.index)"), ("language", jsonStringLiteral(Self.answerName(tile.language))),
                ("textSize", jsonStringLiteral(environment.textSize.shortName)),
                ("appearance", jsonStringLiteral(environment.appearance.rawValue)),
                ("direction", jsonStringLiteral(environment.direction.rawValue)),
                ("name", jsonStringLiteral(tileName(tile)))]
    }

    static func object(_ fields: [(String, String)], quotingKeys: Bool = true) -> String {
        "{" + fields.map { "\(quotingKeys ? jsonStringLiteral($0.0) : "\"\($0.0)\""): \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// A language as the answer's `language` fields spell it: "" for the spec's own copy.
    package static func answerName(_ language: PlannedLanguage) -> String { language == .ownCopy ? "" : language.name }

    /// "German", "Base copy (en)", "Pseudo: double length": a language as the page names it.
    package func languageName(_ language: PlannedLanguage) -> String {
        switch language {
        case .pseudo(let pseudo): return Self.pseudoName(pseudo)
        case .ownCopy:
            guard let own = spec.environment.locale else { return "Base copy" }
            return "Base copy (" + ((try? LanguageTag(parsing: own))?.englishName ?? own) + ")"
        case .locale(let tag): return (try? LanguageTag(parsing: tag))?.englishName ?? tag
        }
    }

    func languageDirection(_ language: PlannedLanguage) -> LayoutDirection {
        var environment = spec.environment
        environment.explicitDirection = nil
        switch language {
        case .pseudo(let pseudo): environment.pseudo = pseudo
        case .locale(let tag): environment.locale = tag
        case .ownCopy: break
        }
        return environment.direction
    }

    /// "Large, dark, right to left", with the language first when more than one is shown.
    func tileName(_ tile: Tile) -> String {
        let environment = tile.environment
        let words = [environment.textSize.displayName + (environment.textSize == Environment().textSize ? " (default)" : ""),
                     environment.appearance.rawValue, Self.directionName(environment.direction).lowercased()]
        let language = languages.count > 1 || tile.language != .ownCopy ? [languageName(tile.language)] : []
        return (language + words).joined(separator: ", ")
    }

    package static func directionName(_ direction: LayoutDirection) -> String { direction == .rtl ? "Right to left" : "Left to right" }

    package static func pseudoName(_ pseudo: PseudoLocalization) -> String {
        switch pseudo {
        case .accented: return "Pseudo: accented"
        case .double: return "Pseudo: double length"
        case .bounded: return "Pseudo: bounded"
        case .rtl: return "Pseudo: right to left"
        }
    }

    /// Each colour field's colour as resolved and the contrasts the report measured where it is
    /// drawn: as the text or fill (its own contrast, before any replacement) or as what they are
    /// drawn on (the contrast drawn). Which field a colour comes from is the resolver's own answer
    /// (`ComponentColors.textSources`, `graphicSources`).
    func colorHints(_ environment: Environment, _ report: RenderReport) -> String {
        let component = spec.localized(for: environment).component
        let colors = ColorResolver(theme: spec.theme).colors(for: component, appearance: environment.appearance)
        var checks: [String: [String]] = [:]
        func add(_ path: String, _ fields: [(String, String)]) { checks[path, default: []].append(Self.object(fields)) }
        func s(_ text: String) -> String { jsonStringLiteral(text) }
        func n(_ value: Double) -> String { JSONText.number(value) }
        for text in report.texts {
            guard let sources = colors.textSources[text.role] else { continue }
            let c = text.color
            let common: [(String, String)] = [("role", s(text.role.rawValue)), ("name", s(plainRoleName(text.role.rawValue))),
                                              ("minimumContrast", n(c.minimumContrast)), ("minimum", s(readableContrast(c.minimumContrast))),
                                              ("preferred", s(c.preferred.reportHex)), ("color", s(c.color.reportHex)),
                                              ("background", s(c.background.reportHex)), ("replaced", "\(c.isAdjusted)")]
            for path in sources.foreground {
                add(path, [("as", s("text")), ("field", s("preferredContrast")), ("contrast", n(c.preferredContrast)),
                           ("ratio", s(readableContrast(c.preferredContrast))), ("reaches", "\(c.preferredContrast >= c.minimumContrast)")] + common)
            }
            // Behind a text the app recoloured, the contrast is the chosen colour's, as its finding
            // says (the colour drawn instead reads well, but is not the one asked for).
            let behind = c.isAdjusted ? c.preferredContrast : c.contrast
            for path in sources.background {
                add(path, [("as", s("background")), ("field", s(c.isAdjusted ? "preferredContrast" : "contrast")), ("contrast", n(behind)),
                           ("ratio", s(readableContrast(behind))), ("reaches", "\(behind >= c.minimumContrast)")] + common)
            }
        }
        for graphic in report.graphics {
            guard let sources = colors.graphicSources[graphic.role] else { continue }
            let minimum = GraphicContrast.minimumContrast
            let common: [(String, String)] = [("role", s(graphic.role.rawValue)),
                                              ("name", s(graphic.role == .button ? "button" : plainRoleName(graphic.role.rawValue))),
                                              ("graphic", "true"), ("field", s("contrast")), ("contrast", n(graphic.contrast)),
                                              ("ratio", s(readableContrast(graphic.contrast))), ("reaches", "\(graphic.contrast >= minimum)"),
                                              ("minimumContrast", n(minimum)), ("minimum", s(readableContrast(minimum))),
                                              ("preferred", s(graphic.color.reportHex)), ("color", s(graphic.color.reportHex)),
                                              ("background", s(graphic.background.reportHex)), ("replaced", "false")]
            for path in sources.foreground { add(path, [("as", s("fill"))] + common) }
            for path in sources.background { add(path, [("as", s("background"))] + common) }
        }
        // A campaign field left out measures as the theme fields it stands for, since those are drawn.
        for (path, fields) in colors.standsFor where checks[path] == nil {
            var union: [String] = []
            for field in fields { for check in checks[field] ?? [] where !union.contains(check) { union.append(check) } }
            checks[path] = union
        }
        let paths = ColorField.theme.map(\.path) + ColorField.campaign.map(\.path)
        return "{" + paths.map { path in
            let color = colors.fieldColors[path].map { s($0.reportHex) } ?? "null"
            // The card's colour (or a campaign background standing for it) is read as what the copy is on.
            let card = colors.cardFields.contains(path) || (colors.standsFor[path] ?? []).contains { colors.cardFields.contains($0) }
            return "\n  \(s(path)): {\"color\": \(color), \"card\": \(card), \"checks\": [" + (checks[path] ?? []).joined(separator: ", ") + "]}"
        }.joined(separator: ",") + "}"
    }
}
