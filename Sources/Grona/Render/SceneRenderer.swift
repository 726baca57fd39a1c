import Raster
import Text

/// Draws a scene into pixels. It is deliberately plain: a loop over the items, each turned from
/// points into pixels by the scale, with text drawn glyph by glyph from the text engine's cache.
struct SceneRenderer {
    let engine: TextEngine

    /// Throws when the text engine cannot render a glyph (`TextEngine.draw`): a glyph is never left out.
    func draw(_ scene: Scene) throws -> Pixmap? {
        let s = Double(scene.scale)
        // Animation moves the whole card; whole pixels keep text crisp while it moves.
        let dy = (scene.offsetY * s).rounded()
        let toPixels = Transform(sx: s, ky: 0, kx: 0, sy: s, tx: 0, ty: dy)
        func pixels(_ r: Rect) -> Rect { Rect(x: r.x * s, y: r.y * s + dy, width: r.width * s, height: r.height * s) }

        // The first fill (the card) is painted as the pixmap is made, so no pixel is written twice.
        var items = scene.items[...]
        var made: Pixmap?
        if case .fill(let card, let color)? = items.first {
            made = Pixmap(width: scene.pixelWidth, height: scene.pixelHeight, filling: card, color: color, transform: toPixels)
            items = items.dropFirst()
        } else {
            made = Pixmap(width: scene.pixelWidth, height: scene.pixelHeight)
        }
        guard var pixmap = made else { return nil }
        // `made` shares `pixmap`'s pixels while it lives, and the first item drawn would then copy
        // them all (a second picture-sized buffer, as large as a whole contact sheet).
        made = nil

        for item in items {
            switch item {
            case .fill(let shape, let color):
                pixmap.fill(shape, color: color, transform: toPixels)
            case .text(let layout, let origin, let color, let mirrorsLines):
                // Baselines on whole pixels, as Core Text snaps them; x keeps its sub-pixel phase.
                let y = (origin.y * s).rounded() + dy
                for line in layout.lines {
                    let x = origin.x * s + layout.drawnX(of: line, mirrored: mirrorsLines) - line.x
                    for run in line.runs {
                        for glyph in run.glyphs {
                            try engine.draw(glyph, into: &pixmap, originX: x, originY: y, color: color)
                        }
                    }
                }
            case .image(let image, let frame, let clip):
                pixmap.draw(image, in: pixels(frame),
                            clip: clip.map { RoundedRect(rect: pixels($0.rect), radii: scaled($0.radii, s)) })
            case .pixels(let image, let origin):
                pixmap.composite(image, atX: Int((origin.x * s).rounded()), y: Int((origin.y * s).rounded() + dy))
            case .icon(let icon, let frame, let color):
                let placement = Transform(sx: frame.width * s, ky: 0, kx: 0, sy: frame.height * s,
                                          tx: frame.x * s, ty: frame.y * s + dy)
                for outline in Icons.outlines(icon) {
                    pixmap.fill(outline, color: color, transform: placement)
                }
            case .outline(let frame, let color, let width, let dash):
                pixmap.fill(Path.rectangleOutline(frame, width: width, dash: dash), color: color, transform: toPixels)
            }
        }
        if scene.opacity < 1 { pixmap.multiplyOpacity(scene.opacity) }
        return pixmap
    }

    private func scaled(_ r: CornerRadii, _ s: Double) -> CornerRadii {
        CornerRadii(topLeft: r.topLeft * s, topRight: r.topRight * s,
                    bottomRight: r.bottomRight * s, bottomLeft: r.bottomLeft * s)
    }
}

extension Pixmap {
    /// Fades the whole image: premultiplied channels all scale by the same factor.
    mutating func multiplyOpacity(_ opacity: Double) {
        let factor = UInt32((max(0, min(1, opacity)) * 256).rounded())
        pixels.withUnsafeMutableBufferPointer { bytes in
            for i in bytes.indices { bytes[i] = UInt8((UInt32(bytes[i]) * factor) >> 8) }
        }
    }
}
