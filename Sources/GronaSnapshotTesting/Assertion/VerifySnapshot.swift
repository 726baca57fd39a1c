// `verifySnapshot`: render a spec's variants, check them against their goldens (the image, the
// accessibility picture or the render report, as the strategy says), and return a failure message
// or nil. Every call records in the golden ledger which goldens its test used (GoldenLedger.swift). It reports nothing itself; `assertSnapshot` (AssertSnapshot.swift) is a
// thin wrapper that hands the message to XCTest or Swift Testing, as in swift-snapshot-testing.
//
// Where things are, unless a call says otherwise (the package root is the nearest folder above the
// calling test file that holds Package.swift):
//   goldens    <package root>/Snapshots/<spec name>/<textSize>-<appearance>-<direction>@<scale>x.png, or
//              <package root>/Snapshots/<spec name>/<locale>/… for a spec with localizations
//   artifacts  $GRONA_ARTIFACTS (relative paths from the package root), else <package root>/Artifacts
//   record     the call's `record`, else `withSnapshotTesting(record:)` or the `.snapshots(record:)`
//              trait, else $GRONA_RECORD, else `missing`
//   fonts      $GRONA_FONTS, else the Fonts folder of the GronaSnap checkout this library was built from
import Foundation
import Grona
import GronaRequests


/// Renders `spec` in each variant (the spec's own `variants` unless `variants` is given) and checks
/// each against its golden, as `strategy` says: the image (with `overlay`, that picture instead of
/// the plain card), the accessibility picture, or the render report. Returns nil when every one
/// matches, else a message for a person: the counts, the largest difference, the rule applied and
/// the paths of the golden and the artifacts.
public func verifySnapshot(of spec: Spec, as strategy: Snapshotting = .image, variants: Variants? = nil,
                           overlay: Overlay? = nil, record: SnapshotRecordMode? = nil,
                           tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           file: StaticString = #filePath, function: String = #function) -> String? {
    SnapshotOptions(strategy.with(overlay: overlay), variants, record, tolerance, snapshotDirectory, artifactDirectory)
        .verify(.spec(spec), file: "\(file)", identity: .current(file: "\(file)", function: function))
}

/// Decodes the spec file at `path` (relative paths from the package root) and verifies it as
/// `verifySnapshot(of:)` does; a spec that cannot be decoded is a failure naming the problem. Its
/// goldens are where `grona-snap verify` puts them (`SpecGoldenName`): its path in the package
/// without the first folder (`Fixtures/banners/summer.json` → `Snapshots/banners/summer/…`,
/// `Tests/Specs/points2.json` → `Snapshots/Specs/points2/…`).
public func verifySnapshot(ofSpecAt path: String, as strategy: Snapshotting = .image, variants: Variants? = nil,
                           overlay: Overlay? = nil, record: SnapshotRecordMode? = nil,
                           tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           file: StaticString = #filePath, function: String = #function) -> String? {
    SnapshotOptions(strategy.with(overlay: overlay), variants, record, tolerance, snapshotDirectory, artifactDirectory)
        .verify(.specFile(path), file: "\(file)", identity: .current(file: "\(file)", function: function))
}

/// Verifies a component built in code. Its goldens live under `name` if given, else under the
/// running test's suite and name (from the test framework, see TestIdentity.swift), so that
/// same-named tests in two suites never share a golden: `CampaignTests.testOfferCard()` →
/// `Snapshots/CampaignTests/testOfferCard/…`; a parameterized case adds its arguments
/// (`Promos/fill-10.0/…`), a second snapshot in one test a number (`…/testOfferCard.2/…`). Outside
/// a test, the suite is `suite`, else the test file's name, and the test is `testName`. Two tests
/// whose goldens would be the same (one class name in two test modules) fail, naming both.
/// Font paths in `theme` may be bare names (looked up in the package's `Fonts/`, the package
/// root, then GronaSnap's fonts) or relative to the package root; image paths likewise.
public func verifySnapshot(theme: Theme = Theme(), component: Component, environment: Environment = .default,
                           named name: String? = nil, as strategy: Snapshotting = .image, variants: Variants? = nil,
                           overlay: Overlay? = nil, record: SnapshotRecordMode? = nil,
                           tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           file: StaticString = #filePath, testName: String = #function,
                           suite: String? = nil) -> String? {
    SnapshotOptions(strategy.with(overlay: overlay), variants, record, tolerance, snapshotDirectory, artifactDirectory)
        .verify(.component(component, theme: theme, environment: environment, name: name, call: "verifySnapshot(of:)"),
                file: "\(file)", identity: .current(file: "\(file)", function: testName, suite: suite))
}

// MARK: - The one check behind every public form

/// What a snapshot call checks: a spec, the spec file at a path, or a component built in code
/// (with the Swift call's name, which messages about the call's own arguments start with).
enum SnapshotSubject {
    case spec(Spec)
    case specFile(String)
    case component(Component, theme: Theme, environment: Environment, name: String?, call: String)
}

/// How a snapshot call checks: the strategy and the arguments every public form shares.
struct SnapshotOptions {
    var strategy: Snapshotting
    var variants: Variants?
    var record: SnapshotRecordMode?
    var tolerance: ComparisonTolerance
    var snapshotDirectory: String?
    var artifactDirectory: String?

    init(_ strategy: Snapshotting, _ variants: Variants?, _ record: SnapshotRecordMode?, _ tolerance: ComparisonTolerance,
         _ snapshotDirectory: String?, _ artifactDirectory: String?) {
        (self.strategy, self.variants, self.record, self.tolerance) = (strategy, variants, record, tolerance)
        (self.snapshotDirectory, self.artifactDirectory) = (snapshotDirectory, artifactDirectory)
    }

    /// Every `verifySnapshot`, `assertSnapshot` and `assertAccessibilitySnapshot`, whichever form it
    /// was called through: the message, or nil when all passed. `identity` is asked for only once
    /// the subject is ready to check (a spec file that cannot be decoded asks no test framework).
    /// `counterInstance`: the XCTest case whose unnamed snapshots are numbered afresh (its `self`).
    func verify(_ subject: SnapshotSubject, file: String, identity: @autoclosure () -> TestIdentity,
                counterInstance: AnyObject? = nil) -> String? {
        check(subject, file: file, identity: identity(), counterInstance: counterInstance)?.message
    }

    /// As `verify`, with the failure's images for the test framework to attach (`report`).
    func check(_ subject: SnapshotSubject, file: String, identity: @autoclosure () -> TestIdentity,
               counterInstance: AnyObject? = nil) -> SnapshotFailure? {
        switch subject {
        case .spec(let spec):
            return SnapshotRequest(cases: SnapshotCase.cases(for: spec, variants: variants, overlay: strategy.overlay),
                                   options: self, file: file, identity: identity(), namedAfterTest: false,
                                   call: "verifySnapshot(of:)").perform()
        case .specFile(let path):
            var spec: Spec
            let root = packageRoot(containing: file)
            let specFile = resolve(path, against: root)
            do {
                spec = try SpecDecoder(fontsFolder: try locateFonts()).decode(fileAt: specFile)
            } catch {
                return SnapshotFailure("\(error)")
            }
            // Named as `grona-snap verify` names it, whichever folder that is pointed at; with a
            // snapshots folder outside the package, as `verify` over the path's first folder would.
            let firstFolder = path.hasPrefix("/") ? nil : path.split(separator: "/").dropLast().first { $0 != "." }
            spec.name = SpecGoldenName.of(specAt: specFile,
                                          snapshotsFolder: resolve(snapshotDirectory ?? strategy.defaultDirectory, against: root),
                                          searched: firstFolder.map { root + "/" + $0 })
            return check(.spec(spec), file: file, identity: identity())
        case .component(let component, let theme, let environment, let name, let call):
            return check(component, theme: theme, environment: environment, name: name, call: call, file: file,
                         identity: identity(), counterInstance: counterInstance)
        }
    }

    /// A component built in code: its paths resolved, its golden folder named after the test.
    private func check(_ component: Component, theme: Theme, environment: Environment, name: String?, call: String,
                       file: String, identity: TestIdentity, counterInstance: AnyObject?) -> SnapshotFailure? {
        if name == nil && identity.unknownInTestProcess { return SnapshotFailure(identity.unknownTestMessage(call: call)) }
        let root = packageRoot(containing: file)
        let resolved: (theme: Theme, component: Component)
        do {
            resolved = try resolveSwiftPaths(theme: theme, component: component, packageRoot: root, fonts: try locateFonts())
        } catch {
            return SnapshotFailure("\(call): \(error)")
        }
        var spec = Spec(name: name ?? identity.goldenFolder(file: file), file: call, folder: root, theme: resolved.theme,
                        component: resolved.component, environment: environment, variants: variants)
        if name == nil {
            // The second and later distinct unnamed snapshots of one test case get a number.
            let key = identity.id + "|" + file + "|" + (snapshotDirectory ?? strategy.defaultDirectory)
            let number = SnapshotCounter.shared.number(of: spec, for: key, instance: counterInstance)
            if number > 1 { spec.name += ".\(number)" }
        }
        spec.variants = nil
        var failure = SnapshotRequest(cases: SnapshotCase.cases(for: spec, variants: variants, overlay: strategy.overlay),
                                      options: self, file: file, identity: identity, namedAfterTest: true, call: call).perform()
        // The renderer names what it could not use by its place in a spec file; this call has none.
        if let message = failure?.message {
            failure?.message = message.replacingOccurrences(of: call + ": $.theme.", with: call + ": Theme.")
                .replacingOccurrences(of: call + ": $.component.", with: call + ": the component's ")
        }
        return failure
    }
}

/// `<suite>/<test>`: the folder of a code-built component's goldens. The test's name loses its
/// parameter list (`testOfferCard()` → `testOfferCard`); a missing suite is the file's name.
func componentGoldenFolder(suite: String?, file: String, testName: String) -> String {
    let test = baseName(testName)
    let fileName = file.split(separator: "/").last.map(String.init) ?? file
    let owner = suite.flatMap { $0.isEmpty ? nil : $0 }
        ?? (fileName.hasSuffix(".swift") ? String(fileName.dropLast(6)) : fileName)
    return owner + "/" + test
}

/// One snapshot call, resolved: what to check, how, where, and which test asks.
struct SnapshotRequest {
    var cases: [SnapshotCase]
    var options: SnapshotOptions
    var file: String
    var identity: TestIdentity
    /// The goldens are named after the test (a component built in code), so no other test may use them.
    var namedAfterTest: Bool
    /// The Swift call, for messages about the call itself.
    var call: String

    func perform() -> SnapshotFailure? {
        let context: SnapshotContext
        do {
            context = try SnapshotContext(testFile: file, record: options.record ?? SnapshotTestingConfiguration.current?.record,
                                          snapshotDirectory: options.snapshotDirectory ?? options.strategy.defaultDirectory,
                                          artifactDirectory: options.artifactDirectory)
        } catch {
            return SnapshotFailure("\(call): \(error)")
        }
        let goldens = cases.map { options.strategy.goldenName($0.goldenName) }
        let conflicts = GoldenLedger.claim(goldens, test: identity.id, module: identity.module ?? "tests",
                                           snapshotsFolder: context.snapshots, exclusive: namedAfterTest)
        if let conflict = conflicts.first {
            return SnapshotFailure("\(context.snapshots)/\(conflict.golden): this golden is already \(conflict.otherTest)'s "
                + (conflict.sameRun ? "in this run" : "from an earlier run")
                + ", and \(identity.id) would use it too; two tests cannot share a golden (the same test class name in "
                + "two test modules?): give one of them named: \"…\", or rename it"
                + (conflict.sameRun ? "" : "; if \(conflict.otherTest) no longer exists, remove its lines from \(conflict.ledgerFile)"))
        }
        var verifier = SnapshotVerifier(snapshotsDirectory: context.snapshots, artifactsDirectory: context.artifacts,
                                        record: context.record, tolerance: options.tolerance, fontsFolder: context.fonts)
        // The run's review page (TestRunReview) shows the golden as it was and a recorded golden
        // beside the fresh image, as verify's does: copies in the artifacts folder.
        verifier.copiesImagesForReport = true
        let outcomes: [SnapshotOutcome]
        switch options.strategy.kind {
        case .image: outcomes = verifier.verify(cases)
        case .report: outcomes = verifier.verifyReports(cases)
        }
        guard var message = failureMessage(outcomes) else { return nil }
        if let page = TestRunReview.add(outcomes, of: cases, artifactsFolder: context.artifacts, snapshotsFolder: context.snapshots,
                                        record: context.record) {
            message += "\nReview this run's snapshots: \(page)"
        }
        return SnapshotFailure(message, files: SnapshotFailure.files(of: outcomes))
    }
}

/// A snapshot call's failure: the message, and the files a test framework can attach to it
/// (the golden, the fresh image and the three-panel difference image of the first few failures).
struct SnapshotFailure {
    var message: String
    var files: [(name: String, path: String)] = []

    init(_ message: String, files: [(name: String, path: String)] = []) {
        self.message = message
        self.files = files
    }

    /// Failures attached in full; a theme-wide change would otherwise attach hundreds of images.
    static let attachedFailures = 3

    /// "message-info_L-light-ltr@3x-actual.png": the golden's name made one file name, and the role.
    static func files(of outcomes: [SnapshotOutcome]) -> [(name: String, path: String)] {
        outcomes.filter { !$0.passed }.prefix(attachedFailures).flatMap { outcome -> [(name: String, path: String)] in
            let base = outcome.goldenName.replacingOccurrences(of: "/", with: "_")
            let stem = base.hasSuffix(".png") || base.hasSuffix(".json") ? String(base[..<base.lastIndex(of: ".")!]) : base
            let fileExtension = base.hasSuffix(".json") ? "json" : "png"
            let roles: [(String, String?)] = [("expected", outcome.status == .differs ? outcome.goldenPath : nil),
                                              ("actual", outcome.actualPath), ("difference", outcome.differencePath),
                                              ("recorded", outcome.status == .recorded ? outcome.goldenPath : nil)]
            return roles.compactMap { role, path in
                guard let path, FileManager.default.fileExists(atPath: path) else { return nil }
                return ("\(stem)-\(role).\(fileExtension)", path)
            }
        }
    }
}

/// One message for all failing outcomes, or nil when all passed. Failures that are one problem
/// (every variant refused for the same reason) are said once; a difference ends with how to accept it.
func failureMessage(_ outcomes: [SnapshotOutcome]) -> String? {
    let failures = outcomes.filter { !$0.passed }
    guard !failures.isEmpty else { return nil }
    let problems = failures.map { $0.message.hasPrefix($0.goldenName + ": ") ? String($0.message.dropFirst($0.goldenName.count + 2)) : $0.message }
    var message: String
    if failures.count > 1, failures.allSatisfy({ $0.status == .failed }), Set(problems).count == 1 {
        message = "\(failures.count) of \(outcomes.count) snapshots failed: \(problems[0])"
    } else {
        let messages = failures.map(\.message).joined(separator: "\n")
        message = failures.count == 1 ? messages : "\(failures.count) of \(outcomes.count) snapshots failed:\n" + messages
    }
    if failures.contains(where: { $0.status == .differs || $0.status == .missing }) {
        message += "\nIf the change is intended, record the fresh images over the goldens: GRONA_RECORD=failed swift test "
            + "(or record: .failed in the call); then look at them and run again."
    }
    return message
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

/// `$GRONA_FONTS`, else the `Fonts` folder beside the test binary or of the checkout this library
/// was compiled from (also right when GronaSnap is a dependency of another package): the command
/// line's lookup, with the checkout (`FontsFolder.locate`), and its words when there are none.
func locateFonts(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
    guard let found = FontsFolder.locate(environment: environment, checkout: true) else {
        throw RequestError("cannot find GronaSnap's Fonts folder; set GRONA_FONTS to its path")
    }
    return found
}

// MARK: - Paths in Swift code

/// A font or image a Swift call names that cannot be found, said once for the call.
struct SwiftPathError: Error, CustomStringConvertible {
    let description: String
}

/// The theme's fonts and the component's image as files. In Swift, as in spec files, a font may
/// be a bare name: it is looked up in the package's `Fonts/` folder, the package root, then
/// GronaSnap's fonts, with `.otf`, `.ttf` or `.ttc` added when the name has none
/// (`"AcmeSans-Regular"`, `"Inter-Regular.otf"`). Any other relative path is from the package
/// root, never from the working directory.
func resolveSwiftPaths(theme: Theme, component: Component, packageRoot root: String,
                       fonts: String) throws -> (theme: Theme, component: Component) {
    let fm = FileManager.default
    func isFile(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return fm.fileExists(atPath: path, isDirectory: &folder) && !folder.boolValue
    }
    func font(_ name: String?, _ label: String) throws -> String? {
        guard let name else { return nil }
        if name.hasPrefix("/") {
            if isFile(name) { return name }
            throw SwiftPathError(description: "Theme.\(label): no font file at \(name)")
        }
        if name.contains("/") {
            let path = root + "/" + name
            if isFile(path) { return path }
            throw SwiftPathError(description: "Theme.\(label): no font file \(quoted(name)) in the package root \(root)")
        }
        let names = AssetPaths.fontFileNames(name)
        let hasExtension = names.count == 1
        let folders = [root + "/Fonts", root, fonts]
        for folder in folders { for candidate in names where isFile(folder + "/" + candidate) { return folder + "/" + candidate } }
        throw SwiftPathError(description: "Theme.\(label): no font file \(quoted(name)); a bare name is looked up in "
            + folders.joined(separator: ", ") + (hasExtension ? "" : ", with .otf, .ttf or .ttc added")
            + "; a path with a folder is relative to the package root")
    }
    func image(_ path: String?) throws -> String? {
        guard let path else { return nil }
        let resolved = path.hasPrefix("/") ? path : root + "/" + path
        if isFile(resolved) { return resolved }
        throw SwiftPathError(description: "the component's image: no file \(quoted(path))"
            + (path.hasPrefix("/") ? "" : " in the package root \(root) (relative paths are from there)"))
    }
    var theme = theme
    theme.regularFont = try font(theme.regularFont, "regularFont")
    theme.boldFont = try font(theme.boldFont, "boldFont")
    var component = component
    switch component {
    case .banner(var banner):
        banner.image = try image(banner.image)
        component = .banner(banner)
    case .offer(var offer):
        offer.image = try image(offer.image)
        component = .offer(offer)
    default:
        break
    }
    return (theme, component)
}
