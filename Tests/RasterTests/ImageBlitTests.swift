import XCTest
@testable import Raster

final class ImageBlitTests: XCTestCase {
    private func checkerboard(_ size: Int) -> Pixmap? {
        var bytes: [UInt8] = []
        for y in 0..<size { for x in 0..<size { let v: UInt8 = (x + y) % 2 == 0 ? 255 : 0; bytes += [v, v, v, 255] } }
        return Pixmap(width: size, height: size, premultipliedPixels: bytes)
    }

    func testDownscaledCheckerboardIsUniformGrey() {
        guard let board = checkerboard(64), var p = Pixmap(width: 16, height: 16) else { return XCTFail() }
        p.draw(board, in: Rect(x: 0, y: 0, width: 16, height: 16))
        for i in stride(from: 0, to: p.pixels.count, by: 4) {
            XCTAssert((127...128).contains(p.pixels[i]), "pixel \(i / 4) is \(p.pixels[i])")
            XCTAssertEqual(p.pixels[i + 3], 255)
        }
        // A factor that is not a whole number still averages, no moiré: every pixel stays near mid-grey.
        guard var q = Pixmap(width: 23, height: 23) else { return XCTFail() }
        q.draw(board, in: Rect(x: 0, y: 0, width: 23, height: 23))
        let greys = stride(from: 0, to: q.pixels.count, by: 4).map { Int(q.pixels[$0]) }
        XCTAssertLessThanOrEqual(greys.max()! - greys.min()!, 24, "spread \(greys.min()!)…\(greys.max()!)")
    }

    func testUpscaleInterpolatesBilinearly() {
        guard let two = Pixmap(width: 2, height: 1, premultipliedPixels: [0, 0, 0, 255, 255, 255, 255, 255]),
              var p = Pixmap(width: 4, height: 1) else { return XCTFail() }
        p.draw(two, in: Rect(x: 0, y: 0, width: 4, height: 1))
        XCTAssertEqual(stride(from: 0, to: 16, by: 4).map { p.pixels[$0] }, [0, 64, 191, 255])
    }

    func testSameSizeDrawIsACopyAndOpacityScales() {
        let bytes: [UInt8] = [10, 20, 30, 40, 200, 100, 50, 255, 0, 0, 0, 0, 1, 2, 3, 4]
        guard let image = Pixmap(width: 2, height: 2, premultipliedPixels: bytes), var p = Pixmap(width: 4, height: 4)
        else { return XCTFail() }
        p.draw(image, in: Rect(x: 1, y: 1, width: 2, height: 2))
        XCTAssertEqual(Array(p.pixels[(1 * 4 + 1) * 4 ..< (1 * 4 + 3) * 4]), Array(bytes[0..<8]))
        XCTAssertEqual(p.pixels[0..<4], [0, 0, 0, 0])

        guard let white = Pixmap(width: 1, height: 1, premultipliedPixels: [255, 255, 255, 255]),
              var q = Pixmap(width: 2, height: 2) else { return XCTFail() }
        q.draw(white, in: Rect(x: 0, y: 0, width: 2, height: 2), opacity: 0.5)
        XCTAssertEqual(Array(q.pixels[0..<4]), [128, 128, 128, 128])
    }

    func testFractionalRectEdgesGetPartialCoverage() {
        guard let white = Pixmap(width: 4, height: 4, premultipliedPixels: [UInt8](repeating: 255, count: 64)),
              var p = Pixmap(width: 6, height: 1) else { return XCTFail() }
        p.draw(white, in: Rect(x: 0.25, y: 0, width: 4.5, height: 1))
        XCTAssertEqual(stride(from: 3, to: 24, by: 4).map { p.pixels[$0] }, [191, 255, 255, 255, 191, 0])
    }

    func testRoundedClipLeavesCornersTransparent() {
        guard let red = Pixmap(width: 10, height: 10, premultipliedPixels: [UInt8](repeating: 0, count: 400).enumerated()
                .map { $0.offset % 4 == 0 || $0.offset % 4 == 3 ? 255 : 0 }),
              var p = Pixmap(width: 50, height: 40) else { return XCTFail() }
        let rect = Rect(x: 2, y: 3, width: 44, height: 32)
        let clip = RoundedRect(rect: rect, radius: 12)
        p.draw(red, in: rect, clip: clip)
        XCTAssertEqual(p.pixels[(3 * 50 + 2) * 4 + 3], 0, "top-left corner pixel")
        XCTAssertEqual(p.pixels[(34 * 50 + 45) * 4 + 3], 0, "bottom-right corner pixel")
        XCTAssertEqual(p.pixels[(20 * 50 + 25) * 4 + 3], 255, "centre")
        XCTAssertEqual(p.pixels[(3 * 50 + 25) * 4 + 3], 255, "top edge mid-way")
        // Every pixel's alpha is the clip's exact area.
        var worst = 0.0
        for y in 0..<40 { for x in 0..<50 {
            let area = AnalyticArea.roundedRectPixel(px: x, py: y, x0: 2, y0: 3, x1: 46, y1: 35, radii: [12, 12, 12, 12])
            worst = max(worst, abs(Double(p.pixels[(y * 50 + x) * 4 + 3]) - area * 255))
        } }
        XCTAssertLessThanOrEqual(worst, 2)
    }

    func testDrawingOutsideOrDegenerateDoesNothing() {
        guard let white = Pixmap(width: 2, height: 2, premultipliedPixels: [UInt8](repeating: 255, count: 16)),
              var p = Pixmap(width: 4, height: 4) else { return XCTFail() }
        p.draw(white, in: Rect(x: 10, y: 10, width: 3, height: 3))
        p.draw(white, in: Rect(x: 0, y: 0, width: 0, height: 3))
        p.draw(white, in: Rect(x: .nan, y: 0, width: 3, height: 3))
        p.draw(white, in: Rect(x: 0, y: 0, width: .infinity, height: 3))
        p.draw(white, in: Rect(x: 0, y: 0, width: 3, height: 3), opacity: 0)
        XCTAssertEqual(p.pixels.max(), 0)
    }
}
