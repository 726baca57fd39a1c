import XCTest
@testable import Raster

final class RoundedRectCoverageTests: XCTestCase {
    /// Rounded rectangles built in points and drawn at @1x, @2x and @3x, radii up to 96 px, against the
    /// exact area of each pixel inside the shape. Opaque white on transparent, so alpha is coverage.
    func testRoundedRectCoverageMatchesExactAreaAtAllScales() {
        // (x, y, width, height in points, radii in points TL TR BR BL)
        let shapes: [(Double, Double, Double, Double, [Double])] = [
            (2.3, 1.7, 40, 30, [0, 0, 0, 0]),
            (1.25, 2.5, 31.5, 20.2, [1, 1, 1, 1]),
            (3.4, 2.1, 47.3, 29.9, [2.5, 2.5, 2.5, 2.5]),
            (0.5, 0.5, 60, 44, [7, 7, 7, 7]),
            (1.37, 3.81, 90.2, 60.6, [14, 14, 14, 14]),
            (2.6, 1.1, 100.4, 80.3, [32, 32, 32, 32]),
            (4.45, 0.15, 70, 50, [32, 7, 14, 2.5]),
            (0.9, 1.3, 120, 96.5, [96, 0, 1, 20]),        // one huge corner: clamped with its neighbours
            (1.5, 2.25, 80, 24, [30, 30, 30, 30]),         // capsule after clamping
        ]
        var worstOverall = 0.0
        for scale in [1.0, 2.0, 3.0] {
            for (x, y, w, h, radii) in shapes {
                let t = Transform(scale: scale)
                let path = Path(roundedRect: Rect(x: x, y: y, width: w, height: h),
                                radii: CornerRadii(topLeft: radii[0], topRight: radii[1],
                                                   bottomRight: radii[2], bottomLeft: radii[3]))
                let pw = Int(((x + w) * scale).rounded(.up)) + 2, ph = Int(((y + h) * scale).rounded(.up)) + 2
                guard var pixmap = Pixmap(width: pw, height: ph) else { return XCTFail("pixmap") }
                pixmap.fill(path, color: .white, transform: t)

                let (dx0, dy0, dx1, dy1) = (x * scale, y * scale, (x + w) * scale, (y + h) * scale)
                let r = AnalyticArea.clampedRadii(width: w * scale, height: h * scale, radii.map { $0 * scale })
                let alpha = CoverageMaskLike(width: pw, height: ph) { pixmap.pixels[($1 * pw + $0) * 4 + 3] }
                let worst = maxError(alpha) {
                    AnalyticArea.roundedRectPixel(px: $0, py: $1, x0: dx0, y0: dy0, x1: dx1, y1: dy1, radii: r)
                }
                XCTAssertLessThanOrEqual(worst.error, 2, "@\(scale)x \(w)×\(h) radii \(radii): pixel (\(worst.x), \(worst.y))")
                worstOverall = max(worstOverall, worst.error)
            }
        }
        print("rounded rect coverage: max error \(worstOverall) / 255")
    }

    func testRadiiClampLikeCSS() {
        let capsule = RoundedRect(rect: Rect(x: 0, y: 0, width: 100, height: 40), radius: 30)
        XCTAssertEqual(capsule.radii, CornerRadii(20))
        let mixed = RoundedRect(rect: Rect(x: 0, y: 0, width: 100, height: 100),
                                radii: CornerRadii(topLeft: 150, topRight: 50, bottomRight: -3, bottomLeft: 0))
        XCTAssertEqual(mixed.radii.topLeft, 75, accuracy: 1e-9)
        XCTAssertEqual(mixed.radii.topRight, 25, accuracy: 1e-9)
        XCTAssertEqual(mixed.radii.bottomRight, 0)
        let fits = RoundedRect(rect: Rect(x: 0, y: 0, width: 100, height: 100), radius: 50)
        XCTAssertEqual(fits.radii, CornerRadii(50))
    }

    /// The exact reference itself: a full rounded rectangle's pixel areas add up to w·h − (4 − π)·r².
    func testAnalyticReferenceSumsToClosedFormArea() {
        let (x0, y0, x1, y1, r) = (1.3, 2.7, 61.9, 40.2, 11.5)
        var sum = 0.0
        for py in 0..<45 { for px in 0..<65 {
            sum += AnalyticArea.roundedRectPixel(px: px, py: py, x0: x0, y0: y0, x1: x1, y1: y1, radii: [r, r, r, r])
        } }
        XCTAssertEqual(sum, (x1 - x0) * (y1 - y0) - (4 - .pi) * r * r, accuracy: 1e-9)
    }
}
