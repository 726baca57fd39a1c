// Scoped configuration, as swift-snapshot-testing's `withSnapshotTesting(record:)`: the record mode
// (and whether goldens without provenance fail) for every snapshot call inside a closure, or, as a
// Swift Testing trait, inside a test or suite:
//
//     withSnapshotTesting(record: .failed) { assertSnapshot(of: spec, as: .image) }
//     @Suite(.snapshots(record: .failed)) struct CampaignSnapshots { … }
//     @Suite(.snapshots(requireProvenance: true)) struct BrandSnapshots { … }
//
// A call's own `record:` wins, then the innermost scope, then GRONA_RECORD, then `missing`; the
// innermost scope's `requireProvenance`, then GRONA_REQUIRE_PROVENANCE, then false. The value is a
// task-local, so it follows `await`s and child tasks and never leaks into another test.
import Foundation
import Grona
import GronaRequests
#if canImport(Testing)
import Testing
#endif

/// What every snapshot call in a scope does unless the call says otherwise: set with
/// ``withSnapshotTesting(record:requireProvenance:operation:)`` or, in Swift Testing, the
/// `.snapshots(record:requireProvenance:)` trait.
public struct SnapshotTestingConfiguration: Sendable {
    /// The record mode of calls that give none; nil: `$GRONA_RECORD`, else `missing`.
    public var record: SnapshotRecordMode?
    /// Whether a golden without provenance (its `grVR` chunk dropped by a tool that re-saved it)
    /// fails, as `grona-snap verify --require-provenance` fails it, rather than being compared under
    /// the tolerance with a notice; nil: `$GRONA_REQUIRE_PROVENANCE` (`1` or `true`), else false.
    public var requireProvenance: Bool?

    /// A configuration; nil leaves a setting to the enclosing scope or the environment.
    public init(record: SnapshotRecordMode? = nil, requireProvenance: Bool? = nil) {
        self.record = record
        self.requireProvenance = requireProvenance
    }

    /// The innermost scope's configuration, nil outside any.
    @TaskLocal public static var current: SnapshotTestingConfiguration?
}

/// The environment variable that fails goldens without provenance in `assertSnapshot`, as
/// `grona-snap verify --require-provenance` does: `1`, `true` or `yes`; `0`, `false`, `no` or empty
/// leave them to the tolerance.
public let requireProvenanceVariable = "GRONA_REQUIRE_PROVENANCE"

/// `$GRONA_REQUIRE_PROVENANCE` as a switch; any other value is an error naming the variable.
func requiresProvenance(_ environment: [String: String]) throws -> Bool {
    switch environment[requireProvenanceVariable]?.lowercased() {
    case nil, "", "0", "false", "no": return false
    case "1", "true", "yes": return true
    case let other?:
        throw RequestError("\(requireProvenanceVariable): \(quoted(other)) is not a switch; expected 1 or 0 (true, false)")
    }
}

/// Runs `operation` with every snapshot call in it recording as `record` says, and failing goldens
/// without provenance when `requireProvenance` is true (nil: as the enclosing scope says).
public func withSnapshotTesting<R>(record: SnapshotRecordMode? = nil, requireProvenance: Bool? = nil,
                                   operation: () throws -> R) rethrows -> R {
    try SnapshotTestingConfiguration.$current.withValue(merged(record: record, requireProvenance: requireProvenance),
                                                        operation: operation)
}

/// The same around asynchronous work.
public func withSnapshotTesting<R>(record: SnapshotRecordMode? = nil, requireProvenance: Bool? = nil,
                                   isolation: isolated (any Actor)? = #isolation,
                                   operation: () async throws -> R) async rethrows -> R {
    try await SnapshotTestingConfiguration.$current.withValue(merged(record: record, requireProvenance: requireProvenance),
                                                              operation: operation)
}

/// The enclosing scope's configuration with what this scope sets.
private func merged(record: SnapshotRecordMode?, requireProvenance: Bool?) -> SnapshotTestingConfiguration {
    var configuration = SnapshotTestingConfiguration.current ?? SnapshotTestingConfiguration()
    if let record { configuration.record = record }
    if let requireProvenance { configuration.requireProvenance = requireProvenance }
    return configuration
}

#if canImport(Testing)
/// `.snapshots(record:requireProvenance:)`: ``withSnapshotTesting(record:requireProvenance:operation:)``
/// for a Swift Testing test or suite.
public struct SnapshotTestingTrait: TestTrait, SuiteTrait, TestScoping {
    /// The record mode of the calls in the test or suite.
    public var record: SnapshotRecordMode?
    /// Whether goldens without provenance fail in the test or suite.
    public var requireProvenance: Bool?
    /// A suite's trait applies to each of its tests.
    public var isRecursive: Bool { true }

    /// Runs the test inside the scope.
    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        try await SnapshotTestingConfiguration.$current.withValue(merged(record: record, requireProvenance: requireProvenance)) {
            try await function()
        }
    }
}

extension Trait where Self == SnapshotTestingTrait {
    /// Snapshot calls in this test (or every test of this suite) record as `record` says, and fail
    /// goldens without provenance when `requireProvenance` is true.
    public static func snapshots(record: SnapshotRecordMode? = nil, requireProvenance: Bool? = nil) -> Self {
        SnapshotTestingTrait(record: record, requireProvenance: requireProvenance)
    }
}
#endif
