import Foundation
@testable import GronaRequests
import Locking
import XCTest

/// The rest of an edit's tiles waits for its tiles on screen (`PreviewOrder`): until they are drawn
/// (also when the rest comes first), never for another edit's, never longer than `longestWait`, and
/// not once the client is gone.
final class PreviewOrderTests: XCTestCase {
    /// Runs `first(edit)` on another thread until `release` is signalled; returns once it is drawing.
    func drawing(_ order: PreviewOrder, _ edit: Int, until release: DispatchSemaphore) -> DispatchGroup {
        let started = DispatchSemaphore(value: 0), done = DispatchGroup()
        done.enter()
        Thread.detachNewThread {
            order.first(edit) {
                started.signal()
                release.wait()
            }
            done.leave()
        }
        started.wait()
        return done
    }

    /// What a waiting thread's `waitForFirst` returned, once it has.
    final class Answer: Sendable {
        let value = Mutex<Bool?>(nil)
    }

    /// Waits for `edit`'s first preview on another thread; the group is left once it returns.
    func waiting(_ order: PreviewOrder, _ edit: Int, into result: Answer) -> DispatchGroup {
        let filled = DispatchGroup()
        filled.enter()
        Thread.detachNewThread {
            let drawn = order.waitForFirst(of: edit)
            result.value.withLock { $0 = drawn }
            filled.leave()
        }
        return filled
    }

    func testTheRestWaitsForItsOwnEditsTilesOnScreen() {
        let order = PreviewOrder(longestWait: 30)
        let release = DispatchSemaphore(value: 0)
        let first = drawing(order, 1, until: release)
        let waited = Answer()
        let filled = waiting(order, 1, into: waited)
        XCTAssertEqual(filled.wait(timeout: .now() + 0.2), .timedOut, "the rest started while the first was drawing")
        release.signal()
        XCTAssertEqual(filled.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(waited.value.withLock { $0 }, true)
        XCTAssertEqual(first.wait(timeout: .now() + 10), .success)
    }

    /// The two arrive together: a fill-in that comes before its first preview has started waits for it.
    func testTheRestThatComesFirstWaitsForTheFirstToArriveAndDraw() {
        let order = PreviewOrder(longestWait: 30)
        let waited = Answer()
        let filled = waiting(order, 5, into: waited)
        XCTAssertEqual(filled.wait(timeout: .now() + 0.2), .timedOut)
        order.first(5) {}
        XCTAssertEqual(filled.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(waited.value.withLock { $0 }, true)
    }

    func testTheWaitEndsAtTheLongestOrWhenTheClientIsGoneAndIsForOneEditOnly() {
        let order = PreviewOrder(longestWait: 0.1)
        let release = DispatchSemaphore(value: 0)
        let first = drawing(order, 7, until: release)
        let started = Date()
        XCTAssertFalse(order.waitForFirst(of: 7))
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.1)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        let patient = PreviewOrder(longestWait: 30)
        let second = drawing(patient, 7, until: release)
        let gone = Date()
        XCTAssertFalse(patient.waitForFirst(of: 7, gone: { Date().timeIntervalSince(gone) > 0.05 }))
        XCTAssertLessThan(Date().timeIntervalSince(gone), 5, "a client gone stops waiting")
        release.signal(); release.signal()
        XCTAssertEqual(first.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(second.wait(timeout: .now() + 10), .success)
        // Drawn: its own fill-in goes at once (once: the same text typed again is another edit), and
        // another edit's fill-in does not take its place.
        XCTAssertFalse(patient.waitForFirst(of: 8, gone: { true }))
        XCTAssertTrue(patient.waitForFirst(of: 7))
        XCTAssertFalse(patient.waitForFirst(of: 7, gone: { true }))
    }

    /// A first preview that throws (a refused spec) still lets the rest go.
    func testAFirstPreviewThatFailsLetsTheRestGo() {
        struct Refused: Error {}
        let order = PreviewOrder(longestWait: 30)
        XCTAssertThrowsError(try order.first(3) { throw Refused() })
        XCTAssertTrue(order.waitForFirst(of: 3))
    }
}
