import Foundation
import Grona
import Testing
@testable import GronaSnapshotTesting
@testable import GronaSnapshots

/// `assertSnapshot` under Swift Testing records an Issue at the call's source location.
@Suite struct SwiftTestingReporting {
    @Test func failureIsRecordedAsAnIssueAtTheCall() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spec = try fixture("message-info")
        let variants = Variants(textSizes: [.large], appearances: [.light], directions: [.ltr])
        let line = #line + 2
        withKnownIssue {
            assertSnapshot(of: spec, as: .image(variants: variants, snapshotDirectory: folder, artifactDirectory: folder), record: .never)
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
                && issue.comments.contains { $0.rawValue.contains("message-info/L-light-ltr@3x.png: no golden at") }
        }
    }

    @Test func matchingSnapshotRecordsNoIssue() throws {
        assertSnapshot(of: try fixture("message-info"),
                       as: .image(variants: Variants(textSizes: [.large], appearances: [.light], directions: [.ltr])), record: .never)
    }
}

/// `assertSnapshot(of:as: .accessibility)` under Swift Testing, against the picture goldens.
@Suite struct AccessibilitySwiftTesting {
    @Test func matchingPictureRecordsNoIssue() throws {
        assertSnapshot(of: try fixture("message-gift"),
                       as: .accessibility(variants: Variants(textSizes: [.large], appearances: [.light], directions: [.rtl], scales: [2])),
                       record: .never)
    }

    @Test func missingPictureIsAnIssueAtTheCall() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spec = try fixture("message-gift")
        let line = #line + 2
        withKnownIssue {
            assertSnapshot(of: spec, as: .accessibility(variants: Variants(textSizes: [.large], appearances: [.light], directions: [.ltr]),
                                                        snapshotDirectory: folder, artifactDirectory: folder), record: .never)
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.contains { $0.rawValue.contains("message-gift/L-light-ltr@3x.png: no golden at") }
        }
    }
}
