import Foundation
import Raster
@testable import Text

// Test-only drawing of a layout, and a test-only PNG writer. Raster's blits and the PNG module are
// developed alongside this module; these few lines keep the Text tests independent of both. They are
// deliberately simple: source-over compositing of premultiplied pixels, box-filtered emoji scaling,
// and PNG with stored (uncompressed) deflate blocks.

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

/// PNG bytes (RGBA8, straight alpha) with stored deflate blocks: valid, deterministic, uncompressed.
func encodePNG(_ pixmap: Pixmap) -> Data {
    var raw: [UInt8] = []
    raw.reserveCapacity((pixmap.width * 4 + 1) * pixmap.height)
    for row in 0..<pixmap.height {
        raw.append(0)
        for column in 0..<pixmap.width {
            let i = (row * pixmap.width + column) * 4
            let a = pixmap.pixels[i + 3]
            for c in 0..<3 {
                let v = pixmap.pixels[i + c]
                raw.append(a == 0 ? 0 : UInt8(min(255, (Int(v) * 255 + Int(a) / 2) / Int(a))))
            }
            raw.append(a)
        }
    }
    var zlib: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
        let size = min(65_535, raw.count - offset)
        let final: UInt8 = offset + size == raw.count ? 1 : 0
        zlib += [final, UInt8(size & 0xFF), UInt8(size >> 8), UInt8(~size & 0xFF), UInt8((~size >> 8) & 0xFF)]
        zlib += raw[offset..<offset + size]
        offset += size
    } while offset < raw.count
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
    zlib += bigEndian((b << 16) | a)

    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    func chunk(_ type: String, _ body: [UInt8]) {
        let typed = Array(type.utf8) + body
        png += bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }
    chunk("IHDR", bigEndian(UInt32(pixmap.width)) + bigEndian(UInt32(pixmap.height)) + [8, 6, 0, 0, 0])
    chunk("IDAT", zlib)
    chunk("IEND", [])
    return Data(png)
}

private func bigEndian(_ v: UInt32) -> [UInt8] {
    [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
}

private func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
    }
    return ~crc
}
