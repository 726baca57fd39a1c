// `assertAccessibilitySnapshot`: `assertSnapshot` of the accessibility picture (VoiceOver elements
// outlined and numbered, touch targets, and a legend of what VoiceOver says with each text's
// contrast; see Grona's AccessibilityOverlay.swift). The same verification and record modes; the
// goldens live apart from the plain snapshots, in Snapshots/Accessibility/<name>/<variant>.png, so a
// folder of specs verified with `grona-snap verify` never calls them unused.
import Grona

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
/// default the test's name.
public func assertAccessibilitySnapshot(theme: Theme = Theme(), component: Component, environment: Environment = .default,
                                        named name: String? = nil, variants: Variants? = nil,
                                        record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                                        snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                                        fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                                        testName: String = #function, line: UInt = #line, column: UInt = #column) {
    let message = verifySnapshot(theme: theme, component: component, environment: environment, named: name,
                                 variants: variants, overlay: .accessibility, record: record, tolerance: tolerance,
                                 snapshotDirectory: snapshotDirectory ?? accessibilitySnapshotDirectory,
                                 artifactDirectory: artifactDirectory, file: filePath, testName: testName)
    report(message, fileID: fileID, filePath: filePath, line: line, column: column)
}
