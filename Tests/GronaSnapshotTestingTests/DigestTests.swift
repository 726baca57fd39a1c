import XCTest
import PNG
import Raster
@testable import GronaSnapshotTesting
@testable import GronaSnapshots

final class DigestTests: XCTestCase {
    /// Values from the reference library (libxxhash 0.8.1, `XXH64(data, length, seed)`).
    func testXXHash64MatchesTheReferenceImplementation() {
        XCTAssertEqual(xxHash64([]), 0xEF46_DB37_51D8_E999)
        XCTAssertEqual(xxHash64(Array("a".utf8)), 0xD24E_C4F1_A98C_6E5B)
        XCTAssertEqual(xxHash64(Array("abc".utf8)), 0x44BC_2CF5_AD77_0999)
        XCTAssertEqual(xxHash64(Array("abc".utf8), seed: 1), 0xBEA9_CA81_9932_8908)
        let ramp = (0..<768).map { UInt8($0 % 256) }
        XCTAssertEqual(xxHash64(ramp), 0x8E03_C838_C596_036F)
        // 771 bytes: the 32-byte loop, then 8-, 4- and 1-byte tails, with a large seed.
        XCTAssertEqual(xxHash64(ramp + Array("xyz".utf8), seed: 11_400_714_819_323_198_485), 0x179C_A020_1A65_D20E)
        XCTAssertEqual(xxHash64(Array("0123456789abcdefghijklmnopqrstuvwxyz0123456789AB".utf8), seed: 42), 0xBBA1_6981_6554_AB5C)
    }

    func testCRC32OfTheIENDChunk() {
        XCTAssertEqual(crc32(Array("IEND".utf8)), 0xAE42_6082)
    }

    func testPixelDigestSeesEveryChangeThatCancelsInWeakerHashes() {
        let image = sampleImage()
        var twoAlphaBits = image
        // Top bit of alpha in two pixels: FNV-1a over 8-byte words would give the same value.
        twoAlphaBits.pixels[3] ^= 0x80
        twoAlphaBits.pixels[4 * 8 + 3] ^= 0x80
        XCTAssertNotEqual(GoldenDigest.pixelDigest(of: image), GoldenDigest.pixelDigest(of: twoAlphaBits))
        // Same bytes, other shape.
        let tall = Pixmap(width: image.height, height: image.width, premultipliedPixels: image.pixels)!
        XCTAssertNotEqual(GoldenDigest.pixelDigest(of: image), GoldenDigest.pixelDigest(of: tall))
    }

    func testGoldenCarriesADigestOfTheDecodedPixels() throws {
        let image = sampleImage()
        let golden = try encodeGolden(image)
        let info = try readPNGInfo(golden)   // also checks the spliced chunk's CRC
        let chunk = try XCTUnwrap(info.chunks.first { $0.name == "grDG" })
        XCTAssertEqual(chunk.data.count, 25)
        let digest = try XCTUnwrap(GoldenDigest(chunkData: chunk.data))
        XCTAssertEqual(digest.width, 40)
        XCTAssertEqual(digest.height, 30)
        let decoded = try decodePNG(golden).pixmap
        XCTAssertEqual(decoded, image)
        XCTAssertEqual(digest.pixelDigest, GoldenDigest.pixelDigest(of: decoded))
        XCTAssertEqual(digest.imageDataDigest, imageDataDigest(of: golden))
        // Deterministic: same pixels, same bytes.
        XCTAssertEqual(try encodeGolden(image), golden)
    }

    func testDigestCheck() throws {
        let image = sampleImage()
        let golden = try encodeGolden(image)
        XCTAssertEqual(checkDigest(golden: golden, against: image), .match)

        var changed = image
        changed.pixels[100] ^= 1
        XCTAssertEqual(checkDigest(golden: golden, against: changed), .differs)
        XCTAssertEqual(checkDigest(golden: golden, against: sampleImage(width: 41)), .differs)

        // Same pixels from another encoder, without the chunk: no digest to use.
        let plain = try encodePNG(image, options: PNGEncodingOptions(filter: .paeth, level: 9))
        XCTAssertEqual(checkDigest(golden: plain, against: image), .unavailable)

        // A damaged file.
        var damaged = golden
        damaged[40] ^= 0xFF
        guard case .damaged = checkDigest(golden: damaged, against: image) else {
            return XCTFail("a corrupted golden must be reported as damaged")
        }
    }

    /// An editor that changes the pixels but carries the old chunk over must not fool the fast path.
    func testDigestOfOtherImageDataIsNotTrusted() throws {
        let image = sampleImage()
        let golden = try encodeGolden(image)
        let oldChunk = try XCTUnwrap(readPNGInfo(golden).chunks.first { $0.name == "grDG" })
        var edited = try encodePNG(paintBlock(image, x: 2, y: 2, size: 5))
        edited.insert(contentsOf: pngChunkBytes(name: oldChunk.name, data: oldChunk.data), at: edited.count - 12)
        XCTAssertNotNil(try readPNGInfo(edited).chunks.first { $0.name == "grDG" })
        XCTAssertEqual(checkDigest(golden: edited, against: image), .unavailable)
    }
}
