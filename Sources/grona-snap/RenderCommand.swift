import Foundation
import Grona
import GronaRequests
import PNG
import Text
import GronaOutput

/// `grona-snap render SPEC.json -o OUT.png [--report R.json] [overrides]`
enum RenderCommand {
    static let help = """
        usage: grona-snap render SPEC.json -o OUT.png [--report REPORT.json] [--overlay accessibility]
                                 [canvas] [overrides]

        Renders the spec's component into a PNG snapshot, as the Grona SDK draws it on iOS.

        options:
          -o, --output OUT.png      where to write the snapshot (required; - for standard output);
                                    OUT.webp writes a lossless WebP
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
            throw RequestError("render: -o and --report cannot both be standard output (-)")
        }
        let overrides = try EnvironmentOptions.overrides(from: args)
        let canvas = try CanvasOptions.canvas(from: args)
        let overlay = try OverlayOption.overlay(from: args)
        let format = try ImageFormat.of(output: output, option: "-o")
        let spec = try Specs.decode(args.positionals[0], assetRoots: try AssetRoots.parse(args.value("--assets-root")))
        let (image, snapshot) = try RenderRequest(spec: spec, overrides: overrides, canvas: canvas, overlay: overlay)
            .draw(in: try RenderSession())
        // Boxes are what an iPhone would not draw: say so, but the snapshot is still made (exit 0).
        for message in snapshot.report.missingCharacterMessages(spec: spec.file) {
            FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
        }
        // Both files are complete before either is put in place, so a failed command leaves neither.
        try AtomicFile.writeTogether([(try format.encode(image), output)]
                                     + (args.value("--report").map { [(Array(snapshot.report.json().utf8), $0)] } ?? []))
        if !args.has("--quiet") {
            // Missing and private-use characters are said above as a warning, which --quiet does not
            // silence: the picture itself cannot be trusted, so they are not repeated here.
            let lines = snapshot.report.findings.filter { ![.missingCharacters, .privateUseCharacters].contains($0.kind) }
                .map { "\(args.positionals[0]): \($0.kind.rawValue): \($0.message)\n" }
            FileHandle.standardError.write(Data(lines.joined().utf8))
        }
    }
}

/// `--overlay accessibility`, on `render` and `sheet`.
enum OverlayOption {
    static func overlay(from args: Arguments) throws -> Overlay? {
        guard let text = args.value("--overlay") else { return nil }
        do { return try Overlay.parse(text) } catch { throw RequestError("--overlay: \(error)") }
    }
}

/// The environment overrides (GronaRequests' `EnvironmentOptions.settings`) as the command line's
/// flags.
extension EnvironmentOptions {
    static let valued: Set<String> = Set(settings.map(\.flag))
    static let flags: Set<String> = [reduceMotionFlag]

    static func overrides(from args: Arguments) throws -> EnvironmentOverrides {
        var overrides = try self.overrides(named: \.flag, value: args.value)
        if args.has(reduceMotionFlag) { overrides.reduceMotion = true }
        return overrides
    }
}
