// The one check behind `verifySnapshot` and `assertSnapshot` (AssertSnapshot.swift) and their older
// forms (Deprecated.swift): render a spec's variants, check them against their goldens (the image,
// the accessibility picture or the render report, as the strategy says), and return a failure
// message or nil, with a notice when goldens without provenance were compared under the
// tolerance. Every call records in the golden ledger which goldens its test used
// (GoldenLedger.swift). It reports nothing itself.
//
// Where things are, unless a call says otherwise (the package root is the nearest folder above the
// calling test file that holds Package.swift):
//   goldens    <package root>/Snapshots/<spec name>/<textSize>-<appearance>-<direction>@<scale>x.png, or
//              <package root>/Snapshots/<spec name>/<locale>/… for a spec with localizations
//   artifacts  $GRONA_ARTIFACTS (relative paths from the package root), else <package root>/Artifacts
//   record     the call's `record`, else `withSnapshotTesting(record:)` or the `.snapshots(record:)`
//              trait, else $GRONA_RECORD, else `missing`
//   provenance a golden without it (re-saved by another tool) is compared under the tolerance, with
//              a notice; `withSnapshotTesting(requireProvenance: true)`, the trait, or
//              $GRONA_REQUIRE_PROVENANCE=1 fails it instead, as `verify --require-provenance` does
//   fonts      $GRONA_FONTS, else the Fonts folder of the GronaSnap checkout this library was built from
import Foundation
import Grona
import GronaRequests

// MARK: - The one check behind every public form

/// What a snapshot call checks: a spec, the spec file at a path, or a component built in code
/// (with the Swift call's name, which messages about the call's own arguments start with).
enum SnapshotSubject {
    /// A spec, its goldens named after it (`name`, when the call gives one, is already its name).
    case spec(Spec)
    /// A spec file, its goldens named as `verify` names them, or `name`.
    case specFile(String, name: String? = nil)
    case component(Component, theme: Theme, environment: Environment, name: String?, call: String)

    /// The subject with the call's `named:` (nil: the default name) and the Swift call's name.
    func named(_ name: String?, call: String) -> SnapshotSubject {
        switch self {
        case .spec(var spec):
            if let name { spec.name = name }
            return .spec(spec)
        case .specFile(let path, let own):
            return .specFile(path, name: name ?? own)
        case .component(let component, let theme, let environment, let own, _):
            return .component(component, theme: theme, environment: environment, name: name ?? own, call: call)
        }
    }
}

/// What one snapshot call found: the failure, if any, and a notice to show even when it passed
/// (goldens without provenance, compared under the tolerance).
struct SnapshotCheck {
    var failure: SnapshotFailure?
    var notice: String?

    init(failure: SnapshotFailure?, notice: String? = nil) {
        self.failure = failure
        self.notice = notice
    }
}

/// How a snapshot call checks: the strategy and the arguments every public form shares.
struct SnapshotOptions {
    var format: SnapshotFormat
    var variants: Variants?
    var record: SnapshotRecordMode?
    var tolerance: ComparisonTolerance
    var snapshotDirectory: String?
    var artifactDirectory: String?

    init(_ format: SnapshotFormat, _ variants: Variants?, _ record: SnapshotRecordMode?, _ tolerance: ComparisonTolerance,
         _ snapshotDirectory: String?, _ artifactDirectory: String?) {
        (self.format, self.variants, self.record, self.tolerance) = (format, variants, record, tolerance)
        (self.snapshotDirectory, self.artifactDirectory) = (snapshotDirectory, artifactDirectory)
    }

    /// Every `verifySnapshot`, `assertSnapshot` and `assertAccessibilitySnapshot`, whichever form it
    /// was called through: the message, or nil when all passed. `identity` is asked for only once
    /// the subject is ready to check (a spec file that cannot be decoded asks no test framework).
    /// `counterInstance`: the XCTest case whose unnamed snapshots are numbered afresh (its `self`).
    func verify(_ subject: SnapshotSubject, file: String, identity: @autoclosure () -> TestIdentity,
                counterInstance: AnyObject? = nil) -> String? {
        check(subject, file: file, identity: identity(), counterInstance: counterInstance).failure?.message
    }

    /// As `verify`, with the failure's images for the test framework to attach (`report`) and the notice.
    func check(_ subject: SnapshotSubject, file: String, identity: @autoclosure () -> TestIdentity,
               counterInstance: AnyObject? = nil) -> SnapshotCheck {
        switch subject {
        case .spec(let spec):
            return SnapshotRequest(cases: SnapshotCase.cases(for: spec, variants: variants, overlay: format.overlay),
                                   options: self, file: file, identity: identity(), namedAfterTest: false,
                                   call: "verifySnapshot(of:)").perform()
        case .specFile(let path, let name):
            var spec: Spec
            let root = packageRoot(containing: file)
            let specFile = resolve(path, against: root)
            do {
                spec = try SpecDecoder(fontsFolder: try locateFonts()).decode(fileAt: specFile)
            } catch {
                return SnapshotCheck(failure: SnapshotFailure("\(error)"))
            }
            if let name {
                spec.name = name
                return check(.spec(spec), file: file, identity: identity())
            }
            // Named as `grona-snap verify` names it, whichever folder that is pointed at; with a
            // snapshots folder outside the package, as `verify` over the path's first folder would.
            let firstFolder = path.hasPrefix("/") ? nil : path.split(separator: "/").dropLast().first { $0 != "." }
            spec.name = SpecGoldenName.of(specAt: specFile,
                                          snapshotsFolder: resolve(snapshotDirectory ?? format.defaultDirectory, against: root),
                                          searched: firstFolder.map { root + "/" + $0 })
            return check(.spec(spec), file: file, identity: identity())
        case .component(let component, let theme, let environment, let name, let call):
            return check(component, theme: theme, environment: environment, name: name, call: call, file: file,
                         identity: identity(), counterInstance: counterInstance)
        }
    }

    /// A component built in code: its paths resolved, its golden folder named after the test.
    private func check(_ component: Component, theme: Theme, environment: Environment, name: String?, call: String,
                       file: String, identity: TestIdentity, counterInstance: AnyObject?) -> SnapshotCheck {
        if name == nil && identity.unknownInTestProcess {
            return SnapshotCheck(failure: SnapshotFailure(identity.unknownTestMessage(call: call)))
        }
        let root = packageRoot(containing: file)
        let resolved: (theme: Theme, component: Component)
        do {
            resolved = try resolveSwiftPaths(theme: theme, component: component, packageRoot: root, fonts: try locateFonts())
        } catch {
            return SnapshotCheck(failure: SnapshotFailure("\(call): \(error)"))
        }
        var spec = Spec(name: name ?? identity.goldenFolder(file: file), file: call, folder: root, theme: resolved.theme,
                        component: resolved.component, environment: environment, variants: variants)
        if name == nil {
            // The second and later distinct unnamed snapshots of one test case get a number.
            let key = identity.id + "|" + file + "|" + (snapshotDirectory ?? format.defaultDirectory)
            // Whichever call checks it (`verifySnapshot`, `assertSnapshot`, an older form), one
            // component is one golden: the call's name, kept in the spec for messages, is left out.
            var drawn = spec
            drawn.file = ""
            let number = SnapshotCounter.shared.number(of: drawn, for: key, instance: counterInstance)
            if number > 1 { spec.name += ".\(number)" }
        }
        spec.variants = nil
        var result = SnapshotRequest(cases: SnapshotCase.cases(for: spec, variants: variants, overlay: format.overlay),
                                     options: self, file: file, identity: identity, namedAfterTest: true, call: call).perform()
        // The renderer names what it could not use by its place in a spec file; this call has none.
        if let message = result.failure?.message {
            result.failure?.message = message.replacingOccurrences(of: call + ": $.theme.", with: call + ": Theme.")
                .replacingOccurrences(of: call + ": $.component.", with: call + ": the component's ")
        }
        return result
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

    func perform() -> SnapshotCheck {
        let context: SnapshotContext
        let configuration = SnapshotTestingConfiguration.current
        do {
            context = try SnapshotContext(testFile: file, record: options.record ?? configuration?.record,
                                          snapshotDirectory: options.snapshotDirectory ?? options.format.defaultDirectory,
                                          artifactDirectory: options.artifactDirectory,
                                          requireProvenance: configuration?.requireProvenance)
        } catch {
            return SnapshotCheck(failure: SnapshotFailure("\(call): \(error)"))
        }
        let goldens = cases.map { options.format.goldenName($0.goldenName) }
        let conflicts = GoldenLedger.claim(goldens, test: identity.id, module: identity.module ?? "tests",
                                           snapshotsFolder: context.snapshots, exclusive: namedAfterTest)
        if let conflict = conflicts.first {
            return SnapshotCheck(failure: SnapshotFailure("\(context.snapshots)/\(conflict.golden): this golden is already \(conflict.otherTest)'s "
                + (conflict.sameRun ? "in this run" : "from an earlier run")
                + ", and \(identity.id) would use it too; two tests cannot share a golden (the same test class name in "
                + "two test modules?): give one of them named: \"…\", or rename it"
                + (conflict.sameRun ? "" : "; if \(conflict.otherTest) no longer exists, remove its lines from \(conflict.ledgerFile)")))
        }
        var verifier = SnapshotVerifier(snapshotsDirectory: context.snapshots, artifactsDirectory: context.artifacts,
                                        record: context.record, tolerance: options.tolerance, fontsFolder: context.fonts)
        // The run's review page (TestRunReview) shows the golden as it was and a recorded golden
        // beside the fresh image, as verify's does: copies in the artifacts folder.
        verifier.copiesImagesForReport = true
        verifier.requiresProvenance = context.requireProvenance
        verifier.provenanceWording = .swiftTests
        let outcomes: [SnapshotOutcome]
        switch options.format.kind {
        case .image: outcomes = verifier.verify(cases)
        case .report: outcomes = verifier.verifyReports(cases)
        }
        let notice = context.requireProvenance ? nil : provenanceNotice(outcomes)
        guard var message = failureMessage(outcomes) else { return SnapshotCheck(failure: nil, notice: notice) }
        if let page = TestRunReview.add(outcomes, of: cases, artifactsFolder: context.artifacts, snapshotsFolder: context.snapshots,
                                        record: context.record) {
            message += "\nReview this run's snapshots: \(page)"
        }
        return SnapshotCheck(failure: SnapshotFailure(message, files: SnapshotFailure.files(of: outcomes)), notice: notice)
    }

    /// `verify`'s notice for the goldens that carry no provenance, in the test library's words,
    /// naming them (the first few): they were compared under the tolerance.
    func provenanceNotice(_ outcomes: [SnapshotOutcome]) -> String? {
        let lacking = outcomes.filter(\.goldenLacksProvenance).map(\.goldenPath)
        guard let notice = provenanceNoticeText(lacking.count, wording: .swiftTests) else { return nil }
        return notice + ": " + lacking.prefix(3).joined(separator: ", ") + (lacking.count > 3 ? ", …" : "")
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
    /// Fail goldens without provenance rather than compare them under the tolerance.
    var requireProvenance: Bool

    init(testFile: String, record: SnapshotRecordMode?, snapshotDirectory: String?, artifactDirectory: String?,
         requireProvenance: Bool? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let root = packageRoot(containing: testFile)
        snapshots = resolve(snapshotDirectory ?? "Snapshots", against: root)
        let configured = environment[snapshotArtifactsVariable].flatMap { $0.isEmpty ? nil : $0 }
        artifacts = resolve(artifactDirectory ?? configured ?? "Artifacts", against: root)
        self.record = try record ?? SnapshotRecordMode.fromEnvironment(environment)
        self.requireProvenance = try requireProvenance ?? requiresProvenance(environment)
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
