// `assertSnapshot`: `verifySnapshot` reported to the test framework that is running. Under Swift
// Testing (`Test.current` is set) the failure is an `Issue` at the call's source location; under
// XCTest it is an `XCTFail` at the call's file and line. One function serves both, so a test file
// needs no import but this module's.
import Grona
import XCTest
#if canImport(Testing)
import Testing
#endif

/// Checks every variant of `spec` against its golden and fails the running test with
/// `verifySnapshot`'s message if any does not match (or was recorded). See `verifySnapshot(of:)`.
public func assertSnapshot(of spec: Spec, variants: Variants? = nil, record: SnapshotRecordMode? = nil,
                           tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                           line: UInt = #line, column: UInt = #column) {
    let message = verifySnapshot(of: spec, variants: variants, record: record, tolerance: tolerance,
                                 snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory,
                                 file: filePath)
    report(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// As `assertSnapshot(of:)`, for the spec file at `path` (relative paths from the package root).
public func assertSnapshot(ofSpecAt path: String, variants: Variants? = nil, record: SnapshotRecordMode? = nil,
                           tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                           line: UInt = #line, column: UInt = #column) {
    let message = verifySnapshot(ofSpecAt: path, variants: variants, record: record, tolerance: tolerance,
                                 snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory,
                                 file: filePath)
    report(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// As `assertSnapshot(of:)`, for a component built in code; goldens under `name`, by default
/// `<suite>/<test name>` (see `verifySnapshot(theme:component:…)`). Under Swift Testing the suite is
/// the running test's suite type (`Outer.Inner`), or the file's name for a free `@Test` function;
/// in an XCTest case the `XCTestCase` method of the same name is called instead and passes its class.
public func assertSnapshot(theme: Theme = Theme(), component: Component, environment: Environment = .default,
                           named name: String? = nil, variants: Variants? = nil, record: SnapshotRecordMode? = nil,
                           tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                           testName: String = #function, line: UInt = #line, column: UInt = #column) {
    let message = verifySnapshot(theme: theme, component: component, environment: environment, named: name,
                                 variants: variants, record: record, tolerance: tolerance,
                                 snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory,
                                 file: filePath, testName: testName, suite: currentSwiftTestingSuite())
    report(message, fileID: fileID, filePath: filePath, line: line, column: column)
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
// golden path without saying so. The spec forms are here only because the member hides them too.
extension XCTestCase {
    /// The test class's name without its module: `CampaignTests`, `Outer.Inner`.
    var snapshotSuiteName: String {
        String(reflecting: type(of: self)).split(separator: ".").dropFirst().joined(separator: ".")
    }

    /// `assertSnapshot(theme:component:…)` with goldens under `<test class>/<test name>`.
    public func assertSnapshot(theme: Theme = Theme(), component: Component, environment: Environment = .default,
                               named name: String? = nil, variants: Variants? = nil, record: SnapshotRecordMode? = nil,
                               tolerance: ComparisonTolerance = .default,
                               snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                               fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                               testName: String = #function, line: UInt = #line, column: UInt = #column) {
        let message = verifySnapshot(theme: theme, component: component, environment: environment, named: name,
                                     variants: variants, record: record, tolerance: tolerance,
                                     snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory,
                                     file: filePath, testName: testName)
        report(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// `verifySnapshot(theme:component:…)` with goldens under `<test class>/<test name>`.
    public func verifySnapshot(theme: Theme = Theme(), component: Component, environment: Environment = .default,
                               named name: String? = nil, variants: Variants? = nil, record: SnapshotRecordMode? = nil,
                               tolerance: ComparisonTolerance = .default,
                               snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                               file: StaticString = #filePath, testName: String = #function) -> String? {
        GronaSnapshotTesting.verifySnapshot(theme: theme, component: component, environment: environment, named: name,
                                            variants: variants, record: record, tolerance: tolerance,
                                            snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory,
                                            file: file, testName: testName, suite: snapshotSuiteName)
    }

    public func assertSnapshot(of spec: Spec, variants: Variants? = nil, record: SnapshotRecordMode? = nil,
                               tolerance: ComparisonTolerance = .default,
                               snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                               fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                               line: UInt = #line, column: UInt = #column) {
        GronaSnapshotTesting.assertSnapshot(of: spec, variants: variants, record: record, tolerance: tolerance,
                                            snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory,
                                            fileID: fileID, file: filePath, line: line, column: column)
    }

    public func assertSnapshot(ofSpecAt path: String, variants: Variants? = nil, record: SnapshotRecordMode? = nil,
                               tolerance: ComparisonTolerance = .default,
                               snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                               fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                               line: UInt = #line, column: UInt = #column) {
        GronaSnapshotTesting.assertSnapshot(ofSpecAt: path, variants: variants, record: record, tolerance: tolerance,
                                            snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory,
                                            fileID: fileID, file: filePath, line: line, column: column)
    }

    public func verifySnapshot(of spec: Spec, variants: Variants? = nil, record: SnapshotRecordMode? = nil,
                               tolerance: ComparisonTolerance = .default,
                               snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                               file: StaticString = #filePath) -> String? {
        GronaSnapshotTesting.verifySnapshot(of: spec, variants: variants, record: record, tolerance: tolerance,
                                            snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory,
                                            file: file)
    }

    public func verifySnapshot(ofSpecAt path: String, variants: Variants? = nil, record: SnapshotRecordMode? = nil,
                               tolerance: ComparisonTolerance = .default,
                               snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                               file: StaticString = #filePath) -> String? {
        GronaSnapshotTesting.verifySnapshot(ofSpecAt: path, variants: variants, record: record, tolerance: tolerance,
                                            snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory,
                                            file: file)
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
