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

/// As `assertSnapshot(of:)`, for a component built in code; goldens under `name`, by default the
/// test's name.
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
