import Foundation
import Grona
import PNG
import Raster

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
          -o, --output SHEET.png    where to write the sheet (required; - for standard output)
          --columns N               lay the cells out N to a row, without headers
          --overlay accessibility   each tile the accessibility picture (see render --help)
          --jobs N                  render on N threads (default: one per core)
          --assets-root DIR         refuse fonts and images outside DIR
          --padding PT              space around the grid, in points (default 24)
          --background COLOR        the page, #RGB, #RRGGBB or #RRGGBBAA (default #D4D4D9); headers
                                    turn light on a dark page

        overrides (fix that setting for every cell; --scale 1 keeps a big sheet small):
          --width PT  --scale N  --text-size CAT  --appearance light|dark  --direction ltr|rtl
          --reduce-motion  --time SECONDS  --animation reveal|collapse  --locale TAG
          --pseudo accented|double|bounded|rtl
        """

    static let grammar = Arguments.Grammar(
        valued: EnvironmentOptions.valued.union(CanvasOptions.valued).union(VariantPlan.axisOptions)
            .union(["-o", "--output", "--assets-root", "--columns", "--jobs", "--overlay"]),
        flags: EnvironmentOptions.flags, positionals: 1...1)

    static func run(_ words: ArraySlice<String>) throws {
        let args = try Arguments(words, grammar: grammar, command: "sheet")
        let output = try args.output(placeholder: "SHEET.png")
        let overrides = try EnvironmentOptions.overrides(from: args)
        let axes = try VariantPlan.axes(from: args, overrides: overrides, command: "sheet")
        let columnsOption = try args.integer("--columns", in: 1...64)
        let canvas = try CanvasOptions.canvas(from: args)
        let jobs = try Work.jobs(from: args)
        let overlay = try OverlayOption.overlay(from: args)
        // A JSON file that is not a spec (a saved report, say) is skipped as batch and verify skip
        // it; with nothing else to draw, that is the one line the command prints.
        guard SpecFiles.isSpec(fileAt: args.positionals[0]) else {
            throw UsageError("\(args.positionals[0]): skipped, not a spec (its top level has no \"component\" key); nothing to draw")
        }
        let spec = try Specs.decode(args.positionals[0], assetRoots: args.value("--assets-root"))
        if axes.locales == [VariantPlan.allLocales], spec.environment.locale == nil, spec.localizations.isEmpty {
            throw UsageError("--locales all: \(spec.file) has no locale and no localizations")
        }
        let pixmap = try sheet(spec, overrides: overrides, axes: VariantPlan.axes(axes, for: spec), columns: columnsOption, overlay: overlay,
                               margin: args.value("--padding").map { _ in canvas.padding },
                               background: args.value("--background").map { _ in canvas.background }, jobs: jobs)
        try AtomicFile.write(try encodePNG(pixmap), to: output)
    }

    /// The contact sheet `sheet` writes (and `serve`'s /api/sheet answers with).
    static func sheet(_ spec: Spec, overrides: EnvironmentOverrides, axes: Variants, columns columnsOption: Int?,
                      overlay: Overlay?, margin: Double? = nil, background: Color? = nil, jobs: Int,
                      stop: (@Sendable () -> Bool)? = nil) throws -> Pixmap {
        let environments = VariantPlan.environments(of: spec, overrides: overrides, axes: axes)

        let results = ParallelRenderer.map(count: environments.count, jobs: jobs, fontsFolder: try Specs.fontsFolder()) { index, engine in
            try Work.checkStop(stop)
            return try ComponentRenderer(spec: spec, engine: engine).render(environments[index], overlay: overlay)
        }
        let snapshots = try Work.values(results)
        // Text size, appearance and direction always; the language when there is one; scale and
        // width when they vary.
        let hasLanguage = environments.contains { $0.locale != nil || $0.pseudo != nil }
        let labelled = (hasLanguage ? [Grid.language] : []) + Grid.settings.dropFirst().prefix(3)
            + Grid.settings.dropFirst(4).filter { setting in Set(environments.map(setting)).count > 1 }
        let cells = zip(snapshots, environments).map { snapshot, env in
            ContactSheet.Cell(image: snapshot.pixmap, label: labelled.map { $0(env) }.joined(separator: " · "),
                              isDark: env.appearance == .dark, findings: snapshot.report.findings)
        }
        let grid = columnsOption.map { Grid(columns: $0, rowHeaders: [], columnHeaders: []) }
            ?? Grid(environments)
        var sheet = ContactSheet(cells: cells, columns: grid.columns, rowHeaders: grid.rowHeaders,
                                 columnHeaders: grid.columnHeaders, scale: environments.map(\.scale).max() ?? 1)
        // The sheet is its own canvas: --padding is its margin, --background its page.
        if let margin { sheet.margin = margin }
        if let background { sheet.background = background }
        return try sheet.draw(engine: try Specs.textEngine())
    }

    /// How the cells are arranged: rows are the first setting that varies, columns the others.
    struct Grid {
        var columns: Int
        var rowHeaders: [String]
        var columnHeaders: [String]

        init(columns: Int, rowHeaders: [String], columnHeaders: [String]) {
            self.columns = columns; self.rowHeaders = rowHeaders; self.columnHeaders = columnHeaders
        }

        /// Settings in the order `Variants.environments` nests them (language outermost).
        static let settings: [@Sendable (Environment) -> String] = [
            language, { $0.textSize.shortName }, { $0.appearance.rawValue }, { $0.direction.rawValue.uppercased() },
            { "@\($0.scale)x" }, { "\(formatted($0.width)) pt" },
        ]

        /// "de", "pseudo accented (en)"; "base" for the copy without a locale.
        static let language: @Sendable (Environment) -> String = { env in
            guard let pseudo = env.pseudo else { return env.locale ?? Variants.baseLocaleFolder }
            return "pseudo \(pseudo.rawValue)" + (env.locale.map { " (\($0))" } ?? "")
        }

        init(_ environments: [Environment]) {
            // The settings that vary on their own: a setting that only follows an outer one (the
            // direction a locale brings) is shown in the tiles' labels, not given columns.
            var varying: [@Sendable (Environment) -> String] = []
            for setting in Grid.settings {
                var seen: [[String]: String] = [:]
                let independent = environments.contains { env in
                    let outer = varying.map { $0(env) }, value = setting(env)
                    defer { seen[outer] = seen[outer] ?? value }
                    return seen[outer].map { $0 != value } ?? false
                }
                if independent { varying.append(setting) }
            }
            guard varying.count >= 2, let outer = varying.first else {
                // One setting (or none) varies: a single row of up to four, wrapping.
                self.init(columns: min(max(1, environments.count), 4), rowHeaders: [], columnHeaders: [])
                return
            }
            var rows: [String] = []
            for env in environments where rows.last != outer(env) { rows.append(outer(env)) }
            let columns = max(1, environments.count / max(1, rows.count))
            let inner = varying.dropFirst()
            self.init(columns: columns, rowHeaders: rows,
                      columnHeaders: environments.prefix(columns).map { env in inner.map { $0(env) }.joined(separator: " · ") })
        }
    }
}

/// 358 → "358", 358.5 → "358.5".
func formatted(_ points: Double) -> String {
    points == points.rounded() && abs(points) < 1e15 ? String(Int(points)) : String(points)
}
