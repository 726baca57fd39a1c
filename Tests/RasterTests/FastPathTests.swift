import XCTest
@testable import Raster

/// The fast paths must give exactly the pixels of the plain ones.
final class FastPathTests: XCTestCase {
    func testPaintingTheFirstShapeEqualsFillingATransparentPixmap() {
        let cases: [(Int, Int, RoundedRect, Color, Transform)] = [
            (390, 259, RoundedRect(rect: Rect(x: 0, y: 0, width: 130, height: 86.33), radius: 14), Color(r: 5, g: 75, b: 58), Transform(scale: 3)),
            (97, 61, RoundedRect(rect: Rect(x: 3.3, y: -4.7, width: 80.25, height: 70), radius: 9.5), Color(r: 200, g: 10, b: 90, a: 128), .identity),
            (40, 40, RoundedRect(rect: Rect(x: 50, y: 50, width: 10, height: 10), radius: 2), .white, .identity),   // outside
            (33, 17, RoundedRect(rect: Rect(x: 0, y: 0, width: 33, height: 17), radius: 0), .black, .identity),
            (20, 20, RoundedRect(rect: Rect(x: 0, y: 0, width: 20, height: 20), radius: 5), .transparent, .identity),
        ]
        for (width, height, shape, color, transform) in cases {
            guard var expected = Pixmap(width: width, height: height),
                  let painted = Pixmap(width: width, height: height, filling: shape, color: color, transform: transform)
            else { return XCTFail("allocation") }
            expected.fill(shape, color: color, transform: transform)
            XCTAssertEqual(painted, expected, "\(width) × \(height) \(shape)")
        }
        XCTAssertNil(Pixmap(width: 0, height: 3, filling: RoundedRect(rect: Rect(x: 0, y: 0, width: 1, height: 1), radius: 0), color: .white))
    }

    func testMaskBlitRunsMatchPerPixelBlend() {
        // Long clear and full runs (the skip and store paths) next to partial coverage, over a
        // non-uniform background, in an opaque and a translucent colour.
        var coverage: [UInt8] = []
        for i in 0..<(45 * 7) { coverage.append([0, 0, 0, 255, 255, 255, 255, 255, 17, 0, 128, 255][(i / 3) % 12]) }
        let mask = CoverageMask(width: 45, height: 7, coverage: coverage)
        for color in [Color(r: 255, g: 255, b: 255), Color(r: 30, g: 200, b: 100, a: 140)] {
            guard var background = Pixmap(width: 50, height: 9) else { return XCTFail() }
            for i in stride(from: 0, to: background.pixels.count, by: 4) {
                let a = UInt8(truncatingIfNeeded: 90 + i / 4)
                background.pixels[i] = a / 2; background.pixels[i + 1] = a / 3; background.pixels[i + 2] = 0
                background.pixels[i + 3] = a
            }
            var fast = background
            fast.blit(mask: mask, at: 2, y: 1, color: color)
            var slow = background
            let src = PremultipliedColor(color)
            slow.pixels.withUnsafeMutableBufferPointer { pixels in
                for my in 0..<7 {
                    for mx in 0..<45 where coverage[my * 45 + mx] > 0 {
                        blend(pixels.baseAddress! + ((my + 1) * 50 + mx + 2) * 4, src.scaled(by: UInt32(coverage[my * 45 + mx])))
                    }
                }
            }
            XCTAssertEqual(fast, slow, "colour \(color)")
        }
    }

    func testCoverageBlendEqualsScaledColourBlend() {
        var a: [UInt8] = [0, 0, 0, 0], b: [UInt8] = [0, 0, 0, 0]
        for alpha in stride(from: 0, through: 255, by: 15) {
            let color = PremultipliedColor(Color(r: 250, g: 128, b: 3, a: UInt8(alpha)))
            for c in stride(from: 0, through: 255, by: 17) {
                for d in stride(from: 0, through: 255, by: 51) {
                    a = [UInt8(d / 2), UInt8(d), 0, UInt8(d)]; b = a
                    a.withUnsafeMutableBufferPointer { blend($0.baseAddress!, word: color.word, coverage: UInt32(c)) }
                    b.withUnsafeMutableBufferPointer { blend($0.baseAddress!, color.scaled(by: UInt32(c))) }
                    XCTAssertEqual(a, b, "alpha \(alpha) coverage \(c) background \(d)")
                }
            }
        }
    }
}
