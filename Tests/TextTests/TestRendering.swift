import CPNG
import Foundation
import Raster
@testable import Text

// Test-only drawing of a layout, and test-only PNG reading and writing. Raster's blits and the PNG
// module are developed alongside this module; these few lines keep the Text tests independent of both.
// They are deliberately simple: source-over compositing of premultiplied pixels, box-filtered emoji
// scaling, and libpng's simplified API. Goldens are compared by decoded pixels, so they stay valid
// whichever encoder wrote them.

/// Draws `layout` in `color` on white, with `margin` pixels around it.
func render(_ layout: TextLayout, engine: TextEngine, margin: Int = 4, color: Color = .black) -> Pixmap? {
    let width = Int(layout.alignmentWidth.rounded(.up)) + 2 * margin
    let height = Int(layout.height.rounded(.up)) + 2 * margin
    guard var pixmap = Pixmap(width: max(width, 1), height: max(height, 1)) else { return nil }
    for i in 0..<pixmap.pixels.count { pixmap.pixels[i] = 255 }
    for glyph in layout.glyphs {
        switch engine.glyphImage(for: glyph, originX: Double(margin), originY: Double(margin)) {
        case let .mask(mask, x, y)?:
            blend(mask, at: x, y, color: color, into: &pixmap)
        case let .color(image, x, y, w, h)?:
            blend(image, into: &pixmap, x: x, y: y, width: w, height: h)
        case nil:
            break
        }
    }
    return pixmap
}

private func over(_ pixmap: inout Pixmap, _ index: Int, _ r: Double, _ g: Double, _ b: Double, _ a: Double) {
    // Premultiplied source-over.
    let inverse = 1 - a / 255
    pixmap.pixels[index] = UInt8(min(255, (r + Double(pixmap.pixels[index]) * inverse).rounded()))
    pixmap.pixels[index + 1] = UInt8(min(255, (g + Double(pixmap.pixels[index + 1]) * inverse).rounded()))
    pixmap.pixels[index + 2] = UInt8(min(255, (b + Double(pixmap.pixels[index + 2]) * inverse).rounded()))
    pixmap.pixels[index + 3] = UInt8(min(255, (a + Double(pixmap.pixels[index + 3]) * inverse).rounded()))
}

func blend(_ mask: CoverageMask, at x: Int, _ y: Int, color: Color, into pixmap: inout Pixmap) {
    for row in 0..<mask.height where (0..<pixmap.height).contains(y + row) {
        for column in 0..<mask.width where (0..<pixmap.width).contains(x + column) {
            let coverage = Double(mask.coverage[row * mask.width + column]) / 255 * Double(color.a) / 255
            guard coverage > 0 else { continue }
            let index = ((y + row) * pixmap.width + x + column) * 4
            over(&pixmap, index, Double(color.r) * coverage, Double(color.g) * coverage,
                 Double(color.b) * coverage, 255 * coverage)
        }
    }
}

/// Box-filtered scaling of a premultiplied image into a destination rectangle (pixel centres sampled
/// by the area of source pixels they cover, approximated on a 4×4 grid).
func blend(_ image: Pixmap, into pixmap: inout Pixmap, x: Double, y: Double, width: Double, height: Double) {
    guard width > 0, height > 0 else { return }
    let sx = Double(image.width) / width, sy = Double(image.height) / height
    let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
    let x1 = Int((x + width).rounded(.up)), y1 = Int((y + height).rounded(.up))
    for py in max(0, y0)..<min(pixmap.height, max(y1, 0)) {
        for px in max(0, x0)..<min(pixmap.width, max(x1, 0)) {
            var sum = (0.0, 0.0, 0.0, 0.0)
            var n = 0.0
            for sub in 0..<16 {
                let dx = Double(px) + (Double(sub % 4) + 0.5) / 4 - x
                let dy = Double(py) + (Double(sub / 4) + 0.5) / 4 - y
                n += 1
                guard dx >= 0, dy >= 0, dx < width, dy < height else { continue }
                let ix = min(image.width - 1, Int(dx * sx)), iy = min(image.height - 1, Int(dy * sy))
                let i = (iy * image.width + ix) * 4
                sum.0 += Double(image.pixels[i]); sum.1 += Double(image.pixels[i + 1])
                sum.2 += Double(image.pixels[i + 2]); sum.3 += Double(image.pixels[i + 3])
            }
            over(&pixmap, (py * pixmap.width + px) * 4, sum.0 / n, sum.1 / n, sum.2 / n, sum.3 / n)
        }
    }
}

/// Straight-alpha RGBA8 bytes of a premultiplied pixmap.
func straightRGBA(_ pixmap: Pixmap) -> [UInt8] {
    var out = pixmap.pixels
    for i in stride(from: 0, to: out.count, by: 4) {
        let a = Int(out[i + 3])
        for c in 0..<3 { out[i + c] = a == 0 ? 0 : UInt8(min(255, (Int(out[i + c]) * 255 + a / 2) / a)) }
    }
    return out
}

/// PNG bytes (RGBA8, straight alpha) through libpng's simplified API.
func encodePNG(_ pixmap: Pixmap) -> Data? {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(pixmap.width)
    image.height = UInt32(pixmap.height)
    image.format = rgbaFormat
    let rgba = straightRGBA(pixmap)
    var size: Int = 0
    guard png_image_write_to_memory(&image, nil, &size, 0, rgba, 0, nil) != 0, size > 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: size)
    guard png_image_write_to_memory(&image, &bytes, &size, 0, rgba, 0, nil) != 0 else { return nil }
    return Data(bytes.prefix(size))
}

/// Width, height and straight-alpha RGBA8 pixels of a PNG.
func decodePNG(_ data: Data) -> (width: Int, height: Int, rgba: [UInt8])? {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    let bytes = [UInt8](data)
    guard png_image_begin_read_from_memory(&image, bytes, bytes.count) != 0 else { return nil }
    image.format = rgbaFormat
    var rgba = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 4)
    guard png_image_finish_read(&image, nil, &rgba, 0, nil) != 0 else { png_image_free(&image); return nil }
    return (Int(image.width), Int(image.height), rgba)
}

/// PNG_FORMAT_RGBA, a macro Swift does not import: colour plus alpha, 8 bits, R G B A order.
private let rgbaFormat = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
