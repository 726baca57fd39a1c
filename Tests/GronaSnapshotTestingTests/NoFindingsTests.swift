import Foundation
import Grona
import GronaSnapshotTesting
import Testing

/// `assertNoFindings` says what `grona-snap check` says, as a test failure; `ignoring:` leaves kinds out.
@Suite struct NoFindingsTests {
    @Test func aSpecWithCutCopyFailsWithChecksSentences() {
        withKnownIssue {
            assertNoFindings(ofSpecAt: "Fixtures/message-info.json")
        } matching: { issue in
            issue.comments.contains { comment in
                comment.rawValue.hasSuffix("message-info.json: 8 findings in 12 variants (grona-snap check words them alike; "
                    + "ignoring: [.kind] leaves a kind out):\n  title cut after 2 lines at AX5, shows \"Opening hours cha…\"\n"
                    + "  body cut after 4 lines at AX5, shows \"From next week our shops open at 7 am and…\"")
            }
        }
    }

    @Test func ignoredKindsAndCleanComponentsPass() {
        assertNoFindings(ofSpecAt: "Fixtures/message-info.json", ignoring: [.truncated])
        assertNoFindings(of: .banner(Banner(title: "Sale", button: "Shop now")), theme: Theme(regularFont: "Inter-Regular"),
                         variants: Variants(textSizes: [.large], appearances: [.light, .dark]))
    }

    @Test func aComponentsFindingsNameTheCall() {
        let long = Component.banner(Banner(title: String(repeating: "Double points on every order this week ", count: 6), button: "See"))
        withKnownIssue {
            assertNoFindings(of: long, variants: Variants(textSizes: [.large], appearances: [.light], directions: [.ltr]))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("assertNoFindings(of:): 1 finding in 1 variant") && $0.rawValue.contains("title cut after") }
        }
    }
}
