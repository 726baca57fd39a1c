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
        flags: EnvironmentOptions.flags, positionals: 1...1)

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
        let engine = try Specs.textEngine()
        let environment = spec.environment.applying(overrides)
        // The canvas is a step after rendering: the report keeps describing the card itself.
        let (image, snapshot) = try CanvasOptions.render(ComponentRenderer(spec: spec, engine: engine), environment, on: canvas,
                                                         overlay: overlay)
        let png = try encodePNG(image)
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
    }
}

/// `--overlay accessibility`, on `render` and `sheet`.
enum OverlayOption {
    static func overlay(from args: Arguments) throws -> Overlay? {
        guard let text = args.value("--overlay") else { return nil }
        do { return try Overlay.parse(text) } catch { throw UsageError("--overlay: \(error)") }
    }
}

/// The environment overrides shared by `render`, `sheet` and `batch`.
enum EnvironmentOptions {
    static let valued: Set<String> = ["--width", "--scale", "--text-size", "--appearance", "--direction", "--time", "--animation",
                                      "--locale", "--pseudo"]
    static let flags: Set<String> = ["--reduce-motion"]

    static func overrides(from args: Arguments) throws -> EnvironmentOverrides {
        var overrides = EnvironmentOverrides()
        func parse<T>(_ name: String, _ parser: (String) throws -> T) throws -> T? {
            guard let text = args.value(name) else { return nil }
            do { return try parser(text) } catch { throw UsageError("\(name): \(error)") }
        }
        overrides.width = try parse("--width", EnvironmentOverrides.parseWidth)
        overrides.scale = try parse("--scale", EnvironmentOverrides.parseScale)
        overrides.textSize = try parse("--text-size", EnvironmentOverrides.parseTextSize)
        overrides.appearance = try parse("--appearance", EnvironmentOverrides.parseAppearance)
        overrides.direction = try parse("--direction", EnvironmentOverrides.parseDirection)
        overrides.time = try parse("--time", EnvironmentOverrides.parseTime)
        overrides.animation = try parse("--animation", EnvironmentOverrides.parseAnimation)
        overrides.locale = try parse("--locale", EnvironmentOverrides.parseLocale)
        overrides.pseudo = try parse("--pseudo", EnvironmentOverrides.parsePseudo)
        if args.has("--reduce-motion") { overrides.reduceMotion = true }
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

    static func textEngine() throws -> TextEngine {
        try TextEngine(fontsDirectory: try fontsFolder())
    }
}
