// `assertAccessibilitySnapshot`: `assertSnapshot` of the accessibility picture (VoiceOver elements
// outlined and numbered, touch targets, and a legend of what VoiceOver says with each text's
// contrast; see Grona's AccessibilityOverlay.swift). The same verification and record modes; the
// goldens live apart from the plain snapshots, in Snapshots/Accessibility/<name>/<variant>.png, so a
// folder of specs verified with `grona-snap verify` never calls them unused.
import Grona
import XCTest

/// The default folder of accessibility goldens, relative to the package root.
public let accessibilitySnapshotDirectory = "Snapshots/Accessibility"

// Each form is `assertSnapshot(…, as: .accessibility)`. The spec forms take no `function:`, so the
// test they name when no test framework says is this function itself, as it always was.

/// As `assertSnapshot(of:)`, for the accessibility picture of every variant of `spec`.
public func assertAccessibilitySnapshot(of spec: Spec, variants: Variants? = nil, record: SnapshotRecordMode? = nil,
                                        tolerance: ComparisonTolerance = .default,
                                        snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                                        fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                                        line: UInt = #line, column: UInt = #column) {
    assertSnapshot(of: spec, as: .accessibility, variants: variants, record: record, tolerance: tolerance,
                   snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory,
                   fileID: fileID, file: filePath, function: #function, line: line, column: column)
}

/// As `assertSnapshot(ofSpecAt:)`, for the accessibility picture.
public func assertAccessibilitySnapshot(ofSpecAt path: String, variants: Variants? = nil, record: SnapshotRecordMode? = nil,
                                        tolerance: ComparisonTolerance = .default,
                                        snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                                        fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                                        line: UInt = #line, column: UInt = #column) {
    assertSnapshot(ofSpecAt: path, as: .accessibility, variants: variants, record: record, tolerance: tolerance,
                   snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory,
                   fileID: fileID, file: filePath, function: #function, line: line, column: column)
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
    report(SnapshotOptions(.accessibility, variants, record, tolerance, snapshotDirectory, artifactDirectory)
        .check(.component(component, theme: theme, environment: environment, name: name, call: "verifySnapshot(of:)"),
                file: "\(filePath)", identity: .current(file: "\(filePath)", function: testName)),
           fileID: fileID, filePath: filePath, line: line, column: column)
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
        report(SnapshotOptions(.accessibility, variants, record, tolerance, snapshotDirectory, artifactDirectory)
            .check(.component(component, theme: theme, environment: environment, name: name, call: "verifySnapshot(of:)"),
                    file: "\(filePath)", identity: .current(file: "\(filePath)", function: testName, suite: snapshotSuiteName)),
               fileID: fileID, filePath: filePath, line: line, column: column)
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
