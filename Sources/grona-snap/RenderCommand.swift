import Foundation
import Grona
import PNG
import Text

/// `grona-snap render SPEC.json -o OUT.png [--report R.json] [overrides]`
enum RenderCommand {
    static let help = """
        usage: grona-snap render SPEC.json -o OUT.png [--report REPORT.json] [--overlay accessibility]
                                 [canvas] [overrides]

        Renders the spec's component into a PNG snapshot, as the Grona SDK draws it on iOS.

        options:
          -o, --output OUT.png      where to write the snapshot (required; - for standard output)
          --report REPORT.json      also write the render report: texts, lines, contrast,
                                    VoiceOver reading order, touch targets (- for standard output)
          --overlay accessibility   draw the accessibility picture instead: VoiceOver elements
                                    outlined and numbered, touch targets dashed, and a legend
                                    (what VoiceOver says, contrast and its minimum)
          --assets-root DIR         refuse fonts and images outside DIR (repeatable as DIR:DIR2)
          --quiet                   do not print the findings

        The snapshot's findings (text cut at its line limit, colours replaced for contrast, …; see
        grona-snap check --help) are printed to stderr, one line each: SPEC: KIND: what happened.

        canvas (for screenshots; without these the card fills the image):
        \(CanvasOptions.help)

        overrides (win over the spec's environment):
          --width PT                card width in points (44…2048)
          --scale N                 pixels per point: 1, 2 or 3
          --text-size CAT           content size category: xS S M L xL xxL xxxL AX1…AX5
                                    or the UIKit names (extraSmall … accessibilityExtraExtraExtraLarge)
          --appearance light|dark
          --direction ltr|rtl
          --reduce-motion           skip the reveal and fill animations
          --time SECONDS            draw the frame this far into the animation
          --animation reveal|collapse
                                    which animation --time runs through (default reveal)
          --locale TAG              the app's language, BCP 47 (en, de, ar, ja, zh-Hant, pt-BR):
                                    the spec's localization for it, and right to left for
                                    ar, he, fa, ur, … unless a direction is set
          --pseudo MODE             a pseudolanguage over the copy, as in Xcode:
                                    accented|double|bounded|rtl
        """

    static let grammar = Arguments.Grammar(
        valued: EnvironmentOptions.valued.union(CanvasOptions.valued).union(["-o", "--output", "--report", "--assets-root", "--overlay"]),
        flags: EnvironmentOptions.flags.union(["--quiet"]), positionals: 1...1)

    static func run(_ words: ArraySlice<String>) throws {
        let args = try Arguments(words, grammar: grammar, command: "render")
        let output = try args.output(placeholder: "OUT.png")
        if output == AtomicFile.standardOutputName, args.value("--report") == AtomicFile.standardOutputName {
            throw UsageError("render: -o and --report cannot both be standard output (-)")
        }
        let overrides = try EnvironmentOptions.overrides(from: args)
        let canvas = try CanvasOptions.canvas(from: args)
        let overlay = try OverlayOption.overlay(from: args)
        let spec = try Specs.decode(args.positionals[0], assetRoots: args.value("--assets-root"))
        let (png, snapshot) = try RenderCommand.render(spec, overrides: overrides, canvas: canvas, overlay: overlay,
                                                       engine: try Specs.textEngine())
        // Boxes are what an iPhone would not draw: say so, but the snapshot is still made (exit 0).
        for message in snapshot.report.missingCharacterMessages(spec: spec.file) {
            FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
        }
        // Both files are complete before either is put in place, so a failed command leaves neither.
        var staged = [try AtomicFile.stage(png, to: output)]
        if let report = args.value("--report") {
            do {
                staged.append(try AtomicFile.stage(Array(snapshot.report.json().utf8), to: report))
            } catch {
                staged.forEach { $0.discard() }
                throw error
            }
        }
        try AtomicFile.commitAll(staged)
        if !args.has("--quiet") {
            // Missing and private-use characters are said above as a warning, which --quiet does not
            // silence: the picture itself cannot be trusted, so they are not repeated here.
            let lines = snapshot.report.findings.filter { ![.missingCharacters, .privateUseCharacters].contains($0.kind) }
                .map { "\(args.positionals[0]): \($0.kind.rawValue): \($0.message)\n" }
            FileHandle.standardError.write(Data(lines.joined().utf8))
        }
    }

    /// The snapshot and the PNG bytes `render` writes; `serve`'s /api/render and /api/report answer
    /// with exactly these.
    static func render(_ spec: Spec, overrides: EnvironmentOverrides, canvas: Canvas, overlay: Overlay?,
                       engine: TextEngine) throws -> (png: [UInt8], snapshot: Snapshot) {
        try render(ComponentRenderer(spec: spec, engine: engine), overrides: overrides, canvas: canvas, overlay: overlay)
    }

    /// The same with a renderer the caller made (the server costs the render on it first).
    static func render(_ renderer: ComponentRenderer, overrides: EnvironmentOverrides, canvas: Canvas,
                       overlay: Overlay?) throws -> (png: [UInt8], snapshot: Snapshot) {
        let environment = renderer.spec.environment.applying(overrides)
        // The canvas is a step after rendering: the report keeps describing the card itself.
        let (image, snapshot) = try CanvasOptions.render(renderer, environment, on: canvas, overlay: overlay)
        return (try encodePNG(image), snapshot)
    }
}

/// `--overlay accessibility`, on `render` and `sheet`.
enum OverlayOption {
    static func overlay(from args: Arguments) throws -> Overlay? {
        guard let text = args.value("--overlay") else { return nil }
        do { return try Overlay.parse(text) } catch { throw UsageError("--overlay: \(error)") }
    }
}

/// The environment overrides shared by `render`, `sheet` and `batch`, and by `serve`'s rendering
/// routes, where they are query parameters.
enum EnvironmentOptions {
    /// One override: its flag, its name in the HTTP API's query, and how its value is read and set.
    /// One override: its command-line flag, its name in the HTTP API's query, what its value may be
    /// (the API's description is made from it) and how it applies.
    struct Setting: Sendable {
        var flag: String
        var query: String
        var schema: ValueSchema
        var summary: String
        var apply: @Sendable (inout EnvironmentOverrides, String) throws -> Void
    }

    static let settings: [Setting] = [
        Setting(flag: "--width", query: "width", schema: .number(Environment.widthRange), summary: "card width in points") {
            $0.width = try EnvironmentOverrides.parseWidth($1) },
        Setting(flag: "--scale", query: "scale", schema: .integerChoice(Environment.scales), summary: "pixels per point") {
            $0.scale = try EnvironmentOverrides.parseScale($1) },
        Setting(flag: "--text-size", query: "textSize", schema: .choice(TextSize.allNames), summary: "content size category") {
            $0.textSize = try EnvironmentOverrides.parseTextSize($1) },
        Setting(flag: "--appearance", query: "appearance", schema: .choice(Appearance.allCases.map(\.rawValue)), summary: "light or dark") {
            $0.appearance = try EnvironmentOverrides.parseAppearance($1) },
        Setting(flag: "--direction", query: "direction", schema: .choice(LayoutDirection.allCases.map(\.rawValue)), summary: "layout direction") {
            $0.direction = try EnvironmentOverrides.parseDirection($1) },
        Setting(flag: "--time", query: "time", schema: .number(0...3600), summary: "seconds into the animation") {
            $0.time = try EnvironmentOverrides.parseTime($1) },
        Setting(flag: "--animation", query: "animation", schema: .choice(Animation.allCases.map(\.rawValue)), summary: "which animation time runs through") {
            $0.animation = try EnvironmentOverrides.parseAnimation($1) },
        Setting(flag: "--locale", query: "locale", schema: .text(pattern: "^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$", maxLength: 64),
                summary: "the app's language, BCP 47") { $0.locale = try EnvironmentOverrides.parseLocale($1) },
        Setting(flag: "--pseudo", query: "pseudo", schema: .choice(PseudoLocalization.allCases.map(\.rawValue)), summary: "a pseudolanguage over the copy") {
            $0.pseudo = try EnvironmentOverrides.parsePseudo($1) },
    ]
    static let valued: Set<String> = Set(settings.map(\.flag))
    static let flags: Set<String> = ["--reduce-motion"]

    static func overrides(from args: Arguments) throws -> EnvironmentOverrides {
        var overrides = try self.overrides(named: \.flag, value: args.value)
        if args.has("--reduce-motion") { overrides.reduceMotion = true }
        return overrides
    }

    /// The overrides whose values `value(name)` gives, each setting known by `named` (its flag or its
    /// query name); a bad value is refused naming it: `--text-size: "huge" is not a text size`.
    static func overrides(named: KeyPath<Setting, String>, value: (String) -> String?) throws -> EnvironmentOverrides {
        var overrides = EnvironmentOverrides()
        for setting in settings {
            let name = setting[keyPath: named]
            guard let text = value(name) else { continue }
            do { try setting.apply(&overrides, text) } catch { throw UsageError("\(name): \(error)") }
        }
        return overrides
    }
}

/// Reading specs and finding fonts, the same way for every command.
enum Specs {
    static func fontsFolder() throws -> String {
        guard let folder = FontsFolder.locate() else {
            throw UsageError("cannot find GronaSnap's Fonts folder; set GRONA_FONTS to its path")
        }
        return folder
    }

    static func decode(_ path: String, assetRoots: String?) throws -> Spec {
        let roots = assetRoots.map { $0.split(separator: ":").map(String.init) }
        // A root that is not a folder would silently allow nothing; say so instead.
        if let roots {
            guard !roots.isEmpty else { throw UsageError("--assets-root: no folder given") }
            for root in roots {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
                    throw UsageError("--assets-root: \(root) is not a folder")
                }
            }
        }
        return try SpecDecoder(fontsFolder: try fontsFolder(), allowedAssetRoots: roots).decode(fileAt: path)
    }

    /// Decodes spec bytes as if they were the file `folder/file` (the server's posted specs); errors
    /// name it as `file`.
    /// `disclosingPaths: false` (the server): errors never show a real path or what exists outside
    /// the allowed roots.
    static func decode(_ bytes: [UInt8], file: String, folder: String, assetRoots: [String],
                       disclosingPaths: Bool = true) throws -> Spec {
        let name = file.hasSuffix(".json") ? String(file.dropLast(5)) : file
        var decoder = SpecDecoder(fontsFolder: try fontsFolder(), allowedAssetRoots: assetRoots)
        decoder.disclosesPaths = disclosingPaths
        return try decoder.decode(bytes, file: file, name: name, folder: folder)
    }

    static func textEngine() throws -> TextEngine {
        try TextEngine(fontsDirectory: try fontsFolder())
    }
}
