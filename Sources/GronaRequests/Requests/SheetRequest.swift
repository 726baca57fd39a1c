import Grona
import Raster

/// A labelled contact sheet of a spec's variants: `grona-snap sheet` and `POST /api/sheet`.
package struct SheetRequest {
    package var spec: Spec
    package var overrides = EnvironmentOverrides()
    /// The variant axes replacing the spec's (`VariantPlan.axes(_:for:)` already applied).
    package var axes = Variants()
    /// Cells to a row, without headers; nil arranges them by what varies (`Grid`).
    package var columns: Int?
    package var overlay: Overlay?
    /// The sheet's own margin and page (`--padding`, `--background`), when given.
    package var margin: Double?
    package var background: Color?

    package init(spec: Spec, overrides: EnvironmentOverrides = EnvironmentOverrides(), axes: Variants = Variants(),
                columns: Int? = nil, overlay: Overlay? = nil) {
        self.spec = spec; self.overrides = overrides; self.axes = axes; self.columns = columns; self.overlay = overlay
    }

    package var environments: [Environment] { spec.plannedEnvironments(overrides: overrides, axes: axes) }

    /// What the sheet costs before anything is drawn: every cell laid out, then all the cells kept
    /// until the sheet is drawn, and the sheet holding them all again. The renderers that laid the
    /// cells out are returned for `run(in:jobs:laidOut:)`, so no cell is laid out twice.
    package func costed(in session: RenderSession) throws -> (cost: RenderCost, renderers: [ComponentRenderer]) {
        let environments = self.environments
        let renderers = environments.map { _ in ComponentRenderer(spec: spec, engine: session.engine) }
        let cells = try zip(renderers, environments).map { try $0.cost($1, overlay: overlay) }
        return (cells.reduce(RenderCost(), +).kept(2), renderers)
    }

    /// The sheet. Its cells are drawn by `laidOut` on this thread when given (the renderers
    /// `costed(in:)` made, on `session`'s warm engine), else on `jobs` threads, each with an engine
    /// of its own; the sheet's own words are drawn with `session`'s engine. `stop` is asked before
    /// each cell.
    package func run(in session: RenderSession, jobs: Int, laidOut: [ComponentRenderer]? = nil,
                    stop: (@Sendable () -> Bool)? = nil) throws -> Pixmap {
        let environments = self.environments, spec = self.spec, overlay = self.overlay
        let snapshots: [Snapshot]
        if let laidOut, laidOut.count == environments.count {
            snapshots = try zip(laidOut, environments).map { renderer, environment in
                try RequestError.checkStop(stop)
                return try renderer.render(environment, overlay: overlay)
            }
        } else {
            let results = ParallelRenderer.map(count: environments.count, jobs: jobs, fontsFolder: try Specs.fontsFolder()) { index, engine in
                try RequestError.checkStop(stop)
                return try ComponentRenderer(spec: spec, engine: engine).render(environments[index], overlay: overlay)
            }
            snapshots = try results.map { try $0.get() }
        }
        // Text size, appearance and direction always; the language when there is one; scale and
        // width when they vary.
        let hasLanguage = environments.contains { $0.locale != nil || $0.pseudo != nil }
        let labelled = (hasLanguage ? [Grid.language] : []) + Grid.settings.dropFirst().prefix(3)
            + Grid.settings.dropFirst(4).filter { setting in Set(environments.map(setting)).count > 1 }
        let cells = zip(snapshots, environments).map { snapshot, env in
            ContactSheet.Cell(image: snapshot.pixmap, label: labelled.map { $0(env) }.joined(separator: " · "),
                              isDark: env.appearance == .dark, findings: snapshot.report.findings)
        }
        let grid = columns.map { Grid(columns: $0, rowHeaders: [], columnHeaders: []) } ?? Grid(environments)
        var sheet = ContactSheet(cells: cells, columns: grid.columns, rowHeaders: grid.rowHeaders,
                                 columnHeaders: grid.columnHeaders, scale: environments.map(\.scale).max() ?? 1)
        // The sheet is its own canvas: --padding is its margin, --background its page.
        if let margin { sheet.margin = margin }
        if let background { sheet.background = background }
        return try sheet.draw(engine: session.engine)
    }

    /// How the cells are arranged: rows are the first setting that varies, columns the others.
    package struct Grid {
        package var columns: Int
        package var rowHeaders: [String]
        package var columnHeaders: [String]

        package init(columns: Int, rowHeaders: [String], columnHeaders: [String]) {
            self.columns = columns; self.rowHeaders = rowHeaders; self.columnHeaders = columnHeaders
        }

        /// Settings in the order `Variants.environments` nests them (language outermost).
        package static let settings: [@Sendable (Environment) -> String] = [
            language, { $0.textSize.shortName }, { $0.appearance.rawValue }, { $0.direction.rawValue.uppercased() },
            { "@\($0.scale)x" }, { "\(formatted($0.width)) pt" },
        ]

        /// "de", "pseudo accented (en)"; "base" for the copy without a locale.
        package static let language: @Sendable (Environment) -> String = { env in
            guard let pseudo = env.pseudo else { return env.locale ?? Variants.baseLocaleFolder }
            return "pseudo \(pseudo.rawValue)" + (env.locale.map { " (\($0))" } ?? "")
        }

        package init(_ environments: [Environment]) {
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
fileprivate func formatted(_ points: Double) -> String {
    points == points.rounded() && abs(points) < 1e15 ? String(Int(points)) : String(points)
}
