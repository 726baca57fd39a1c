import Foundation
import Grona
import GronaRequests
import PNG
import Raster
import GronaOutput

/// `grona-snap sheet SPEC.json -o SHEET.png [axes] [--columns N] [overrides]`
enum SheetCommand {
    static let help = """
        usage: grona-snap sheet SPEC.json -o SHEET.png [--text-sizes all|xS,L,AX5]
                                [--appearances light,dark] [--directions ltr,rtl]
                                [--locales all|en,de,ar] [--pseudos all|accented,double]
                                [--columns N] [--jobs N] [--padding PT] [--background COLOR]
                                [--overlay accessibility] [overrides]

        Renders the spec's variants into one labelled contact sheet: every snapshot on a tile with
        its settings above it ("AX5 · dark · RTL", "de · L · light · LTR"); dark-appearance
        snapshots sit on dark tiles. When two or more settings vary, rows are the first of them
        (language, then text size, appearance, direction, scale, width) and columns the rest, with
        row and column headers. A tile whose snapshot has findings carries a badge per kind
        (T truncated, R contrast replaced, C under minimum contrast, N non-text contrast, E blank
        text, 44 touch target, M missing characters), explained in a legend under the grid;
        grona-snap check lists them in words.

        axes (replace the spec's variants for that setting; "all" takes every value):
        \(VariantPlan.axesHelp)

        options:
          -o, --output SHEET.png    where to write the sheet (required; - for standard output);
                                    SHEET.webp writes a lossless WebP
          --columns N               lay the cells out N to a row, without headers
          --overlay accessibility   each tile the accessibility picture (see render --help)
          --jobs N                  render on N threads (default: one per core)
          --assets-root DIR         refuse fonts and images outside DIR
          --padding PT              space around the grid, in points (default 24)
          --background COLOR        the page, #RGB, #RRGGBB or #RRGGBBAA (default #D4D4D9); headers
                                    turn light on a dark page

        overrides (fix that setting for every cell; --scale 1 keeps a big sheet small):
        \(EnvironmentOptions.briefHelp())
        """

    static let grammar = Arguments.Grammar(
        valued: EnvironmentOptions.valued.union(CanvasOptions.valued).union(VariantPlan.axisOptions)
            .union(["-o", "--output", "--assets-root", "--columns", "--jobs", "--overlay"]),
        flags: EnvironmentOptions.flags, positionals: 1...1)

    static func run(_ words: ArraySlice<String>) throws {
        let args = try Arguments(words, grammar: grammar, command: "sheet")
        let output = try args.output(placeholder: "SHEET.png")
        let format = try ImageFormat.of(output: output, option: "-o")
        let overrides = try EnvironmentOptions.overrides(from: args)
        let axes = try VariantPlan.axes(from: args, overrides: overrides, command: "sheet")
        let columnsOption = try args.integer("--columns", in: 1...64)
        let canvas = try CanvasOptions.canvas(from: args)
        let jobs = try Work.jobs(from: args)
        let overlay = try OverlayOption.overlay(from: args)
        // A JSON file that is not a spec (a saved report, say) is skipped as batch and verify skip
        // it; with nothing else to draw, that is the one line the command prints.
        guard SpecFiles.isSpec(fileAt: args.positionals[0]) else {
            throw RequestError("\(args.positionals[0]): skipped, not a spec (its top level has no \"component\" key); nothing to draw")
        }
        let spec = try Specs.decode(args.positionals[0], assetRoots: try AssetRoots.parse(args.value("--assets-root")))
        if axes.locales == [VariantPlan.allLocales], spec.environment.locale == nil, spec.localizations.isEmpty {
            throw RequestError("--locales all: \(spec.file) has no locale and no localizations")
        }
        var sheet = SheetRequest(spec: spec, overrides: overrides, axes: VariantPlan.axes(axes, for: spec), columns: columnsOption,
                                 overlay: overlay)
        sheet.margin = args.value("--padding").map { _ in canvas.padding }
        sheet.background = args.value("--background").map { _ in canvas.background }
        let pixmap = try sheet.run(in: try RenderSession(), jobs: jobs)
        try AtomicFile.write(try format.encode(pixmap), to: output)
    }
}
