// Exact reference areas for the coverage tests, by closed-form integration (no sampling):
// the area of a disc inside an axis-aligned box comes from the antiderivative of √(r² − u²).
import Foundation

enum AnalyticArea {
    /// ∫ √(r² − u²) du.
    static func circleIntegral(_ u: Double, _ r: Double) -> Double {
        0.5 * (u * max(0, r * r - u * u).squareRoot() + r * r * asin(max(-1, min(1, u / r))))
    }

    /// Area of {u ≥ 0, v ≥ 0, u² + v² ≤ r²} ∩ [a, b] × [c, d].
    static func quarterDisc(r: Double, a: Double, b: Double, c: Double, d: Double) -> Double {
        let a = max(0, min(r, a)), b = max(0, min(r, b)), c = max(0, min(r, c)), d = max(0, min(r, d))
        guard b > a, d > c else { return 0 }
        // Height of the slice at u is clamp(√(r² − u²) − c, 0, d − c): full up to u_d, curved up to u_c.
        let ud = (r * r - d * d).squareRoot(), uc = (r * r - c * c).squareRoot()
        var area = (d - c) * max(0, min(b, ud) - a)
        let lo = max(a, ud), hi = min(b, uc)
        if hi > lo { area += circleIntegral(hi, r) - circleIntegral(lo, r) - c * (hi - lo) }
        return area
    }

    /// Area of the disc (centre, r) inside the box [x0, x1] × [y0, y1].
    static func disc(cx: Double, cy: Double, r: Double, x0: Double, y0: Double, x1: Double, y1: Double) -> Double {
        var total = 0.0
        for sx in [-1.0, 1.0] {
            for sy in [-1.0, 1.0] {
                let u0 = sx * (x0 - cx), u1 = sx * (x1 - cx), v0 = sy * (y0 - cy), v1 = sy * (y1 - cy)
                total += quarterDisc(r: r, a: max(0, min(u0, u1)), b: max(u0, u1),
                                     c: max(0, min(v0, v1)), d: max(v0, v1))
            }
        }
        return total
    }

    static func boxOverlap(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Double {
        max(0, min(a1, b1) - max(a0, b0))
    }

    /// Radii clamped like CSS: all scaled by one factor when two on a side exceed it.
    static func clampedRadii(width w: Double, height h: Double, _ r: [Double]) -> [Double] {
        // Order: top-left, top-right, bottom-right, bottom-left.
        var f = 1.0
        for (side, p, q) in [(w, r[0], r[1]), (w, r[3], r[2]), (h, r[0], r[3]), (h, r[1], r[2])] where p + q > 0 {
            f = min(f, side / (p + q))
        }
        return r.map { $0 * f }
    }

    /// Area of the unit pixel (px, py) inside a rounded rectangle with clamped radii (TL, TR, BR, BL).
    static func roundedRectPixel(px: Int, py: Int, x0: Double, y0: Double, x1: Double, y1: Double,
                                 radii r: [Double]) -> Double {
        let qx0 = Double(px), qy0 = Double(py), qx1 = qx0 + 1, qy1 = qy0 + 1
        var area = boxOverlap(qx0, qx1, x0, x1) * boxOverlap(qy0, qy1, y0, y1)
        // Each corner box loses what lies outside its quarter circle.
        let corners = [(x0, y0, r[0], 1.0, 1.0), (x1, y0, r[1], -1.0, 1.0),
                       (x1, y1, r[2], -1.0, -1.0), (x0, y1, r[3], 1.0, -1.0)]
        for (cx, cy, rad, dx, dy) in corners where rad > 0 {
            let bx0 = min(cx, cx + dx * rad), bx1 = max(cx, cx + dx * rad)
            let by0 = min(cy, cy + dy * rad), by1 = max(cy, cy + dy * rad)
            let ix0 = max(qx0, bx0), ix1 = min(qx1, bx1), iy0 = max(qy0, by0), iy1 = min(qy1, by1)
            guard ix1 > ix0, iy1 > iy0 else { continue }
            let inDisc = disc(cx: cx + dx * rad, cy: cy + dy * rad, r: rad, x0: ix0, y0: iy0, x1: ix1, y1: iy1)
            area -= (ix1 - ix0) * (iy1 - iy0) - inDisc
        }
        return area
    }
}

/// Largest difference, in 1/255 steps, between a mask and reference areas (0…1) per pixel.
func maxError(_ mask: CoverageMaskLike, _ reference: (Int, Int) -> Double) -> (error: Double, x: Int, y: Int) {
    var worst = (error: 0.0, x: -1, y: -1)
    for y in 0..<mask.height {
        for x in 0..<mask.width {
            let e = abs(Double(mask.value(x, y)) - reference(x, y) * 255)
            if e > worst.error { worst = (e, x, y) }
        }
    }
    return worst
}

/// What `maxError` reads: a pixmap's alpha or a mask's coverage.
struct CoverageMaskLike {
    let width: Int, height: Int
    let value: (Int, Int) -> UInt8
}
