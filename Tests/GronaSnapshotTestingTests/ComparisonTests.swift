import XCTest
import Raster
@testable import GronaSnapshotTesting
@testable import GronaSnapshots

/// Test images: a flat fill, optionally with a rectangle whose left edge is at a fractional x
/// (the column it cuts through is blended by coverage, as a rasterizer anti-aliases it).
private func image(width: Int, height: Int, background: [UInt8] = [255, 255, 255, 255],
                   rect: (left: Double, top: Int, right: Int, bottom: Int, colour: [UInt8])? = nil) -> Pixmap {
    var pixels: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width {
            guard let rect, y >= rect.top, y < rect.bottom, x < rect.right else { pixels += background; continue }
            let coverage = min(1, max(0, Double(x + 1) - rect.left))
            pixels += (0..<4).map { c in
                UInt8((Double(rect.colour[c]) * coverage + Double(background[c]) * (1 - coverage)).rounded())
            }
        }
    }
    return Pixmap(width: width, height: height, premultipliedPixels: pixels)!
}

private func pixel(_ pixmap: Pixmap, _ x: Int, _ y: Int) -> [UInt8] {
    let i = (y * pixmap.width + x) * 4
    return Array(pixmap.pixels[i..<i + 4])
}

final class ComparisonTests: XCTestCase {
    let flat = image(width: 60, height: 40, background: [40, 120, 200, 255])
    var withBlock: Pixmap {
        image(width: 60, height: 40, background: [40, 120, 200, 255],
              rect: (left: 20, top: 10, right: 30, bottom: 20, colour: [250, 250, 250, 255]))
    }

    func testIdenticalImagesMatch() {
        let result = compare(expected: flat, actual: image(width: 60, height: 40, background: [40, 120, 200, 255]))
        XCTAssertTrue(result.matches)
        XCTAssertFalse(result.sizeMismatch)
        XCTAssertEqual(result.differingPixelCount, 0)
        XCTAssertEqual(result.message, "images are identical")
    }

    func testChangedBlockFailsWithItsPixelCount() {
        let result = compare(expected: flat, actual: withBlock)
        XCTAssertFalse(result.matches)
        XCTAssertEqual(result.differingPixelCount, 100)
        XCTAssertEqual(result.antialiasedPixelCount, 0)
        XCTAssertEqual(result.largestDifferenceLocation, PixelLocation(x: 20, y: 10))
        XCTAssertGreaterThan(result.largestDifference, 0.3)
        XCTAssertTrue(result.message.hasPrefix("100 pixels differ (4.17%), largest ΔE 0."), result.message)
    }

    func testBudgetOfDifferingPixels() {
        XCTAssertTrue(compare(expected: flat, actual: withBlock, tolerance: .init(maximumDifferingPixels: 100)).matches)
        XCTAssertFalse(compare(expected: flat, actual: withBlock, tolerance: .init(maximumDifferingPixels: 99)).matches)
        // 100 of 2400 pixels is 4.17%.
        XCTAssertTrue(compare(expected: flat, actual: withBlock, tolerance: .init(maximumDifferingFraction: 0.042)).matches)
        XCTAssertFalse(compare(expected: flat, actual: withBlock, tolerance: .init(maximumDifferingFraction: 0.041)).matches)
    }

    func testSubPixelShiftOfAnAntialiasedEdgeIsIgnored() {
        // A dark rectangle whose left edge moves from x = 10.3 to x = 10.8: column 10 changes
        // from 70% to 20% dark in rows 5..<25.
        let dark: [UInt8] = [20, 20, 30, 255]
        let expected = image(width: 40, height: 30, rect: (left: 10.3, top: 5, right: 30, bottom: 25, colour: dark))
        let actual = image(width: 40, height: 30, rect: (left: 10.8, top: 5, right: 30, bottom: 25, colour: dark))
        let result = compare(expected: expected, actual: actual)
        XCTAssertTrue(result.matches, result.message)
        XCTAssertEqual(result.differingPixelCount, 0)
        XCTAssertEqual(result.antialiasedPixelCount, 20)
        XCTAssertTrue(result.message.hasSuffix("; 20 anti-aliased pixels ignored"), result.message)

        let strict = compare(expected: expected, actual: actual, tolerance: .init(ignoresAntialiasing: false))
        XCTAssertFalse(strict.matches)
        XCTAssertEqual(strict.differingPixelCount, 20)
    }

    func testFlatPatchOverAnAntialiasedEdgeCountsEveryPixel() {
        // A 6 × 6 magenta patch over the blended column of a dark rectangle's left edge (x = 10.3):
        // the patch is flat, so none of its pixels is a moved edge, even those over the blend.
        let dark: [UInt8] = [20, 20, 30, 255]
        let expected = image(width: 40, height: 30, rect: (left: 10.3, top: 5, right: 30, bottom: 25, colour: dark))
        var actual = expected
        for y in 10..<16 { for x in 8..<14 {
            let i = (y * 40 + x) * 4
            actual.pixels.replaceSubrange(i..<(i + 4), with: [255, 0, 255, 255])
        } }
        let result = compare(expected: expected, actual: actual)
        XCTAssertEqual(result.differingPixelCount, 36)
        XCTAssertEqual(result.antialiasedPixelCount, 0)
    }

    func testColourShiftBelowThresholdPassesAndAboveFails() {
        let grey = image(width: 16, height: 16, background: [128, 128, 128, 255])
        let shifted = image(width: 16, height: 16, background: [129, 127, 128, 255])
        let result = compare(expected: grey, actual: shifted)
        XCTAssertTrue(result.matches, result.message)
        XCTAssertEqual(result.differingPixelCount, 0)
        XCTAssertFalse(compare(expected: grey, actual: shifted, tolerance: .exact).matches)

        let visible = compare(expected: grey, actual: image(width: 16, height: 16, background: [150, 128, 128, 255]))
        XCTAssertFalse(visible.matches)
        XCTAssertEqual(visible.differingPixelCount, 256)
    }

    func testAlphaOnlyChangeIsSeenOverWhite() {
        // Transparent black vs 10% black: identical over black, visibly different over white.
        let clear = image(width: 4, height: 4, background: [0, 0, 0, 0])
        let faint = image(width: 4, height: 4, background: [0, 0, 0, 26])
        XCTAssertEqual(compare(expected: clear, actual: faint).differingPixelCount, 16)
    }

    func testSizeMismatchFails() {
        let result = compare(expected: flat, actual: image(width: 60, height: 41, background: [40, 120, 200, 255]))
        XCTAssertFalse(result.matches)
        XCTAssertTrue(result.sizeMismatch)
        XCTAssertTrue(result.expectedSize == (60, 40) && result.actualSize == (60, 41))
        XCTAssertEqual(result.message, "sizes differ: expected 60 × 40, actual 60 × 41; the shared 60 × 40 area is the same")
        XCTAssertEqual(result.change, .size)
    }

    func testDifferenceImageShowsTheBlockInRed() throws {
        let diff = try XCTUnwrap(makeDifferenceImage(expected: flat, actual: withBlock))
        XCTAssertEqual(diff.width, 60 + 4 + 60 + 4 + 60)
        XCTAssertEqual(diff.height, 40)
        let middle = 64
        for (x, y) in [(20, 10), (29, 19), (25, 15)] { XCTAssertEqual(pixel(diff, middle + x, y), [255, 0, 0, 255]) }
        // Unchanged pixels are a faded grey of the expected colour.
        let faded = pixel(diff, middle + 19, 10)
        XCTAssertTrue(faded[0] == faded[1] && faded[1] == faded[2] && faded[0] >= 191 && faded[0] < 255, "\(faded)")
        XCTAssertEqual(pixel(diff, 62, 0), [128, 128, 128, 255])          // gutter
        XCTAssertEqual(pixel(diff, 25, 15), pixel(flat, 25, 15))          // expected panel
        XCTAssertEqual(pixel(diff, 128 + 25, 15), [250, 250, 250, 255])   // actual panel
    }

    /// A change below the tolerance is amplified: pink where it is, beside the red of what failed.
    func testDifferenceImageAmplifiesChangesBelowTheTolerance() throws {
        var actual = withBlock
        let nudged = (5 * 60 + 5) * 4   // one step of green at (5, 5): ΔE far below 0.02
        actual.pixels[nudged + 1] = actual.pixels[nudged + 1] &- 1
        let result = compare(expected: flat, actual: actual)
        XCTAssertLessThan(perceptualDifference(flat, actual, x: 5, y: 5), ComparisonTolerance.default.perPixel)
        XCTAssertFalse(result.matches)
        let diff = try XCTUnwrap(makeDifferenceImage(expected: flat, actual: actual))
        XCTAssertEqual(pixel(diff, 64 + 5, 5), [255, 150, 220, 255])
        XCTAssertEqual(pixel(diff, 64 + 25, 15), [255, 0, 0, 255])
    }

    func testDifferenceImageMarksAntialiasingInYellow() throws {
        let dark: [UInt8] = [20, 20, 30, 255]
        let expected = image(width: 40, height: 30, rect: (left: 10.3, top: 5, right: 30, bottom: 25, colour: dark))
        let actual = image(width: 40, height: 30, rect: (left: 10.8, top: 5, right: 30, bottom: 25, colour: dark))
        let diff = try XCTUnwrap(makeDifferenceImage(expected: expected, actual: actual))
        XCTAssertEqual(pixel(diff, 44 + 10, 12), [255, 214, 0, 255])
        XCTAssertNotEqual(pixel(diff, 44 + 11, 12), [255, 214, 0, 255])
    }

    func testDifferenceImageOfDifferentSizes() throws {
        let small = image(width: 20, height: 10), large = image(width: 30, height: 15)
        let diff = try XCTUnwrap(makeDifferenceImage(expected: small, actual: large))
        XCTAssertEqual(diff.width, 20 + 4 + 30 + 4 + 30)
        XCTAssertEqual(diff.height, 15)
        XCTAssertEqual(pixel(diff, 24 + 25, 5), [255, 0, 0, 255])    // only the actual image has this pixel
        XCTAssertEqual(pixel(diff, 24 + 5, 12), [255, 0, 0, 255])
        XCTAssertEqual(pixel(diff, 24 + 5, 5)[3], 255)
        XCTAssertNotEqual(pixel(diff, 24 + 5, 5), [255, 0, 0, 255])
        XCTAssertEqual(pixel(diff, 5, 12), [0, 0, 0, 0])             // below the smaller expected panel
    }

    func testNumberFormatting() {
        XCTAssertEqual(grouped(1_234_567), "1,234,567")
        XCTAssertEqual(grouped(999), "999")
        XCTAssertEqual(fixed(0.38149, decimals: 2), "0.38")
        XCTAssertEqual(fixed(2.004, decimals: 2), "2.00")
        XCTAssertEqual(fixed(0.049, decimals: 2), "0.05")
        XCTAssertEqual(percentage(1234, of: 300_000), "0.41%")
        XCTAssertEqual(percentage(1, of: 1_000_000), "<0.01%")
    }

    func testMessageFormat() {
        // 1 changed pixel in a 100 × 100 image.
        var actual = image(width: 100, height: 100)
        actual.pixels[(44 * 100 + 12) * 4] = 0
        let result = compare(expected: image(width: 100, height: 100), actual: actual)
        XCTAssertEqual(result.message, "1 pixel differs (0.01%), largest ΔE \(fixed(result.largestDifference, decimals: 2)) at (12, 44); "
            + "mostly #FFFFFF → #00FFFF (1 pixel)")
        XCTAssertEqual(result.colourChange, ColourChange(from: 0xFFFFFF, to: 0x00FFFF, pixels: 1))
    }
}

/// ΔE_OK between two pixmaps' pixels at (x, y).
private func perceptualDifference(_ a: Pixmap, _ b: Pixmap, x: Int, y: Int) -> Double {
    let i = (y * a.width + x) * 4
    func packed(_ p: Pixmap) -> UInt32 {
        UInt32(p.pixels[i]) | UInt32(p.pixels[i + 1]) << 8 | UInt32(p.pixels[i + 2]) << 16 | UInt32(p.pixels[i + 3]) << 24
    }
    return GronaSnapshots.perceptualDifference(packed(a), packed(b))
}
