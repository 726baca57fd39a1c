import Raster

/// A screenshot canvas: the rendered card placed on a larger image, with padding and a background.
///
/// This is a step after rendering, not part of it: the component renderer always draws the card
/// filling the image (SPEC §2), and documentation screenshots put space around it here. The card is
/// composited source-over at whole pixels, so its pixels are unchanged where the background is
/// transparent and no resampling ever blurs it.
package struct Canvas: Equatable, Sendable {
    /// Space around the card on every side, in points.
    package var padding: Double
    /// Straight sRGB; transparent by default.
    package var background: Color

    package static let paddingRange: ClosedRange<Double> = 0...512

    package init(padding: Double = 0, background: Color = .transparent) {
        self.padding = padding
        self.background = background
    }

    /// Whether composing changes nothing (no padding, transparent background).
    package var isIdentity: Bool { padding == 0 && background.a == 0 }

    /// The card on the canvas; `scale` is the card's pixels per point. Nil when the result would
    /// exceed `Pixmap.maximumPixelCount`.
    package func compose(_ card: Pixmap, scale: Int) -> Pixmap? {
        compose(card, scale: scale, offsetY: 0)
    }

    /// A snapshot on the canvas, its animation's slide (`Snapshot.canvasOffsetY`) applied here, so
    /// the card moves through the padding instead of being clipped at its own top edge.
    package func compose(_ snapshot: Snapshot) -> Pixmap? {
        compose(snapshot.pixmap, scale: snapshot.scene.scale, offsetY: snapshot.canvasOffsetY)
    }

    /// `offsetY` in points moves the card down (negative: up), whole pixels as the renderer moves it.
    func compose(_ card: Pixmap, scale: Int, offsetY: Double) -> Pixmap? {
        if isIdentity && offsetY == 0 { return card }
        let inset = Int((padding * Double(scale)).rounded())
        let dy = Int((offsetY * Double(scale)).rounded())
        guard var canvas = Pixmap(width: card.width + 2 * inset, height: card.height + 2 * inset) else { return nil }
        if background.a > 0 {
            canvas.fill(Rect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height)), color: background)
        }
        canvas.composite(card, atX: inset, y: inset + dy)
        return canvas
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (also `#RGB`), as colours are written in specs.
    package static func parseColor(_ text: String) throws -> Color {
        try SpecRules.checkHexColor(text).get()
    }

    package static func parsePadding(_ text: String) throws -> Double {
        guard let value = decimalNumber(text), paddingRange.contains(value) else {
            throw OverrideError("\(quoted(text)) is not a number of points from 0 to \(Int(paddingRange.upperBound))")
        }
        return value
    }
}

extension Pixmap {
    /// Source-over of `image` with its top-left corner at the whole pixel (`x`, `y`), clipped to
    /// this pixmap. Both are premultiplied, so each channel is `src + dst × (255 − srcAlpha) / 255`.
    mutating func composite(_ image: Pixmap, atX x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + image.width), y1 = min(height, y + image.height)
        guard x0 < x1, y0 < y1 else { return }
        let (w, iw) = (width, image.width)
        image.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for row in y0..<y1 {
                    var s = ((row - y) * iw + (x0 - x)) * 4
                    var d = (row * w + x0) * 4
                    for _ in x0..<x1 {
                        let alpha = UInt32(src[s + 3])
                        if alpha == 255 {
                            dst[d] = src[s]; dst[d + 1] = src[s + 1]; dst[d + 2] = src[s + 2]; dst[d + 3] = 255
                        } else if alpha > 0 || src[s] | src[s + 1] | src[s + 2] != 0 {
                            let keep = 255 - alpha
                            for c in 0..<4 {
                                let blended = UInt32(dst[d + c]) * keep
                                dst[d + c] = UInt8(min(255, UInt32(src[s + c]) + (blended + 128 + ((blended + 128) >> 8)) >> 8))
                            }
                        }
                        s += 4; d += 4
                    }
                }
            }
        }
    }
}
