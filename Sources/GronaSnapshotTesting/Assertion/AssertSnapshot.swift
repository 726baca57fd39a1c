// `assertSnapshot`: `verifySnapshot` reported to the test framework that is running. Under Swift
// Testing (`Test.current` is set) the failure is an `Issue` at the call's source location; under
// XCTest it is an `XCTFail` at the call's file and line. One function serves both, so a test file
// needs no import but this module's.
//
// Strategies are values (Snapshotting.swift): `assertSnapshot(of: spec, as: .image)`,
// `assertSnapshot(of: banner, as: .report, theme: acmeTheme)`, `.accessibility`. The older forms
// (`assertSnapshot(theme:component:)`, `ofSpecAt:`) are the same calls and keep working.
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
    let message = verifySnapshot(of: spec, as: strategy, variants: variants, record: record, tolerance: tolerance,
                                 snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory,
                                 file: filePath, function: function)
    report(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// As `assertSnapshot(of:)`, for the spec file at `path` (relative paths from the package root).
public func assertSnapshot(ofSpecAt path: String, as strategy: Snapshotting = .image, variants: Variants? = nil,
                           record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                           function: String = #function, line: UInt = #line, column: UInt = #column) {
    let message = verifySnapshot(ofSpecAt: path, as: strategy, variants: variants, record: record, tolerance: tolerance,
                                 snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory,
                                 file: filePath, function: function)
    report(message, fileID: fileID, filePath: filePath, line: line, column: column)
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
    assertSnapshot(of: component, call: "assertSnapshot(of:as:)", ComponentSnapshot(
        theme: theme, environment: environment, name: name, strategy: strategy, variants: variants, record: record,
        tolerance: tolerance, snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory),
        identity: .current(file: "\(filePath)", function: testName), fileID: fileID, filePath: filePath, line: line, column: column)
}

/// As `assertSnapshot(of: component, …)`, in the argument order of earlier versions.
public func assertSnapshot(theme: Theme = Theme(), component: Component, environment: Environment = .default,
                           named name: String? = nil, as strategy: Snapshotting = .image, variants: Variants? = nil,
                           record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                           testName: String = #function, line: UInt = #line, column: UInt = #column) {
    assertSnapshot(of: component, call: "assertSnapshot(theme:component:)", ComponentSnapshot(
        theme: theme, environment: environment, name: name, strategy: strategy, variants: variants, record: record,
        tolerance: tolerance, snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory),
        identity: .current(file: "\(filePath)", function: testName), fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The settings of a code-built snapshot call, handed on in one piece.
struct ComponentSnapshot {
    var theme: Theme
    var environment: Environment
    var name: String?
    var strategy: Snapshotting
    var variants: Variants?
    var record: SnapshotRecordMode?
    var tolerance: ComparisonTolerance
    var snapshotDirectory: String?
    var artifactDirectory: String?

    func verify(_ component: Component, file: String, identity: TestIdentity, call: String,
                counterInstance: AnyObject? = nil) -> String? {
        verifyComponent(theme: theme, component: component, environment: environment, named: name, as: strategy,
                        variants: variants, overlay: nil, record: record, tolerance: tolerance,
                        snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory, file: file,
                        identity: identity, call: call, counterInstance: counterInstance)
    }
}

/// Every code-built `assertSnapshot`: verify, then report to the running framework.
func assertSnapshot(of component: Component, call: String, _ settings: ComponentSnapshot, identity: TestIdentity,
                    counterInstance: AnyObject? = nil, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    report(settings.verify(component, file: "\(filePath)", identity: identity, call: call, counterInstance: counterInstance),
           fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The running Swift Testing test's suite, as its type's name (`Outer.Inner`); nil outside Swift
/// Testing and for a free `@Test` function.
func currentSwiftTestingSuite() -> String? {
    #if canImport(Testing)
    if let test = Test.current {
        let suite = test.id.nameComponents.dropLast()
        return suite.isEmpty ? nil : suite.joined(separator: ".")
    }
    #endif
    return nil
}

// In an XCTestCase, unqualified calls find these methods before the free functions (a member hides
// a global function of the same name), so a test written as in Swift Testing gets its class in the
// golden path without saying so, and the running test (`self`), not a helper's `#function`, names
// it. The spec forms are here only because the member hides them too.
extension XCTestCase {
    /// The test class's name without its module: `CampaignTests`, `Outer.Inner`.
    var snapshotSuiteName: String {
        String(reflecting: type(of: self)).split(separator: ".").dropFirst().joined(separator: ".")
    }

    func snapshotIdentity(file: StaticString, function: String) -> TestIdentity {
        .current(testCase: self, file: "\(file)", function: function)
    }

    /// `assertSnapshot(theme:component:…)` with goldens under `<test class>/<test name>`.
    public func assertSnapshot(theme: Theme = Theme(), component: Component, environment: Environment = .default,
                               named name: String? = nil, as strategy: Snapshotting = .image, variants: Variants? = nil,
                               record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                               snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                               fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                               testName: String = #function, line: UInt = #line, column: UInt = #column) {
        GronaSnapshotTesting.assertSnapshot(of: component, call: "assertSnapshot(theme:component:)", ComponentSnapshot(
            theme: theme, environment: environment, name: name, strategy: strategy, variants: variants, record: record,
            tolerance: tolerance, snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory),
            identity: snapshotIdentity(file: filePath, function: testName), counterInstance: self,
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// `assertSnapshot(of: component, …)` with goldens under `<test class>/<test name>`.
    public func assertSnapshot(of component: Component, as strategy: Snapshotting = .image, theme: Theme = Theme(),
                               environment: Environment = .default, named name: String? = nil, variants: Variants? = nil,
                               record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                               snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                               fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                               testName: String = #function, line: UInt = #line, column: UInt = #column) {
        GronaSnapshotTesting.assertSnapshot(of: component, call: "assertSnapshot(of:as:)", ComponentSnapshot(
            theme: theme, environment: environment, name: name, strategy: strategy, variants: variants, record: record,
            tolerance: tolerance, snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory),
            identity: snapshotIdentity(file: filePath, function: testName), counterInstance: self,
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// `verifySnapshot(theme:component:…)` with goldens under `<test class>/<test name>`.
    public func verifySnapshot(theme: Theme = Theme(), component: Component, environment: Environment = .default,
                               named name: String? = nil, as strategy: Snapshotting = .image, variants: Variants? = nil,
                               record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                               snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                               file: StaticString = #filePath, testName: String = #function) -> String? {
        ComponentSnapshot(theme: theme, environment: environment, name: name, strategy: strategy, variants: variants,
                          record: record, tolerance: tolerance, snapshotDirectory: snapshotDirectory,
                          artifactDirectory: artifactDirectory)
            .verify(component, file: "\(file)", identity: snapshotIdentity(file: file, function: testName),
                    call: "verifySnapshot(theme:component:)", counterInstance: self)
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

/// Hands a failure message to Swift Testing or XCTest, whichever runs the current test.
func report(_ message: String?, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    guard let message else { return }
    #if canImport(Testing)
    if Test.current != nil {
        Issue.record(Comment(rawValue: message),
                     sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)",
                                                    line: Int(line), column: Int(column)))
        return
    }
    #endif
    XCTFail(message, file: filePath, line: line)
}
