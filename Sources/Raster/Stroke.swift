// Strokes for icon drawings, built as fill paths.
//
// A stroked polyline is the union of one rectangle per segment plus a disc at every interior vertex
// (round joins) and, with round caps, at both ends. All pieces are wound the same way (clockwise on
// screen), so the non-zero fill merges their overlaps without seams. This is simpler than offsetting
// the outline and exact for the lines, rings and check marks icons are made of.

/// How an open stroke ends.
public enum LineCap: Sendable {
    /// Ends flush with the end points.
    case butt
    /// Ends with a half disc of the stroke's width.
    case round
}

extension Path {
    /// The outline of a polyline through `points`, `width` wide, with round joins and the given caps.
    /// Fewer than two points, or a width that is not positive, give an empty path.
    public static func stroke(polyline points: [Point], width: Double, cap: LineCap) -> Path {
        var path = Path()
        guard points.count >= 2, width > 0, width.isFinite else { return path }
        let half = width / 2
        for i in 0..<(points.count - 1) {
            let a = points[i], b = points[i + 1]
            let dx = b.x - a.x, dy = b.y - a.y
            let len = (dx * dx + dy * dy).squareRoot()
            guard len > 0, len.isFinite else { continue }
            // n is the direction turned a quarter clockwise on screen; a−n, b−n, b+n, a+n then runs clockwise.
            let nx = -dy / len * half, ny = dx / len * half
            path.move(to: Point(x: a.x - nx, y: a.y - ny))
            path.line(to: Point(x: b.x - nx, y: b.y - ny))
            path.line(to: Point(x: b.x + nx, y: b.y + ny))
            path.line(to: Point(x: a.x + nx, y: a.y + ny))
            path.close()
        }
        let discs = cap == .round ? points[...] : points.dropFirst().dropLast()
        for p in discs { path.append(Path(circleCenter: p, radius: half)) }
        return path
    }

    /// The outline of a circle's stroke: a ring between radius − width/2 and radius + width/2.
    public static func ring(center: Point, radius: Double, width: Double) -> Path {
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
}
