// Strategies as values, as in swift-snapshot-testing: `assertSnapshot(of: spec, as: .image)`.
// `Snapshotting<Value>` says how a value of type `Value` becomes a snapshot (what GronaSnap draws,
// in which variants, against which goldens); the format is always the card's image, its
// accessibility picture or its render report:
//   .image          the card as the SDK draws it; goldens `Snapshots/<name>/<variant>.png`
//   .accessibility  the accessibility picture (`--overlay accessibility`); goldens in
//                   `Snapshots/Accessibility/<name>/<variant>.png`
//   .report         the render report as JSON (line counts, truncation, colours and contrast,
//                   findings); goldens `Snapshots/Reports/<name>/<variant>.json`
// Each is there for a `Spec`, a `SpecFile` and a `Component`, with and without options
// (`.image(variants:…)`, `.image(theme:environment:…)` for a component); `pullback` makes a
// strategy for any other value from one of these. A strategy's `snapshotDirectory` replaces its
// folder.
import Grona

/// How a value becomes a snapshot and which goldens it is checked against: a strategy for
/// ``assertSnapshot(of:as:named:record:fileID:file:testName:line:column:)`` and
/// ``verifySnapshot(of:as:named:record:file:testName:)``.
///
/// GronaSnap draws three kinds of value — a `Spec`, a ``SpecFile`` (a spec file in the
/// package, named as `grona-snap verify` names it) and a `Component` built in code — and each
/// has the same strategies:
///
/// - `image`: the card as the SDK draws it, in every variant; goldens
///   `Snapshots/<name>/<textSize>-<appearance>-<direction>@<scale>x.png`.
/// - `accessibility`: the accessibility picture (VoiceOver's elements outlined and numbered,
///   touch targets, what VoiceOver says); goldens in `Snapshots/Accessibility/<name>/`.
/// - `report`: the render report as JSON (lines, what was cut, colours and contrast, findings);
///   goldens `Snapshots/Reports/<name>/<variant>.json`.
///
/// Each also takes options, as a function of the same name: `.image(variants:tolerance:snapshotDirectory:artifactDirectory:)`,
/// and for a component `.image(theme:environment:variants:tolerance:snapshotDirectory:artifactDirectory:)`.
///
/// ```swift
/// assertSnapshot(of: spec, as: .image)
/// assertSnapshot(of: SpecFile("Fixtures/seasonal-banner.json"), as: .accessibility)
/// assertSnapshot(of: banner, as: .image(theme: acmeTheme, variants: Variants(textSizes: [.large])))
/// ```
///
/// Any other value is snapshotted through ``pullback(_:)``, which turns a strategy for one of these
/// into a strategy for the app's own type:
///
/// ```swift
/// extension Snapshotting where Value == MyOffer {
///     static var card: Snapshotting<MyOffer> {
///         Snapshotting<Component>.image(theme: acmeTheme).pullback { offer in offer.component }
///     }
/// }
/// assertSnapshot(of: MyOffer.welcome, as: .card)
/// ```
public struct Snapshotting<Value> {
    /// The image, the accessibility picture or the report.
    var format: SnapshotFormat
    /// The variants to check, replacing the spec's own; nil: the spec's, or the default variant.
    var variants: Variants?
    var tolerance: ComparisonTolerance
    /// Replaces the format's folder of goldens (relative paths from the package root).
    var snapshotDirectory: String?
    /// Replaces `$GRONA_ARTIFACTS` and `Artifacts/` (relative paths from the package root).
    var artifactDirectory: String?
    /// What to draw for a value. The name and the Swift call are the assertion's, added there.
    var subject: (Value) throws -> SnapshotSubject

    init(_ format: SnapshotFormat, variants: Variants?, tolerance: ComparisonTolerance, snapshotDirectory: String?,
         artifactDirectory: String?, subject: @escaping (Value) throws -> SnapshotSubject) {
        (self.format, self.variants, self.tolerance) = (format, variants, tolerance)
        (self.snapshotDirectory, self.artifactDirectory, self.subject) = (snapshotDirectory, artifactDirectory, subject)
    }

    /// This strategy for values of another type: `transform` turns each into the value this
    /// strategy snapshots, and everything else (format, variants, tolerance, folders) stays.
    ///
    /// ```swift
    /// let offerCard = Snapshotting<Component>.image.pullback { (offer: MyOffer) in offer.component }
    /// assertSnapshot(of: MyOffer.welcome, as: offerCard)
    /// ```
    ///
    /// An error `transform` throws fails the assertion, with the error's words.
    public func pullback<NewValue>(_ transform: @escaping (_ otherValue: NewValue) throws -> Value) -> Snapshotting<NewValue> {
        let subject = self.subject
        return Snapshotting<NewValue>(format, variants: variants, tolerance: tolerance, snapshotDirectory: snapshotDirectory,
                                      artifactDirectory: artifactDirectory) { try subject(transform($0)) }
    }

    /// The check this strategy makes, with the call's record mode.
    func options(record: SnapshotRecordMode?) -> SnapshotOptions {
        SnapshotOptions(format, variants, record, tolerance, snapshotDirectory, artifactDirectory)
    }

    /// This strategy with the options of the older forms (`assertSnapshot(of:as:variants:…)`): each
    /// given one replaces the strategy's own.
    func overriding(variants: Variants?, tolerance: ComparisonTolerance, snapshotDirectory: String?,
                    artifactDirectory: String?, overlay: Overlay? = nil) -> Snapshotting {
        var strategy = self
        strategy.format = format.with(overlay: overlay)
        if let variants { strategy.variants = variants }
        if tolerance != .default { strategy.tolerance = tolerance }
        if let snapshotDirectory { strategy.snapshotDirectory = snapshotDirectory }
        if let artifactDirectory { strategy.artifactDirectory = artifactDirectory }
        return strategy
    }
}

// MARK: - A spec

extension Snapshotting where Value == Spec {
    /// Every variant of the spec (its own `variants`) as the SDK draws it; goldens
    /// `Snapshots/<spec name>/<variant>.png`.
    public static var image: Snapshotting { .image() }

    /// The spec as the SDK draws it, in `variants` (nil: the spec's own), compared with `tolerance`
    /// where the golden was rendered elsewhere; goldens in `snapshotDirectory` (default `Snapshots`),
    /// failure artifacts in `artifactDirectory` (default `$GRONA_ARTIFACTS`, else `Artifacts`).
    /// Relative folders are from the package root.
    public static func image(variants: Variants? = nil, tolerance: ComparisonTolerance = .default,
                             snapshotDirectory: String? = nil, artifactDirectory: String? = nil) -> Snapshotting {
        Snapshotting(.image, variants: variants, tolerance: tolerance, snapshotDirectory: snapshotDirectory,
                     artifactDirectory: artifactDirectory) { .spec($0) }
    }

    /// The accessibility picture of every variant; goldens `Snapshots/Accessibility/<spec name>/<variant>.png`.
    public static var accessibility: Snapshotting { .accessibility() }

    /// The accessibility picture, with the options of `image(variants:tolerance:snapshotDirectory:artifactDirectory:)`;
    /// goldens by default in `Snapshots/Accessibility`.
    public static func accessibility(variants: Variants? = nil, tolerance: ComparisonTolerance = .default,
                                     snapshotDirectory: String? = nil, artifactDirectory: String? = nil) -> Snapshotting {
        image(variants: variants, tolerance: tolerance, snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory)
            .inFormat(.accessibility)
    }

    /// The render report of every variant as JSON; goldens `Snapshots/Reports/<spec name>/<variant>.json`.
    public static var report: Snapshotting { .report() }

    /// The render report, in `variants`; goldens by default in `Snapshots/Reports`.
    public static func report(variants: Variants? = nil, snapshotDirectory: String? = nil,
                              artifactDirectory: String? = nil) -> Snapshotting {
        image(variants: variants, snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory).inFormat(.report)
    }
}

// MARK: - A spec file

/// A spec file in the package, for ``assertSnapshot(of:as:named:record:fileID:file:testName:line:column:)``:
/// `assertSnapshot(of: SpecFile("Fixtures/seasonal-banner.json"), as: .image)`.
///
/// A relative path is from the package root (the nearest folder above the test file that holds
/// `Package.swift`), never from the working directory. The goldens are named as `grona-snap verify`
/// names them: the file's path in the package without its first folder and `.json`
/// (`Fixtures/banners/summer.json` → `Snapshots/banners/summer/…`, `Tests/Specs/points2.json` →
/// `Snapshots/Specs/points2/…`). A file that cannot be decoded fails the assertion, naming the problem.
public struct SpecFile: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The file's path, absolute or relative to the package root.
    public var path: String

    /// The spec file at `path` (absolute, or relative to the package root).
    public init(_ path: String) { self.path = path }

    /// `"Fixtures/seasonal-banner.json"` where a `SpecFile` is expected.
    public init(stringLiteral path: String) { self.path = path }
}

// A spec file's strategies are a spec's, reading the file first: each forwards to its namesake.
extension Snapshotting where Value == SpecFile {
    /// Every variant of the spec in the file as the SDK draws it; goldens `Snapshots/<spec name>/<variant>.png`.
    public static var image: Snapshotting { Snapshotting<Spec>.image.readingSpecFiles() }

    /// The spec file's card, with the options of `Snapshotting<Spec>.image(variants:tolerance:snapshotDirectory:artifactDirectory:)`.
    public static func image(variants: Variants? = nil, tolerance: ComparisonTolerance = .default,
                             snapshotDirectory: String? = nil, artifactDirectory: String? = nil) -> Snapshotting {
        Snapshotting<Spec>.image(variants: variants, tolerance: tolerance, snapshotDirectory: snapshotDirectory,
                                 artifactDirectory: artifactDirectory).readingSpecFiles()
    }

    /// The accessibility picture of every variant; goldens `Snapshots/Accessibility/<spec name>/<variant>.png`.
    public static var accessibility: Snapshotting { Snapshotting<Spec>.accessibility.readingSpecFiles() }

    /// The accessibility picture, with the options of `image(variants:…)`.
    public static func accessibility(variants: Variants? = nil, tolerance: ComparisonTolerance = .default,
                                     snapshotDirectory: String? = nil, artifactDirectory: String? = nil) -> Snapshotting {
        image(variants: variants, tolerance: tolerance, snapshotDirectory: snapshotDirectory,
              artifactDirectory: artifactDirectory).inFormat(.accessibility)
    }

    /// The render report of every variant as JSON; goldens `Snapshots/Reports/<spec name>/<variant>.json`.
    public static var report: Snapshotting { Snapshotting<Spec>.report.readingSpecFiles() }

    /// The render report, in `variants`.
    public static func report(variants: Variants? = nil, snapshotDirectory: String? = nil,
                              artifactDirectory: String? = nil) -> Snapshotting {
        image(variants: variants, snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory).inFormat(.report)
    }
}

extension Snapshotting where Value == Spec {
    /// This strategy for spec files: each read and named as `grona-snap verify` names it.
    func readingSpecFiles() -> Snapshotting<SpecFile> {
        Snapshotting<SpecFile>(format, variants: variants, tolerance: tolerance, snapshotDirectory: snapshotDirectory,
                               artifactDirectory: artifactDirectory) { .specFile($0.path) }
    }
}

// MARK: - A component built in code

extension Snapshotting where Value == Component {
    /// The component with the default theme in the default environment (`L`, light, left to
    /// right, @3x); goldens `Snapshots/<suite>/<test>/<variant>.png`, named after the running test.
    public static var image: Snapshotting { .image() }

    /// The component drawn with `theme` in `environment` and each of `variants`, compared with
    /// `tolerance` where the golden was rendered elsewhere. Font and image paths in `theme` and the
    /// component may be bare font names (looked up in the package's `Fonts/`, the package root,
    /// then GronaSnap's fonts) or relative to the package root.
    public static func image(theme: Theme = Theme(), environment: Environment = .default, variants: Variants? = nil,
                             tolerance: ComparisonTolerance = .default, snapshotDirectory: String? = nil,
                             artifactDirectory: String? = nil) -> Snapshotting {
        Snapshotting(.image, variants: variants, tolerance: tolerance, snapshotDirectory: snapshotDirectory,
                     artifactDirectory: artifactDirectory) {
            .component($0, theme: theme, environment: environment, name: nil, call: "")
        }
    }

    /// The component's accessibility picture; goldens `Snapshots/Accessibility/<suite>/<test>/<variant>.png`.
    public static var accessibility: Snapshotting { .accessibility() }

    /// The accessibility picture, with the options of `image(theme:environment:…)`.
    public static func accessibility(theme: Theme = Theme(), environment: Environment = .default, variants: Variants? = nil,
                                     tolerance: ComparisonTolerance = .default, snapshotDirectory: String? = nil,
                                     artifactDirectory: String? = nil) -> Snapshotting {
        image(theme: theme, environment: environment, variants: variants, tolerance: tolerance,
              snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory).inFormat(.accessibility)
    }

    /// The component's render report as JSON; goldens `Snapshots/Reports/<suite>/<test>/<variant>.json`.
    public static var report: Snapshotting { .report() }

    /// The render report, drawn with `theme` in `environment` and each of `variants`.
    public static func report(theme: Theme = Theme(), environment: Environment = .default, variants: Variants? = nil,
                              snapshotDirectory: String? = nil, artifactDirectory: String? = nil) -> Snapshotting {
        image(theme: theme, environment: environment, variants: variants, snapshotDirectory: snapshotDirectory,
              artifactDirectory: artifactDirectory).inFormat(.report)
    }
}

extension Snapshotting {
    /// The same value and options in another format.
    func inFormat(_ format: SnapshotFormat) -> Snapshotting {
        var strategy = self
        strategy.format = format
        return strategy
    }
}

// MARK: - Formats

/// What a strategy compares, and where its goldens live by default.
struct SnapshotFormat: Sendable, Equatable {
    enum Kind: Sendable, Equatable { case image, report }
    let kind: Kind
    let overlay: Overlay?
    /// Relative to the package root.
    let defaultDirectory: String

    /// The card's image.
    static let image = SnapshotFormat(kind: .image, overlay: nil, defaultDirectory: "Snapshots")
    /// The accessibility picture: VoiceOver's elements outlined and numbered, touch targets, the legend.
    static let accessibility = SnapshotFormat(kind: .image, overlay: .accessibility, defaultDirectory: accessibilitySnapshotDirectory)
    /// The render report as JSON: a cheap semantic golden.
    static let report = SnapshotFormat(kind: .report, overlay: nil, defaultDirectory: "Snapshots/Reports")

    /// This format, unless the call asked for an overlay with `verifySnapshot(…, overlay:)`, the form
    /// older than strategies: then the accessibility picture, kept in the plain goldens' folder unless
    /// the call says otherwise, as it was then.
    func with(overlay: Overlay?) -> SnapshotFormat {
        overlay == nil ? self : SnapshotFormat(kind: .image, overlay: .accessibility, defaultDirectory: "Snapshots")
    }

    /// The golden's file name for a case's image name.
    func goldenName(_ imageName: String) -> String {
        kind == .report ? String(imageName.dropLast(4)) + ".json" : imageName
    }
}
