import Raster
import Text

/// What to draw, fully resolved: frames in points with leading and trailing already turned into left
/// and right, colours final (appearance, campaign style and contrast applied), text laid out. The
/// renderer is a plain loop over these items and never sees a theme, a campaign or a font size.
public struct Scene: Sendable {
    /// The card's size in points; the image is `width × scale` by `height × scale` pixels.
    public var width: Double
    public var height: Double
    public var scale: Int
    /// Items in painting order, back to front.
    public var items: [SceneItem]
    /// Animation state applied to the whole card: a vertical offset in points and an opacity.
    public var offsetY: Double = 0
    public var opacity: Double = 1

    public var pixelWidth: Int { Int((width * Double(scale)).rounded()) }
    /// Whole pixels; the tolerance keeps a height already on the pixel grid (see `ComponentRenderer`)
    /// from gaining a row through floating-point error.
    public var pixelHeight: Int { max(1, Int((height * Double(scale) - 1e-6).rounded(.up))) }
}

public enum SceneItem: Sendable {
    /// A filled rounded rectangle (cards, buttons, chips, tracks, markers).
    case fill(RoundedRect, Color)
    /// A paragraph laid out by the text engine (in pixels), its top-left at `origin` (points).
    /// `mirrorsLines`: the paragraph runs against the interface's direction (English copy in a
    /// right-to-left card), so each line hugs the other edge of its box than the engine put it at.
    case text(TextLayout, origin: Point, color: Color, mirrorsLines: Bool)
    /// A bitmap drawn into `frame`, clipped to a rounded rectangle (the card's corners).
    case image(Pixmap, frame: Rect, clip: RoundedRect?)
    /// One of the message icons, drawn as vector paths into `frame`.
    case icon(MessageIcon, frame: Rect, color: Color)
}

extension TextLayout {
    /// Where `line` starts, in pixels from the box's left edge, as drawn (see `SceneItem.text`).
    func drawnX(of line: TextLine, mirrored: Bool) -> Double {
        mirrored ? alignmentWidth - line.width - line.x : line.x
    }
}
