import XCTest
import Raster
@testable import PNG

/// Damaged and hostile files: always a thrown PNGError, never a crash or a huge allocation.
final class PNGRobustnessTests: XCTestCase {
    private func sampleFile() throws -> [UInt8] {
        try encodePNG(samplePixmap(width: 12, height: 9), chunks: [try PNGChunk(name: "grSm", data: [1, 2, 3, 4])])
    }

    private func assertMalformed(_ file: [UInt8], _ context: String, line: UInt = #line) {
        XCTAssertThrowsError(try decodePNG(file), context, line: line) { error in
            XCTAssertEqual((error as? PNGError)?.kind, .malformed, "\(context): \(error)", line: line)
        }
        XCTAssertThrowsError(try readPNGInfo(file), context, line: line)
    }

    func testEveryTruncationThrows() throws {
        let file = try sampleFile()
        for length in 0..<file.count { assertMalformed(Array(file[0..<length]), "truncated to \(length)") }
        XCTAssertNoThrow(try decodePNG(file))
    }

    func testEverySingleByteCorruptionThrows() throws {
        // Every byte is covered by the signature check, a CRC or a length, so any flip is caught.
        let file = try sampleFile()
        for offset in 0..<file.count {
            var damaged = file
            damaged[offset] ^= 0x01
            assertMalformed(damaged, "byte \(offset) flipped")
        }
    }

    func testCorruptCompressedDataWithValidCRCThrows() throws {
        // Damage inside IDAT with the CRC recomputed: only inflating finds it.
        let fixture = PNGFixture(width: 20, height: 20, bitDepth: 8, colorType: 6) { x, y in [x, y, 0, 255] }
        var file = fixture.bytes()
        let idat = chunkNames(file).firstIndex(of: "IDAT")!
        var offset = 8
        for _ in 0..<idat { offset += Int(file[offset + 3]) + Int(file[offset + 2]) << 8 + 12 }
        let length = Int(file[offset + 2]) << 8 | Int(file[offset + 3])
        var data = Array(file[offset + 8..<offset + 8 + length])
        data[data.count - 3] ^= 0xFF   // inside the Adler-32 trailer
        file.replaceSubrange(offset..<offset + 12 + length, with: chunk("IDAT", data))
        XCTAssertNoThrow(try readPNGInfo(file))
        XCTAssertThrowsError(try decodePNG(file)) { XCTAssertEqual(($0 as? PNGError)?.kind, .malformed) }
    }

    func testHugeDeclaredSizeThrowsTheCapErrorBeforeAllocating() throws {
        // A few hundred bytes declaring 100 000 × 100 000 pixels (10 gigapixels, 40 GB decoded).
        var file = PNGFixture(width: 1, height: 1, bitDepth: 8, colorType: 6) { _, _ in [0, 0, 0, 0] }.bytes()
        file.replaceSubrange(8..<33, with: chunk("IHDR", bigEndian(100_000) + bigEndian(100_000) + [8, 6, 0, 0, 0]))
        XCTAssertThrowsError(try decodePNG(file)) { error in
            XCTAssertEqual((error as? PNGError)?.kind, .tooLarge)
            XCTAssertEqual((error as? PNGError)?.message,
                           "PNG is 100000 × 100000 pixels, over the limit of \(Pixmap.maximumPixelCount) pixels")
        }
        XCTAssertEqual(try readPNGInfo(file).width, 100_000)
    }

    /// A small file whose data inflates far past what its header's size holds (a 1 × 1 image over
    /// 64 MiB of zeros) is refused once the inflation passes that size, not inflated to the end.
    func testImageDataInflatingPastItsSizeThrows() throws {
        let header = bigEndian(1) + bigEndian(1) + [8, 6, 0, 0, 0]
        let bomb: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10] + chunk("IHDR", header)
            + chunk("IDAT", compress([UInt8](repeating: 0, count: 64 << 20))) + chunk("IEND", [])
        XCTAssertLessThan(bomb.count, 100_000)
        XCTAssertThrowsError(try decodePNG(bomb)) { error in
            XCTAssertEqual((error as? PNGError)?.kind, .malformed)
            XCTAssertTrue("\(error)".contains("inflates to more than the 5 bytes a 1 x 1 image holds"), "\(error)")
        }
        // The same image with exactly its data decodes, interlaced or not.
        for interlaced in [false, true] {
            let fixture = PNGFixture(width: 13, height: 7, bitDepth: 8, colorType: 6, interlaced: interlaced) { x, y in [x, y, 1, 255] }
            XCTAssertEqual(try decodePNG(fixture.bytes()).pixmap.width, 13)
        }
    }

    func testCallerCapIsHonoured() throws {
        let file = try encodePNG(samplePixmap(width: 40, height: 25))
        XCTAssertThrowsError(try decodePNG(file, maximumPixelCount: 999)) { error in
            XCTAssertEqual((error as? PNGError)?.kind, .tooLarge)
        }
        XCTAssertEqual(try decodePNG(file, maximumPixelCount: 1000).pixmap.width, 40)
    }

    func testUnknownCriticalChunkThrows() throws {
        var fixture = PNGFixture(width: 1, height: 1, bitDepth: 8, colorType: 0) { _, _ in [1] }
        fixture.extraChunks = [("QQQQ", [1])]
        XCTAssertThrowsError(try decodePNG(fixture.bytes())) { XCTAssertEqual(($0 as? PNGError)?.kind, .malformed) }
    }

    func testNotAPNGThrowsWithAMessage() {
        XCTAssertThrowsError(try decodePNG(Array("GIF89a".utf8))) { error in
            XCTAssertEqual("\(error)", "invalid PNG: not a PNG file (bad signature)")
        }
    }
}
