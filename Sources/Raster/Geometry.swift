/// A point in float pixel (or point) coordinates; y grows downwards.
package struct Point: Hashable, Sendable {
    package var x: Double, y: Double
    package init(x: Double, y: Double) { self.x = x; self.y = y }
    package static let zero = Point(x: 0, y: 0)
}

/// An axis-aligned rectangle: origin at the top-left corner, y grows downwards.
package struct Rect: Hashable, Sendable {
    package var x: Double, y: Double, width: Double, height: Double
    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    package var minX: Double { x }
    package var minY: Double { y }
    package var maxX: Double { x + width }
    package var maxY: Double { y + height }
    /// True when the rectangle encloses no area (or holds a NaN).
    package var isEmpty: Bool { !(width > 0 && height > 0) }
}

/// An affine transform mapping (x, y) to (sx·x + kx·y + tx, ky·x + sy·y + ty).
/// Callers build paths in points and draw them at @2x or @3x with `Transform(scale: 2)`.
package struct Transform: Hashable, Sendable {
    package var sx: Double, ky: Double, kx: Double, sy: Double, tx: Double, ty: Double
    package init(sx: Double, ky: Double, kx: Double, sy: Double, tx: Double, ty: Double) {
        self.sx = sx; self.ky = ky; self.kx = kx; self.sy = sy; self.tx = tx; self.ty = ty
    }
    package static let identity = Transform(sx: 1, ky: 0, kx: 0, sy: 1, tx: 0, ty: 0)
    /// Uniform scale about the origin, e.g. the screen scale.
    package init(scale: Double) { self.init(sx: scale, ky: 0, kx: 0, sy: scale, tx: 0, ty: 0) }
    package init(scaleX: Double, scaleY: Double) { self.init(sx: scaleX, ky: 0, kx: 0, sy: scaleY, tx: 0, ty: 0) }
    package init(translateX: Double, translateY: Double) {
        self.init(sx: 1, ky: 0, kx: 0, sy: 1, tx: translateX, ty: translateY)
    }
    /// `self` applied first, then `other`.
    package func concatenating(_ other: Transform) -> Transform {
        Transform(sx: sx * other.sx + ky * other.kx,
                  ky: sx * other.ky + ky * other.sy,
                  kx: kx * other.sx + sy * other.kx,
                  sy: kx * other.ky + sy * other.sy,
                  tx: tx * other.sx + ty * other.kx + other.tx,
                  ty: tx * other.ky + ty * other.sy + other.ty)
    }
    package func apply(_ p: Point) -> Point {
        Point(x: sx * p.x + kx * p.y + tx, y: ky * p.x + sy * p.y + ty)
    }
}

/// An integer pixel rectangle (half-open): the clip the rasterizer writes into.
struct IntRect: Equatable {
    var x0: Int, y0: Int, x1: Int, y1: Int
    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }
    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    func intersection(_ o: IntRect) -> IntRect {
        IntRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }

    /// The pixels touched by a float rectangle, clamped so that huge or NaN values cannot trap.
    static func enclosing(minX: Double, minY: Double, maxX: Double, maxY: Double) -> IntRect {
        func lo(_ v: Double) -> Int { v.isNaN ? 0 : Int(max(-1e9, min(1e9, v)).rounded(.down)) }
        func hi(_ v: Double) -> Int { v.isNaN ? 0 : Int(max(-1e9, min(1e9, v)).rounded(.up)) }
        return IntRect(x0: lo(minX), y0: lo(minY), x1: hi(maxX), y1: hi(maxY))
    }
}
