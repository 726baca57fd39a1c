import Foundation
import XCTest
@testable import GronaOutput

/// All or nothing without holding the files: staged beside their destinations, renamed on commit,
/// removed (with the folders staging made) on discard.
final class StagedFilesTests: XCTestCase {
    private func freshFolder(_ name: String = #function) throws -> String {
        let folder = NSTemporaryDirectory() + "grona-staged-\(getpid())-\(name.filter(\.isLetter))"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    private func entries(_ folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
    }

    func testCommitPutsEveryFileInPlaceAndLeavesNoStagedName() throws {
        let root = try freshFolder()
        let staging = StagedFiles()
        try staging.stage([1, 2, 3], at: root + "/out/a/one.png")
        try staging.stage([4], at: root + "/out/b/two.png")
        // Staged, hidden, nothing in place yet.
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out/a/one.png"))
        XCTAssertEqual(entries(root + "/out/a").count, 1)
        XCTAssertTrue(entries(root + "/out/a")[0].hasPrefix(".one.png.") && entries(root + "/out/a")[0].hasSuffix(".staged"))
        try staging.commit()
        XCTAssertEqual(entries(root + "/out"), ["a", "a/one.png", "b", "b/two.png"])
        XCTAssertEqual(FileManager.default.contents(atPath: root + "/out/a/one.png"), Data([1, 2, 3]))
    }

    func testDiscardRemovesTheFilesAndTheFoldersItMadeButNothingElse() throws {
        let root = try freshFolder()
        try Data("mine".utf8).write(to: URL(fileURLWithPath: root + "/kept.txt"))
        let staging = StagedFiles()
        try staging.stage([1], at: root + "/new/deeper/one.png")
        try staging.stage([2], at: root + "/two.png")
        staging.discard()
        XCTAssertEqual(entries(root), ["kept.txt"])
        // A discarded staging takes nothing more.
        XCTAssertThrowsError(try staging.stage([3], at: root + "/three.png"))
        XCTAssertEqual(entries(root), ["kept.txt"])
    }

    func testASymlinkKeepsPointingAtItsReplacedTarget() throws {
        let root = try freshFolder()
        try FileManager.default.createDirectory(atPath: root + "/real", withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: root + "/real/golden.png"))
        try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/out/golden.png", withDestinationPath: "../real/golden.png")
        let staging = StagedFiles()
        try staging.stage(Array("new".utf8), at: root + "/out/golden.png")
        try staging.commit()
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/out/golden.png"), "../real/golden.png")
        XCTAssertEqual(FileManager.default.contents(atPath: root + "/real/golden.png"), Data("new".utf8))
        XCTAssertEqual(entries(root + "/real"), ["golden.png"])
    }

    func testAFolderNamedAsAFileIsRefused() throws {
        let root = try freshFolder()
        try FileManager.default.createDirectory(atPath: root + "/out/one.png", withIntermediateDirectories: true)
        let staging = StagedFiles()
        XCTAssertThrowsError(try staging.stage([1], at: root + "/out/one.png")) { error in
            XCTAssertEqual("\(error)", "\(root)/out/one.png is a folder")
        }
        staging.discard()
        XCTAssertEqual(entries(root + "/out"), ["one.png"])
    }
}
