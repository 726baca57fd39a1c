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
        // Every lane is a thread of the lanes' own, whichever thread asks: the caller's session is
        // not one of them, and another caller meets the same sessions.
        XCTAssertFalse(first.contains(ObjectIdentifier(try RenderSession.current())))
        let elsewhere = Mutex<[ObjectIdentifier]>([]), finished = DispatchSemaphore(value: 0)
        Thread {
            elsewhere.withLock { $0 = (try? lanes.map(13) { _, session in ObjectIdentifier(session) }) ?? [] }
            finished.signal()
        }.start()
        finished.wait()
        XCTAssertEqual(elsewhere.withLock { $0 }, first)
        // One lane is the calling thread itself.
        XCTAssertEqual(try RenderLanes(count: 1).map(3) { _, session in ObjectIdentifier(session) },
                       Array(repeating: ObjectIdentifier(try RenderSession.current()), count: 3))
    }

    /// Keyed by tile number, a tile meets the same session in a request that draws every tile and in
    /// one that draws a few, whatever its place in each: its paragraphs' layouts are still there.
    func testAKeyedIndexMeetsTheSessionOfItsKey() throws {
        let lanes = RenderLanes(count: 2)
        let all = try lanes.map(12, keys: Array(0..<12)) { _, session in ObjectIdentifier(session) }
        XCTAssertEqual(Set(all).count, 2)
        let rest = [4, 5, 7, 8, 9, 11]
        let some = try lanes.map(rest.count, keys: rest) { index, session in (index, ObjectIdentifier(session)) }
        XCTAssertEqual(some.map(\.0), Array(rest.indices), "results in index order")
        for (slot, tile) in rest.enumerated() { XCTAssertEqual(some[slot].1, all[tile], "tile \(tile)") }
        // The cost of drawing them counts each lane's pictures one after the other, as the keys place them.
        let costs = [100, 300, 200, 50, 10, 20].map { RenderCost(heldPixels: $0, drawnPixels: $0, characters: 1) }
        // Keys 4 and 8 → lane 0 holds 100 then 50; keys 5, 7, 9 and 11 → lane 1 holds at most 300.
        XCTAssertEqual(lanes.cost(of: costs, keys: [4, 5, 7, 8, 9, 11]), RenderCost(heldPixels: 400, drawnPixels: 680, characters: 6))
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
