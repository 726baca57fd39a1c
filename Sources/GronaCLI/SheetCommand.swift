import Foundation
import Grona
import GronaRequests
import PNG
import Raster
import GronaOutput

/// `grona-snap sheet SPEC.json -o SHEET.png [axes] [--columns N] [overrides]`
enum SheetCommand {
    static let command = Command(
        name: "sheet", synopsis: "SPEC.json -o SHEET.png [axes] [overrides]", summary: "a labelled contact sheet of variants",
        arguments: "SPEC.json",
        about: """
            Renders the spec's variants into one labelled contact sheet: every snapshot on a tile with
            its settings above it ("AX5 · dark · RTL", "de · L · light · LTR"); dark-appearance
            snapshots sit on dark tiles. When two or more settings vary, rows are the first of them
            (language, then text size, appearance, direction, scale, width) and columns the rest, with
            row and column headers. A tile whose snapshot has findings carries a badge per kind
            (T truncated, R contrast replaced, C under minimum contrast, N non-text contrast, E blank
            text, 44 touch target, M missing characters), explained in a legend under the grid;
            grona-snap check lists them in words.
            """,
        options: [
            CommandOption(flag: "--output", short: "-o", placeholder: "SHEET.png", required: true, summary: "where to write the sheet (required; - for standard output); SHEET.webp writes a lossless WebP"),
        ],
        headings: [.canvas: "canvas (the page around the grid)",
                   .overrides: "overrides (fix that setting for every cell; --scale 1 keeps a big sheet small)"],
        positionals: 1...1, run: run)

    static func run(_ words: ArraySlice<String>) throws {
        let args = try Arguments(words, for: command)
        let output = try args.output(placeholder: "SHEET.png")
        let format = try ImageFormat.of(output: output, option: "-o")
        let options = try args.options()
        let overrides = try EnvironmentOverrides(options)
        let axes = try VariantPlan.axes(overrides: overrides, options: options)
        let columnsOption = try options.value(OptionTable.columns)
        let jobs = try Work.jobs(from: args)
        let overlay = try options.value(OptionTable.overlay)
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
        // The sheet has its own margin and page when none is given (not the card's canvas defaults).
        sheet.margin = try options.value(OptionTable.padding)
        sheet.background = try options.value(OptionTable.background)
        let pixmap = try sheet.run(in: try RenderSession(), jobs: jobs)
        try AtomicFile.write(try format.encode(pixmap), to: output)
    }
}
