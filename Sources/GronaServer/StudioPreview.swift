import Foundation
import Grona
import GronaRequests
import PNG

// What the studio page needs from GronaSnap's own tables and renders, so the page decides nothing
// itself:
//   GET  /api/schema   the text sizes, appearances, directions, pseudolanguages, component kinds with
//                      their fields (label, required, line limits), theme and campaign colour fields
//                      (with defaults and what each colours), finding kinds in plain words, common
//                      languages with their names and directions, the grid a studio starts with, the
//                      rule of a spec's file name and the grammar of a language's name, all read from
//                      the tables the renderer and the server decide by;
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

    /// The grid a studio opens with (an address's own choice aside): the extremes of Dynamic Type
    /// around the default, both appearances and both directions.
    static let startingTextSizes: [TextSize] = [.extraSmall, Environment().textSize, .accessibilityExtraExtraExtraLarge]

    /// One of the preview's `languages`: the spec's own copy, a language tag or a pseudolanguage.
    static let languagePattern = PlannedLanguage.pattern

    /// The preview's own query parameters; the tiles' axes, card width, scale and the overlay are the
    /// command line's options (`CommandTable`, routes "preview").
    static let previewParameters: [QueryParameter] = [
        nameParameter,
        QueryParameter(name: "languages", schema: .text(pattern: "^\(languagePattern)(,\(languagePattern))*$", maxLength: 512),
                       description: "the tiles' languages: base (the spec's own copy), a language tag, or pseudo:MODE, comma-separated"),
        QueryParameter(name: "draw", schema: .text(pattern: "^(all|[0-9]+(,[0-9]+)*)$", maxLength: 512),
                       description: "which tiles (by index, in the order rendered) to draw; the others are laid out for their findings only (default all)"),
        QueryParameter(name: "findings", schema: .boolean,
                       description: "false: only the tiles drawn are laid out, and the answer has no findings or colours (a second request filling in tiles)"),
    ]

    // ------------------------------------------------------------------ GET /api/schema

    func schema() -> HTTPResponse {
        func s(_ text: String) -> JSONValue { .string(text) }
        func strings(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }
        let object = JSONValue.members
        let defaultSize = Environment().textSize
        let textSizes = TextSize.allCases.map { size in
            object([("value", s(size.shortName)), ("uikitName", s(size.uikitName)),
                    ("name", s(size.displayName + (size == defaultSize ? " (default)" : ""))),
                    ("accessibility", .bool(size.isAccessibilitySize))])
        }
        let appearances = Appearance.allCases.map { object([("value", s($0.rawValue)), ("name", s($0 == .light ? "Light" : "Dark"))]) }
        let directions = LayoutDirection.allCases.map { object([("value", s($0.rawValue)), ("name", s(PreviewRequest.directionName($0)))]) }
        let pseudos = PseudoLocalization.allCases.map { pseudo in
            object([("value", s(pseudo.rawValue)), ("name", s(PreviewRequest.pseudoName(pseudo))),
                    ("direction", s(pseudo == .rtl ? "rtl" : "ltr"))])
        }
        let components = Component.Kind.allCases.map { kind in
            object([("type", s(kind.rawValue)), ("name", s(Self.kindName(kind))),
                    ("fields", .array(kind.fields.compactMap { field -> JSONValue? in
                        let form: String, role: TextRole?, lines: Int?
                        switch field.value {
                        case .text(let r, let l): form = l == 1 ? "line" : "text"; role = r; lines = l
                        case .tiers(let l): form = "tiers"; role = .tierLabel; lines = l
                        case .fraction: form = "number"; role = nil; lines = nil
                        case .image: form = "path"; role = nil; lines = nil
                        case .icon: form = "icon"; role = nil; lines = nil
                        case .style: return nil  // the colour fields, offered as such
                        }
                        return object([("key", s(field.name)), ("label", s(Self.fieldLabel(field.name, form))), ("kind", s(form)),
                                       ("required", .bool(field.isRequired)), ("role", role.map { s($0.rawValue) }),
                                       ("lines", lines.map { .number(Double($0)) })])
                    })),
                    ("template", Self.template(kind))])
        }
        let roles = TextRole.allCases.map { role in
            object([("role", s(role.rawValue)), ("name", s(plainRoleName(role.rawValue))), ("minimumContrast", .number(role.minimumContrast)),
                    ("minimum", s(readableContrast(role.minimumContrast)))])
        }
        let theme = ColorField.theme.map { token in
            object([("token", s(token.token)), ("path", s(token.path)), ("label", s(token.label)),
                    ("default", s(token.defaultColor.variant(for: .light).reportHex)), ("usedFor", s(token.usedFor))])
        }
        let campaign = ColorField.campaign.map { token in
            object([("token", s(token.token)), ("path", s(token.path)), ("label", s(token.label)), ("usedFor", s(token.usedFor))])
        }
        let findings = Finding.Kind.allCases.map { kind in
            object([("kind", s(kind.rawValue)), ("name", s(kind.plainName)), ("badge", s(kind.badge)), ("summary", s(kind.summary))])
        }
        let locales = Self.suggestedLocales.compactMap { try? LanguageTag(parsing: $0) }.map(Self.localeJSON)
        let radius = Theme.cornerRadiusRange
        // The grid a studio opens with, by the page's names of its axes.
        let defaultAxes = object([("textSize", strings(Self.startingTextSizes.map(\.shortName))),
                                  ("appearance", strings(Appearance.allCases.map(\.rawValue))),
                                  ("direction", strings(LayoutDirection.allCases.map(\.rawValue)))])
        // `SpecFolder.isValidName` as a page can apply it: the pattern, in NFC, at most so many code points.
        let specName = object([("pattern", s(SpecFolder.namePattern)), ("rule", s(SpecFolder.nameRule)),
                               ("maximumLength", .number(Double(SpecFolder.maximumNameLength))), ("normalization", s("NFC")),
                               ("firstCharacter", s(SpecFolder.firstCharacterPattern)),
                               ("character", s(SpecFolder.laterCharacterPattern)), ("mark", s(#"\p{M}"#))])
        // A language's name in `languages=` and the page: the own copy, a tag, or the prefix and a mode.
        let languageGrammar = object([("ownCopy", s(Variants.ownCopy)), ("pseudoPrefix", s(PlannedLanguage.pseudoPrefix)),
                                      ("pattern", s(PlannedLanguage.pattern)), ("tagPattern", s(LanguageTag.pattern))])
        return .json(object([
            ("textSizes", .array(textSizes)),
            ("defaultTextSize", s(defaultSize.shortName)),
            ("defaultAxes", defaultAxes),
            ("specName", specName),
            ("languages", languageGrammar),
            ("appearances", .array(appearances)),
            ("directions", .array(directions)),
            ("pseudos", .array(pseudos)),
            ("components", .array(components)),
            ("icons", strings(MessageIcon.allCases.map(\.rawValue))),
            ("roles", .array(roles)),
            ("theme", .array(theme)),
            ("cornerRadius", object([("default", .number(Theme.defaultCornerRadius)), ("minimum", .number(radius.lowerBound)),
                                     ("maximum", .number(radius.upperBound))])),
            ("campaign", .array(campaign)),
            ("findings", .array(findings)),
            ("locales", .array(locales)),
            ("maximumTiles", .number(Double(StudioAPI.maximumSheetCells))),
        ]))
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

    /// The copy a new campaign of `kind` starts with, as its `component` (`templateText`, read).
    static func template(_ kind: Component.Kind) -> JSONValue {
        (try? JSONParser.parse(Array(templateText(kind).utf8))) ?? .null
    }

    /// The copy a new campaign of `kind` starts with, as spec JSON (its `component`).
    static func templateText(_ kind: Component.Kind) -> String {
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

    static func localeJSON(_ tag: LanguageTag) -> JSONValue {
        .members([("tag", .string(tag.description)), ("name", tag.englishName.map(JSONValue.string)),
                  ("nativeName", tag.nativeName.map(JSONValue.string)), ("direction", .string(tag.isRightToLeft ? "rtl" : "ltr"))])
    }

    // ------------------------------------------------------------------ GET /api/locale?tag=

    /// The tag as GronaSnap reads it (`--locale`'s rule), canonicalised, with its names and direction;
    /// a language CLDR does not name is refused with the language meant, when it is clear
    /// (`LanguageTag(choosing:)`: "jp" → ja, "German" → de), as `suggestion`.
    func locale(_ request: HTTPRequest) throws -> HTTPResponse {
        var tag: String?
        for (key, value) in request.query {
            guard key == "tag" else { throw RequestError(.badInput, "unknown query parameter \(key) (this route takes tag)") }
            guard tag == nil else { throw RequestError(.badInput, "tag is given twice") }
            tag = value
        }
        guard let tag else { throw RequestError(.badInput, "tag: give the language's tag, like de, fr-CA or ar") }
        do {
            return .json(Self.localeJSON(try LanguageTag(choosing: tag)))
        } catch let refusal as LanguageRefusal {
            guard let meant = refusal.suggestion else { throw RequestError(.badInput, "tag: \(refusal)") }
            return .json(.members([("error", .string("tag: \(refusal)")), ("suggestion", Self.localeJSON(meant))]), status: 400)
        }
    }

    // ------------------------------------------------------------------ POST /api/preview

    /// The calling thread alone, for a heavy preview.
    static let oneLane = RenderLanes(count: 1)

    /// The preview is `PreviewRequest`'s (the application layer's); the route reads the query,
    /// holds the request's cost against the budget and serves the answer.
    func preview(_ request: HTTPRequest, _ route: Route) throws -> HTTPResponse {
        let options = try RenderOptions(request, route)
        let spec = try Specs.decode(request.body, file: options.name, folder: folder.path, assetRoots: assetRoots, disclosingPaths: false)
        func value(_ name: String) -> String? { request.query.first { $0.name == name }?.value }
        // The page draws first what is on screen and fills in the rest with a second request; a tile
        // not drawn is laid out for its findings only (unless findings=false, when it is left out).
        let withFindings = try value("findings").map { try ValueSchema.boolean($0, name: "findings") } ?? true
        let preview = try PreviewRequest(spec: spec, overrides: options.overrides, axes: try options.axes(),
                                         languages: try PreviewRequest.languages(value("languages") ?? Variants.ownCopy),
                                         draw: value("draw"), findings: withFindings, overlay: options.overlay,
                                         maximumTiles: StudioAPI.maximumSheetCells)
        // The tiles are split over the machine's cores (`RenderLanes`), since a person waits for them;
        // on a heavy lane, one lane: the shared ones are for the light requests a person waits for.
        let lanes = request.lane == .heavy ? StudioAPI.oneLane : RenderLanes.shared
        let costed = try preview.costed(on: lanes, stop: request.clientGone)
        let held = try afford(costed.cost, "the preview",
                              lower: "the number of tiles (languages, text sizes, appearances, directions), width or scale", for: request)
        defer { held.release() }
        return .json(preview.json(try preview.run(on: lanes, laidOut: costed.renderers, cache: tiles, stop: request.clientGone)))
    }
}
