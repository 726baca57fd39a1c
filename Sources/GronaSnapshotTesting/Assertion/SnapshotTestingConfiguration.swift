// Scoped configuration, as swift-snapshot-testing's `withSnapshotTesting(record:)`: the record mode
// for every snapshot call inside a closure, or, as a Swift Testing trait, inside a test or suite:
//
//     withSnapshotTesting(record: .failed) { assertSnapshot(of: spec) }
//     @Suite(.snapshots(record: .failed)) struct CampaignSnapshots { … }
//
// A call's own `record:` wins, then the innermost scope, then GRONA_RECORD, then `missing`. The
// value is a task-local, so it follows `await`s and child tasks and never leaks into another test.
import Grona
#if canImport(Testing)
import Testing
#endif

public struct SnapshotTestingConfiguration: Sendable {
    public var record: SnapshotRecordMode?

    public init(record: SnapshotRecordMode? = nil) { self.record = record }

    @TaskLocal public static var current: SnapshotTestingConfiguration?
}

/// Runs `operation` with every snapshot call in it recording as `record` says.
public func withSnapshotTesting<R>(record: SnapshotRecordMode? = nil, operation: () throws -> R) rethrows -> R {
    try SnapshotTestingConfiguration.$current.withValue(merged(record: record), operation: operation)
}

/// The same around asynchronous work.
public func withSnapshotTesting<R>(record: SnapshotRecordMode? = nil, isolation: isolated (any Actor)? = #isolation,
                                   operation: () async throws -> R) async rethrows -> R {
    try await SnapshotTestingConfiguration.$current.withValue(merged(record: record), operation: operation)
}

/// The enclosing scope's configuration with what this scope sets.
private func merged(record: SnapshotRecordMode?) -> SnapshotTestingConfiguration {
    var configuration = SnapshotTestingConfiguration.current ?? SnapshotTestingConfiguration()
    if let record { configuration.record = record }
    return configuration
}

#if canImport(Testing)
/// `.snapshots(record:)`: `withSnapshotTesting` for a Swift Testing test or suite.
public struct SnapshotTestingTrait: TestTrait, SuiteTrait, TestScoping {
    public var record: SnapshotRecordMode?
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        try await SnapshotTestingConfiguration.$current.withValue(merged(record: record)) { try await function() }
    }
}

extension Trait where Self == SnapshotTestingTrait {
    /// Snapshot calls in this test (or every test of this suite) record as `record` says.
    public static func snapshots(record: SnapshotRecordMode? = nil) -> Self { SnapshotTestingTrait(record: record) }
}
#endif
