// `assertSnapshot`: `verifySnapshot` reported to the test framework that is running. Under Swift
// Testing (`Test.current` is set) the failure is an `Issue` at the call's source location; under
// XCTest it is an `XCTFail` at the call's file and line. One function serves both, so a test file
// needs no import but this module's.
//
// Strategies are values (Snapshotting.swift): `assertSnapshot(of: spec, as: .image)`,
// `assertSnapshot(of: banner, as: .report, theme: acmeTheme)`, `.accessibility`. The older forms
// (`assertSnapshot(theme:component:)`, `ofSpecAt:`) are the same calls and keep working.
import Foundation
import Grona
import XCTest
#if canImport(Testing)
import Testing
#endif

/// Checks every variant of `spec` against its golden and fails the running test with
/// `verifySnapshot`'s message if any does not match (or was recorded). See `verifySnapshot(of:)`.
public func assertSnapshot(of spec: Spec, as strategy: Snapshotting = .image, variants: Variants? = nil,
                           record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                           function: String = #function, line: UInt = #line, column: UInt = #column) {
    report(SnapshotOptions(strategy, variants, record, tolerance, snapshotDirectory, artifactDirectory)
        .check(.spec(spec), file: "\(filePath)", identity: .current(file: "\(filePath)", function: function)),
           fileID: fileID, filePath: filePath, line: line, column: column)
}

/// As `assertSnapshot(of:)`, for the spec file at `path` (relative paths from the package root).
public func assertSnapshot(ofSpecAt path: String, as strategy: Snapshotting = .image, variants: Variants? = nil,
                           record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                           function: String = #function, line: UInt = #line, column: UInt = #column) {
    report(SnapshotOptions(strategy, variants, record, tolerance, snapshotDirectory, artifactDirectory)
        .check(.specFile(path), file: "\(filePath)", identity: .current(file: "\(filePath)", function: function)),
           fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Checks a component built in code, drawn with `theme` in `environment` (and each of `variants`);
/// goldens under `name`, by default the running test's `<suite>/<test>` (see
/// `verifySnapshot(theme:component:…)`).
public func assertSnapshot(of component: Component, as strategy: Snapshotting = .image, theme: Theme = Theme(),
                           environment: Environment = .default, named name: String? = nil, variants: Variants? = nil,
                           record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                           testName: String = #function, line: UInt = #line, column: UInt = #column) {
    report(SnapshotOptions(strategy, variants, record, tolerance, snapshotDirectory, artifactDirectory)
        .check(.component(component, theme: theme, environment: environment, name: name, call: "assertSnapshot(of:as:)"),
                file: "\(filePath)", identity: .current(file: "\(filePath)", function: testName)),
           fileID: fileID, filePath: filePath, line: line, column: column)
}

/// As `assertSnapshot(of: component, …)`, in the argument order of earlier versions.
public func assertSnapshot(theme: Theme = Theme(), component: Component, environment: Environment = .default,
                           named name: String? = nil, as strategy: Snapshotting = .image, variants: Variants? = nil,
                           record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                           testName: String = #function, line: UInt = #line, column: UInt = #column) {
    report(SnapshotOptions(strategy, variants, record, tolerance, snapshotDirectory, artifactDirectory)
        .check(.component(component, theme: theme, environment: environment, name: name, call: "assertSnapshot(theme:component:)"),
                file: "\(filePath)", identity: .current(file: "\(filePath)", function: testName)),
           fileID: fileID, filePath: filePath, line: line, column: column)
}

// In an XCTestCase, unqualified calls find these methods before the free functions (a member hides
// a global function of the same name), so a test written as in Swift Testing gets its class in the
// golden path without saying so, and the running test (`self`), not a helper's `#function`, names
// it. The spec forms are here only because the member hides them too; they are the free functions.
extension XCTestCase {
    /// The test class's name without its module: `CampaignTests`, `Outer.Inner`.
    var snapshotSuiteName: String {
        String(reflecting: type(of: self)).split(separator: ".").dropFirst().joined(separator: ".")
    }

    func snapshotIdentity(file: StaticString, function: String) -> TestIdentity {
        .current(testCase: self, file: "\(file)", function: function)
    }

    /// A component built in code, checked for this test case: named after it, numbered afresh in it.
    func checkComponent(_ component: Component, theme: Theme, environment: Environment, name: String?, call: String,
                        _ options: SnapshotOptions, file: StaticString, testName: String) -> SnapshotFailure? {
        options.check(.component(component, theme: theme, environment: environment, name: name, call: call),
                       file: "\(file)", identity: snapshotIdentity(file: file, function: testName), counterInstance: self)
    }

    /// `assertSnapshot(theme:component:…)` with goldens under `<test class>/<test name>`.
    public func assertSnapshot(theme: Theme = Theme(), component: Component, environment: Environment = .default,
                               named name: String? = nil, as strategy: Snapshotting = .image, variants: Variants? = nil,
                               record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                               snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                               fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                               testName: String = #function, line: UInt = #line, column: UInt = #column) {
        report(checkComponent(component, theme: theme, environment: environment, name: name, call: "assertSnapshot(theme:component:)",
                              SnapshotOptions(strategy, variants, record, tolerance, snapshotDirectory, artifactDirectory),
                              file: filePath, testName: testName), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// `assertSnapshot(of: component, …)` with goldens under `<test class>/<test name>`.
    public func assertSnapshot(of component: Component, as strategy: Snapshotting = .image, theme: Theme = Theme(),
                               environment: Environment = .default, named name: String? = nil, variants: Variants? = nil,
                               record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                               snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                               fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                               testName: String = #function, line: UInt = #line, column: UInt = #column) {
        report(checkComponent(component, theme: theme, environment: environment, name: name, call: "assertSnapshot(of:as:)",
                              SnapshotOptions(strategy, variants, record, tolerance, snapshotDirectory, artifactDirectory),
                              file: filePath, testName: testName), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// `verifySnapshot(theme:component:…)` with goldens under `<test class>/<test name>`.
    public func verifySnapshot(theme: Theme = Theme(), component: Component, environment: Environment = .default,
                               named name: String? = nil, as strategy: Snapshotting = .image, variants: Variants? = nil,
                               record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                               snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                               file: StaticString = #filePath, testName: String = #function) -> String? {
        checkComponent(component, theme: theme, environment: environment, name: name, call: "verifySnapshot(theme:component:)",
                       SnapshotOptions(strategy, variants, record, tolerance, snapshotDirectory, artifactDirectory),
                       file: file, testName: testName)?.message
    }

    public func assertSnapshot(of spec: Spec, as strategy: Snapshotting = .image, variants: Variants? = nil,
                               record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                               snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                               fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                               function: String = #function, line: UInt = #line, column: UInt = #column) {
        GronaSnapshotTesting.assertSnapshot(of: spec, as: strategy, variants: variants, record: record, tolerance: tolerance,
                                            snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory,
                                            fileID: fileID, file: filePath, function: function, line: line, column: column)
    }

    public func assertSnapshot(ofSpecAt path: String, as strategy: Snapshotting = .image, variants: Variants? = nil,
                               record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                               snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                               fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                               function: String = #function, line: UInt = #line, column: UInt = #column) {
        GronaSnapshotTesting.assertSnapshot(ofSpecAt: path, as: strategy, variants: variants, record: record,
                                            tolerance: tolerance, snapshotDirectory: snapshotDirectory,
                                            artifactDirectory: artifactDirectory, fileID: fileID, file: filePath,
                                            function: function, line: line, column: column)
    }

    public func verifySnapshot(of spec: Spec, as strategy: Snapshotting = .image, variants: Variants? = nil,
                               record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                               snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                               file: StaticString = #filePath, function: String = #function) -> String? {
        GronaSnapshotTesting.verifySnapshot(of: spec, as: strategy, variants: variants, record: record, tolerance: tolerance,
                                            snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory,
                                            file: file, function: function)
    }

    public func verifySnapshot(ofSpecAt path: String, as strategy: Snapshotting = .image, variants: Variants? = nil,
                               record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                               snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                               file: StaticString = #filePath, function: String = #function) -> String? {
        GronaSnapshotTesting.verifySnapshot(ofSpecAt: path, as: strategy, variants: variants, record: record,
                                            tolerance: tolerance, snapshotDirectory: snapshotDirectory,
                                            artifactDirectory: artifactDirectory, file: file, function: function)
    }
}

/// Hands a failure to Swift Testing or XCTest, whichever runs the current test, with its images
/// (the golden, the fresh image, the difference image) attached where the framework takes
/// attachments: Swift Testing's `Attachment` (saved with `swift test --attachments-path DIR`), and
/// `XCTAttachment` on Apple platforms (Linux's XCTest has none; the message names the files).
func report(_ failure: SnapshotFailure?, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    guard let failure else { return }
    #if canImport(Testing)
    if Test.current != nil {
        let location = SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
        Issue.record(Comment(rawValue: failure.message), sourceLocation: location)
        for file in failure.files {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            Attachment.record([UInt8](data), named: file.name, sourceLocation: location)
        }
        return
    }
    #endif
    XCTFail(failure.message, file: filePath, line: line)
    #if canImport(Darwin)
    // XCTest's activities belong to the main thread (an XCTestCase's methods run there); a call
    // from another thread keeps the message alone.
    let files = failure.files
    guard !files.isEmpty, Thread.isMainThread else { return }
    MainActor.assumeIsolated {
        XCTContext.runActivity(named: "Snapshot images") { activity in
            for file in files {
                let attachment = XCTAttachment(contentsOfFile: URL(fileURLWithPath: file.path))
                attachment.name = file.name
                attachment.lifetime = .keepAlways
                activity.add(attachment)
            }
        }
    }
    #endif
}
