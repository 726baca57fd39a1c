// `verifySnapshot`: render a spec's variants, check them against their goldens, and return a
// failure message or nil. It reports nothing itself; `assertSnapshot` (AssertSnapshot.swift) is a
// thin wrapper that hands the message to XCTest or Swift Testing, as in swift-snapshot-testing.
//
// Where things are, unless a call says otherwise (the package root is the nearest folder above the
// calling test file that holds Package.swift):
//   goldens    <package root>/Snapshots/<spec name>/<textSize>-<appearance>-<direction>@<scale>x.png, or
//              <package root>/Snapshots/<spec name>/<locale>/… for a spec with localizations
//   artifacts  $GRONA_ARTIFACTS (relative paths from the package root), else <package root>/Artifacts
//   record     the call's `record`, else $GRONA_RECORD, else `missing`
//   fonts      $GRONA_FONTS, else the Fonts folder of the GronaSnap checkout this library was built from
import Foundation
import Grona


/// Renders `spec` in each variant (the spec's own `variants` unless `variants` is given) and checks
/// each image (with `overlay`, that picture instead of the plain card) against its golden. Returns nil when every one matches, else a message for a person:
/// the counts, the largest difference and the paths of the golden and the artifacts.
public func verifySnapshot(of spec: Spec, variants: Variants? = nil, overlay: Overlay? = nil,
                           record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           file: StaticString = #filePath) -> String? {
    let context: SnapshotContext
    do {
        context = try SnapshotContext(testFile: "\(file)", record: record,
                                      snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory)
    } catch {
        return "\(error)"
    }
    let verifier = SnapshotVerifier(snapshotsDirectory: context.snapshots, artifactsDirectory: context.artifacts,
                                    record: context.record, tolerance: tolerance, fontsFolder: context.fonts)
    return failureMessage(verifier.verify(SnapshotCase.cases(for: spec, variants: variants, overlay: overlay)))
}

/// Decodes the spec file at `path` (relative paths from the package root) and verifies it as
/// `verifySnapshot(of:)` does; a spec that cannot be decoded is a failure naming the problem.
public func verifySnapshot(ofSpecAt path: String, variants: Variants? = nil, overlay: Overlay? = nil,
                           record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           file: StaticString = #filePath) -> String? {
    let spec: Spec
    do {
        let root = packageRoot(containing: "\(file)")
        spec = try SpecDecoder(fontsFolder: try locateFonts()).decode(fileAt: resolve(path, against: root))
    } catch {
        return "\(error)"
    }
    return verifySnapshot(of: spec, variants: variants, overlay: overlay, record: record, tolerance: tolerance,
                          snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory, file: file)
}

/// Verifies a component built in code. Its goldens live under `name` if given, else under the
/// test's suite and name, so that same-named tests in two suites never share a golden:
/// `CampaignTests.testOfferCard()` → `Snapshots/CampaignTests/testOfferCard/…`. The suite is `suite`
/// (an XCTest case passes its class; `assertSnapshot` passes the running Swift Testing suite), else
/// the test file's name (`Tests/App/OfferTests.swift` → `OfferTests`).
public func verifySnapshot(theme: Theme = Theme(), component: Component, environment: Environment = .default,
                           named name: String? = nil, variants: Variants? = nil, overlay: Overlay? = nil,
                           record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           file: StaticString = #filePath, testName: String = #function,
                           suite: String? = nil) -> String? {
    let specName = name ?? componentGoldenFolder(suite: suite, file: "\(file)", testName: testName)
    let folder = parentFolder(of: "\(file)")
    let spec = Spec(name: specName, file: "\(file)", folder: folder, theme: theme, component: component,
                    environment: environment, variants: nil)
    return verifySnapshot(of: spec, variants: variants, overlay: overlay, record: record, tolerance: tolerance,
                          snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory, file: file)
}

/// `<suite>/<test>`: the folder of a code-built component's goldens. The test's name loses its
/// parameter list (`testOfferCard()` → `testOfferCard`); a missing suite is the file's name.
func componentGoldenFolder(suite: String?, file: String, testName: String) -> String {
    let test = String(testName.prefix { $0 != "(" })
    let fileName = file.split(separator: "/").last.map(String.init) ?? file
    let owner = suite.flatMap { $0.isEmpty ? nil : $0 }
        ?? (fileName.hasSuffix(".swift") ? String(fileName.dropLast(6)) : fileName)
    return owner + "/" + test
}

/// One message for all failing outcomes, or nil when all passed.
func failureMessage(_ outcomes: [SnapshotOutcome]) -> String? {
    let failures = outcomes.filter { !$0.passed }
    guard !failures.isEmpty else { return nil }
    let messages = failures.map(\.message).joined(separator: "\n")
    return failures.count == 1 ? messages : "\(failures.count) of \(outcomes.count) snapshots failed:\n" + messages
}

// MARK: - Where things are

struct SnapshotContext {
    var snapshots: String
    var artifacts: String
    var record: SnapshotRecordMode
    var fonts: String

    init(testFile: String, record: SnapshotRecordMode?, snapshotDirectory: String?, artifactDirectory: String?,
         environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let root = packageRoot(containing: testFile)
        snapshots = resolve(snapshotDirectory ?? "Snapshots", against: root)
        let configured = environment[snapshotArtifactsVariable].flatMap { $0.isEmpty ? nil : $0 }
        artifacts = resolve(artifactDirectory ?? configured ?? "Artifacts", against: root)
        self.record = try record ?? SnapshotRecordMode.fromEnvironment(environment)
        fonts = try locateFonts(environment)
    }
}

/// The nearest folder above `file` that holds Package.swift; the file's own folder if none does.
func packageRoot(containing file: String) -> String {
    var folder = parentFolder(of: file)
    while folder != "/" && !folder.isEmpty && folder != "." {
        if FileManager.default.fileExists(atPath: folder + "/Package.swift") { return folder }
        folder = parentFolder(of: folder)
    }
    return parentFolder(of: file)
}

func resolve(_ path: String, against root: String) -> String {
    path.hasPrefix("/") ? path : root + "/" + path
}

struct FontsNotFound: Error, CustomStringConvertible {
    var description: String { "cannot find GronaSnap's Fonts folder; set GRONA_FONTS to its path" }
}

/// `$GRONA_FONTS`, else the `Fonts` folder of the checkout this file was compiled from (also right
/// when GronaSnap is a dependency of another package), else what `FontsFolder.locate` finds.
func locateFonts(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
    if let configured = environment["GRONA_FONTS"], !configured.isEmpty { return configured }
    let checkout = packageRoot(containing: "\(#filePath)") + "/Fonts"
    if FileManager.default.fileExists(atPath: checkout + "/Inter-Regular.otf") { return checkout }
    guard let found = FontsFolder.locate() else { throw FontsNotFound() }
    return found
}
