import Foundation
import Grona
import GronaRequests
import Locking
import XCTest

/// The lanes a request's pictures are split over: every index once, results in index order, an
/// index on the same lane (and so the same text engine) in every pass, the lowest failure thrown.
final class RenderLanesTests: XCTestCase {
    func testResultsComeInIndexOrderWhateverTheLanes() throws {
        for count in [1, 2, 3, 8] {
            let lanes = RenderLanes(count: count)
            XCTAssertEqual(try lanes.map(13) { index, _ in index * index }, (0..<13).map { $0 * $0 }, "\(count) lanes")
            XCTAssertEqual(try lanes.map(0) { index, _ in index }, [])
        }
    }

    func testAnIndexMeetsTheSameSessionInEveryPass() throws {
        let lanes = RenderLanes(count: 3)
        XCTAssertEqual(lanes.lanes(for: 13), 3)
        XCTAssertEqual(lanes.lanes(for: 2), 2)
        func sessions() throws -> [ObjectIdentifier] {
            try lanes.map(13) { _, session in ObjectIdentifier(session) }
        }
        let first = try sessions()
        XCTAssertEqual(try sessions(), first)
        // Three lanes, three sessions, each index on lane index % 3.
        XCTAssertEqual(Set(first).count, 3)
        for index in first.indices { XCTAssertEqual(first[index], first[index % 3]) }
        // Lane 0 is the calling thread's own session.
        XCTAssertEqual(first[0], ObjectIdentifier(try RenderSession.current()))
    }

    func testTheLanesRunAtTheSameTime() throws {
        let lanes = RenderLanes(count: 2)
        let running = Atomic<Int>(0), most = Atomic<Int>(0)
        _ = try lanes.map(4) { _, _ in
            let now = running.add(1, ordering: .sequentiallyConsistent).newValue
            most.max(now, ordering: .sequentiallyConsistent)
            Thread.sleep(forTimeInterval: 0.05)
            running.subtract(1, ordering: .sequentiallyConsistent)
        }
        XCTAssertEqual(most.load(ordering: .sequentiallyConsistent), 2)
    }

    func testTheFailureWithTheLowestIndexIsThrown() throws {
        struct Refused: Error, Equatable { var index: Int }
        let lanes = RenderLanes(count: 2)
        let ran = Mutex<Set<Int>>([])
        XCTAssertThrowsError(try lanes.map(10) { index, _ in
            ran.withLock { _ = $0.insert(index) }
            if index == 3 || index == 6 { throw Refused(index: index) }
            return index
        }) { XCTAssertEqual($0 as? Refused, Refused(index: 3)) }
        // Lane 1 (the odd indices) stopped at 3; lane 0 ran on to its own failure at 6.
        XCTAssertEqual(ran.withLock { $0 }, [0, 1, 2, 3, 4, 6])
    }

    func testDrawingOnLanesHoldsEachLanesPictureAtOnce() {
        let lanes = RenderLanes(count: 2)
        let costs = [100, 300, 200, 50].map { RenderCost(heldPixels: $0, drawnPixels: $0, characters: 1) }
        // Lane 0 holds 100 then 200, lane 1 300 then 50: at most 200 + 300 at once.
        XCTAssertEqual(lanes.cost(of: costs), RenderCost(heldPixels: 500, drawnPixels: 650, characters: 4))
        XCTAssertEqual(RenderLanes(count: 1).cost(of: costs), RenderCost(heldPixels: 300, drawnPixels: 650, characters: 4))
    }
}
