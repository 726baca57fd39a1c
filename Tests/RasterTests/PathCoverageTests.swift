import XCTest
@testable import Raster

final class PathCoverageTests: XCTestCase {
    private func mask(_ path: Path, _ w: Int, _ h: Int, _ t: Transform = .identity) -> CoverageMask {
        guard let m = CoverageMask(filling: path, transform: t, width: w, height: h) else {
            XCTFail("mask"); return CoverageMask(width: 0, height: 0, coverage: [])
        }
        return m
    }

    private func reading(_ m: CoverageMask) -> CoverageMaskLike {
        CoverageMaskLike(width: m.width, height: m.height) { m.coverage[$1 * m.width + $0] }
    }

    func testCirclesMatchExactDiscArea() {
        var worstOverall = 0.0
        // (centre x, centre y, radius) in points, drawn at each scale.
        for (cx, cy, r) in [(5.3, 4.9, 0.7), (8.1, 7.45, 3.3), (20.5, 19.25, 10.5), (60.37, 58.9, 50.25), (101.1, 99.7, 96)] {
            for scale in [1.0, 2.0, 3.0] {
                let size = Int(((max(cx, cy) + r) * scale).rounded(.up)) + 2
                let m = mask(Path(circleCenter: Point(x: cx, y: cy), radius: r), size, size, Transform(scale: scale))
                let worst = maxError(reading(m)) {
                    AnalyticArea.disc(cx: cx * scale, cy: cy * scale, r: r * scale,
                                      x0: Double($0), y0: Double($1), x1: Double($0 + 1), y1: Double($1 + 1))
                }
                XCTAssertLessThanOrEqual(worst.error, 2, "r \(r) @\(scale)x at (\(worst.x), \(worst.y))")
                worstOverall = max(worstOverall, worst.error)
            }
        }
        print("circle coverage: max error \(worstOverall) / 255")
    }

    /// A parabolic segment y = k(u)² + v, |u| ≤ W, closed by its chord: one quadratic Bézier and a line.
    /// The exact area per pixel integrates top − k·u² − v in closed form.
    func testQuadraticParabolaMatchesExactArea() {
        let (h, v, k, W) = (20.4, 3.3, 0.09, 16.2)
        let yTop = v + k * W * W
        var path = Path()
        path.move(to: Point(x: h - W, y: yTop))
        path.quad(to: Point(x: h + W, y: yTop), control: Point(x: h, y: v - k * W * W))
        path.close()
        let m = mask(path, 42, 32)

        func exact(_ px: Int, _ py: Int) -> Double {
            let top = min(Double(py + 1), yTop), bottom = Double(py)
            guard top > bottom, top > v else { return 0 }
            let ut = ((top - v) / k).squareRoot()                       // f(u) ≤ top for |u| ≤ ut
            let ub = bottom > v ? ((bottom - v) / k).squareRoot() : 0   // f(u) ≤ bottom for |u| ≤ ub
            let u0 = Double(px) - h, u1 = u0 + 1
            // ∫ (top − k u² − v) du over [a, b] ∩ [u0, u1].
            func curved(_ a: Double, _ b: Double) -> Double {
                let lo = max(a, u0), hi = min(b, u1)
                guard hi > lo else { return 0 }
                return (top - v) * (hi - lo) - k / 3 * (hi * hi * hi - lo * lo * lo)
            }
            let flat = max(0, min(ub, u1) - max(-ub, u0)) * (top - bottom)
            return flat + curved(-ut, -ub) + curved(ub, ut)
        }
        let worst = maxError(reading(m), exact)
        XCTAssertLessThanOrEqual(worst.error, 2, "at (\(worst.x), \(worst.y))")
        print("quadratic coverage: max error \(worst.error) / 255")
    }

    /// A blob of four cubics against the exact area of each pixel inside a polygon that follows the
    /// curves within 1e-6 px (Sutherland–Hodgman clipping per pixel), and its total area by Green's theorem.
    func testCubicBlobMatchesClippedReference() {
        let p = [Point(x: 4.3, y: 20.1), Point(x: 2, y: 3), Point(x: 30, y: -2), Point(x: 36.6, y: 12.2),
                 Point(x: 44, y: 28), Point(x: 25, y: 40), Point(x: 17.2, y: 33.3), Point(x: 10, y: 27),
                 Point(x: 9, y: 30), Point(x: 4.3, y: 20.1)]
        var path = Path()
        path.move(to: p[0])
        path.cubic(to: p[3], control1: p[1], control2: p[2])
        path.cubic(to: p[6], control1: p[4], control2: p[5])
        path.cubic(to: p[9], control1: p[7], control2: p[8])
        path.close()
        let m = mask(path, 44, 42)

        var polygon: [Point] = []
        for s in stride(from: 0, to: 9, by: 3) {
            for i in 0..<4000 {
                let t = Double(i) / 4000, u = 1 - t
                let (b0, b1, b2, b3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                polygon.append(Point(x: b0 * p[s].x + b1 * p[s + 1].x + b2 * p[s + 2].x + b3 * p[s + 3].x,
                                     y: b0 * p[s].y + b1 * p[s + 1].y + b2 * p[s + 2].y + b3 * p[s + 3].y))
            }
        }
        let worst = maxError(reading(m)) { abs(Self.clippedArea(polygon, Double($0), Double($1))) }
        XCTAssertLessThanOrEqual(worst.error, 2, "at (\(worst.x), \(worst.y))")
        print("cubic blob coverage: max error \(worst.error) / 255")

        // Green's theorem, ∮ x dy, each cubic exactly by 3-point Gauss–Legendre (the integrand has degree 5).
        var area = 0.0
        let nodes = [(0.5 - 0.5 * (0.6).squareRoot(), 5.0 / 18), (0.5, 8.0 / 18), (0.5 + 0.5 * (0.6).squareRoot(), 5.0 / 18)]
        for s in stride(from: 0, to: 9, by: 3) {
            for (t, w) in nodes {
                let u = 1 - t
                let x = u * u * u * p[s].x + 3 * u * u * t * p[s + 1].x + 3 * u * t * t * p[s + 2].x + t * t * t * p[s + 3].x
                let dy = 3 * u * u * (p[s + 1].y - p[s].y) + 6 * u * t * (p[s + 2].y - p[s + 1].y) + 3 * t * t * (p[s + 3].y - p[s + 2].y)
                area += w * x * dy
            }
        }
        let total = m.coverage.reduce(0.0) { $0 + Double($1) } / 255
        XCTAssertEqual(total, abs(area), accuracy: abs(area) * 0.001)
    }

    /// Area of a polygon inside the unit pixel at (px, py), signed by the polygon's orientation.
    static func clippedArea(_ polygon: [Point], _ px: Double, _ py: Double) -> Double {
        var poly = polygon
        let planes: [(Point) -> Double] = [{ $0.x - px }, { px + 1 - $0.x }, { $0.y - py }, { py + 1 - $0.y }]
        for inside in planes {
            var out: [Point] = []
            for i in poly.indices {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                let da = inside(a), db = inside(b)
                if da >= 0 { out.append(a) }
                if (da >= 0) != (db >= 0) {
                    let t = da / (da - db)
                    out.append(Point(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y)))
                }
            }
            poly = out
            if poly.isEmpty { return 0 }
        }
        var area = 0.0
        for i in poly.indices {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            area += a.x * b.y - b.x * a.y
        }
        return area / 2
    }

    private func square(_ x: Double, _ y: Double, _ s: Double, reversed: Bool = false) -> Path {
        let corners = [Point(x: x, y: y), Point(x: x + s, y: y), Point(x: x + s, y: y + s), Point(x: x, y: y + s)]
        let ordered = reversed ? Array(corners.reversed()) : corners
        var p = Path()
        p.move(to: ordered[0]); for c in ordered.dropFirst() { p.line(to: c) }; p.close()
        return p
    }

    func testNonZeroWindingOverlapAndHole() {
        var overlapping = square(2, 2, 10); overlapping.append(square(7, 7, 10))
        let m = mask(overlapping, 20, 20)
        XCTAssertEqual(m.coverage[9 * 20 + 9], 255, "overlap stays fully covered, not doubled or cancelled")
        XCTAssertEqual(m.coverage[3 * 20 + 3], 255)
        XCTAssertEqual(m.coverage[15 * 20 + 15], 255)
        XCTAssertEqual(m.coverage[3 * 20 + 15], 0)
        XCTAssertEqual(m.coverage.reduce(0) { $0 + Int($1) }, (100 + 100 - 25) * 255)

        var holed = square(2, 2, 16); holed.append(square(6, 6, 8, reversed: true))
        let h = mask(holed, 20, 20)
        XCTAssertEqual(h.coverage[10 * 20 + 10], 0, "reversed inner square cuts a hole")
        XCTAssertEqual(h.coverage[3 * 20 + 3], 255)
        XCTAssertEqual(h.coverage.reduce(0) { $0 + Int($1) }, (256 - 64) * 255)

        var nested = square(2, 2, 16); nested.append(square(6, 6, 8))
        XCTAssertEqual(mask(nested, 20, 20).coverage[10 * 20 + 10], 255, "same-direction inner square is no hole")
    }

    func testClippingAtPixmapEdgesKeepsExactCoverage() {
        // A disc hanging over every side of a small mask: each visible pixel still gets its exact area.
        let m = mask(Path(circleCenter: Point(x: 6.3, y: 5.8), radius: 9.1), 12, 10)
        let worst = maxError(reading(m)) {
            AnalyticArea.disc(cx: 6.3, cy: 5.8, r: 9.1, x0: Double($0), y0: Double($1), x1: Double($0 + 1), y1: Double($1 + 1))
        }
        XCTAssertLessThanOrEqual(worst.error, 2)
        // A shape entirely outside leaves nothing; NaN coordinates are ignored rather than trapping.
        XCTAssertEqual(mask(square(-30, 3, 10), 12, 10).coverage.max(), 0)
        var bad = Path(); bad.move(to: Point(x: .nan, y: 1)); bad.line(to: Point(x: 5, y: .infinity)); bad.line(to: Point(x: 3, y: 3))
        XCTAssertEqual(mask(bad, 12, 10).coverage.max(), 0)
        // Absurdly far coordinates are clamped, not trapped on: a huge triangle still covers the mask.
        var huge = Path()
        huge.move(to: Point(x: -1e300, y: -1e300)); huge.line(to: Point(x: 1e300, y: -1e300)); huge.line(to: Point(x: 0, y: 1e300))
        XCTAssertEqual(mask(huge, 12, 10).coverage.min(), 255)
    }

    /// Edges that cross the clip's left and right sides within one row are split and clamped exactly:
    /// a small window onto a shape equals the same window cut out of a large rendering.
    func testClippedWindowEqualsCropOfFullRendering() {
        var shape = Path()
        shape.move(to: Point(x: 3.3, y: 40.7)); shape.line(to: Point(x: 96.2, y: 31.1))
        shape.line(to: Point(x: 70.5, y: 80.9)); shape.line(to: Point(x: 12.25, y: 61.6)); shape.close()
        // A hole: a circle wound the other way.
        shape.move(to: Point(x: 50.4 + 11.7, y: 52.3))
        shape.addArc(center: Point(x: 50.4, y: 52.3), radiusX: 11.7, radiusY: 11.7, startAngle: 0, sweep: -2 * .pi)
        shape.close()
        let full = mask(shape, 100, 100)
        let (ox, oy, w, h) = (31, 36, 23, 29)
        let window = mask(shape, w, h, Transform(translateX: -Double(ox), translateY: -Double(oy)))
        var worst = 0
        for y in 0..<h { for x in 0..<w {
            worst = max(worst, abs(Int(window.coverage[y * w + x]) - Int(full.coverage[(y + oy) * 100 + x + ox])))
        } }
        XCTAssertLessThanOrEqual(worst, 1)
        XCTAssertGreaterThan(window.coverage.filter { $0 > 0 && $0 < 255 }.count, 20, "the window shows edges")
    }

    func testStrokesAndRingCoverTheirArea() {
        func area(_ p: Path) -> Double { Double(mask(p, 60, 60).coverage.reduce(0) { $0 + Int($1) }) / 255 }
        let line = [Point(x: 10.5, y: 10.25), Point(x: 40.5, y: 10.25)]
        XCTAssertEqual(area(.stroke(polyline: line, width: 4, cap: .butt)), 120, accuracy: 0.1)
        let roundArea: Double = 120 + Double.pi * 4
        XCTAssertEqual(area(.stroke(polyline: line, width: 4, cap: .round)), roundArea, accuracy: 0.1)
        // An L: two legs of 20 and 15 with a round join; the join adds the disc's quarter outside both legs.
        let l = [Point(x: 10, y: 10), Point(x: 30, y: 10), Point(x: 30, y: 25)]
        let lArea: Double = 40 + 30 - 1 + Double.pi / 4
        XCTAssertEqual(area(.stroke(polyline: l, width: 2, cap: .butt)), lArea, accuracy: 0.1)
        let leftTurn = [Point(x: 10, y: 30), Point(x: 30, y: 30), Point(x: 30, y: 15)]
        XCTAssertEqual(area(.stroke(polyline: leftTurn, width: 2, cap: .butt)), lArea, accuracy: 0.1)
        XCTAssertEqual(area(.stroke(polyline: leftTurn.reversed(), width: 2, cap: .butt)), lArea, accuracy: 0.1)

        let ring = Path.ring(center: Point(x: 30, y: 30), radius: 20, width: 3)
        let m = mask(ring, 60, 60)
        XCTAssertEqual(m.coverage[30 * 60 + 30], 0, "ring centre is empty")
        XCTAssertEqual(m.coverage[30 * 60 + 50], 255, "on the ring")
        let ringArea: Double = Double.pi * (21.5 * 21.5 - 18.5 * 18.5)
        XCTAssertEqual(area(ring), ringArea, accuracy: 0.2)
    }
}
