import Foundation
import Grona
import XCTest
@testable import GronaSnapshotTesting

/// A golden that would show boxes (characters no pinned font can draw) is never recorded: the
/// recording fails with the spec, the text's role and the characters, and no golden is written.
final class MissingCharacterTests: XCTestCase {
    private var failures: [String] = []
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing { failures.append(description) } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    /// A box (U+0378, unassigned), and a private-use character that Inter draws but an iPhone's fonts
    /// draw their own way (U+E000): neither is recorded.
    let cases: [(title: String, says: String)] = [
        ("Order on your \u{0378} Watch", "characters no pinned font can draw, drawn as boxes: U+0378"),
        ("Order on your \u{E000} Watch", "private-use characters, which an iPhone's fonts draw their own way: U+E000"),
    ]

    func testRecordingAGoldenWithBoxesFails() throws {
        for (title, says) in cases {
            let component = Component.message(Message(icon: .gift, title: title, body: "Delivered today"))
            let folder = try temporaryFolder()
            for record in [SnapshotRecordMode.missing, .all] {
                capturing = true
                assertSnapshot(of: component, as: .image(snapshotDirectory: folder + "/Snapshots", artifactDirectory: folder + "/Artifacts"),
                               named: "watch", record: record)
                capturing = false
                XCTAssertEqual(failures.count, 1, "\(record)")
                let message = failures.removeFirst()
                XCTAssertTrue(message.contains("watch/L-light-ltr@3x.png: not recorded: assertSnapshot(of:as:): the title text has " + says),
                              message)
                XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/Snapshots/watch/L-light-ltr@3x.png"))
            }
        }
    }

    func testCopyEveryPinnedFontDrawsRecordsAsBefore() throws {
        let folder = try temporaryFolder()
        let drawable = Component.message(Message(icon: .gift, title: "週末限定セール", body: "ใกล้ได้รับการจัดส่งฟรีแล้ว"))
        let message = try XCTUnwrap(verifySnapshot(of: drawable, as: .image(snapshotDirectory: folder), named: "drawable"))
        XCTAssertTrue(message.contains("recorded the golden at"), message)
        XCTAssertNil(verifySnapshot(of: drawable, as: .image(snapshotDirectory: folder), named: "drawable"))
    }
}
