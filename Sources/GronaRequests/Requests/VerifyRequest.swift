import Foundation
import Grona
import GronaSnapshots

/// Every spec's variants in a fixtures folder against their goldens: `grona-snap verify`. The
/// options every front end gives it are read here once (the record mode and shard from their
/// options or from CI's variables, the asset roots checked as folders); the run itself is
/// `FolderVerification`'s.
package struct VerifyRequest {
    package var verification: FolderVerification

    /// `record` and `shard` are the options' words when given; otherwise CI's variables are read
    /// (`GRONA_RECORD`, `TEST_TOTAL_SHARDS`, …) from `environment`.
    package init(fixtures: String, snapshots: String, record: String?, shard: String?, assetRoots: String?,
                reportFolder: String?, junitPath: String?, environment: [String: String]) throws {
        verification = FolderVerification(fixturesFolder: fixtures, snapshotsFolder: snapshots,
                                          reportFolder: reportFolder, fontsFolder: try Specs.fontsFolder())
        // An error names where the mode came from: the option, or the variable (which says its own name).
        if let record {
            do { verification.record = try SnapshotRecordMode(parsing: record) } catch { throw RequestError("--record: \(error)") }
        } else {
            do { verification.record = try SnapshotRecordMode.fromEnvironment(environment) } catch { throw RequestError("\(error)") }
        }
        do { verification.shard = try shard.map { try Shard(parsing: $0) } ?? Shard.fromEnvironment(environment) } catch {
            throw RequestError("\(error)")
        }
        verification.assetRoots = try AssetRoots.parse(assetRoots)
        verification.junitPath = junitPath
    }

    package func run() throws -> FolderVerification.Result { try verification.run() }
}
