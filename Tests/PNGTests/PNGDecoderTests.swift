import XCTest
import Raster
@testable import PNG

final class PNGDecoderTests: XCTestCase {
    func testGreyAtEveryBitDepthExpandsToOpaqueRGB() throws {
        for depth in [1, 2, 4, 8] {
            let maxValue = (1 << depth) - 1
            let file = PNGFixture(width: 11, height: 3, bitDepth: depth, colorType: 0) { x, _ in [x % (maxValue + 1)] }.bytes()
            let pixmap = try decodePNG(file).pixmap
            for x in 0..<11 {
                let grey = UInt8((x % (maxValue + 1)) * 255 / maxValue)
                XCTAssertEqual(pixel(pixmap, x, 2), [grey, grey, grey, 255], "depth \(depth) x \(x)")
            }
        }
    }

    func testSixteenBitSamplesAreRoundedNotTruncated() throws {
        // 0x12F0 · 255 / 65535 = 18.86 → 19 (truncating to the high byte would give 18).
        let grey = PNGFixture(width: 2, height: 1, bitDepth: 16, colorType: 0) { _, _ in [0x12F0] }.bytes()
        XCTAssertEqual(pixel(try decodePNG(grey).pixmap, 1, 0), [19, 19, 19, 255])
        // RGBA16: alpha 0x8080 → 128; colour 0xFFFF → 255, premultiplied to 128.
        let rgba = PNGFixture(width: 1, height: 1, bitDepth: 16, colorType: 6) { _, _ in [0xFFFF, 0, 0x12F0, 0x8080] }.bytes()
        XCTAssertEqual(pixel(try decodePNG(rgba).pixmap, 0, 0), [128, 0, 10, 128])
    }

    func testGreyAlphaIsPremultiplied() throws {
        let file = PNGFixture(width: 1, height: 1, bitDepth: 8, colorType: 4) { _, _ in [200, 51] }.bytes()
        // 200 · 51 / 255 = 40.
        XCTAssertEqual(pixel(try decodePNG(file).pixmap, 0, 0), [40, 40, 40, 51])
    }

    func testPaletteWithTransparency() throws {
        var fixture = PNGFixture(width: 5, height: 2, bitDepth: 2, colorType: 3) { x, _ in [x % 4] }
        fixture.palette = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
        fixture.transparency = [255, 0, 128]   // entry 3 has no alpha entry: opaque
        let pixmap = try decodePNG(fixture.bytes()).pixmap
        XCTAssertEqual(pixel(pixmap, 0, 0), [255, 0, 0, 255])
        XCTAssertEqual(pixel(pixmap, 1, 0), [0, 0, 0, 0])
        XCTAssertEqual(pixel(pixmap, 2, 1), [0, 0, 128, 128])
        XCTAssertEqual(pixel(pixmap, 3, 1), [255, 255, 255, 255])
        XCTAssertEqual(pixel(pixmap, 4, 1), [255, 0, 0, 255])
    }

    func testRGBAndGreyColourKeysBecomeTransparent() throws {
        var rgb = PNGFixture(width: 2, height: 1, bitDepth: 8, colorType: 2) { x, _ in x == 0 ? [1, 2, 3] : [4, 5, 6] }
        rgb.transparency = [0, 1, 0, 2, 0, 3]
        let rgbPixmap = try decodePNG(rgb.bytes()).pixmap
        XCTAssertEqual(rgbPixmap.pixels, [0, 0, 0, 0, 4, 5, 6, 255])

        var grey = PNGFixture(width: 2, height: 1, bitDepth: 4, colorType: 0) { x, _ in [x == 0 ? 5 : 15] }
        grey.transparency = [0, 5]
        XCTAssertEqual(try decodePNG(grey.bytes()).pixmap.pixels, [0, 0, 0, 0, 255, 255, 255, 255])
    }

    func testAdam7InterlacedDecodesLikeTheSameImageNonInterlaced() throws {
        for colorType in [0, 2, 3, 4, 6] {
            var fixture = PNGFixture(width: 13, height: 11, bitDepth: 8, colorType: colorType) { x, y in
                Array(repeating: (x * 19 + y * 7) % 256, count: [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType]!)
            }
            if colorType == 3 {
                fixture.palette = (0..<256).map { (UInt8($0), UInt8(255 - $0), UInt8($0 / 2)) }
            }
            let plain = try decodePNG(fixture.bytes()).pixmap
            fixture.interlaced = true
            let interlacedFile = fixture.bytes()
            XCTAssertTrue(try readPNGInfo(interlacedFile).interlaced)
            XCTAssertEqual(try decodePNG(interlacedFile).pixmap, plain, "colour type \(colorType)")
            XCTAssertEqual(pixel(plain, 3, 2), colorType == 3 ? [71, 184, 35, 255] : pixel(plain, 3, 2))
        }
    }

    func testRGBIsOpaqueAndExact() throws {
        let file = PNGFixture(width: 3, height: 2, bitDepth: 8, colorType: 2) { x, y in [x * 80, y * 90, 7] }.bytes()
        let pixmap = try decodePNG(file).pixmap
        XCTAssertEqual(pixel(pixmap, 2, 1), [160, 90, 7, 255])
        XCTAssertEqual(try readPNGInfo(file).colorType, 2)
    }

    func testHeaderOnlyReadReportsTheHeader() throws {
        var fixture = PNGFixture(width: 300, height: 7, bitDepth: 16, colorType: 4) { _, _ in [1, 2] }
        fixture.interlaced = true
        fixture.extraChunks = [("grSm", [9, 9]), ("tEXt", Array("Title\0x".utf8))]
        let info = try readPNGInfo(fixture.bytes())
        XCTAssertEqual(info, PNGInfo(width: 300, height: 7, bitDepth: 16, colorType: 4, interlaced: true,
                                     chunks: [try PNGChunk(name: "grSm", data: [9, 9])]))
        XCTAssertEqual(try decodePNG(fixture.bytes()).chunks, info.chunks)
    }
}
