import Foundation
import PNG
import Raster
import XCTest
import TestSupport

// Where `-o` writes (AtomicFile): `-` is standard output, devices and FIFOs are written through and
// never replaced, a symlink's target is replaced and the link kept, and a folder is refused.
final class OutputTests: XCTestCase {
    let spec = fixtures + "/acme-banner.json"

    func fileType(_ path: String) -> mode_t {
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0, path)
        return info.st_mode & S_IFMT
    }

    func testDevNullSurvives() throws {
        // Run as root, renaming a temporary file over /dev/null would replace the device.
        let run = try snap("render", spec, "-o", "/dev/null", "--report", "/dev/null")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        XCTAssertEqual(fileType("/dev/null"), S_IFCHR)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: "/dev").filter { $0.hasPrefix(".null.") }
        XCTAssertEqual(leftovers, [])
    }

    func testFIFOIsWrittenThroughAndSurvives() throws {
        let folder = try temporaryFolder()
        let fifo = folder + "/pipe.png"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let received = ReceivedBytes()
        let done = DispatchSemaphore(value: 0)
        let reader = Thread {
            // Opening a FIFO for reading waits for the writer, as a consumer of the pipe would.
            if let handle = FileHandle(forReadingAtPath: fifo) { received.data = handle.readDataToEndOfFile() }
            done.signal()
        }
        reader.start()
        let run = try snap("render", spec, "-o", fifo)
        if done.wait(timeout: .now() + 10) == .timedOut {
            // grona-snap never opened the FIFO: release the reader so the test ends.
            let fd = open(fifo, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
            done.wait()
        }
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(fileType(fifo), S_IFIFO)
        let image = try decodePNG([UInt8](received.data)).pixmap
        XCTAssertEqual(image.width, 358 * 3)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["pipe.png"])
    }

    func testSymlinkKeepsPointingAtItsReplacedTarget() throws {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/real/shot.png"))
        // A relative link, resolved from the link's own folder, not the working directory.
        XCTAssertEqual(symlink("real/shot.png", folder + "/link.png"), 0)
        let run = try snap("render", spec, "-o", folder + "/link.png")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(fileType(folder + "/link.png"), S_IFLNK)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.png"), "real/shot.png")
        XCTAssertEqual(try image(folder + "/real/shot.png").width, 358 * 3)

        // A link to a file that does not exist yet creates the file, and the link stays.
        XCTAssertEqual(symlink(folder + "/real/new.png", folder + "/dangling.png"), 0)
        let second = try snap("render", spec, "-o", folder + "/dangling.png")
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(fileType(folder + "/dangling.png"), S_IFLNK)
        XCTAssertEqual(try image(folder + "/real/new.png").width, 358 * 3)
        // Nothing else: no temporary file left beside the links or the targets.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["dangling.png", "link.png", "real"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/real").sorted(), ["new.png", "shot.png"])
    }

    func testAFolderNamedAsTheOutputIsRefused() throws {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/out.png", withIntermediateDirectories: true)
        let refused = try runProgram(try gronaSnapBinary(), ["render", spec, "-o", "out.png"], in: folder)
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "error: out.png is a folder\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/out.png"), [])
        // Through a link too.
        XCTAssertEqual(symlink("out.png", folder + "/link.png"), 0)
        let linked = try runProgram(try gronaSnapBinary(), ["sheet", spec, "-o", "link.png", "--scale", "1"], in: folder)
        XCTAssertEqual(linked.stderr, "error: link.png is a folder\n")
    }

    func testDashPipesAValidPNG() throws {
        let run = try snap("render", spec, "-o", "-", "--scale", "1")
        XCTAssertEqual(run.status, 0, run.stderr)
        let piped = try decodePNG(run.stdoutBytes).pixmap
        XCTAssertEqual(piped.width, 358)
        // The same pixels as the file the same command writes.
        let folder = try temporaryFolder()
        _ = try snap("render", spec, "-o", folder + "/file.png", "--scale", "1")
        XCTAssertEqual(piped.pixels, try image(folder + "/file.png").pixels)
        XCTAssertFalse(FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))
    }

    func testDashWorksForEveryCommandWithAnOutputFile() throws {
        let sheet = try snap("sheet", spec, "-o", "-", "--scale", "1", "--text-sizes", "xS,L")
        XCTAssertEqual(sheet.status, 0, sheet.stderr)
        XCTAssertGreaterThan(try decodePNG(sheet.stdoutBytes).pixmap.height, 0)

        let animation = try snap("animate", spec, "-o", "-", "--scale", "1", "--fps", "2")
        XCTAssertEqual(animation.status, 0, animation.stderr)
        XCTAssertEqual(try decodePNG(animation.stdoutBytes).pixmap.width, 358)

        let report = try snap("render", spec, "-o", "/dev/null", "--report", "-")
        XCTAssertEqual(report.status, 0, report.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(report.stdoutBytes)) as? [String: Any]
        XCTAssertNotNil(json?["texts"])

        // diff: the image on stdout, the verdict on stderr.
        let folder = try temporaryFolder()
        _ = try snap("render", spec, "-o", folder + "/a.png", "--scale", "1")
        _ = try snap("render", spec, "-o", folder + "/b.png", "--scale", "1", "--direction", "rtl")
        let diff = try snap("diff", folder + "/a.png", folder + "/b.png", "-o", "-")
        XCTAssertEqual(diff.status, 1)
        XCTAssertGreaterThan(try decodePNG(diff.stdoutBytes).pixmap.width, 358)
        _ = try snap("diff", folder + "/a.png", folder + "/b.png", "-o", folder + "/diff.png")
        XCTAssertEqual(diff.stdoutBytes, try bytes(folder + "/diff.png"))
        XCTAssertTrue(diff.stderr.contains("pixels differ"), diff.stderr)

        let both = try snap("render", spec, "-o", "-", "--report", "-")
        XCTAssertEqual(both.stderr, "error: render: -o and --report cannot both be standard output (-)\n")
        XCTAssertEqual(both.stdoutBytes, [])
        let batch = try snap("batch", fixtures, "-o", "-")
        XCTAssertEqual(batch.stderr, "error: batch: -o - (standard output) cannot hold OUT_DIR; name a folder\n")
    }

    func testAFailedReportLeavesNoSnapshot() throws {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/report.json", withIntermediateDirectories: true)
        let run = try snap("render", spec, "-o", folder + "/shot.png", "--report", folder + "/report.json")
        XCTAssertEqual(run.stderr, "error: \(folder)/report.json is a folder\n")
        XCTAssertEqual(files(under: folder), [])
    }
}

/// Written by the reader thread before it signals, read after the wait.
private final class ReceivedBytes: @unchecked Sendable {
    var data = Data()
}
