import CFreeType
// HarfBuzz's hb-ft.h includes FreeType's headers as well, and FreeType's glyph-format constants
// (FT_GLYPH_FORMAT_OUTLINE) are found only through both modules' imports.
import CHarfBuzz
import Raster

/// A glyph ready to composite, placed in the same pixel space as the layout (plus the caller's origin).
public enum GlyphImage: Sendable {
    /// An anti-aliased coverage mask whose top-left pixel goes at (`x`, `y`). Tint it with the text colour.
    case mask(CoverageMask, x: Int, y: Int)
    /// A colour glyph (emoji): a premultiplied RGBA bitmap at the font's fixed strike size, to be
    /// scaled into the destination rectangle (`x`, `y`, `width`, `height`), in pixels.
    case color(Pixmap, x: Double, y: Double, width: Double, height: Double)
}

/// Renders glyph images with FreeType and keeps them, keyed by face, glyph, pixel size (1/64 px),
/// subpixel phase and synthetic bold.
///
/// Outlines are loaded UNHINTED (FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP), the way Core Text draws, and
/// rendered anti-aliased. Horizontal positions keep a quarter-pixel phase: the outline is translated
/// by 0, ¼, ½ or ¾ px before rendering, so spacing stays even at small sizes without rendering a glyph
/// per position. Vertical positions are whole pixels (baselines are rounded).
/// Colour emoji come from Noto Color Emoji's CBDT strike (FT_LOAD_COLOR on the selected fixed size),
/// converted from BGRA to RGBA (both premultiplied) and scaled by the caller.
///
/// Not thread-safe: owned by one `TextEngine`. The cache is bounded (cleared when full), which
/// changes speed only, never pixels.
final class GlyphCache {
    static let subpixelSteps = 4
    static let capacity = 8_192

    struct Key: Hashable {
        var fileID: Int32
        var glyph: UInt32
        var size64: Int32
        var phase: UInt8
        var syntheticBold: Bool
    }

    /// A rendered glyph: a coverage mask, a colour strike bitmap, or neither (`empty`).
    ///
    /// A struct of optionals, not an enum with two payload cases: Swift stores a multi-payload enum's
    /// case number in spare bits of the payload, here the high bits of the pixel array's reference
    /// (`.color` kept its bitmap's address with bit 62 set on x86-64). LeakSanitizer only follows words
    /// that hold a heap address as it is, so at exit it reported every cached colour bitmap as leaked.
    /// An optional marks `nil` with the null reference instead, so the stored words stay plain addresses.
    struct Entry {
        var mask: CoverageMask?
        /// Strike bitmap with its bearings in strike pixels.
        var color: Pixmap?
        var left = 0, top = 0
        var strikeSize = 0.0

        static let empty = Entry()
        static func mask(_ mask: CoverageMask, left: Int, top: Int) -> Entry {
            Entry(mask: mask, left: left, top: top)
        }
        static func color(_ pixmap: Pixmap, left: Int, top: Int, strikeSize: Double) -> Entry {
            Entry(color: pixmap, left: left, top: top, strikeSize: strikeSize)
        }
    }

    private var entries: [Key: Entry] = [:]

    func image(for glyph: PositionedGlyph, originX: Double, originY: Double, face: FontFace) -> GlyphImage? {
        let x = originX + glyph.x
        let baseline = (originY + glyph.y).rounded()
        var column = x.rounded(.down)
        var phase = Int(((x - column) * Double(GlyphCache.subpixelSteps)).rounded())
        if phase == GlyphCache.subpixelSteps { phase = 0; column += 1 }
        let size64 = face.isColorBitmap ? 0 : Int32(clamping: Int((glyph.pixelSize * 64).rounded()))
        let key = Key(fileID: glyph.face.fileID, glyph: glyph.id, size64: size64,
                      phase: face.isColorBitmap ? 0 : UInt8(phase), syntheticBold: glyph.face.syntheticBold)
        let entry: Entry
        if let known = entries[key] {
            entry = known
        } else {
            entry = face.isColorBitmap ? renderColor(key, face: face) : renderOutline(key, face: face, pixelSize: glyph.pixelSize)
            if entries.count >= GlyphCache.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
        if let mask = entry.mask {
            guard column.isFinite, baseline.isFinite, abs(column) < 1e9, abs(baseline) < 1e9 else { return nil }
            return .mask(mask, x: Int(column) + entry.left, y: Int(baseline) - entry.top)
        }
        guard let pixmap = entry.color else { return nil }
        let k = glyph.pixelSize / entry.strikeSize
        return .color(pixmap, x: x + Double(entry.left) * k, y: baseline - Double(entry.top) * k,
                      width: Double(pixmap.width) * k, height: Double(pixmap.height) * k)
    }

    private func renderOutline(_ key: Key, face: FontFace, pixelSize: Double) -> Entry {
        guard key.size64 > 0 else { return .empty }
        face.setPixelSize64(Int(key.size64))
        let ftFace = face.ftFace
        let flags = FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP
        guard FT_Load_Glyph(ftFace, key.glyph, Int32(flags)) == 0, let slot = ftFace.pointee.glyph,
              slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return .empty }
        if key.syntheticBold {
            let strength = FT_Pos((Shaper.emboldenStrength(pixelSize) * 64).rounded())
            FT_Outline_EmboldenXY(&slot.pointee.outline, strength, strength)
        }
        let shift = FT_Pos(Int(key.phase) * 64 / GlyphCache.subpixelSteps)
        FT_Outline_Translate(&slot.pointee.outline, shift, 0)
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return .empty }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard width > 0, rows > 0, let buffer = bitmap.buffer,
              bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return .empty }
        var coverage = [UInt8](repeating: 0, count: width * rows)
        coverage.withUnsafeMutableBufferPointer { out in
            for row in 0..<rows {
                // A negative pitch means rows run bottom-up in memory.
                let source = pitch >= 0 ? buffer + row * pitch : buffer + (rows - 1 - row) * (-pitch)
                for column in 0..<width { out[row * width + column] = source[column] }
            }
        }
        return .mask(CoverageMask(width: width, height: rows, coverage: coverage),
                     left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top))
    }

    private func renderColor(_ key: Key, face: FontFace) -> Entry {
        let ftFace = face.ftFace
        FT_Select_Size(ftFace, 0)
        guard FT_Load_Glyph(ftFace, key.glyph, Int32(FT_LOAD_COLOR)) == 0, let slot = ftFace.pointee.glyph
        else { return .empty }
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return .empty }
        }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard width > 0, rows > 0, let buffer = bitmap.buffer,
              bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), pitch >= width * 4 else { return .empty }
        var rgba = [UInt8](repeating: 0, count: width * rows * 4)
        rgba.withUnsafeMutableBufferPointer { out in
            for row in 0..<rows {
                let source = buffer + row * pitch
                for column in 0..<width {
                    let s = column * 4, d = (row * width + column) * 4
                    out[d] = source[s + 2]
                    out[d + 1] = source[s + 1]
                    out[d + 2] = source[s]
                    out[d + 3] = source[s + 3]
                }
            }
        }
        guard let pixmap = Pixmap(width: width, height: rows, premultipliedPixels: rgba) else { return .empty }
        return .color(pixmap, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                      strikeSize: face.strikePixelSize)
    }
}
