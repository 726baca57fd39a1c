import XCTest
import Raster
@testable import PNG

final class PNGEncoderTests: XCTestCase {
    func testRoundTripKeepsPremultipliedPixels() throws {
        let original = samplePixmap(width: 37, height: 23)
        let decoded = try decodePNG(try encodePNG(original))
        XCTAssertEqual(decoded.pixmap, original)
        XCTAssertEqual(decoded.chunks, [])
    }

    func testUnpremultiplyThenPremultiplyIsIdentityForEveryValidPixel() {
        // Every alpha 1...255 and every premultiplied channel 0...alpha.
        var pixels: [UInt8] = []
        for alpha in 1...255 { for value in 0...alpha { pixels += [UInt8(value), 0, UInt8(alpha - value), UInt8(alpha)] } }
        var roundTripped = unpremultiplied(pixels)
        premultiply(&roundTripped)
        XCTAssertEqual(roundTripped, pixels)
    }

    func testUnpremultiplyRounds() {
        // 100 · 255 / 200 = 127.5 → 128; 1 · 255 / 3 = 85; 2 · 255 / 3 = 170.
        XCTAssertEqual(unpremultiplied([100, 1, 2, 200, 1, 2, 3, 3]), [128, 1, 3, 200, 85, 170, 255, 3])
    }

    func testFullyTransparentPixelsEncodeAsZeros() throws {
        // Colour left in a transparent pixel (not valid premultiplied data) must not reach the file.
        let dirty = Pixmap(width: 2, height: 1, premultipliedPixels: [10, 20, 30, 0, 0, 0, 0, 0])!
        let clean = Pixmap(width: 2, height: 1)!
        XCTAssertEqual(try encodePNG(dirty), try encodePNG(clean))
        XCTAssertEqual(unpremultiplied(dirty.pixels), [0, 0, 0, 0, 0, 0, 0, 0])
    }

    func testIdenticalPixelsGiveIdenticalBytes() throws {
        let a = samplePixmap(width: 64, height: 40), b = samplePixmap(width: 64, height: 40)
        let chunk = try PNGChunk(name: "grSm", data: [1, 2, 3])
        let first = try encodePNG(a, chunks: [chunk])
        XCTAssertEqual(first, try encodePNG(b, chunks: [chunk]))
        XCTAssertNotEqual(first, try encodePNG(samplePixmap(width: 64, height: 40, seed: 8), chunks: [chunk]))
    }

    func testFileLayoutHasSRGBAndPrivateChunksBeforeIDATAndNoTimestamp() throws {
        let chunks = [try PNGChunk(name: "grSm", data: Array(repeating: 0xAB, count: 32)),
                      try PNGChunk(name: "grIn", data: [])]
        let file = try encodePNG(samplePixmap(width: 5, height: 5), chunks: chunks)
        XCTAssertEqual(chunkNames(file), ["IHDR", "sRGB", "grSm", "grIn", "IDAT", "IEND"])
        let info = try readPNGInfo(file)
        XCTAssertEqual(info.bitDepth, 8)
        XCTAssertEqual(info.colorType, 6)
        XCTAssertFalse(info.interlaced)
    }

    func testPrivateChunksRoundTripThroughDecoderAndInfoReader() throws {
        let chunks = [try PNGChunk(name: "grSm", data: Array(0...255)), try PNGChunk(name: "abCd", data: [7])]
        let file = try encodePNG(samplePixmap(width: 9, height: 4), chunks: chunks)
        XCTAssertEqual(try decodePNG(file).chunks, chunks)
        XCTAssertEqual(try readPNGInfo(file).chunks, chunks)
    }

    func testChunkNamesMustBePrivateAncillary() {
        for name in ["IDAT", "grs", "gRSm", "GrSm", "grsm", "gr1m", "grSmx"] {
            XCTAssertThrowsError(try PNGChunk(name: name, data: []), name) { error in
                XCTAssertEqual((error as? PNGError)?.kind, .invalidChunk)
            }
        }
        XCTAssertNoThrow(try PNGChunk(name: "grSM", data: []))
    }

    func testEveryOptionCombinationDecodesToTheSamePixels() throws {
        let original = samplePixmap(width: 31, height: 17)
        for filter in [PNGEncodingOptions.Filter.none, .sub, .up, .paeth, .adaptive] {
            for strategy in [PNGEncodingOptions.Strategy.default, .runLength, .filtered] {
                for level in [0, 1, 9] {
                    let options = PNGEncodingOptions(filter: filter, level: level, strategy: strategy)
                    XCTAssertEqual(try decodePNG(try encodePNG(original, options: options)).pixmap, original)
                }
            }
        }
    }
}
