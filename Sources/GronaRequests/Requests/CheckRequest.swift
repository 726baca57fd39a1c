import Grona
import GronaSnapshots
import Text

/// Every variant of every spec, each with the findings its render reports (less the ignored kinds):
/// `grona-snap check` and `POST /api/check`, so both find the same things. The findings are the ones
/// `render --report` writes: this request only gathers them.
package struct CheckRequest {
    package let specs: [Spec]
    package let ignored: Set<Finding.Kind>
    /// Every variant to render, in order: which spec, in which environment; planned once, from the
    /// overrides and the command line's axes (`--text-sizes …`, replacing the specs' variants on
    /// those settings).
    package let jobs: [(spec: Int, environment: Environment)]

    package init(specs: [Spec], overrides: EnvironmentOverrides = EnvironmentOverrides(), axes: Variants = Variants(),
                ignored: Set<Finding.Kind> = []) {
        self.specs = specs; self.ignored = ignored
        jobs = specs.enumerated().flatMap { index, spec in
            spec.plannedEnvironments(overrides: overrides, axes: VariantPlan.axes(axes, for: spec)).map { (index, $0) }
        }
    }

    package struct Result {
        package let jobs: [(spec: Int, environment: Environment)]
        package let findings: [[Finding]]
        package var total: Int { findings.reduce(0) { $0 + $1.count } }

        /// One spec's variants with their findings, for grouping (`FindingGroup.groups`).
        package func checked(spec index: Int) -> [(environment: Environment, findings: [Finding])] {
            zip(jobs, findings).filter { $0.0.spec == index }.map { (environment: $0.0.environment, findings: $0.1) }
        }
    }

    /// Each variant's cost, each laid out by a fresh renderer (one app launch per variant, as the
    /// render will be), and those renderers, which keep their layout for `run(laidOut:)`. One
    /// variant is rendered after another: memory is the largest one's, time all of them.
    package func costed(in session: RenderSession) throws -> (cost: RenderCost, renderers: [ComponentRenderer]) {
        let jobs = self.jobs
        let renderers = jobs.map { ComponentRenderer(spec: specs[$0.spec], engine: session.engine) }
        let costs = try zip(renderers, jobs).map { try $0.cost($1.environment) }
        return (costs.reduce(RenderCost()) { $0.then($1) }, renderers)
    }

    /// Every variant rendered on the calling thread's session, by `laidOut[i]` when given (the
    /// renderers `costed(in:)` made, so nothing is laid out twice).
    package func run(in session: RenderSession, laidOut: [ComponentRenderer]? = nil,
                    stop: (@Sendable () -> Bool)? = nil) throws -> Result {
        let jobs = self.jobs
        let laidOut = laidOut?.count == jobs.count ? laidOut : nil
        return Result(jobs: jobs, findings: try jobs.indices.map { index in
            try RequestError.checkStop(stop)
            let renderer = laidOut?[index] ?? ComponentRenderer(spec: specs[jobs[index].spec], engine: session.engine)
            return try CheckRequest.findings(renderer, jobs[index].environment, ignoring: ignored)
        })
    }

    /// Every variant rendered on `jobCount` threads, each with a text engine of its own, on the
    /// pinned fonts in `fontsFolder` (by default the command line's lookup, `Specs.fontsFolder`;
    /// the test library passes its own, which also finds the checkout it was built from).
    package func run(jobs jobCount: Int, fontsFolder: String? = nil, progress: (@Sendable (Int) -> Void)? = nil) throws -> Result {
        let jobs = self.jobs, specs = self.specs, ignored = self.ignored
        let results = ParallelRenderer.map(count: jobs.count, jobs: jobCount, fontsFolder: try fontsFolder ?? Specs.fontsFolder(),
                                           progress: progress) { index, engine in
            try CheckRequest.findings(ComponentRenderer(spec: specs[jobs[index].spec], engine: engine), jobs[index].environment,
                                      ignoring: ignored)
        }
        return Result(jobs: jobs, findings: try results.map { try $0.get() })
    }

    /// Only the findings are kept from each render, so memory stays flat in the number of variants.
    private static func findings(_ renderer: ComponentRenderer, _ environment: Environment,
                                 ignoring ignored: Set<Finding.Kind>) throws -> [Finding] {
        try renderer.render(environment).report.findings.filter { !ignored.contains($0.kind) }
    }

    /// `check --junit FILE`, for CI's dashboards as `verify --junit` is: one `<testsuite>` per spec
    /// (`paths[i]` naming spec i), one `<testcase>` per variant named as its golden would be
    /// (`L-dark-rtl@3x.png`), with a `<failure>` listing its findings when it has any.
    package static func junit(_ result: Result, specs: [Spec], paths: [String], name: String) -> String {
        let failing = result.findings.filter { !$0.isEmpty }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(JUnitReport.escape(name))\" tests=\"\(result.jobs.count)\" failures=\"\(failing)\" errors=\"0\">\n"
        for (index, path) in paths.enumerated() {
            let cases = zip(result.jobs, result.findings).filter { $0.0.spec == index }
            xml += "  <testsuite name=\"\(JUnitReport.escape(path))\" tests=\"\(cases.count)\" "
                + "failures=\"\(cases.filter { !$0.1.isEmpty }.count)\" errors=\"0\" skipped=\"0\" file=\"\(JUnitReport.escape(path))\">\n"
            for (job, found) in cases {
                let golden = specs[index].goldenName(for: job.environment)
                let variant = golden.hasPrefix(specs[index].name + "/") ? String(golden.dropFirst(specs[index].name.count + 1)) : golden
                xml += "    <testcase classname=\"\(JUnitReport.escape(path))\" name=\"\(JUnitReport.escape(variant))\""
                guard let first = found.first else { xml += "/>\n"; continue }
                let text = found.map(\.message).joined(separator: "\n")
                xml += ">\n      <failure type=\"findings\" message=\"\(JUnitReport.escape("\(found.count) finding\(found.count == 1 ? "" : "s"): " + first.message))\">"
                    + "\(JUnitReport.escape(text))</failure>\n    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// `check --format json` and `/api/check`: an array of one object per finding per variant,
    /// `paths[i]` naming spec i.
    package static func json(_ result: Result, paths: [String]) -> String {
        let jobs = result.jobs
        let namesWidth = Dictionary(grouping: jobs.indices, by: { jobs[$0].spec }).mapValues { indices in
            Set(indices.map { jobs[$0].environment.width }).count > 1
        }
        var lines: [String] = []
        for (job, found) in zip(jobs, result.findings) {
            let variant = variantJSON(job.environment, includingWidth: namesWidth[job.spec] ?? false)
            for finding in found {
                lines.append("{\"spec\": \(JSONText.string(paths[job.spec])), \"variant\": \(variant), "
                    + finding.jsonFields() + "}")
            }
        }
        return lines.isEmpty ? "[]" : "[\n  " + lines.joined(separator: ",\n  ") + "\n]"
    }

    /// `{"textSize": "AX5", "appearance": "dark", "direction": "rtl", "scale": 3}`, with the width
    /// when the spec's variants vary it.
    package static func variantJSON(_ env: Environment, includingWidth: Bool) -> String {
        var fields = ["\"textSize\": \(JSONText.string(env.textSize.shortName))",
                      "\"appearance\": \(JSONText.string(env.appearance.rawValue))",
                      "\"direction\": \(JSONText.string(env.direction.rawValue))",
                      "\"scale\": \(env.scale)"]
        if let locale = env.locale { fields.append("\"locale\": \(JSONText.string(locale))") }
        if let pseudo = env.pseudo { fields.append("\"pseudo\": \(JSONText.string(pseudo.rawValue))") }
        if includingWidth { fields.append("\"width\": \(JSONText.number(env.width))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}
