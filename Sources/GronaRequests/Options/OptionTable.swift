import Grona
import Raster

/// Where a command's help lists an option (and which usage word stands for its section).
package enum OptionGroup: String, Sendable, CaseIterable { case options, canvas, axes, overrides }

/// What every front end knows of one option, whatever its value's type: the command line's flag,
/// the HTTP query's name, the environment variable (when the option may come from one), what its
/// value may be, its help and its default in words. The command line's table (help, man page,
/// completions), the OpenAPI document and the query's accepted names are all made from these.
package struct OptionRow: Sendable {
    package let flag: String
    /// The name in the HTTP API's query: the flag in camel case (`--text-sizes` → `textSizes`).
    package let query: String
    /// `GRONA_PADDING` for `--padding`: set only on the options a variable may give (`OptionTable`
    /// says which and why).
    package let environment: String?
    /// The value's placeholder in the help (`PT`); nil for a flag that stands alone (`--reduce-motion`).
    package let placeholder: String?
    package let schema: ValueSchema
    /// The service's own bound where it allows less than the command line (`fps`), and why.
    package let serviceLimit: (schema: ValueSchema, why: String)?
    package let summary: String
    /// A command's own line of help where the option means more there (`sheet --padding`).
    package let summaries: [String: String]
    package let group: OptionGroup
    /// The commands that take it, and the routes (`Route.id`) that take it as a query parameter.
    package let commands: [String]
    package let routes: [String]
    /// The default in words (`30`, `1500 ms`), said in the help and the API's description; nil
    /// where there is none to state (the spec's own value is kept).
    package let defaultWords: String?
    /// The key's parser, its value dropped: a source checks every word it is given at once.
    let check: @Sendable (String, ValueSchema) throws -> Void

    /// The variable that gives it to `command`, if any: only to the commands that draw pictures
    /// for people (`OptionTable.environmentCommands`).
    package func environment(in command: String) -> String? {
        OptionTable.environmentCommands.contains(command) ? environment : nil
    }

    /// The option as each front end spells it, for refusals (`RequestError.spelled(for:)`).
    package var name: RequestError.OptionName { RequestError.OptionName(flag: flag, query: query) }

    /// The line of help: the summary, then the default (a command's own words say its own).
    package func summary(for command: String?) -> String {
        if let command, let own = summaries[command] { return own }
        return summary + (defaultWords.map { " (default \($0))" } ?? "")
    }

    /// The query parameter's description: as the flag, with the service's bound and default.
    package var queryDescription: String {
        var words = summary + ", as " + flag
        if let defaultWords { words += " (default \(defaultWords))" }
        if let limit = serviceLimit { words += "; " + limit.why }
        return words
    }

    /// What the API accepts: the service's bound where it has one.
    package var querySchema: ValueSchema { serviceLimit?.schema ?? schema }
}

/// One option with the type of its value: its row, its default and its parser. A request reads it
/// from an `OptionSource` (`source.value(OptionTable.padding)`); the refusal of a bad value names
/// it as the front end that was given it spells it.
package struct OptionKey<Value: Sendable>: Sendable {
    package let row: OptionRow
    package let defaultValue: Value?
    /// Reads a word against the schema that bounds it where it came from (the service's, in a query).
    let parse: @Sendable (String, ValueSchema) throws -> Value

    init(_ flag: String, placeholder: String?, schema: ValueSchema, serviceLimit: (schema: ValueSchema, why: String)? = nil,
         summary: String, summaries: [String: String] = [:], group: OptionGroup = .options, environmentReadable: Bool = false,
         commands: [String], routes: [String], default defaultValue: Value? = nil, saying: (Value) -> String? = { _ in nil },
         parse: @escaping @Sendable (String, ValueSchema) throws -> Value) {
        row = OptionRow(flag: flag, query: OptionTable.queryName(of: flag),
                        environment: environmentReadable ? OptionTable.environmentName(of: flag) : nil,
                        placeholder: placeholder, schema: schema, serviceLimit: serviceLimit, summary: summary,
                        summaries: summaries, group: group, commands: commands, routes: routes,
                        defaultWords: defaultValue.flatMap(saying), check: { _ = try parse($0, $1) })
        self.defaultValue = defaultValue
        self.parse = parse
    }

    init(_ flag: String, placeholder: String?, schema: ValueSchema, summary: String, summaries: [String: String] = [:],
         group: OptionGroup = .options, environmentReadable: Bool = false, commands: [String], routes: [String],
         default defaultValue: Value? = nil, saying: (Value) -> String? = { _ in nil },
         parse: @escaping @Sendable (String) throws -> Value) {
        self.init(flag, placeholder: placeholder, schema: schema, summary: summary, summaries: summaries, group: group,
                  environmentReadable: environmentReadable, commands: commands, routes: routes, default: defaultValue,
                  saying: saying, parse: { text, _ in try parse(text) })
    }
}

extension OptionKey where Value == Int {
    /// A whole number within the schema's bounds (the service's own where the query gave it).
    static func integer(_ flag: String, placeholder: String, range: ClosedRange<Int>, serviceRange: ClosedRange<Int>? = nil,
                        serviceWhy: String = "", summary: String, environmentReadable: Bool = false,
                        commands: [String], routes: [String], default defaultValue: Int? = nil, unit: String = "") -> OptionKey {
        OptionKey(flag, placeholder: placeholder, schema: .integer(range),
                  serviceLimit: serviceRange.map { (.integer($0), serviceWhy) }, summary: summary,
                  environmentReadable: environmentReadable, commands: commands, routes: routes, default: defaultValue,
                  saying: { "\($0)" + unit }) { text, schema in
            guard case .integer(let bounds) = schema else { preconditionFailure("\(flag) is a whole number") }
            return try ValueSchema.wholeNumber(text, in: bounds)
        }
    }
}

/// Every option more than one front end (or more than one command) takes, one row each: a new
/// option is a row here, and its flag, help, completion, man page entry, query parameter, OpenAPI
/// description, environment variable, default and error words all follow from it.
///
/// The environment: only the rows marked `environmentReadable` may come from a variable, and only
/// on the command line (the service's answers depend on the request alone). Those are the ones
/// about the picture around the card and the animation's pace (`--padding`, `--background`,
/// `--fps`, `--hold`), never what the card is (the overrides, the axes): a variable left set on a
/// CI machine must not silently change what `check` and `verify` test. A variable applies to the
/// commands that draw pictures for people (`environmentCommands`: `render`, `animate`, `sheet`), as
/// the flag would, and not to `batch`, whose pictures are `verify`'s goldens; a flag on the command
/// line wins.
package enum OptionTable {
    /// The commands a row's variable gives it to (when they take the option).
    package static let environmentCommands = ["render", "animate", "sheet"]
    /// The commands that take the environment overrides and `--reduce-motion`.
    package static let overriding = ["render", "sheet", "batch", "animate", "check"]
    /// The routes that render and take the overrides and the canvas.
    package static let renderingRoutes = ["render", "report", "check", "sheet", "animate"]
    static let canvasCommands = ["render", "animate", "batch", "sheet"]
    static let axisCommands = ["sheet", "check"]

    /// `--text-sizes` → `textSizes`: the one spelling rule from a flag to its query name.
    package static func queryName(of flag: String) -> String {
        let words = flag.drop { $0 == "-" }.split(separator: "-")
        return words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }.joined()
    }

    /// `--public-url` → `GRONA_PUBLIC_URL`: the one spelling rule from a flag to its variable
    /// (`serve`'s settings use it too).
    package static func environmentName(of flag: String, prefix: String = "GRONA_") -> String {
        prefix + String(flag.drop { $0 == "-" }.uppercased().map { $0 == "-" ? "_" : $0 })
    }

    // ------------------------------------------------------------------ the environment overrides

    private static func override<T: Sendable>(_ flag: String, _ placeholder: String, _ schema: ValueSchema, _ summary: String,
                                             routes extra: [String] = [], default value: T? = nil, saying: (T) -> String? = { _ in nil },
                                             commands: [String] = overriding,
                                             _ parse: @escaping @Sendable (String) throws -> T) -> OptionKey<T> {
        OptionKey(flag, placeholder: placeholder, schema: schema, summary: summary, group: .overrides, commands: commands,
                  routes: renderingRoutes + extra, default: value, saying: saying, parse: parse)
    }

    package static let width = override("--width", "PT", .number(Environment.widthRange), "card width in points (44…2048)",
                                       routes: ["preview"], EnvironmentOverrides.parseWidth)
    package static let scale = override("--scale", "N", .integerChoice(Environment.scales), "pixels per point: 1, 2 or 3",
                                       routes: ["preview"], EnvironmentOverrides.parseScale)
    package static let textSize = override("--text-size", "CAT", .choice(TextSize.allNames),
                                          "content size category: xS S M L xL xxL xxxL AX1…AX5 or the UIKit names (extraSmall … accessibilityExtraExtraExtraLarge)",
                                          EnvironmentOverrides.parseTextSize)
    package static let appearance = override("--appearance", "light|dark", .choice(Appearance.allCases.map(\.rawValue)), "light or dark",
                                            EnvironmentOverrides.parseAppearance)
    package static let direction = override("--direction", "ltr|rtl", .choice(LayoutDirection.allCases.map(\.rawValue)), "layout direction",
                                           EnvironmentOverrides.parseDirection)
    /// Not `animate`'s: it draws every time itself.
    package static let time = override("--time", "SECONDS", .number(Environment.timeRange), "draw the frame this far into the animation, in seconds",
                                      commands: overriding.filter { $0 != "animate" }, EnvironmentOverrides.parseTime)
    package static let animation = override("--animation", "reveal|collapse", .choice(Animation.allCases.map(\.rawValue)),
                                           "which animation --time runs through (default reveal)",
                                           EnvironmentOverrides.parseAnimation)
    package static let locale = override("--locale", "TAG", .text(pattern: "^\(LanguageTag.pattern)$", maxLength: LanguageTag.maximumLength),
                                        "the app's language, BCP 47 (en, de, ar, ja, zh-Hant, pt-BR): the spec's localization for it, and right to left for ar, he, fa, ur, … unless a direction is set",
                                        EnvironmentOverrides.parseLocale)
    package static let pseudo = override("--pseudo", "accented|double|bounded|rtl", .choice(PseudoLocalization.allCases.map(\.rawValue)),
                                        "a pseudolanguage over the copy, as in Xcode", EnvironmentOverrides.parsePseudo)
    /// A flag alone on the command line (`--reduce-motion`), `reduceMotion=true` in a query.
    package static let reduceMotion = OptionKey<Bool>("--reduce-motion", placeholder: nil, schema: .boolean,
                                                     summary: "skip the reveal and fill animations", group: .overrides,
                                                     commands: overriding, routes: renderingRoutes) { try ValueSchema.boolean($0) }

    // ------------------------------------------------------------------ the canvas

    package static let padding = OptionKey<Double>("--padding", placeholder: "PT", schema: .number(Canvas.paddingRange),
                                                  summary: "space around the card, in points",
                                                  summaries: ["sheet": "space around the grid, in points (default 24)"],
                                                  group: .canvas, environmentReadable: true, commands: canvasCommands,
                                                  routes: renderingRoutes, default: Canvas().padding, saying: { "\(Int($0))" },
                                                  parse: Canvas.parsePadding)
    package static let background = OptionKey<Color>("--background", placeholder: "COLOR",
                                                    schema: .text(pattern: "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$", maxLength: 9),
                                                    summary: "canvas colour, #RGB, #RRGGBB or #RRGGBBAA",
                                                    summaries: ["sheet": "the page, #RGB, #RRGGBB or #RRGGBBAA (default #D4D4D9); headers turn light on a dark page"],
                                                    group: .canvas, environmentReadable: true, commands: canvasCommands,
                                                    routes: renderingRoutes, default: Canvas().background,
                                                    saying: { $0 == .transparent ? "transparent" : nil }, parse: Canvas.parseColor)

    // ------------------------------------------------------------------ the variant axes

    /// A comma list of an axis's values, or `all`; each word read by `parse`.
    private static func axis<T: Sendable>(_ flag: String, _ schema: ValueSchema, _ summary: String, routes: [String] = ["check", "sheet", "preview"],
                                          all: [T], allowsEmpty: Bool = false,
                                          _ parse: @escaping @Sendable (String) throws -> T) -> OptionKey<[T]> {
        OptionKey(flag, placeholder: "LIST", schema: schema, summary: summary, group: .axes, commands: axisCommands, routes: routes) { text in
            if text == "all" { return all }
            if text.isEmpty, allowsEmpty { return [] }
            return try text.split(separator: ",", omittingEmptySubsequences: false).map { try parse(String($0)) }
        }
    }

    package static let textSizes = axis("--text-sizes", .list(of: TextSize.allNames), "e.g. all, or xS,L,AX5 (short or UIKit names)",
                                       all: TextSize.allCases, EnvironmentOverrides.parseTextSize)
    package static let appearances = axis("--appearances", .list(of: Appearance.allCases.map(\.rawValue)), "light,dark",
                                         all: Appearance.allCases, EnvironmentOverrides.parseAppearance)
    package static let directions = axis("--directions", .list(of: LayoutDirection.allCases.map(\.rawValue)), "ltr,rtl",
                                        all: LayoutDirection.allCases, EnvironmentOverrides.parseDirection)
    /// `base` names the spec's own copy beside its localizations; nothing, the pseudolanguages alone
    /// (so a list of languages can leave the spec's own copy out); `all` stands for the spec's
    /// languages until the spec is read (`VariantPlan.allLocales`).
    package static let locales = axis("--locales", .tagList,
                                     "BCP 47 tags, e.g. en,de,ar,ja; base: the spec's own copy; all: the spec's own locale and every "
                                       + "locale it has a localization for. Replaces the spec's pseudolanguages too, unless --pseudos is given "
                                       + "(then an empty list: the pseudolanguages only)",
                                     routes: ["check", "sheet"], all: [VariantPlan.allLocales], allowsEmpty: true) { text in
        text == Variants.ownCopy ? text : try EnvironmentOverrides.parseLocale(text)
    }
    package static let pseudos = axis("--pseudos", .list(of: PseudoLocalization.allCases.map(\.rawValue)),
                                     "pseudolanguages over the spec's copy: accented,double,bounded,rtl", routes: ["check", "sheet"],
                                     all: PseudoLocalization.allCases, EnvironmentOverrides.parsePseudo)

    // ------------------------------------------------------------------ what is drawn, and how

    package static let overlay = OptionKey<Overlay>("--overlay", placeholder: "accessibility", schema: .choice(Overlay.allCases.map(\.rawValue)),
                                                   summary: "draw the accessibility picture instead: VoiceOver elements outlined and numbered, touch targets "
                                                     + "dashed, and a legend (what VoiceOver says, contrast and its minimum)",
                                                   summaries: ["sheet": "each tile the accessibility picture (see render --help)"],
                                                   commands: ["render", "sheet"], routes: ["render", "sheet", "preview"], parse: Overlay.parse)
    package static let frame = OptionKey<DeviceFrame>("--frame", placeholder: "phone", schema: .choice(DeviceFrame.allCases.map(\.rawValue)),
                                                     summary: "show the card on an iPhone screen (frame, status bar, app content); --padding is the "
                                                       + "space around the device and --background the page under it",
                                                     commands: ["render"], routes: ["render"], parse: DeviceFrame.parse)
    package static let columns = OptionKey.integer("--columns", placeholder: "N", range: 1...64, summary: "lay the cells out N to a row, without headers",
                                                  commands: ["sheet"], routes: ["sheet"])
    package static let ignore = OptionKey<Set<Finding.Kind>>("--ignore", placeholder: "KIND,…", schema: .list(of: Finding.Kind.allCases.map(\.rawValue)),
                                                            summary: "leave these kinds out (and out of the exit status)",
                                                            commands: ["check"], routes: ["check"], parse: Finding.Kind.parseList)

    /// The animation's pace. One bound and one default for every front end; the service caps the
    /// rate lower, since a request's frames are its time and memory (`RenderBudget` costs them).
    package static let fps = OptionKey.integer("--fps", placeholder: "N", range: 1...120, serviceRange: 1...30,
                                              serviceWhy: "the service draws at most 30 frames per second; grona-snap animate up to 120",
                                              summary: "frames per second, 1…120", environmentReadable: true,
                                              commands: ["animate"], routes: ["animate"], default: 30)
    package static let hold = OptionKey.integer("--hold", placeholder: "MS", range: 0...60_000,
                                               summary: "how long the last frame stays before the loop restarts",
                                               environmentReadable: true, commands: ["animate"], routes: ["animate"], default: 1500, unit: " ms")

    /// Every row, in the order the help lists them within a section.
    package static let rows: [OptionRow] = [
        width.row, scale.row, textSize.row, appearance.row, direction.row, time.row, animation.row, locale.row, pseudo.row, reduceMotion.row,
        padding.row, background.row,
        textSizes.row, appearances.row, directions.row, locales.row, pseudos.row,
        overlay.row, frame.row, columns.row, ignore.row, fps.row, hold.row,
    ]

    /// The query parameters `route` takes from the rows: name, schema (the service's bound) and description.
    package static func queryParameters(route: String) -> [(name: String, schema: ValueSchema, description: String)] {
        rows.filter { $0.routes.contains(route) }.map { ($0.query, $0.querySchema, $0.queryDescription) }
    }
}

/// The words a request's options were given as, by row, and where each came from: the command
/// line (with the environment under it), an HTTP query, or the environment alone. Requests read
/// their options from one of these (`EnvironmentOverrides(_:)`, `Canvas(_:)`, `AnimateRequest(spec:options:)`),
/// so a value means the same and is refused in the same words whichever front end gave it.
package struct OptionSource: Sendable {
    package enum Origin: Sendable, Equatable { case commandLine, http, environment }

    private var words: [String: (text: String, origin: Origin)] = [:]

    package init() {}

    /// The command line's words (`given(row)`: the flag's value, `"true"` for a flag alone that was
    /// given), and for the rows `command` takes that a variable may give it and the words did not,
    /// `environment`'s (nil `command`: every row's variable).
    /// The command line wins over the environment. Every word is checked here, before any file is
    /// read, and a bad one refused naming its option (or variable).
    package static func commandLine(_ given: (OptionRow) -> String?, command: String? = nil, takes: (OptionRow) -> Bool,
                                   environment: [String: String]) throws -> OptionSource {
        var source = OptionSource()
        for row in OptionTable.rows where takes(row) {
            if let text = given(row) {
                source.words[row.flag] = (text, .commandLine)
            } else if let name = command.map(row.environment(in:)) ?? row.environment, let text = environment[name], !text.isEmpty {
                source.words[row.flag] = (text, .environment)
            }
        }
        try source.checkAll()
        return source
    }

    /// An HTTP query's parameters, by their names (checked as the command line's words are).
    package static func http(_ query: [String: String]) throws -> OptionSource {
        var source = OptionSource()
        for row in OptionTable.rows { if let text = query[row.query] { source.words[row.flag] = (text, .http) } }
        try source.checkAll()
        return source
    }

    /// The environment alone: the variables of the rows that may come from one.
    package static func environment(_ variables: [String: String]) throws -> OptionSource {
        try commandLine({ _ in nil }, takes: { _ in true }, environment: variables)
    }

    /// Each word given read by its row's parser, in the table's order.
    private func checkAll() throws {
        for row in OptionTable.rows {
            guard let (text, origin) = words[row.flag] else { continue }
            do { try row.check(text, origin == .http ? row.querySchema : row.schema) } catch { throw refusal(error, row, origin) }
        }
    }

    private func refusal(_ error: Error, _ row: OptionRow, _ origin: Origin) -> RequestError {
        let why = origin == .http ? row.serviceLimit.map { " (\($0.why))" } ?? "" : ""
        return RequestError(Self.name(of: row, from: origin), "\(error)" + why)
    }

    /// Where `key`'s value came from, or nil when it was not given.
    package func origin<V>(of key: OptionKey<V>) -> Origin? { words[key.row.flag]?.origin }

    /// The option as a refusal names it: as the front end spells it, or the variable that gave it.
    package static func name(of row: OptionRow, from origin: Origin) -> RequestError.OptionName {
        origin == .environment ? RequestError.OptionName(flag: row.environment ?? row.flag, query: row.environment) : row.name
    }

    /// The value given for `key`, read by its parser; nil when it was not given. A bad value is
    /// refused naming the option (`RequestError.option`), and in a query with the service's bound.
    package func value<V>(_ key: OptionKey<V>) throws -> V? {
        guard let (text, origin) = words[key.row.flag] else { return nil }
        let schema = origin == .http ? key.row.querySchema : key.row.schema
        do { return try key.parse(text, schema) } catch { throw refusal(error, key.row, origin) }
    }

    /// The value given, or the row's default.
    package func resolved<V>(_ key: OptionKey<V>) throws -> V {
        guard let value = try value(key) ?? key.defaultValue else { preconditionFailure("\(key.row.flag) has no default") }
        return value
    }
}

extension EnvironmentOverrides {
    /// The overrides given in `options` (the rows of `OptionTable`'s overrides section).
    package init(_ options: OptionSource) throws {
        self.init()
        width = try options.value(OptionTable.width)
        scale = try options.value(OptionTable.scale)
        textSize = try options.value(OptionTable.textSize)
        appearance = try options.value(OptionTable.appearance)
        direction = try options.value(OptionTable.direction)
        time = try options.value(OptionTable.time)
        animation = try options.value(OptionTable.animation)
        locale = try options.value(OptionTable.locale)
        pseudo = try options.value(OptionTable.pseudo)
        reduceMotion = try options.value(OptionTable.reduceMotion)
    }
}

extension Canvas {
    /// The canvas given in `options`, each part the row's default where it was not.
    package init(_ options: OptionSource) throws {
        self.init(padding: try options.resolved(OptionTable.padding), background: try options.resolved(OptionTable.background))
    }
}
