// The forms older than `assertSnapshot(of:as:)`: the options as parameters (`variants:`,
// `tolerance:`, `snapshotDirectory:` …, `theme:component:`, `ofSpecAt:`), and
// `assertAccessibilitySnapshot`. Each still compiles and does what it did, with the same golden
// names and messages, by forwarding to the one check with its options put into the strategy; each
// is deprecated, naming the call to write instead. `@_disfavoredOverload`: a call that both a form
// here and the generic function take (`assertSnapshot(of: spec, as: .report, record: .never)`) is
// the generic function's, so new code never meets a deprecation warning.
//
// The XCTestCase methods of the same names are gone: a member hides the free function of its
// name, and the free functions now know the running test case from the observer (TestIdentity.swift).
import Foundation
import Grona

/// The default folder of accessibility goldens, relative to the package root.
public let accessibilitySnapshotDirectory = "Snapshots/Accessibility"

/// Checks every variant of `spec` against its golden; the options are the strategy's now.
@available(*, deprecated, message: "use assertSnapshot(of: spec, as: .image(variants:tolerance:snapshotDirectory:artifactDirectory:))")
@_disfavoredOverload
public func assertSnapshot(of spec: Spec, as strategy: Snapshotting<Spec> = .image, variants: Variants? = nil,
                           record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                           function: String = #function, line: UInt = #line, column: UInt = #column) {
    report(strategy.overriding(variants: variants, tolerance: tolerance, snapshotDirectory: snapshotDirectory,
                               artifactDirectory: artifactDirectory)
        .check({ spec }, named: nil, record: record, file: filePath, testName: function, call: "verifySnapshot(of:)"),
           fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Checks every variant of the spec file at `path`; now a ``SpecFile`` value.
@available(*, deprecated, message: "use assertSnapshot(of: SpecFile(path), as: .image(variants:tolerance:snapshotDirectory:artifactDirectory:))")
@_disfavoredOverload
public func assertSnapshot(ofSpecAt path: String, as strategy: Snapshotting<SpecFile> = .image, variants: Variants? = nil,
                           record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                           function: String = #function, line: UInt = #line, column: UInt = #column) {
    report(strategy.overriding(variants: variants, tolerance: tolerance, snapshotDirectory: snapshotDirectory,
                               artifactDirectory: artifactDirectory)
        .check({ SpecFile(path) }, named: nil, record: record, file: filePath, testName: function, call: "verifySnapshot(of:)"),
           fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Checks a component built in code, drawn with `theme` in `environment`; now the strategy's options.
@available(*, deprecated, message: "use assertSnapshot(of: component, as: .image(theme:environment:variants:tolerance:snapshotDirectory:artifactDirectory:), named:)")
@_disfavoredOverload
public func assertSnapshot(of component: Component, as strategy: Snapshotting<Component> = .image, theme: Theme = Theme(),
                           environment: Environment = .default, named name: String? = nil, variants: Variants? = nil,
                           record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                           testName: String = #function, line: UInt = #line, column: UInt = #column) {
    report(strategy.drawing(theme: theme, environment: environment)
        .overriding(variants: variants, tolerance: tolerance, snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory)
        .check({ component }, named: name, record: record, file: filePath, testName: testName, call: "assertSnapshot(of:as:)"),
           fileID: fileID, filePath: filePath, line: line, column: column)
}

/// As the form above, in the argument order of earlier versions.
@available(*, deprecated, message: "use assertSnapshot(of: component, as: .image(theme:environment:variants:tolerance:snapshotDirectory:artifactDirectory:), named:)")
@_disfavoredOverload
public func assertSnapshot(theme: Theme = Theme(), component: Component, environment: Environment = .default,
                           named name: String? = nil, as strategy: Snapshotting<Component> = .image, variants: Variants? = nil,
                           record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                           testName: String = #function, line: UInt = #line, column: UInt = #column) {
    report(strategy.drawing(theme: theme, environment: environment)
        .overriding(variants: variants, tolerance: tolerance, snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory)
        .check({ component }, named: name, record: record, file: filePath, testName: testName,
               call: "assertSnapshot(theme:component:)"),
           fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Verifies every variant of `spec` (with `overlay`, the accessibility picture in the plain goldens' folder).
@available(*, deprecated, message: "use verifySnapshot(of: spec, as: .image(variants:tolerance:snapshotDirectory:artifactDirectory:))")
@_disfavoredOverload
public func verifySnapshot(of spec: Spec, as strategy: Snapshotting<Spec> = .image, variants: Variants? = nil,
                           overlay: Overlay? = nil, record: SnapshotRecordMode? = nil,
                           tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           file: StaticString = #filePath, function: String = #function) -> String? {
    strategy.overriding(variants: variants, tolerance: tolerance, snapshotDirectory: snapshotDirectory,
                        artifactDirectory: artifactDirectory, overlay: overlay)
        .check({ spec }, named: nil, record: record, file: file, testName: function, call: "verifySnapshot(of:)").failure?.message
}

/// Verifies every variant of the spec file at `path`; now a ``SpecFile`` value.
@available(*, deprecated, message: "use verifySnapshot(of: SpecFile(path), as: .image(variants:tolerance:snapshotDirectory:artifactDirectory:))")
@_disfavoredOverload
public func verifySnapshot(ofSpecAt path: String, as strategy: Snapshotting<SpecFile> = .image, variants: Variants? = nil,
                           overlay: Overlay? = nil, record: SnapshotRecordMode? = nil,
                           tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           file: StaticString = #filePath, function: String = #function) -> String? {
    strategy.overriding(variants: variants, tolerance: tolerance, snapshotDirectory: snapshotDirectory,
                        artifactDirectory: artifactDirectory, overlay: overlay)
        .check({ SpecFile(path) }, named: nil, record: record, file: file, testName: function, call: "verifySnapshot(of:)")
        .failure?.message
}

/// Verifies a component built in code; `suite` names the golden folder's suite outside a test.
@available(*, deprecated, message: "use verifySnapshot(of: component, as: .image(theme:environment:variants:tolerance:snapshotDirectory:artifactDirectory:), named:)")
@_disfavoredOverload
public func verifySnapshot(theme: Theme = Theme(), component: Component, environment: Environment = .default,
                           named name: String? = nil, as strategy: Snapshotting<Component> = .image, variants: Variants? = nil,
                           overlay: Overlay? = nil, record: SnapshotRecordMode? = nil,
                           tolerance: ComparisonTolerance = .default,
                           snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                           file: StaticString = #filePath, testName: String = #function,
                           suite: String? = nil) -> String? {
    strategy.drawing(theme: theme, environment: environment)
        .overriding(variants: variants, tolerance: tolerance, snapshotDirectory: snapshotDirectory,
                    artifactDirectory: artifactDirectory, overlay: overlay)
        .check({ component }, named: name, record: record, file: file, testName: testName,
               call: "verifySnapshot(theme:component:)", suite: suite).failure?.message
}

// `assertAccessibilitySnapshot`: `assertSnapshot(…, as: .accessibility)` under its older name. The
// spec forms take no `function:`, so the test they name when no test framework says is this
// function itself, as it always was.

/// The accessibility picture of every variant of `spec`.
@available(*, deprecated, message: "use assertSnapshot(of: spec, as: .accessibility(variants:tolerance:snapshotDirectory:artifactDirectory:))")
public func assertAccessibilitySnapshot(of spec: Spec, variants: Variants? = nil, record: SnapshotRecordMode? = nil,
                                        tolerance: ComparisonTolerance = .default,
                                        snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                                        fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                                        line: UInt = #line, column: UInt = #column) {
    report(Snapshotting<Spec>.accessibility(variants: variants, tolerance: tolerance, snapshotDirectory: snapshotDirectory,
                                            artifactDirectory: artifactDirectory)
        .check({ spec }, named: nil, record: record, file: filePath, testName: #function, call: "verifySnapshot(of:)"),
           fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The accessibility picture of every variant of the spec file at `path`.
@available(*, deprecated, message: "use assertSnapshot(of: SpecFile(path), as: .accessibility(variants:tolerance:snapshotDirectory:artifactDirectory:))")
public func assertAccessibilitySnapshot(ofSpecAt path: String, variants: Variants? = nil, record: SnapshotRecordMode? = nil,
                                        tolerance: ComparisonTolerance = .default,
                                        snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                                        fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                                        line: UInt = #line, column: UInt = #column) {
    report(Snapshotting<SpecFile>.accessibility(variants: variants, tolerance: tolerance, snapshotDirectory: snapshotDirectory,
                                                artifactDirectory: artifactDirectory)
        .check({ SpecFile(path) }, named: nil, record: record, file: filePath, testName: #function, call: "verifySnapshot(of:)"),
           fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The accessibility picture of a component built in code.
@available(*, deprecated, message: "use assertSnapshot(of: component, as: .accessibility(theme:environment:variants:tolerance:snapshotDirectory:artifactDirectory:), named:)")
public func assertAccessibilitySnapshot(theme: Theme = Theme(), component: Component, environment: Environment = .default,
                                        named name: String? = nil, variants: Variants? = nil,
                                        record: SnapshotRecordMode? = nil, tolerance: ComparisonTolerance = .default,
                                        snapshotDirectory: String? = nil, artifactDirectory: String? = nil,
                                        fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                                        testName: String = #function, line: UInt = #line, column: UInt = #column) {
    report(Snapshotting<Component>.accessibility(theme: theme, environment: environment, variants: variants, tolerance: tolerance,
                                                 snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory)
        .check({ component }, named: name, record: record, file: filePath, testName: testName, call: "verifySnapshot(of:)"),
           fileID: fileID, filePath: filePath, line: line, column: column)
}

extension Snapshotting where Value == Component {
    /// This strategy drawing with `theme` in `environment` (the older forms' parameters), its
    /// format and options kept.
    func drawing(theme: Theme, environment: Environment) -> Snapshotting {
        Snapshotting.image(theme: theme, environment: environment, variants: variants, tolerance: tolerance,
                           snapshotDirectory: snapshotDirectory, artifactDirectory: artifactDirectory).inFormat(format)
    }
}
