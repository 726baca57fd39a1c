// Curve flattening: turns a path into straight edges in device pixels.
//
// Each Bézier is cut into n uniform steps, with n from Wang's formula: for a curve of degree d whose
// second differences of control points are at most M long, n = ⌈√(d(d−1)/8 · M / tol)⌉ chords stay
// within `tol` of the curve. The tolerance is tight (1/500 px) because the rasterizer computes exact
// areas: a chord that cuts a pixel 0.01 px inside the curve would already cost about 2/255 of coverage
// there, and the point of exact-area coverage is to match the analytic shape. Chords are cheap; the
// area accumulation costs the same per edge whatever its length.

/// One straight edge in device pixels, in drawing order (the direction gives the winding sign).
struct Edge {
    var x0: Double, y0: Double, x1: Double, y1: Double
}

/// Edges of every contour (each closed implicitly) and their bounding box.
struct FlattenedPath {
    var edges: [Edge] = []
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    /// Maximum distance between a chord and its curve, in device pixels.
    static let tolerance = 0.002
    /// A safety cap on chords per curve, so absurd coordinates cannot exhaust memory.
    static let maxChordsPerCurve = 4096

    init(_ path: Path, transform t: Transform) {
        var start = Point.zero, last = Point.zero
        var pointIndex = 0
        let pts = path.points
        for verb in path.verbs {
            switch verb {
            case .move:
                add(last, start)
                start = t.apply(pts[pointIndex]); last = start; pointIndex += 1
            case .line:
                let p = t.apply(pts[pointIndex]); pointIndex += 1
                add(last, p); last = p
            case .quad:
                let c = t.apply(pts[pointIndex]), p = t.apply(pts[pointIndex + 1]); pointIndex += 2
                let m = hypot(last.x - 2 * c.x + p.x, last.y - 2 * c.y + p.y)
                let n = Self.chordCount(0.25 * m)
                var prev = last
                for i in 1...n {
                    let s = Double(i) / Double(n), u = 1 - s
                    let q = i == n ? p : Point(x: u * u * last.x + 2 * u * s * c.x + s * s * p.x,
                                               y: u * u * last.y + 2 * u * s * c.y + s * s * p.y)
                    add(prev, q); prev = q
                }
                last = p
            case .cubic:
                let c1 = t.apply(pts[pointIndex]), c2 = t.apply(pts[pointIndex + 1]), p = t.apply(pts[pointIndex + 2])
                pointIndex += 3
                let m = max(hypot(last.x - 2 * c1.x + c2.x, last.y - 2 * c1.y + c2.y),
                            hypot(c1.x - 2 * c2.x + p.x, c1.y - 2 * c2.y + p.y))
                let n = Self.chordCount(0.75 * m)
                var prev = last
                for i in 1...n {
                    let s = Double(i) / Double(n), u = 1 - s
                    let (b0, b1, b2, b3) = (u * u * u, 3 * u * u * s, 3 * u * s * s, s * s * s)
                    let q = i == n ? p : Point(x: b0 * last.x + b1 * c1.x + b2 * c2.x + b3 * p.x,
                                               y: b0 * last.y + b1 * c1.y + b2 * c2.y + b3 * p.y)
                    add(prev, q); prev = q
                }
                last = p
            case .close:
                add(last, start); last = start; pointIndex += 1
            }
        }
        add(last, start)
    }

    private static func chordCount(_ scaledM: Double) -> Int {
        let n = (scaledM / tolerance).squareRoot().rounded(.up)
        guard n.isFinite else { return 1 }
        return max(1, min(maxChordsPerCurve, Int(n)))
    }

    /// Coordinates are clamped to ±`limit` px so the rasterizer's Float arithmetic stays finite; no
    /// drawing comes near it.
    static let limit = 1e7

    /// Records one edge; horizontal edges add no area and edges with NaN or infinity are dropped.
    private mutating func add(_ p: Point, _ q: Point) {
        guard p.y != q.y, p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite else { return }
        func clamp(_ v: Double) -> Double { min(Self.limit, max(-Self.limit, v)) }
        let a = Point(x: clamp(p.x), y: clamp(p.y)), b = Point(x: clamp(q.x), y: clamp(q.y))
        guard a.y != b.y else { return }
        edges.append(Edge(x0: a.x, y0: a.y, x1: b.x, y1: b.y))
        minX = min(minX, a.x, b.x); maxX = max(maxX, a.x, b.x)
        minY = min(minY, a.y, b.y); maxY = max(maxY, a.y, b.y)
    }

    /// The pixels the edges can touch (empty when there are none).
    var pixelBounds: IntRect {
        edges.isEmpty ? IntRect(x0: 0, y0: 0, x1: 0, y1: 0)
            : IntRect.enclosing(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
