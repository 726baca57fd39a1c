// `assertAccessibilitySnapshot`: `assertSnapshot` of the accessibility picture (VoiceOver elements
// outlined and numbered, touch targets, and a legend of what VoiceOver says with each text's
// contrast; see Grona's AccessibilityOverlay.swift). The same verification and record modes; the
// goldens live apart from the plain snapshots, in Snapshots/Accessibility/<name>/<variant>.png, so a
// folder of specs verified with `grona-snap verify` never calls them unused.
import Grona
import XCTest

/// The default folder of accessibility goldens, relative to the package root.
public let accessibilitySnapshotDirectory = "Snapshots/Accessibility"

/// As `assertSnapshot(of:)`, for the accessibility picture of every variant of `spec`.
public func assertAccessibilitySnapshot(of spec: Spec, variants: Variants? = nil, record: SnapshotRecordMode? = nil,
                                        tolerance: ComparisonTolerance = .default,
                                        snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                                        fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                                        line: UInt = #line, column: UInt = #column) {
    let message = verifySnapshot(of: spec, variants: variants, overlay: .accessibility, record: record,
                                 tolerance: tolerance, snapshotDirectory: snapshotDirectory ?? accessibilitySnapshotDirectory,
                                 artifactDirectory: artifactDirectory, file: filePath)
    report(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// As `assertSnapshot(ofSpecAt:)`, for the accessibility picture.
public func assertAccessibilitySnapshot(ofSpecAt path: String, variants: Variants? = nil, record: SnapshotRecordMode? = nil,
                                        tolerance: ComparisonTolerance = .default,
                                        snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                                        fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                                        line: UInt = #line, column: UInt = #column) {
    let message = verifySnapshot(ofSpecAt: path, variants: variants, overlay: .accessibility, record: record,
                                 tolerance: tolerance, snapshotDirectory: snapshotDirectory ?? accessibilitySnapshotDirectory,
                                 artifactDirectory: artifactDirectory, file: filePath)
    report(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// As `assertSnapshot(theme:component:)`, for the accessibility picture; goldens under `name`, by
/// default `<suite>/<test name>` as for `assertSnapshot` (in an XCTest case the `XCTestCase` method
/// below passes its class as the suite).
public func assertAccessibilitySnapshot(theme: Theme = Theme(), component: Component, environment: Environment = .default,
                                        named name: String? = nil, variants: Variants? = nil,
                                        record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                                        snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                                        fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                                        testName: String = #function, line: UInt = #line, column: UInt = #column) {
    let message = verifySnapshot(theme: theme, component: component, environment: environment, named: name,
                                 variants: variants, overlay: .accessibility, record: record, tolerance: tolerance,
                                 snapshotDirectory: snapshotDirectory ?? accessibilitySnapshotDirectory,
                                 artifactDirectory: artifactDirectory, file: filePath, testName: testName,
                                 suite: currentSwiftTestingSuite())
    report(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

extension XCTestCase {
    /// `assertAccessibilitySnapshot(theme:component:…)` with goldens under `<test class>/<test name>`.
    public func assertAccessibilitySnapshot(theme: Theme = Theme(), component: Component,
                                            environment: Environment = .default, named name: String? = nil,
                                            variants: Variants? = nil, record: SnapshotRecordMode? = nil,
                                            tolerance: ComparisonTolerance = .default,
                                            snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                                            fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                                            testName: String = #function, line: UInt = #line, column: UInt = #column) {
        let message = GronaSnapshotTesting.verifySnapshot(
            theme: theme, component: component, environment: environment, named: name, variants: variants,
            overlay: .accessibility, record: record, tolerance: tolerance,
            snapshotDirectory: snapshotDirectory ?? accessibilitySnapshotDirectory, artifactDirectory: artifactDirectory,
            file: filePath, testName: testName, suite: snapshotSuiteName)
        report(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    // The member above hides the free functions of the same name, so the spec forms are here too.
    public func assertAccessibilitySnapshot(of spec: Spec, variants: Variants? = nil, record: SnapshotRecordMode? = nil,
                                            tolerance: ComparisonTolerance = .default,
                                            snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                                            fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                                            line: UInt = #line, column: UInt = #column) {
        GronaSnapshotTesting.assertAccessibilitySnapshot(
            of: spec, variants: variants, record: record, tolerance: tolerance, snapshotDirectory: snapshotDirectory,
            artifactDirectory: artifactDirectory, fileID: fileID, file: filePath, line: line, column: column)
    }

    public func assertAccessibilitySnapshot(ofSpecAt path: String, variants: Variants? = nil,
                                            record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                                            snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                                            fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                                            line: UInt = #line, column: UInt = #column) {
        GronaSnapshotTesting.assertAccessibilitySnapshot(
            ofSpecAt: path, variants: variants, record: record, tolerance: tolerance, snapshotDirectory: snapshotDirectory,
            artifactDirectory: artifactDirectory, fileID: fileID, file: filePath, line: line, column: column)
    }
}
