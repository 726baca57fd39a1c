import Foundation
import Grona

/// When a check writes its golden instead of only comparing with it. Writing a golden always fails
/// the check, with a message saying so and where: a recording never passes silently.
public enum SnapshotRecordMode: String, CaseIterable, Sendable {
    /// Record goldens that do not exist yet; compare the others. The default.
    case missing
    /// Record every golden, whatever is there.
    case all
    /// Compare; record over goldens that differ (or are missing or unreadable).
    case failed
    /// Never write a golden; a missing one fails.
    case never

    /// The environment variable that sets the mode for a whole run: `GRONA_RECORD=all swift test`.
    public static let environmentVariable = "GRONA_RECORD"

    /// Parses a mode name as the command line and `GRONA_RECORD` give it.
    package init(parsing text: String) throws {
        guard let mode = SnapshotRecordMode(rawValue: text) else {
            let names = SnapshotRecordMode.allCases.map(\.rawValue)
            let hint = closestName(to: text, among: names).map { " (did you mean \(quoted($0))?)" } ?? ""
            throw RecordModeError(description: "\(quoted(text)) is not a record mode\(hint); expected one of: "
                + names.joined(separator: ", "))
        }
        self = mode
    }

    /// The mode `GRONA_RECORD` asks for, `.missing` when it is unset or empty. An unknown value is an
    /// error rather than a silent default, so a typo cannot turn recording off (or on).
    package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> SnapshotRecordMode {
        guard let text = environment[environmentVariable], !text.isEmpty else { return .missing }
        do { return try SnapshotRecordMode(parsing: text) } catch let error as RecordModeError {
            throw RecordModeError(description: "\(environmentVariable): \(error.description)")
        }
    }
}

package struct RecordModeError: Error, Equatable, CustomStringConvertible, Sendable {
    package let description: String
}

/// The environment variable naming the folder failure artifacts go to.
package let snapshotArtifactsVariable = "GRONA_ARTIFACTS"
