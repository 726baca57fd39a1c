/// Per-corner circular radii, in the same units as the rectangle they round.
package struct CornerRadii: Hashable, Sendable {
    package var topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double
    package init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft; self.topRight = topRight
        self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }
    /// The same radius on all four corners.
    package init(_ all: Double) { self.init(topLeft: all, topRight: all, bottomRight: all, bottomLeft: all) }
    package static let zero = CornerRadii(0)

    func scaled(by f: Double) -> CornerRadii {
        CornerRadii(topLeft: topLeft * f, topRight: topRight * f, bottomRight: bottomRight * f, bottomLeft: bottomLeft * f)
    }
}

/// A rectangle with circular corners whose radii always fit.
///
/// Radii are clamped like CSS borders: negative or NaN radii become 0, and when two radii on one side
/// add up to more than that side, all four are scaled down by the same factor until they fit. So a
/// 100×40 rectangle with radius 30 everywhere draws as a capsule of radius 20.
package struct RoundedRect: Hashable, Sendable {
    package let rect: Rect
    /// The clamped radii.
    package let radii: CornerRadii

    package init(rect: Rect, radii: CornerRadii) {
        self.rect = rect
        func clean(_ r: Double) -> Double { r > 0 ? min(r, 1e9) : 0 }
        let r = CornerRadii(topLeft: clean(radii.topLeft), topRight: clean(radii.topRight),
                            bottomRight: clean(radii.bottomRight), bottomLeft: clean(radii.bottomLeft))
        let w = max(0, rect.width.isNaN ? 0 : rect.width), h = max(0, rect.height.isNaN ? 0 : rect.height)
        var f = 1.0
        func fit(_ side: Double, _ a: Double, _ b: Double) { if a + b > 0 { f = min(f, side / (a + b)) } }
        fit(w, r.topLeft, r.topRight)
        fit(w, r.bottomLeft, r.bottomRight)
        fit(h, r.topLeft, r.bottomLeft)
        fit(h, r.topRight, r.bottomRight)
        self.radii = f < 1 ? r.scaled(by: f) : r
    }

    package init(rect: Rect, radius: Double) { self.init(rect: rect, radii: CornerRadii(radius)) }

    /// The outline, clockwise on screen, corners as exact-enough circular arcs (see `Path.addArc`).
    package var path: Path {
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        let r = radii
        var p = Path()
        p.move(to: Point(x: x0 + r.topLeft, y: y0))
        p.line(to: Point(x: x1 - r.topRight, y: y0))
        corner(&p, Point(x: x1 - r.topRight, y: y0 + r.topRight), r.topRight, -Double.pi / 2)
        p.line(to: Point(x: x1, y: y1 - r.bottomRight))
        corner(&p, Point(x: x1 - r.bottomRight, y: y1 - r.bottomRight), r.bottomRight, 0)
        p.line(to: Point(x: x0 + r.bottomLeft, y: y1))
        corner(&p, Point(x: x0 + r.bottomLeft, y: y1 - r.bottomLeft), r.bottomLeft, Double.pi / 2)
        p.line(to: Point(x: x0, y: y0 + r.topLeft))
        corner(&p, Point(x: x0 + r.topLeft, y: y0 + r.topLeft), r.topLeft, Double.pi)
        p.close()
        return p
    }

    private func corner(_ p: inout Path, _ c: Point, _ r: Double, _ start: Double) {
        if r > 0 { p.addArc(center: c, radiusX: r, radiusY: r, startAngle: start, sweep: Double.pi / 2) }
    }
}

extension Path {
    /// A rounded rectangle (radii clamped as `RoundedRect` explains).
    package init(roundedRect rect: Rect, radii: CornerRadii) {
        self = RoundedRect(rect: rect, radii: radii).path
    }
}
