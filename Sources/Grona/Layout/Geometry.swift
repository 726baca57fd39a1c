import Raster

/// Lays boxes out in leading/trailing terms inside a container of a given width, and answers in
/// left/right terms: in right-to-left the leading edge is on the right, so every x is mirrored.
/// Components never compute a left-to-right x themselves; that is how they mirror for free.
struct Flow {
    let containerWidth: Double
    let rightToLeft: Bool

    /// The frame of a box whose leading edge is `leading` points from the container's leading edge.
    func frame(leading: Double, y: Double, width: Double, height: Double) -> Rect {
        let x = rightToLeft ? containerWidth - leading - width : leading
        return Rect(x: x, y: y, width: width, height: height)
    }
}
