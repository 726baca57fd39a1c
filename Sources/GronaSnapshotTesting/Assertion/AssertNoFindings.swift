// `assertNoFindings`: the findings `grona-snap check` gathers (copy cut at its line limit, colours
// replaced for contrast, faint buttons, small touch targets, characters no font draws), as a test
// assertion. The work is `CheckRequest`'s, the sentences `FindingGroup`'s, so a test and the
// command line say the same words about the same spec; this file only reports them.
import Foundation
import Grona
import GronaRequests

/// Fails the running test when any variant of `spec` (its own variants, or `variants`) has a finding
/// whose kind is not in `ignored`, listing them as `grona-snap check` does, one line per problem.
public func assertNoFindings(of spec: Spec, ignoring ignored: Set<Finding.Kind> = [], variants: Variants? = nil,
                             fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                             line: UInt = #line, column: UInt = #column) {
    report(findingsFailure(spec, ignoring: ignored, variants: variants), fileID: fileID, filePath: filePath, line: line, column: column)
}

/// As `assertNoFindings(of:)`, for the spec file at `path` (relative paths from the package root).
public func assertNoFindings(ofSpecAt path: String, ignoring ignored: Set<Finding.Kind> = [], variants: Variants? = nil,
                             fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                             line: UInt = #line, column: UInt = #column) {
    let failure: SnapshotFailure?
    do {
        let spec = try SpecDecoder(fontsFolder: try locateFonts())
            .decode(fileAt: resolve(path, against: packageRoot(containing: "\(filePath)")))
        failure = findingsFailure(spec, ignoring: ignored, variants: variants)
    } catch {
        failure = SnapshotFailure("\(error)")
    }
    report(failure, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// As `assertNoFindings(of:)`, for a component built in code, drawn with `theme` in `environment`
/// (and each of `variants`); fonts and images are found as `assertSnapshot` finds them.
public func assertNoFindings(of component: Component, theme: Theme = Theme(), environment: Environment = .default,
                             ignoring ignored: Set<Finding.Kind> = [], variants: Variants? = nil,
                             fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                             line: UInt = #line, column: UInt = #column) {
    let call = "assertNoFindings(of:)"
    let root = packageRoot(containing: "\(filePath)")
    let failure: SnapshotFailure?
    do {
        let resolved = try resolveSwiftPaths(theme: theme, component: component, packageRoot: root, fonts: try locateFonts())
        failure = findingsFailure(Spec(name: call, file: call, folder: root, theme: resolved.theme, component: resolved.component,
                                       environment: environment, variants: nil), ignoring: ignored, variants: variants)
    } catch {
        failure = SnapshotFailure("\(call): \(error)")
    }
    report(failure, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The spec's findings in every variant, as `check` words them, or nil when there are none.
func findingsFailure(_ spec: Spec, ignoring ignored: Set<Finding.Kind>, variants: Variants?) -> SnapshotFailure? {
    var spec = spec
    if let variants { spec.variants = variants }
    let request = CheckRequest(specs: [spec], ignored: ignored)
    let result: CheckRequest.Result
    // The fonts are found as every snapshot call finds them (`locateFonts`: also the checkout this
    // library was built from, which an app package's test binary is nowhere near).
    do { result = try request.run(jobs: ParallelRenderer.defaultJobs, fontsFolder: try locateFonts()) } catch {
        return SnapshotFailure("\(spec.file): \(error)")
    }
    guard result.total > 0 else { return nil }
    let checked = result.checked(spec: 0)
    let environments = checked.map(\.environment)
    let lines = FindingGroup.groups(checked).map { "  " + $0.sentence(among: environments) }
    return SnapshotFailure("\(spec.file): \(result.total) finding\(result.total == 1 ? "" : "s") in \(checked.count) "
        + "variant\(checked.count == 1 ? "" : "s") (grona-snap check words them alike; ignoring: [.kind] leaves a kind out):\n"
        + lines.joined(separator: "\n"))
}
