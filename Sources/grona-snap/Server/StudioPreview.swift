import Foundation
import Grona
import GronaRequests
import PNG

// What the studio page needs from GronaSnap's own tables and renders, so the page decides nothing
// itself:
//   GET  /api/schema   the text sizes, appearances, directions, pseudolanguages, component kinds with
//                      their fields and line limits, theme and campaign colour fields (with defaults
//                      and what each colours), finding kinds in plain words, and common languages with
//                      their names and directions, all read from the Grona module;
//   GET  /api/locale   one language tag checked, canonicalised and named ("de": German, ltr);
//   POST /api/preview  one answer per edit: every tile shown rendered once (PNG as a data URL, with
//                      its accessible name), their findings grouped (`FindingGroup`) and said for a
//                      marketer (`PlainFinding`), and each colour field's contrasts as the renderer's
//                      report has them (`RenderReport`), for the hints beside the colour fields.
extension StudioAPI {
    /// Languages the page offers when a marketer adds one (any other well-formed tag may be typed).
    static let suggestedLocales = ["ar", "da", "de", "el", "en", "en-GB", "es", "es-MX", "fa", "fi", "fr", "fr-CA", "he",
                                   "hi", "id", "it", "ja", "ko", "nb", "nl", "pl", "pt-BR", "pt-PT", "ru", "sv", "th", "tr",
                                   "uk", "ur", "vi", "zh-Hans", "zh-Hant"]

    /// One of the preview's `languages`: the spec's own copy, a language tag or a pseudolanguage.
    static let languagePattern = "(base|\(LanguageTag.pattern)|pseudo:(\(PseudoLocalization.allCases.map(\.rawValue).joined(separator: "|"))))"

    /// The preview's query parameters: the tiles' axes, plus card width, scale and the overlay.
    static let previewParameters: [QueryParameter] = [nameParameter]
        + EnvironmentOptions.settings.filter { ["width", "scale"].contains($0.query) }
            .map { QueryParameter(name: $0.query, schema: $0.schema, description: $0.summary) }
        + axisParameters.filter { !["locales", "pseudos"].contains($0.name) }
        + [QueryParameter(name: "languages", schema: .text(pattern: "^\(languagePattern)(,\(languagePattern))*$", maxLength: 512),
                          description: "the tiles' languages: base (the spec's own copy), a language tag, or pseudo:MODE, comma-separated"),
           QueryParameter(name: "draw", schema: .text(pattern: "^(all|[0-9]+(,[0-9]+)*)$", maxLength: 512),
                          description: "which tiles (by index, in the order rendered) to draw; the others are laid out for their findings only (default all)"),
           QueryParameter(name: "findings", schema: .boolean,
                          description: "false: only the tiles drawn are laid out, and the answer has no findings or colours (a second request filling in tiles)"),
           overlayParameter]

    // ------------------------------------------------------------------ GET /api/schema

    func schema() -> HTTPResponse {
        func object(_ fields: [(String, String)]) -> String {
            "{" + fields.map { "\(jsonStringLiteral($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }
        func list(_ items: [String]) -> String { "[" + items.map { "\n    " + $0 }.joined(separator: ",") + "\n  ]" }
        func s(_ text: String) -> String { jsonStringLiteral(text) }
        func n(_ value: Double) -> String { JSONText.number(value) }
        let defaultSize = Environment().textSize
        let textSizes = TextSize.allCases.map { size in
            object([("value", s(size.shortName)), ("uikitName", s(size.uikitName)),
                    ("name", s(size.displayName + (size == defaultSize ? " (default)" : ""))),
                    ("accessibility", "\(size.isAccessibilitySize)")])
        }
        let appearances = Appearance.allCases.map { object([("value", s($0.rawValue)), ("name", s($0 == .light ? "Light" : "Dark"))]) }
        let directions = LayoutDirection.allCases.map { object([("value", s($0.rawValue)), ("name", s(Self.directionName($0)))]) }
        let pseudos = PseudoLocalization.allCases.map { pseudo in
            object([("value", s(pseudo.rawValue)), ("name", s(Self.pseudoName(pseudo))),
                    ("direction", s(pseudo == .rtl ? "rtl" : "ltr"))])
        }
        let components = Component.Kind.allCases.map { kind in
            object([("type", s(kind.rawValue)), ("name", s(Self.kindName(kind))),
                    ("fields", "[" + kind.fields.compactMap { field -> String? in
                        let form: String, role: TextRole?, lines: Int?
                        switch field.value {
                        case .text(let r, let l): form = l == 1 ? "line" : "text"; role = r; lines = l
                        case .tiers(let l): form = "tiers"; role = .tierLabel; lines = l
                        case .fraction: form = "number"; role = nil; lines = nil
                        case .image: form = "path"; role = nil; lines = nil
                        case .icon: form = "icon"; role = nil; lines = nil
                        case .style: return nil  // the colour fields, offered as such
                        }
                        var entry: [(String, String)] = [("key", s(field.name)), ("label", s(Self.fieldLabel(field.name, form))),
                                                         ("kind", s(form)), ("required", "\(Self.isRequired(field.name, of: kind))")]
                        if let role { entry.append(("role", s(role.rawValue))) }
                        if let lines { entry.append(("lines", "\(lines)")) }
                        return object(entry)
                    }.joined(separator: ", ") + "]"),
                    ("template", Self.template(kind))])
        }
        let roles = TextRole.allCases.map { role in
            object([("role", s(role.rawValue)), ("name", s(plainRoleName(role.rawValue))), ("minimumContrast", n(role.minimumContrast)),
                    ("minimum", s(readableContrast(role.minimumContrast)))])
        }
        let theme = Self.themeTokens.map { token in
            object([("token", s(token.token)), ("path", s("theme." + token.token)), ("label", s(token.label)),
                    ("default", s(token.defaultColor.variant(for: .light).reportHex)), ("usedFor", s(token.usedFor))])
        }
        let campaign = Self.campaignTokens.map { token in
            object([("token", s(token.token)), ("path", s("component.style." + token.token)), ("label", s(token.label)),
                    ("usedFor", s(token.usedFor))])
        }
        let findings = Finding.Kind.allCases.map { kind in
            object([("kind", s(kind.rawValue)), ("name", s(kind.plainName)), ("badge", s(kind.badge)), ("summary", s(kind.summary))])
        }
        let locales = Self.suggestedLocales.compactMap { try? LanguageTag(parsing: $0) }.map(Self.localeJSON)
        let radius = Theme.cornerRadiusRange
        let out = "{\n"
            + "  \"textSizes\": \(list(textSizes)),\n"
            + "  \"defaultTextSize\": \(s(defaultSize.shortName)),\n"
            + "  \"appearances\": \(list(appearances)),\n"
            + "  \"directions\": \(list(directions)),\n"
            + "  \"pseudos\": \(list(pseudos)),\n"
            + "  \"components\": \(list(components)),\n"
            + "  \"icons\": [\(MessageIcon.allCases.map { s($0.rawValue) }.joined(separator: ", "))],\n"
            + "  \"roles\": \(list(roles)),\n"
            + "  \"theme\": \(list(theme)),\n"
            + "  \"cornerRadius\": {\"default\": \(n(Theme.defaultCornerRadius)), \"minimum\": \(n(radius.lowerBound)), \"maximum\": \(n(radius.upperBound))},\n"
            + "  \"campaign\": \(list(campaign)),\n"
            + "  \"findings\": \(list(findings)),\n"
            + "  \"locales\": \(list(locales)),\n"
            + "  \"maximumTiles\": \(StudioAPI.maximumSheetCells)\n"
            + "}\n"
        return .json(out)
    }

    static func directionName(_ direction: LayoutDirection) -> String { direction == .rtl ? "Right to left" : "Left to right" }

    static func pseudoName(_ pseudo: PseudoLocalization) -> String {
        switch pseudo {
        case .accented: return "Pseudo: accented"
        case .double: return "Pseudo: double length"
        case .bounded: return "Pseudo: bounded"
        case .rtl: return "Pseudo: right to left"
        }
    }

    static func kindName(_ kind: Component.Kind) -> String {
        switch kind {
        case .banner: return "Banner"
        case .progressBar: return "Progress bar"
        case .offer: return "Offer"
        case .message: return "Message"
        }
    }

    static func fieldLabel(_ name: String, _ form: String) -> String {
        switch form {
        case "path": return "Image file"
        case "number": return "Progress so far"
        case "tiers": return "Rewards along the bar"
        case "icon": return "Icon"
        default: return plainRoleName(name).prefix(1).uppercased() + plainRoleName(name).dropFirst()
        }
    }

    /// The fields the decoder requires (`SpecDecoder.component`): a title (a message's body), and a
    /// progress bar's value and tiers, a message's icon.
    static func isRequired(_ name: String, of kind: Component.Kind) -> Bool {
        switch name {
        case "title": return kind != .message
        case "body": return kind == .message
        case "value", "tiers", "icon": return true
        default: return false
        }
    }

    /// The copy a new campaign of `kind` starts with, as spec JSON (its `component`).
    static func template(_ kind: Component.Kind) -> String {
        switch kind {
        case .banner:
            return #"{"type": "banner", "eyebrow": "THIS WEEK", "title": "Double points on every order", "body": "Order by Sunday and we add twice the points to your card.", "button": "See my points"}"#
        case .progressBar:
            return #"{"type": "progressBar", "title": "Stamp card", "body": "Two more coffees to a free pastry.", "value": 6, "tiers": [{"at": 4, "label": "Free shot"}, {"at": 8, "label": "Free pastry"}], "footnote": "Stamps reset on the first of the month."}"#
        case .offer:
            return #"{"type": "offer", "eyebrow": "TODAY ONLY", "title": "20% off your next order", "body": "Use the code at checkout.", "code": "SPRING20", "button": "Copy code"}"#
        case .message:
            return #"{"type": "message", "icon": "gift", "title": "A gift for you", "body": "Your birthday pastry is waiting at the counter."}"#
        }
    }

    struct ColorToken { var token: String; var label: String; var defaultColor: ThemeColor; var usedFor: String }

    /// The theme's colour tokens, with the SDK's defaults and what each colours (`ColorResolver`).
    static let themeTokens: [ColorToken] = [
        ColorToken(token: "primary", label: "Primary", defaultColor: Theme.defaultPrimary,
                   usedFor: "banner background; offer eyebrow and button; message icon; progress fill before the first reward"),
        ColorToken(token: "onPrimary", label: "Text on primary", defaultColor: Theme.defaultOnPrimary,
                   usedFor: "banner copy; the offer's button label"),
        ColorToken(token: "accent", label: "Accent", defaultColor: Theme.defaultAccent,
                   usedFor: "banner eyebrow and button; the tint of offer and message cards; progress fill once a reward is reached"),
        ColorToken(token: "surface", label: "Card surface", defaultColor: Theme.defaultSurface,
                   usedFor: "the card of progress bars, offers and messages; the offer's code chip"),
        ColorToken(token: "text", label: "Text", defaultColor: Theme.defaultText,
                   usedFor: "titles and body copy of progress bars, offers and messages"),
        ColorToken(token: "mutedText", label: "Secondary text", defaultColor: Theme.defaultMutedText,
                   usedFor: "the progress bar's reward labels and footnote"),
    ]

    /// A campaign's own colours (`component.style`), each replacing the theme's for this component.
    static let campaignTokens: [ColorToken] = [
        ColorToken(token: "background", label: "Background", defaultColor: Theme.defaultSurface,
                   usedFor: "the card, instead of the theme's primary (banner) or surface"),
        ColorToken(token: "text", label: "Text", defaultColor: Theme.defaultText,
                   usedFor: "every text token of this component (onPrimary on a banner; text and secondary text elsewhere)"),
        ColorToken(token: "accent", label: "Accent", defaultColor: Theme.defaultAccent, usedFor: "the accent, in this component only"),
    ]

    static func localeJSON(_ tag: LanguageTag) -> String {
        var fields = ["\"tag\": \(jsonStringLiteral(tag.description))"]
        if let name = tag.englishName { fields.append("\"name\": \(jsonStringLiteral(name))") }
        fields.append("\"direction\": \"\(tag.isRightToLeft ? "rtl" : "ltr")\"")
        return "{" + fields.joined(separator: ", ") + "}"
    }

    // ------------------------------------------------------------------ GET /api/locale?tag=

    /// The tag as GronaSnap reads it (`--locale`'s rule), canonicalised, with its name and direction.
    func locale(_ request: HTTPRequest) throws -> HTTPResponse {
        var tag: String?
        for (key, value) in request.query {
            guard key == "tag" else { throw RequestError(.badInput, "unknown query parameter \(key) (this route takes tag)") }
            guard tag == nil else { throw RequestError(.badInput, "tag is given twice") }
            tag = value
        }
        guard let tag else { throw RequestError(.badInput, "tag: give the language's tag, like de, fr-CA or ar") }
        do {
            return .json(Self.localeJSON(try LanguageTag(parsing: tag)) + "\n")
        } catch {
            throw RequestError(.badInput, "tag: \(error)")
        }
    }

    // ------------------------------------------------------------------ POST /api/preview

    /// The calling thread alone, for a heavy preview.
    static let oneLane = RenderLanes(count: 1)

    /// One tile's place on the axes, as the page names it (`language` "" is the spec's own copy).
    struct PreviewVariant {
        var language: String
        var environment: Environment
    }

    func preview(_ request: HTTPRequest, _ route: Route) throws -> HTTPResponse {
        let options = try RenderOptions(request, route)
        // The tiles' axes stand in for the spec's own variants, as `check --text-sizes …` replaces them.
        var decoded = try Specs.decode(request.body, file: options.name, folder: folder.path, assetRoots: assetRoots, disclosingPaths: false)
        decoded.variants = nil
        let spec = decoded
        let axes = try options.axes()
        let languages = try Self.languages(request.query.first { $0.name == "languages" }?.value ?? "base")
        // Each language is one plan of variants (`VariantPlan`, as sheet and check plan theirs), so
        // the tiles come language by language in the order asked, each in the product of the axes.
        var variants: [PreviewVariant] = []
        for language in languages {
            var axes = axes
            if language.hasPrefix("pseudo:") {
                axes.locales = []; axes.pseudos = PseudoLocalization(rawValue: String(language.dropFirst(7))).map { [$0] }
            } else {
                axes.locales = [language.isEmpty ? Variants.ownCopy : language]; axes.pseudos = nil
            }
            variants += VariantPlan.environments(of: spec, overrides: options.overrides, axes: axes)
                .map { PreviewVariant(language: language, environment: $0) }
        }
        guard variants.count <= StudioAPI.maximumSheetCells else {
            throw RequestError(.overBudget, "the preview would render \(variants.count) tiles, over the limit of \(StudioAPI.maximumSheetCells) per request; "
                              + "show fewer languages, text sizes, appearances or directions")
        }
        // The page draws first what is on screen and fills in the rest with a second request; a tile
        // not drawn is laid out for its findings only (unless findings=false, when it is left out).
        let drawn = try Self.drawnTiles(request.query.first { $0.name == "draw" }?.value, count: variants.count)
        let withFindings: Bool
        switch request.query.first(where: { $0.name == "findings" })?.value {
        case nil, "true"?: withFindings = true
        case "false"?: withFindings = false
        case let other?: throw RequestError(.badInput, "findings: \(quoted(other, limit: 40)) is not true or false")
        }
        let laidOut = variants.indices.filter { withFindings || drawn.contains($0) }
        // The tiles are split over the machine's cores (`RenderLanes`), since a person waits for
        // them. Each is laid out once, by the renderer that costs it (one app launch per tile, as
        // the render will be), and drawn and encoded by that renderer on the same lane.
        // On a heavy lane, one lane: the shared ones are for the light requests a person waits for.
        let lanes = request.lane == .heavy ? StudioAPI.oneLane : RenderLanes.shared
        let renderers = LaneLocal<ComponentRenderer>(count: laidOut.count)
        let overlay = options.overlay, stop = request.clientGone
        let environments = variants.map(\.environment)
        let costs = try lanes.map(laidOut.count) { slot, session in
            try RequestError.checkStop(stop)
            let index = laidOut[slot]
            let renderer = ComponentRenderer(spec: spec, engine: session.engine)
            renderers[slot] = renderer
            let tile = try renderer.cost(environments[index], overlay: overlay)
            return drawn.contains(index) ? tile : RenderCost(characters: tile.characters)
        }
        let held = try afford(lanes.cost(of: costs), "the preview",
                              lower: "the number of tiles (languages, text sizes, appearances, directions), width or scale", for: request)
        defer { held.release() }
        let rendered = try lanes.map(laidOut.count) { slot, _ -> (report: RenderReport, png: [UInt8]?) in
            try RequestError.checkStop(stop)
            let index = laidOut[slot], renderer = renderers[slot]
            guard drawn.contains(index) else { return (try renderer.report(environments[index]), nil) }
            let snapshot = try renderer.render(environments[index], overlay: overlay)
            return (snapshot.report, try encodePNG(snapshot.pixmap))
        }
        var tiles: [String] = []
        let checked = zip(laidOut, rendered).map { (environment: environments[$0], findings: $1.report.findings) }
        let reports = rendered.map(\.report)
        for (index, tile) in zip(laidOut, rendered) {
            guard let png = tile.png else { continue }
            let variant = variants[index], environment = variant.environment
            let fields: [(String, String)] = [
                ("index", "\(index)"), ("language", jsonStringLiteral(variant.language)),
                ("textSize", jsonStringLiteral(environment.textSize.shortName)),
                ("appearance", jsonStringLiteral(environment.appearance.rawValue)),
                ("direction", jsonStringLiteral(environment.direction.rawValue)),
                ("name", jsonStringLiteral(tileName(variant, among: languages, spec: spec))),
                ("width", JSONText.number(tile.report.width)), ("height", JSONText.number(tile.report.height)),
                ("png", jsonStringLiteral("data:image/png;base64," + Data(png).base64EncodedString())),
            ]
            tiles.append("{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}")
        }
        guard withFindings else {
            return .json("{\"tiles\": [\n" + tiles.joined(separator: ",\n") + "\n]}\n")
        }
        let findings = FindingGroup.groups(checked).map { group -> String in
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
            if let fix = plain.fix { fields.append(("fix", jsonStringLiteral(fix))) }
            if let copy = plain.copy { fields.append(("copy", jsonStringLiteral(copy))) }
            if let copyLocale, plain.copy != nil { fields.append(("copyLanguage", jsonStringLiteral(copyLocale))) }
            if let minimum = plain.minimum { fields.append(("minimum", jsonStringLiteral(minimum))) }
            return "{" + fields.map { "\(jsonStringLiteral($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }
        var colors: [String] = []
        for appearance in Appearance.allCases {
            guard let index = variants.firstIndex(where: { $0.environment.appearance == appearance }) else { continue }
            colors.append("\"\(appearance.rawValue)\": " + colorHints(spec, variants[index].environment, reports[index]))
        }
        let languageNames = languages.map { language in
            "{\"language\": \(jsonStringLiteral(language)), \"name\": \(jsonStringLiteral(languageName(language, spec: spec))), "
                + "\"direction\": \"\(languageDirection(language, spec: spec).rawValue)\"}"
        }
        let out = "{\"tiles\": [\n" + tiles.joined(separator: ",\n") + "\n],\n"
            + "\"findings\": [\n" + findings.joined(separator: ",\n") + "\n],\n"
            + "\"colors\": {" + colors.joined(separator: ",\n") + "},\n"
            + "\"languages\": [" + languageNames.joined(separator: ", ") + "]}\n"
        return .json(out)
    }

    /// `draw=0,3,4` → those tile indices (each under `count`); nil or `all` → every tile.
    static func drawnTiles(_ text: String?, count: Int) throws -> Set<Int> {
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

    /// `base,de,pseudo:double` → ["", "de", "pseudo:double"], each tag checked as `--locale` checks it.
    static func languages(_ text: String) throws -> [String] {
        var out: [String] = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            let language: String
            if word == "base" {
                language = ""
            } else if word.hasPrefix("pseudo:") {
                do { language = "pseudo:" + (try EnvironmentOverrides.parsePseudo(String(word.dropFirst(7)))).rawValue }
                catch { throw RequestError(.badInput, "languages: \(error)") }
            } else {
                do { language = try EnvironmentOverrides.parseLocale(word) } catch { throw RequestError(.badInput, "languages: \(error)") }
            }
            if !out.contains(language) { out.append(language) }
        }
        return out
    }

    /// "German", "Base copy (en)", "Pseudo: double length": a language as the page names it.
    func languageName(_ language: String, spec: Spec) -> String {
        if language.hasPrefix("pseudo:") {
            return PseudoLocalization(rawValue: String(language.dropFirst(7))).map(Self.pseudoName) ?? language
        }
        if language.isEmpty {
            guard let own = spec.environment.locale else { return "Base copy" }
            return "Base copy (" + ((try? LanguageTag(parsing: own))?.englishName ?? own) + ")"
        }
        return (try? LanguageTag(parsing: language))?.englishName ?? language
    }

    func languageDirection(_ language: String, spec: Spec) -> LayoutDirection {
        var environment = spec.environment
        environment.explicitDirection = nil
        if language.hasPrefix("pseudo:") { environment.pseudo = PseudoLocalization(rawValue: String(language.dropFirst(7))) }
        else if !language.isEmpty { environment.locale = language }
        return environment.direction
    }

    /// "Large, dark, right to left", with the language first when more than one is shown.
    func tileName(_ variant: PreviewVariant, among languages: [String], spec: Spec) -> String {
        let environment = variant.environment
        let words = [environment.textSize.displayName + (environment.textSize == Environment().textSize ? " (default)" : ""),
                     environment.appearance.rawValue, Self.directionName(environment.direction).lowercased()]
        let language = languages.count > 1 || !variant.language.isEmpty ? [languageName(variant.language, spec: spec)] : []
        return (language + words).joined(separator: ", ")
    }

    /// Each colour field's colour as resolved and the contrasts the report measured where it is
    /// drawn: as the text or fill (its own contrast, before any replacement) or as what they are
    /// drawn on (the contrast drawn). Which field a colour comes from is the resolver's own answer
    /// (`ComponentColors.textSources`, `graphicSources`).
    func colorHints(_ spec: Spec, _ environment: Environment, _ report: RenderReport) -> String {
        let component = spec.localized(for: environment).component
        let colors = ColorResolver(theme: spec.theme).colors(for: component, appearance: environment.appearance)
        var checks: [String: [String]] = [:]
        func add(_ path: String, _ fields: [(String, String)]) {
            checks[path, default: []].append("{" + fields.map { "\(jsonStringLiteral($0.0)): \($0.1)" }.joined(separator: ", ") + "}")
        }
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
            for path in sources.background {
                add(path, [("as", s("background")), ("field", s("contrast")), ("contrast", n(c.contrast)),
                           ("ratio", s(readableContrast(c.contrast))), ("reaches", "\(c.contrast >= c.minimumContrast)")] + common)
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
        let paths = Self.themeTokens.map { "theme." + $0.token } + Self.campaignTokens.map { "component.style." + $0.token }
        return "{" + paths.map { path in
            let color = colors.fieldColors[path].map { s($0.reportHex) } ?? "null"
            // The card's colour (or a campaign background standing for it) is read as what the copy is on.
            let card = colors.cardFields.contains(path) || (colors.standsFor[path] ?? []).contains { colors.cardFields.contains($0) }
            return "\n  \(s(path)): {\"color\": \(color), \"card\": \(card), \"checks\": [" + (checks[path] ?? []).joined(separator: ", ") + "]}"
        }.joined(separator: ",") + "}"
    }
}
