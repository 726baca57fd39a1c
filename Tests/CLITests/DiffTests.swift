import Foundation
import PNG
import Raster
import XCTest
import TestSupport

/// `grona-snap diff`: 0 when the images match, 1 when they differ, 2 when a file is unusable.
final class DiffTests: XCTestCase {
    func write(_ pixmap: Pixmap, _ path: String) throws {
        try Data(try encodePNG(pixmap)).write(to: URL(fileURLWithPath: path))
    }

    func solid(_ r: UInt8, width: Int = 8, height: Int = 6) -> Pixmap {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i] = r }
        return Pixmap(width: width, height: height, premultipliedPixels: pixels)!
    }

    func testExitStatuses() throws {
        let root = try temporaryFolder()
        try write(solid(10), root + "/a.png")
        try write(solid(10), root + "/same.png")
        try write(solid(200), root + "/b.png")
        try write(solid(10, width: 9), root + "/wide.png")
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: root + "/junk.png"))

        let same = try snap("diff", root + "/a.png", root + "/same.png", "-o", root + "/d0.png")
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertEqual(same.stdout, "images are identical\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/d0.png"))

        let differ = try snap("diff", root + "/a.png", root + "/b.png", "-o", root + "/d1.png")
        XCTAssertEqual(differ.status, 1)
        XCTAssertTrue(differ.stdout.hasPrefix("48 pixels differ (100.00%)"), differ.stdout)
        // The three-panel image: expected | difference | actual with 4 px gutters.
        let panels = try image(root + "/d1.png")
        XCTAssertEqual(panels.width, 8 + 4 + 8 + 4 + 8)
        XCTAssertEqual(panels.height, 6)

        // A generous tolerance turns the same pair into a match.
        let tolerated = try snap("diff", root + "/a.png", root + "/b.png", "--max-fraction", "1")
        XCTAssertEqual(tolerated.status, 0, tolerated.stdout)
        XCTAssertTrue(tolerated.stdout.hasPrefix("images match within tolerance"), tolerated.stdout)

        let sizes = try snap("diff", root + "/a.png", root + "/wide.png")
        XCTAssertEqual(sizes.status, 1)
        XCTAssertEqual(sizes.stdout, "sizes differ: expected 8 × 6, actual 9 × 6; the shared 8 × 6 area is the same\n")

        let corrupt = try snap("diff", root + "/a.png", root + "/junk.png")
        XCTAssertEqual(corrupt.status, 2)
        XCTAssertTrue(corrupt.stderr.hasPrefix("error: \(root)/junk.png: "), corrupt.stderr)

        let missing = try snap("diff", root + "/missing.png", root + "/a.png")
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "error: \(root)/missing.png: cannot read the file\n")
    }
}
