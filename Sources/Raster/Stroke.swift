// Strokes for icon drawings, built as fill paths.
//
// A stroked polyline becomes one outline: the left offset side walked forwards, the end cap, the right
// offset side walked back, the start cap. On the outer side of each bend a circular arc makes a round
// join; on the inner side the outline runs through the vertex itself, so the two offset lines, which
// cross there, overlap inside the stroke instead of leaving a notch. Building one outline rather than
// a union of rectangles and discs matters here: the rasterizer adds signed areas, so two pieces that
// share a partly covered edge pixel would count it twice and bulge.

/// How an open stroke ends.
package enum LineCap: Sendable {
    /// Ends flush with the end points.
    case butt
    /// Ends with a half disc of the stroke's width.
    case round
}

extension Path {
    /// The outline of a polyline through `points`, `width` wide, with round joins and the given caps.
    /// Repeated points are skipped; fewer than two distinct points, or a width that is not positive,
    /// give an empty path. The outline runs clockwise on screen.
    package static func stroke(polyline points: [Point], width: Double, cap: LineCap) -> Path {
        var pts: [Point] = []
        for p in points where p.x.isFinite && p.y.isFinite && p != pts.last { pts.append(p) }
        var path = Path()
        guard pts.count >= 2, width > 0, width.isFinite else { return path }
        let half = width / 2
        // Unit directions and right-hand normals (a quarter turn clockwise on screen) of each segment.
        var dirs: [Point] = []
        for i in 0..<(pts.count - 1) {
            let dx = pts[i + 1].x - pts[i].x, dy = pts[i + 1].y - pts[i].y
            let len = (dx * dx + dy * dy).squareRoot()
            dirs.append(Point(x: dx / len, y: dy / len))
        }
        func normal(_ i: Int) -> Point { Point(x: -dirs[i].y * half, y: dirs[i].x * half) }
        func offset(_ p: Point, _ n: Point, _ s: Double) -> Point { Point(x: p.x + s * n.x, y: p.y + s * n.y) }
        func angle(_ v: Point) -> Double { atan2(v.y, v.x) }

        /// Walks one side; `s` = −1 is the left side forwards, +1 the right side backwards.
        func side(_ order: [Int], _ s: Double) {
            for (k, i) in order.enumerated() {
                let (a, b) = s < 0 ? (pts[i], pts[i + 1]) : (pts[i + 1], pts[i])
                let n = normal(i)
                if k == 0 { path.line(to: offset(a, n, s)) }
                path.line(to: offset(b, n, s))
                guard k + 1 < order.count else { break }
                let j = order[k + 1], m = normal(j)
                let cross = dirs[i].x * dirs[j].y - dirs[i].y * dirs[j].x
                let dot = dirs[i].x * dirs[j].x + dirs[i].y * dirs[j].y
                // Either walk follows the walker's left-hand side, which is the outer one when the
                // walker turns right (cross > 0, in walk order, on screen with y down).
                if cross > 0 || (cross == 0 && dot < 0) {
                    let from = angle(offset(.zero, n, s))
                    let sweep = atan2(abs(cross), dot)
                    path.addArc(center: b, radiusX: half, radiusY: half, startAngle: from, sweep: sweep)
                } else {
                    path.line(to: b)
                    path.line(to: offset(b, m, s))
                }
            }
        }
        func capAt(_ p: Point, _ n: Point, _ s: Double) {
            // From the side at p + s·n round the end to p − s·n.
            if cap == .round {
                path.addArc(center: p, radiusX: half, radiusY: half, startAngle: angle(offset(.zero, n, s)), sweep: .pi)
            } else {
                path.line(to: offset(p, n, -s))
            }
        }

        let last = dirs.count - 1
        path.move(to: offset(pts[0], normal(0), -1))
        side(Array(0...last), -1)
        capAt(pts[last + 1], normal(last), -1)
        side(Array((0...last).reversed()), 1)
        capAt(pts[0], normal(0), 1)
        path.close()
        return path
    }

    /// The outline of a circle's stroke: a ring between radius − width/2 and radius + width/2.
    package static func ring(center: Point, radius: Double, width: Double) -> Path {
        let outer = radius + width / 2, inner = radius - width / 2
        guard width > 0, outer > 0 else { return Path() }
        var path = Path(circleCenter: center, radius: outer)
        if inner > 0 {
            // The inner circle runs anticlockwise, so the non-zero rule leaves a hole.
            path.move(to: Point(x: center.x + inner, y: center.y))
            path.addArc(center: center, radiusX: inner, radiusY: inner, startAngle: 0, sweep: -2 * .pi)
            path.close()
        }
        return path
    }

    /// The stroke of a rectangle's edges, `width` wide, lying just inside `rect`; with `dash`, dashes
    /// and gaps of that length along each side. It is made of rectangles that do not overlap (top
    /// and bottom bars full width, the sides between them), so no pixel is counted twice. A width
    /// over half the rectangle fills it; a rectangle or width that is not positive gives an empty path.
    package static func rectangleOutline(_ rect: Rect, width: Double, dash: Double? = nil) -> Path {
        var path = Path()
        guard !rect.isEmpty, width > 0, rect.width.isFinite, rect.height.isFinite else { return path }
        let w = min(width, rect.width / 2, rect.height / 2)
        let bars = [Rect(x: rect.minX, y: rect.minY, width: rect.width, height: w),
                    Rect(x: rect.minX, y: rect.maxY - w, width: rect.width, height: w),
                    Rect(x: rect.minX, y: rect.minY + w, width: w, height: rect.height - 2 * w),
                    Rect(x: rect.maxX - w, y: rect.minY + w, width: w, height: rect.height - 2 * w)]
        for bar in bars where !bar.isEmpty {
            guard let dash, dash > 0, dash.isFinite else { path.append(Path(rect: bar)); continue }
            // Dashes run along the bar's long side, starting at its top or left end.
            let horizontal = bar.width >= bar.height
            let length = horizontal ? bar.width : bar.height
            var start = 0.0
            while start < length {
                let end = min(length, start + dash)
                path.append(Path(rect: horizontal
                    ? Rect(x: bar.minX + start, y: bar.minY, width: end - start, height: bar.height)
                    : Rect(x: bar.minX, y: bar.minY + start, width: bar.width, height: end - start)))
                start += 2 * dash
            }
        }
        return path
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
