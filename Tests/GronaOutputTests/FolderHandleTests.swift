import Foundation
import Synchronization
import XCTest
@testable import GronaOutput
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes relative to an open folder never follow a link out of it, even one swapped in while the
/// write is under way.
final class FolderHandleTests: XCTestCase {
    private func freshFolder(_ name: String = #function) throws -> String {
        let folder = NSTemporaryDirectory() + "grona-handle-\(getpid())-\(name.filter(\.isLetter))"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder + "/inside", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/outside", withIntermediateDirectories: true)
        return folder
    }

    func testCreateReplaceAndMoveNeverFollowALink() throws {
        let root = try freshFolder()
        let victim = root + "/outside/victim.json"
        try Data("victim".utf8).write(to: URL(fileURLWithPath: victim))
        let folder = try FolderHandle(path: root + "/inside")
        try FileManager.default.createSymbolicLink(atPath: root + "/inside/link.json", withDestinationPath: victim)
        XCTAssertEqual(folder.kind("link.json"), .link)
        XCTAssertThrowsError(try folder.create("link.json", [1])) { XCTAssertTrue(($0 as? FolderHandle.Failure)?.exists == true) }
        // Replacing a link replaces the link itself.
        try folder.replace("link.json", [1, 2])
        XCTAssertEqual(folder.kind("link.json"), .file(size: 2))
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "victim")
        // A folder that is a link is not entered; a name with a slash is not a name of the folder.
        try FileManager.default.createSymbolicLink(atPath: root + "/inside/out", withDestinationPath: root + "/outside")
        XCTAssertThrowsError(try folder.folder("out"))
        XCTAssertThrowsError(try folder.create("../outside/x.json", [1]))
        XCTAssertNil(folder.read("../outside/victim.json", upTo: 100))
        XCTAssertNil(folder.read("out", upTo: 100))
        let trash = try folder.folder(".trash", creating: true)
        try folder.move("link.json", to: trash, as: "entry.json")
        XCTAssertEqual(trash.names(), ["entry.json"])
        XCTAssertEqual(trash.read("entry.json", upTo: 10), [1, 2])
        try FileManager.default.createSymbolicLink(atPath: root + "/inside/taken.json", withDestinationPath: victim)
        XCTAssertThrowsError(try trash.move("entry.json", to: folder, as: "taken.json"), "never over an existing name")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root + "/outside"), ["victim.json"])
    }

    /// A thread swaps a link to a file outside in and out of the folder as fast as it can while
    /// writes to that name run: over 10,000 swaps, the file outside is never written.
    func testARacingLinkSwapNeverLeadsAWriteOutside() throws {
        let root = try freshFolder()
        let folder = try FolderHandle(path: root + "/inside")
        let race = try racingLinkSwap(root: root, swaps: 10_000) { writes in
            try? folder.replace("race.json", Array("write \(writes)".utf8))
            try? folder.create("race.json", Array("new \(writes)".utf8))
        }
        // 10,000 swaps in a few seconds on a quiet machine; a loaded one may reach fewer within the
        // 30 s the race is given, and a thousand still interleave every step of a write.
        XCTAssertGreaterThanOrEqual(race.swaps, 1_000)
        XCTAssertEqual(race.victim, "victim", "written through the link after \(race.swaps) swaps")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root + "/outside"), ["victim.json"])
        XCTAssertFalse(folder.names().contains { $0.hasSuffix(".tmp") }, "no temporary file left behind")
    }

    /// The race above does catch a writer that checks a path and then writes it: `AtomicFile`, which
    /// follows links on purpose (the command line's user named the path), writes through the link.
    /// A link that lives only between `rename` and `unlink` is so brief that a loaded machine once
    /// went 51,736 swaps without a write landing in it, so here each link (and each gap) is held for
    /// 200 µs: every write then has about even odds of meeting one, and the race ends at the first.
    func testTheRaceCatchesAWriterThatFollowsLinks() throws {
        let root = try freshFolder()
        let path = root + "/inside/race.json"
        let race = try racingLinkSwap(root: root, swaps: .max, holdingEachFor: 200, until: { (try? String(contentsOfFile: root + "/outside/victim.json", encoding: .utf8)) != "victim" }) { writes in
            try? AtomicFile.write(Array("write \(writes)".utf8), to: path)
        }
        XCTAssertNotEqual(race.victim, "victim", "AtomicFile never followed the link in \(race.swaps) swaps")
    }

    /// Swaps DIR/race.json between nothing and a link to outside/victim.json on a thread of its own
    /// while `write(n)` runs in a loop, until `swaps` swaps (or `until` holds, or 30 s); the swaps
    /// made and what outside/victim.json holds then. The link is renamed into place, so it also
    /// replaces a file the writer has just put there. `holdingEachFor` keeps each link, and each gap
    /// between links, for that many microseconds (0: swap as fast as the threads allow).
    private func racingLinkSwap(root: String, swaps wanted: Int, holdingEachFor hold: UInt32 = 0, until: () -> Bool = { false },
                                _ write: (Int) -> Void) throws -> (swaps: Int, victim: String) {
        let victim = root + "/outside/victim.json"
        try Data("victim".utf8).write(to: URL(fileURLWithPath: victim))
        let race = root + "/inside/race.json"
        let spareLink = root + "/inside/spare-link"
        let done = DispatchSemaphore(value: 0)
        final class Count: Sendable { let swaps = Atomic(0); let stop = Atomic(false) }
        let count = Count()
        Thread {
            while !count.stop.load(ordering: .relaxed) {
                if symlink(victim, spareLink) == 0, rename(spareLink, race) == 0 {
                    count.swaps.add(1, ordering: .relaxed)
                    if hold > 0 { usleep(hold) }
                }
                unlink(race)
                if hold > 0 { usleep(hold) }
            }
            done.signal()
        }.start()
        var writes = 0
        let deadline = Date(timeIntervalSinceNow: 30)
        while count.swaps.load(ordering: .relaxed) < wanted && Date() < deadline && !until() {
            write(writes)
            writes += 1
        }
        count.stop.store(true, ordering: .relaxed)
        done.wait()
        return (count.swaps.load(ordering: .relaxed), try String(contentsOfFile: victim, encoding: .utf8))
    }
}
