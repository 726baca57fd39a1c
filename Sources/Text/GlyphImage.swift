import Raster

/// A glyph ready to composite, placed in the same pixel space as the layout (plus the caller's origin).
package enum GlyphImage: Sendable {
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
/// A glyph FreeType cannot load or render throws `TextError.freeType` (naming the call) from
/// `image(for:…)` and so from `TextEngine.glyphImage` and `draw`: it is never drawn as nothing, which
/// would pass for a space in a snapshot. Failures are not cached; a glyph without ink (a space) is.
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

    func image(for glyph: PositionedGlyph, originX: Double, originY: Double, face: FontFace) throws -> GlyphImage? {
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
            entry = try face.isColorBitmap ? renderColor(key, face: face) : renderOutline(key, face: face, pixelSize: glyph.pixelSize)
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

    private func renderOutline(_ key: Key, face: FontFace, pixelSize: Double) throws -> Entry {
        guard key.size64 > 0 else { return .empty }
        let embolden = key.syntheticBold ? Int((Shaper.emboldenStrength(pixelSize) * 64).rounded()) : nil
        let shift = Int(key.phase) * 64 / GlyphCache.subpixelSteps
        guard let rendered = try face.renderOutline(key.glyph, size64: Int(key.size64), embolden: embolden, shift: shift)
        else { return .empty }
        return .mask(rendered.mask, left: rendered.left, top: rendered.top)
    }

    private func renderColor(_ key: Key, face: FontFace) throws -> Entry {
        guard let rendered = try face.renderColor(key.glyph) else { return .empty }
        return .color(rendered.pixmap, left: rendered.left, top: rendered.top, strikeSize: face.strikePixelSize)
    }
}
