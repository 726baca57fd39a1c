import Foundation
import Grona
import PNG
import Raster
import XCTest
import TestSupport

/// A small APNG reader: the chunk list with every CRC checked (zlib's CRC-32, computed here
/// bit by bit so the check does not share code with the writer).
struct ChunkList {
    var chunks: [(type: String, data: [UInt8])] = []

    init(_ png: [UInt8]) throws {
        XCTAssertEqual(Array(png.prefix(8)), [137, 80, 78, 71, 13, 10, 26, 10])
        var offset = 8
        while offset + 12 <= png.count {
            let length = Int(be32(png, offset))
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let end = offset + 8 + length
            guard end + 4 <= png.count else { throw PNGError(.malformed, "truncated \(type)") }
            guard crc32(png[(offset + 4)..<end]) == be32(png, end) else { throw PNGError(.malformed, "bad CRC in \(type)") }
            chunks.append((type, Array(png[(offset + 8)..<end])))
            offset = end + 4
        }
        XCTAssertEqual(offset, png.count, "bytes after the last chunk")
    }

    var types: [String] { chunks.map(\.type) }
}

func be32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
}

func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

final class AnimateTests: XCTestCase {
    /// Checks the animation chunks: acTL before the image data, fcTL/fdAT sequence numbers 0, 1, 2, …
    /// in file order, one fcTL per frame, full-size frames at (0, 0), dispose none, blend source.
    /// Returns the delays (numerator / denominator in ms).
    func checkStructure(_ png: [UInt8], frames: Int, width: Int, height: Int,
                        file: StaticString = #filePath, line: UInt = #line) throws -> [Double] {
        let list = try ChunkList(png)
        XCTAssertEqual(list.types.first, "IHDR", file: file, line: line)
        XCTAssertEqual(list.types.last, "IEND", file: file, line: line)
        let actl = try XCTUnwrap(list.chunks.first { $0.type == "acTL" })
        XCTAssertEqual(be32(actl.data, 0), UInt32(frames), file: file, line: line)
        XCTAssertEqual(be32(actl.data, 4), 0, file: file, line: line)      // loops forever
        XCTAssertLessThan(try XCTUnwrap(list.types.firstIndex(of: "acTL")), try XCTUnwrap(list.types.firstIndex(of: "IDAT")))
        // The first fcTL comes before IDAT, so the default image is frame 0.
        XCTAssertLessThan(try XCTUnwrap(list.types.firstIndex(of: "fcTL")), try XCTUnwrap(list.types.firstIndex(of: "IDAT")))
        XCTAssertEqual(list.types.filter { $0 == "fcTL" }.count, frames, file: file, line: line)
        var expected: UInt32 = 0
        var delays: [Double] = []
        var dataSinceControl = 0
        for chunk in list.chunks where chunk.type == "fcTL" || chunk.type == "fdAT" || chunk.type == "IDAT" {
            if chunk.type == "IDAT" { dataSinceControl += 1; continue }
            XCTAssertEqual(be32(chunk.data, 0), expected, "sequence number", file: file, line: line)
            expected += 1
            if chunk.type == "fcTL" {
                if !delays.isEmpty { XCTAssertGreaterThan(dataSinceControl, 0, "a frame without data") }
                dataSinceControl = 0
                XCTAssertEqual(chunk.data.count, 26)
                XCTAssertEqual([be32(chunk.data, 4), be32(chunk.data, 8), be32(chunk.data, 12), be32(chunk.data, 16)],
                               [UInt32(width), UInt32(height), 0, 0], file: file, line: line)
                let numerator = Double(UInt16(chunk.data[20]) << 8 | UInt16(chunk.data[21]))
                let denominator = Double(UInt16(chunk.data[22]) << 8 | UInt16(chunk.data[23]))
                delays.append(numerator / denominator * 1000)
                XCTAssertEqual(chunk.data[24], 0, "dispose op none", file: file, line: line)
                XCTAssertEqual(chunk.data[25], 0, "blend op source", file: file, line: line)
            } else {
                dataSinceControl += 1
            }
        }
        XCTAssertGreaterThan(dataSinceControl, 0)
        return delays
    }

    func testEncoderWritesAValidAnimation() throws {
        let frames = (0..<3).map { k in
            Pixmap(width: 4, height: 3, premultipliedPixels: [UInt8](repeating: UInt8(60 * (k + 1)), count: 48))!
        }
        let png = try encodeAPNG(frames, delaysInMilliseconds: [40, 40, 900])
        XCTAssertEqual(try checkStructure(png, frames: 3, width: 4, height: 3), [40, 40, 900])
        // An APNG's default image is a normal PNG: frame 0.
        XCTAssertEqual(try decodePNG(png).pixmap, frames[0])
        XCTAssertEqual(try encodeAPNG(frames, delaysInMilliseconds: [40, 40, 900]), png)   // deterministic
        XCTAssertThrowsError(try encodeAPNG([], delaysInMilliseconds: []))
        XCTAssertThrowsError(try encodeAPNG(frames, delaysInMilliseconds: [40]))
        let other = Pixmap(width: 5, height: 3)!
        XCTAssertThrowsError(try encodeAPNG([frames[0], other], delaysInMilliseconds: [1, 1]))
    }

    func testAnimateCommand() throws {
        let root = try temporaryFolder()
        let spec = fixtures + "/dark-progress.json"
        let run = try snap("animate", spec, "-o", root + "/fill.png", "--fps", "10", "--frames-dir", root + "/frames",
                           "--scale", "1", "--hold", "1200")
        XCTAssertEqual(run.status, 0, run.stderr)
        // A progress bar animates 0.35 + 0.8 s: at 10 fps, frames at 0, 0.1, …, 1.1 and 1.15.
        let times = Animation.reveal.frameTimes(of: .progressBar, fps: 10)
        XCTAssertEqual(times.count, 13)
        XCTAssertEqual(times.last, 1.15)
        let names = files(under: root + "/frames")
        XCTAssertEqual(names.count, 13)
        XCTAssertEqual(names.first, "frame-000.png")
        XCTAssertEqual(names.last, "frame-012.png")
        let first = try image(root + "/frames/frame-000.png"), last = try image(root + "/frames/frame-012.png")
        let apng = try bytes(root + "/fill.png")
        let delays = try checkStructure(apng, frames: 13, width: first.width, height: first.height)
        XCTAssertEqual(delays, Array(repeating: 100, count: 12) + [1200])
        XCTAssertEqual(try decodePNG(apng).pixmap, first)
        // Frame 0 is fully transparent (opacity 0); the last is the final state, as `render` draws it.
        XCTAssertTrue(stride(from: 3, to: first.pixels.count, by: 4).allSatisfy { first.pixels[$0] == 0 })
        XCTAssertEqual(try snap("render", spec, "-o", root + "/final.png", "--scale", "1").status, 0)
        XCTAssertEqual(try image(root + "/final.png"), last)
    }

    func testReduceMotionMakesEveryFrameTheFinalState() throws {
        let root = try temporaryFolder()
        let spec = fixtures + "/message-info.json"
        let run = try snap("animate", spec, "-o", root + "/still.png", "--fps", "20", "--frames-dir", root + "/frames",
                           "--scale", "1", "--reduce-motion")
        XCTAssertEqual(run.status, 0, run.stderr)
        let names = files(under: root + "/frames")
        XCTAssertEqual(names.count, Animation.reveal.frameTimes(of: .message, fps: 20).count)
        XCTAssertEqual(try snap("render", spec, "-o", root + "/final.png", "--scale", "1").status, 0)
        let final = try bytes(root + "/final.png")
        for name in names { XCTAssertEqual(try bytes(root + "/frames/" + name), final, name) }
    }
}

final class HelpTests: XCTestCase {
    func testEveryCommandHasHelp() throws {
        for command in ["render", "sheet", "batch", "diff", "animate"] {
            let viaFlag = try snap(command, "--help")
            XCTAssertEqual(viaFlag.status, 0)
            XCTAssertTrue(viaFlag.stdout.hasPrefix("usage: grona-snap \(command) "), viaFlag.stdout)
            XCTAssertEqual(try snap("help", command).stdout, viaFlag.stdout)
            let usage = try snap("--help").stdout
            XCTAssertTrue(usage.contains("  \(command) "), command)
        }
        XCTAssertTrue(try snap("animate", "--help").stdout.contains("--reduce-motion"))
        XCTAssertTrue(try snap("--version").stdout.hasPrefix("grona-snap "))
    }
}
