import Foundation
import Raster

/// The message icons as vector outlines in a unit square (0…1, y down), drawn by the rasterizer in
/// the icon colour on the message's tinted disc. Each icon is a list of outlines filled one by one:
/// overlapping contours in a single fill would count shared edge pixels twice.
enum Icons {
    static func outlines(_ icon: MessageIcon) -> [Path] {
        let line = 0.1
        switch icon {
        case .info:
            // The dot stands clear of the stem (about 1.5 pt at 36 pt), as in SF Symbols' "info".
            return [Path(circleCenter: Point(x: 0.5, y: 0.2), radius: 0.09),
                    Path.stroke(polyline: [Point(x: 0.5, y: 0.47), Point(x: 0.5, y: 0.8)], width: 0.16, cap: .round)]
        case .success:
            return [Path.stroke(polyline: [Point(x: 0.18, y: 0.52), Point(x: 0.41, y: 0.75), Point(x: 0.84, y: 0.28)],
                                width: 0.15, cap: .round)]
        case .warning:
            return [Path.stroke(polyline: [Point(x: 0.5, y: 0.16), Point(x: 0.5, y: 0.56)], width: 0.16, cap: .round),
                    Path(circleCenter: Point(x: 0.5, y: 0.8), radius: 0.09)]
        case .gift:
            let lid = [Point(x: 0.1, y: 0.32), Point(x: 0.9, y: 0.32), Point(x: 0.9, y: 0.46),
                       Point(x: 0.1, y: 0.46), Point(x: 0.1, y: 0.32)]
            let box = [Point(x: 0.18, y: 0.46), Point(x: 0.18, y: 0.9), Point(x: 0.82, y: 0.9), Point(x: 0.82, y: 0.46)]
            return [Path.stroke(polyline: lid, width: line, cap: .round),
                    Path.stroke(polyline: box, width: line, cap: .round),
                    Path.stroke(polyline: [Point(x: 0.5, y: 0.32), Point(x: 0.5, y: 0.9)], width: line, cap: .butt),
                    Path.ring(center: Point(x: 0.38, y: 0.2), radius: 0.09, width: 0.08),
                    Path.ring(center: Point(x: 0.62, y: 0.2), radius: 0.09, width: 0.08)]
        case .star:
            var star = Path()
            for k in 0..<10 {
                // Points alternate between the outer and inner radius; the first points straight up.
                let radius = k % 2 == 0 ? 0.48 : 0.2
                let angle = -Double.pi / 2 + Double(k) * Double.pi / 5
                let point = Point(x: 0.5 + radius * cos(angle), y: 0.53 + radius * sin(angle))
                if k == 0 { star.move(to: point) } else { star.line(to: point) }
            }
            star.close()
            return [star]
        case .clock:
            return [Path.ring(center: Point(x: 0.5, y: 0.5), radius: 0.42, width: line),
                    Path.stroke(polyline: [Point(x: 0.5, y: 0.24), Point(x: 0.5, y: 0.5), Point(x: 0.69, y: 0.62)],
                                width: line, cap: .round)]
        }
    }
}
