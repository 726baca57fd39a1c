import Raster
import Text

/// What to draw, fully resolved: frames in points with leading and trailing already turned into left
/// and right, colours final (appearance, campaign style and contrast applied), text laid out. The
/// renderer is a plain loop over these items and never sees a theme, a campaign or a font size.
package struct Scene: Sendable {
    /// The card's size in points; the image is `width × scale` by `height × scale` pixels.
    package var width: Double
    package var height: Double
    package var scale: Int
    /// Items in painting order, back to front.
    package var items: [SceneItem]
    /// Animation state applied to the whole card: a vertical offset in points and an opacity.
    package var offsetY: Double = 0
    package var opacity: Double = 1

    package var pixelWidth: Int { Int((width * Double(scale)).rounded()) }
    /// Whole pixels; the tolerance keeps a height already on the pixel grid (see `ComponentRenderer`)
    /// from gaining a row through floating-point error.
    package var pixelHeight: Int { max(1, Int((height * Double(scale) - 1e-6).rounded(.up))) }
}

package enum SceneItem: Sendable {
    /// A filled rounded rectangle (cards, buttons, chips, tracks, markers).
    case fill(RoundedRect, Color)
    /// A paragraph laid out by the text engine (in pixels), its top-left at `origin` (points).
    /// `mirrorsLines`: the paragraph runs against the interface's direction (English copy in a
    /// right-to-left card), so each line hugs the other edge of its box than the engine put it at.
    case text(TextLayout, origin: Point, color: Color, mirrorsLines: Bool)
    /// A bitmap drawn into `frame`, clipped to a rounded rectangle (the card's corners).
    case image(Pixmap, frame: Rect, clip: RoundedRect?)
    /// A bitmap copied pixel for pixel, source-over and never resampled, its top-left corner at
    /// `origin` (points) snapped to whole pixels: the contact sheet's snapshots, which keep their
    /// own pixels whatever the sheet's scale.
    case pixels(Pixmap, origin: Point)
    /// One of the message icons, drawn as vector paths into `frame`.
    case icon(MessageIcon, frame: Rect, color: Color)
    /// The edges of `frame` stroked `width` points wide just inside it, dashed when `dash` (points)
    /// is given: the accessibility overlay's element and touch-target outlines.
    case outline(Rect, Color, width: Double, dash: Double?)

    /// The same item moved by (`dx`, `dy`) points: how the accessibility picture places a card's
    /// scene beside its legend. Whole-pixel moves leave the card's pixels exactly as they were.
    func offsetBy(dx: Double, dy: Double) -> SceneItem {
        func move(_ r: Rect) -> Rect { Rect(x: r.x + dx, y: r.y + dy, width: r.width, height: r.height) }
        func move(_ r: RoundedRect) -> RoundedRect { RoundedRect(rect: move(r.rect), radii: r.radii) }
        switch self {
        case .fill(let shape, let color): return .fill(move(shape), color)
        case .text(let layout, let origin, let color, let mirrorsLines):
            return .text(layout, origin: Point(x: origin.x + dx, y: origin.y + dy), color: color, mirrorsLines: mirrorsLines)
        case .image(let image, let frame, let clip): return .image(image, frame: move(frame), clip: clip.map(move))
        case .pixels(let image, let origin): return .pixels(image, origin: Point(x: origin.x + dx, y: origin.y + dy))
        case .icon(let icon, let frame, let color): return .icon(icon, frame: move(frame), color: color)
        case .outline(let frame, let color, let width, let dash): return .outline(move(frame), color, width: width, dash: dash)
        }
    }
}

extension TextLayout {
    /// Where `line` starts, in pixels from the box's left edge, as drawn (see `SceneItem.text`).
    func drawnX(of line: TextLine, mirrored: Bool) -> Double {
        mirrored ? alignmentWidth - line.width - line.x : line.x
    }
}
