import Foundation
@testable import GronaRequests
import Locking
import XCTest

/// The rest of an edit's tiles waits for its tiles on screen (`PreviewOrder`): until they are drawn,
/// never for another edit's, never longer than `longestWait`, and not once the client is gone.
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

    func testTheRestWaitsForItsOwnEditsTilesOnScreen() {
        let order = PreviewOrder(longestWait: 30)
        let release = DispatchSemaphore(value: 0)
        let first = drawing(order, 1, until: release)
        // Another edit's fill-in does not wait.
        XCTAssertFalse(order.waitForFirst(of: 2))
        // This edit's waits until the first has drawn.
        let waited = Mutex<Bool?>(nil)
        let filled = DispatchGroup()
        filled.enter()
        Thread.detachNewThread {
            let result = order.waitForFirst(of: 1)
            waited.withLock { $0 = result }
            filled.leave()
        }
        XCTAssertEqual(filled.wait(timeout: .now() + 0.2), .timedOut, "the rest started while the first was drawing")
        release.signal()
        XCTAssertEqual(filled.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(waited.withLock { $0 }, true)
        XCTAssertEqual(first.wait(timeout: .now() + 10), .success)
        // Once drawn, nothing is waited for.
        XCTAssertFalse(order.waitForFirst(of: 1))
    }

    func testTheWaitEndsWhenTheClientIsGoneOrAtTheLongest() {
        let release = DispatchSemaphore(value: 0)
        let order = PreviewOrder(longestWait: 0.1)
        let first = drawing(order, 7, until: release)
        let started = Date()
        XCTAssertTrue(order.waitForFirst(of: 7))
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.1)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        let patient = PreviewOrder(longestWait: 30)
        let second = drawing(patient, 7, until: release)
        let gone = Date()
        patient.waitForFirst(of: 7, gone: { Date().timeIntervalSince(gone) > 0.05 })
        XCTAssertLessThan(Date().timeIntervalSince(gone), 5, "a client gone stops waiting")
        release.signal(); release.signal()
        XCTAssertEqual(first.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(second.wait(timeout: .now() + 10), .success)
    }

    /// A first preview that throws still lets the rest go.
    func testAFirstPreviewThatFailsLetsTheRestGo() {
        struct Refused: Error {}
        let order = PreviewOrder(longestWait: 30)
        XCTAssertThrowsError(try order.first(3) { throw Refused() })
        XCTAssertFalse(order.waitForFirst(of: 3))
    }
}
