/// A vector outline: contours of lines, quadratic and cubic Béziers, in float coordinates.
///
/// Build in points and draw at any scale with a `Transform`. Every contour is closed implicitly when
/// filled; `close()` only matters for where the next contour starts. Filling uses the non-zero rule.
package struct Path: Equatable, Sendable {
    enum Verb: UInt8, Equatable, Sendable { case move, line, quad, cubic, close }

    private(set) var verbs: [Verb] = []
    /// Points in verb order: move and line take 1, quad 2 (control, end), cubic 3.
    private(set) var points: [Point] = []
    private var contourStart = Point.zero

    package init() {}

    package var isEmpty: Bool { verbs.isEmpty }

    /// The last point added, which the next segment starts from.
    package var currentPoint: Point? { points.last }

    package mutating func move(to p: Point) {
        verbs.append(.move); points.append(p); contourStart = p
    }

    package mutating func line(to p: Point) {
        ensureContour()
        verbs.append(.line); points.append(p)
    }

    package mutating func quad(to p: Point, control c: Point) {
        ensureContour()
        verbs.append(.quad); points.append(c); points.append(p)
    }

    package mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        ensureContour()
        verbs.append(.cubic); points.append(c1); points.append(c2); points.append(p)
    }

    /// Closes the current contour; a following segment without `move` starts at its first point.
    package mutating func close() {
        guard let last = verbs.last, last != .close else { return }
        verbs.append(.close)
        points.append(contourStart)   // keeps `currentPoint` meaningful after a close
    }

    /// A segment with no preceding `move` starts at the current point (or the origin).
    private mutating func ensureContour() {
        if verbs.isEmpty || verbs.last == .close { move(to: points.last ?? .zero) }
    }

    /// Adds every contour of `other`.
    package mutating func append(_ other: Path) {
        verbs += other.verbs; points += other.points; contourStart = other.contourStart
    }

    /// The path with every point mapped through `t` (Béziers are affine-invariant, so this is exact).
    package func transformed(by t: Transform) -> Path {
        var copy = self
        copy.points = points.map(t.apply)
        copy.contourStart = t.apply(contourStart)
        return copy
    }

    /// The bounding box of all points, control points included (so it may be a little large).
    package var controlBounds: Rect? {
        guard let first = points.first else { return nil }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

// MARK: - Shapes

extension Path {
    /// A rectangle, clockwise on screen (y down).
    package init(rect r: Rect) {
        self.init()
        move(to: Point(x: r.minX, y: r.minY))
        line(to: Point(x: r.maxX, y: r.minY))
        line(to: Point(x: r.maxX, y: r.maxY))
        line(to: Point(x: r.minX, y: r.maxY))
        close()
    }

    /// An ellipse inscribed in `rect`, clockwise on screen.
    package init(ellipseIn r: Rect) {
        self.init()
        let c = Point(x: r.x + r.width / 2, y: r.y + r.height / 2)
        move(to: Point(x: c.x + r.width / 2, y: c.y))
        addArc(center: c, radiusX: r.width / 2, radiusY: r.height / 2, startAngle: 0, sweep: 2 * .pi)
        close()
    }

    /// A circle, clockwise on screen.
    package init(circleCenter c: Point, radius: Double) {
        self.init(ellipseIn: Rect(x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius))
    }

    /// Appends an elliptical arc from the current point's angle, as cubics of at most 22.5° each.
    ///
    /// Angles are in radians, measured clockwise on screen from +x (y grows down). The path should
    /// already be at the arc's start point; if not, a line joins them. A quarter circle as a single
    /// cubic is off by 0.027 % of the radius (0.08 px at r = 288 px, visible in coverage), while a
    /// 22.5° cubic is off by 4096 times less, so large corners stay exact to well under 1/255.
    package mutating func addArc(center c: Point, radiusX rx: Double, radiusY ry: Double,
                                startAngle: Double, sweep: Double) {
        let start = Point(x: c.x + rx * cos(startAngle), y: c.y + ry * sin(startAngle))
        if let cur = currentPoint, verbs.last != .close { if cur != start { line(to: start) } } else { move(to: start) }
        guard sweep.isFinite, rx.isFinite, ry.isFinite, sweep != 0 else { return }
        let pieces = max(1, min(64, Int((abs(sweep) / (Double.pi / 8)).rounded(.up))))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a0 = startAngle
        for i in 1...pieces {
            let a1 = i == pieces ? startAngle + sweep : startAngle + Double(i) * step
            let (s0, c0, s1, c1) = (sin(a0), cos(a0), sin(a1), cos(a1))
            cubic(to: Point(x: c.x + rx * c1, y: c.y + ry * s1),
                  control1: Point(x: c.x + rx * (c0 - k * s0), y: c.y + ry * (s0 + k * c0)),
                  control2: Point(x: c.x + rx * (c1 + k * s1), y: c.y + ry * (s1 - k * c1)))
            a0 = a1
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
