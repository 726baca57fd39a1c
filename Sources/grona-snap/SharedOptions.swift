import Foundation
import Grona
import Raster

/// `--padding PT` and `--background COLOR`: a screenshot canvas around the card (see `Canvas`).
enum CanvasOptions {
    static let valued: Set<String> = ["--padding", "--background"]
    static let help = """
          --padding PT              space around the card, in points (default 0)
          --background COLOR        canvas colour, #RGB, #RRGGBB or #RRGGBBAA (default transparent)
        """

    static func canvas(from args: Arguments) throws -> Canvas {
        var canvas = Canvas()
        do {
            if let text = args.value("--padding") { canvas.padding = try Canvas.parsePadding(text) }
        } catch { throw UsageError("--padding: \(error)") }
        do {
            if let text = args.value("--background") { canvas.background = try Canvas.parseColor(text) }
        } catch { throw UsageError("--background: \(error)") }
        return canvas
    }

    /// Renders `environment` and puts the card on the canvas: the image to write, and the snapshot
    /// (whose report describes the card itself). With a canvas, an animation's slide is drawn on
    /// the canvas, so the card moves through the padding rather than being clipped at its top.
    /// With an overlay, its picture goes on the canvas (the picture leaves the slide out).
    static func render(_ renderer: ComponentRenderer, _ environment: Environment, on canvas: Canvas,
                       overlay: Overlay? = nil) throws -> (image: Pixmap, snapshot: Snapshot) {
        let snapshot = overlay == nil ? try renderer.render(environment, slidesOnCanvas: !canvas.isIdentity)
            : try renderer.render(environment, overlay: overlay)
        return (try apply(canvas) { $0.compose(snapshot) }, snapshot)
    }

    /// `compose` on the canvas, or the error for a canvas over the pixel limit.
    static func apply(_ canvas: Canvas, _ compose: (Canvas) -> Pixmap?) throws -> Pixmap {
        guard let composed = compose(canvas) else {
            throw UsageError("--padding: the canvas would be over the limit of \(Pixmap.maximumPixelCount) pixels")
        }
        return composed
    }
}

/// Which environments a spec is rendered in by `sheet`, `check` and `batch`: the spec's variants (or the
/// spec's own environment), with the command line's axes replacing the spec's, and an override of
/// one setting (`--scale 2`) fixing that axis to the one value.
enum VariantPlan {
    static func environments(of spec: Spec, overrides: EnvironmentOverrides, axes: Variants = Variants()) -> [Environment] {
        var variants = spec.variants ?? Variants()
        if let v = axes.textSizes { variants.textSizes = v }
        if let v = axes.appearances { variants.appearances = v }
        if let v = axes.directions { variants.directions = v }
        // --locales replaces the spec's languages, its pseudolanguages too unless --pseudos is given.
        if let v = axes.locales { variants.locales = v; variants.pseudos = nil }
        if let v = axes.pseudos { variants.pseudos = v }
        // --locale or --pseudo fixes the language: one locale, one pseudolanguage (or none).
        if overrides.locale != nil || overrides.pseudo != nil { variants.locales = nil; variants.pseudos = nil }
        if overrides.textSize != nil { variants.textSizes = nil }
        if overrides.appearance != nil { variants.appearances = nil }
        if overrides.direction != nil { variants.directions = nil }
        if overrides.scale != nil { variants.scales = nil }
        if overrides.width != nil { variants.widths = nil }
        return variants.environments(base: spec.environment.applying(overrides))
    }

    /// `--text-sizes`, `--appearances`, `--directions`, `--locales` and `--pseudos` (`sheet`, `check`):
    /// lists that replace the spec's variants on that axis; "all" takes every value.
    static let axisOptions: Set<String> = ["--text-sizes", "--appearances", "--directions", "--locales", "--pseudos"]
    static let axesHelp = """
          --text-sizes LIST         e.g. all, or xS,L,AX5 (short or UIKit names)
          --appearances LIST        light,dark
          --directions LIST         ltr,rtl
          --locales LIST            BCP 47 tags, e.g. en,de,ar,ja; all: the spec's own locale and
                                    every locale it has a localization for. Replaces the spec's
                                    pseudolanguages too, unless --pseudos is given
          --pseudos LIST            pseudolanguages over the spec's copy: accented,double,bounded,rtl
        """

    static func axes(from args: Arguments, overrides: EnvironmentOverrides, command: String) throws -> Variants {
        try axes(overrides: overrides, value: { args.value("--" + $0.list) },
                 conflict: { UsageError("\(command): --\($0.list) and --\($0.single) cannot be given together") },
                 invalid: { UsageError("--\($0.list): \($1)") })
    }

    /// The names of one variant axis: its list option and the single-value override it conflicts with.
    struct AxisName { let list, single: String }

    /// The variant axes (comma lists or `all`) read through `value`, shared by the command line's
    /// `--text-sizes …` options and `serve`'s `textSizes=…` query parameters, which differ only in
    /// how a name is spelled and how an error is worded.
    static func axes(overrides: EnvironmentOverrides, value: (AxisName) -> String?,
                     conflict: (AxisName) -> Error, invalid: (AxisName, Error) -> Error) throws -> Variants {
        func list<T>(_ name: AxisName, isSet: Bool, all: [T], parse: (String) throws -> T) throws -> [T]? {
            guard let text = value(name) else { return nil }
            if isSet { throw conflict(name) }
            if text == "all" { return all }
            var values: [T] = []
            for word in text.split(separator: ",", omittingEmptySubsequences: false) {
                do { values.append(try parse(String(word))) } catch { throw invalid(name, error) }
            }
            return values
        }
        return Variants(
            textSizes: try list(AxisName(list: "text-sizes", single: "text-size"), isSet: overrides.textSize != nil,
                                all: TextSize.allCases, parse: EnvironmentOverrides.parseTextSize),
            appearances: try list(AxisName(list: "appearances", single: "appearance"), isSet: overrides.appearance != nil,
                                  all: Appearance.allCases, parse: EnvironmentOverrides.parseAppearance),
            directions: try list(AxisName(list: "directions", single: "direction"), isSet: overrides.direction != nil,
                                 all: LayoutDirection.allCases, parse: EnvironmentOverrides.parseDirection),
            // "all" needs the spec, which is read later: a placeholder stands for it until then
            // (`axes(_:for:)` replaces it).
            locales: try list(AxisName(list: "locales", single: "locale"), isSet: overrides.locale != nil,
                              all: [allLocales], parse: EnvironmentOverrides.parseLocale),
            pseudos: try list(AxisName(list: "pseudos", single: "pseudo"), isSet: overrides.pseudo != nil,
                              all: PseudoLocalization.allCases, parse: EnvironmentOverrides.parsePseudo))
    }

    /// Stands for `--locales all` until the spec is read; not a language tag, so never a real locale.
    static let allLocales = "*"

    /// The axes for one spec: `--locales all` becomes the spec's own locale and every locale it has
    /// a localization for, or no locale axis (the spec's own languages) when it has neither.
    static func axes(_ axes: Variants, for spec: Spec) -> Variants {
        guard axes.locales == [allLocales] else { return axes }
        var resolved = axes
        let own = spec.environment.locale.map { [$0] } ?? []
        let locales = own + spec.localizations.keys.filter { !own.contains($0) }.sorted()
        resolved.locales = locales.isEmpty ? nil : locales
        return resolved
    }

    /// The spec as `environments(of:…)` leaves it, for golden names (the width goes into names only
    /// while the width axis is there).
    static func naming(_ spec: Spec, overrides: EnvironmentOverrides) -> Spec {
        var named = spec
        if overrides.width != nil { named.variants?.widths = nil }
        return named
    }
}

/// Rendering many snapshots on all cores, with a progress bar on a terminal.
enum Work {
    /// Thrown between renders once a request's `stop` says its client has gone: nobody is waiting
    /// for the rest.
    struct Stopped: Error, CustomStringConvertible {
        var description: String { "stopped: the client went away" }
    }

    static func checkStop(_ stop: (@Sendable () -> Bool)?) throws {
        if let stop, stop() { throw Stopped() }
    }

    static func jobs(from args: Arguments) throws -> Int {
        try args.integer("--jobs", in: 1...256) ?? ParallelRenderer.defaultJobs
    }

    /// A progress callback drawing `[#####.....] 57/228` on stderr, or nil when stderr is not a terminal.
    static func progressBar(total: Int) -> (@Sendable (Int) -> Void)? {
        guard isatty(STDERR_FILENO) == 1, total > 1 else { return nil }
        return { done in
            let width = 30
            let filled = done * width / total
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            let end = done == total ? "\r\u{1B}[K" : ""
            FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)\(end)".utf8))
        }
    }

    /// The first failure, or every value in order.
    static func values<T>(_ results: [Result<T, Error>]) throws -> [T] {
        try results.map { try $0.get() }
    }

    static func seconds(since start: DispatchTime) -> String {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return elapsed < 10 ? String(format: "%.2f s", elapsed) : String(format: "%.1f s", elapsed)
    }
}
