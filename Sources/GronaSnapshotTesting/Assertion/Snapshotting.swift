// Strategies as values, as in swift-snapshot-testing: `assertSnapshot(of: spec, as: .image)`.
//   .image          the card as the SDK draws it; goldens `Snapshots/<name>/<variant>.png`
//   .accessibility  the accessibility picture (`--overlay accessibility`); goldens in
//                   `Snapshots/Accessibility/<name>/<variant>.png`
//   .report         the render report as JSON (line counts, truncation, colours and contrast,
//                   findings); goldens `Snapshots/Reports/<name>/<variant>.json`
// A call's `snapshotDirectory` replaces the strategy's folder.
import Grona

public struct Snapshotting: Sendable, Equatable {
    enum Kind: Sendable, Equatable { case image, report }
    let kind: Kind
    let overlay: Overlay?
    /// Relative to the package root.
    let defaultDirectory: String

    /// The card's image.
    public static let image = Snapshotting(kind: .image, overlay: nil, defaultDirectory: "Snapshots")
    /// The accessibility picture: VoiceOver's elements outlined and numbered, touch targets, the legend.
    public static let accessibility = Snapshotting(kind: .image, overlay: .accessibility,
                                                   defaultDirectory: accessibilitySnapshotDirectory)
    /// The render report as JSON: a cheap semantic golden.
    public static let report = Snapshotting(kind: .report, overlay: nil, defaultDirectory: "Snapshots/Reports")

    /// This strategy, unless the call asked for an overlay with `verifySnapshot(…, overlay:)`, the form
    /// older than strategies: then the accessibility picture, kept in the plain goldens' folder unless
    /// the call says otherwise, as it was then.
    func with(overlay: Overlay?) -> Snapshotting {
        overlay == nil ? self : Snapshotting(kind: .image, overlay: .accessibility, defaultDirectory: "Snapshots")
    }

    /// The golden's file name for a case's image name.
    func goldenName(_ imageName: String) -> String {
        kind == .report ? String(imageName.dropLast(4)) + ".json" : imageName
    }
}
