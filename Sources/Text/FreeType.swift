import CFreeType
import Raster

/// FreeType, the only file of the text engine that sees it: a library, faces opened over font bytes,
/// and glyphs loaded and rendered into a coverage mask or a colour bitmap. FreeType's handles stay
/// private to the types here; every status FreeType returns goes through `check(_:_:)`, which turns
/// a failure into `TextError.freeType`, naming the call and FreeType's error. Each caller decides
/// whether that error is thrown on (opening a face: the font is unreadable) or handled (the
/// catalogue skips a file it cannot open), and says why where it does.
enum FreeType {
    /// Throws `TextError.freeType` when `error` (an `FT_Error`) is not 0.
    static func check(_ error: Int32, _ call: String) throws {
        guard error != 0 else { return }
        throw TextError.freeType(call: call, error: error)
    }

    /// FreeType's name for an error code ("unknown file format"), from fterrdef.h; FT_Error_String
    /// is not used, as distributions build FreeType without its error strings.
    static func errorName(_ error: Int32) -> String {
        errorNames[error & 0xFF] ?? "unknown error"
    }

    /// FreeType's version, e.g. "2.12.1" (the library linked, not the headers built against).
    static var version: String {
        guard let library = try? Library() else { return "unknown" }
        return library.version
    }

    /// One FreeType library: faces opened from it keep it alive, so it is freed after them.
    final class Library {
        fileprivate let handle: FT_Library

        init() throws {
            var library: FT_Library?
            try FreeType.check(FT_Init_FreeType(&library), "FT_Init_FreeType")
            // FreeType sets the handle whenever it returns 0; out of memory (0x40) if it did not.
            guard let library else { throw TextError.freeType(call: "FT_Init_FreeType", error: 0x40) }
            handle = library
        }

        deinit { FT_Done_FreeType(handle) }

        var version: String {
            var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
            FT_Library_Version(handle, &major, &minor, &patch)
            return "\(major).\(minor).\(patch)"
        }
    }

    /// One face of a font file. FreeType reads the bytes it was opened over for as long as it lives,
    /// so whoever opens a face keeps those bytes alive longer (`FontData` is never freed).
    final class Face {
        private let handle: FT_Face
        private let library: Library

        /// The face `faceIndex` of the font file in `bytes` (FT_New_Memory_Face).
        init(library: Library, bytes: UnsafeRawBufferPointer, faceIndex: Int) throws {
            // No bytes at all: what FreeType says of a file it does not know (unknown file format).
            guard let base = bytes.baseAddress else {
                throw TextError.freeType(call: "FT_New_Memory_Face", error: 0x02)
            }
            var face: FT_Face?
            try FreeType.check(FT_New_Memory_Face(library.handle, base.assumingMemoryBound(to: FT_Byte.self),
                                                  FT_Long(bytes.count), FT_Long(faceIndex), &face),
                               "FT_New_Memory_Face")
            guard let face else { throw TextError.freeType(call: "FT_New_Memory_Face", error: 0x02) }
            handle = face
            self.library = library
        }

        /// The first face of the font file at `path` (FT_New_Face).
        init(library: Library, path: String) throws {
            var face: FT_Face?
            try FreeType.check(FT_New_Face(library.handle, path, 0, &face), "FT_New_Face")
            guard let face else { throw TextError.freeType(call: "FT_New_Face", error: 0x01) }
            handle = face
            self.library = library
        }

        deinit { FT_Done_Face(handle) }

        var familyName: String { handle.pointee.family_name.map { String(cString: $0) } ?? "" }
        var styleName: String { handle.pointee.style_name.map { String(cString: $0) } ?? "" }
        /// The style flags say bold (FT_STYLE_FLAG_BOLD).
        var isBoldStyle: Bool { (handle.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD)) != 0 }
        /// The face has colour glyphs (FT_FACE_FLAG_COLOR).
        var hasColor: Bool { (handle.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR)) != 0 }
        /// The face has outlines (FT_FACE_FLAG_SCALABLE).
        var isScalable: Bool { (handle.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) != 0 }
        /// The first fixed strike's size in 1/64 pixel, or nil for a face without strikes.
        var firstStrikeSize64: Int? {
            guard handle.pointee.num_fixed_sizes > 0, let sizes = handle.pointee.available_sizes else { return nil }
            return Int(sizes[0].y_ppem)
        }
        /// Metrics in font units (ascender positive up, descender negative).
        var ascender: Int { Int(handle.pointee.ascender) }
        var descender: Int { Int(handle.pointee.descender) }
        var height: Int { Int(handle.pointee.height) }

        /// The glyph `scalar` maps to; 0 when the face does not map it.
        func glyphIndex(of scalar: Unicode.Scalar) -> UInt32 {
            UInt32(FT_Get_Char_Index(handle, FT_ULong(scalar.value)))
        }

        /// Sets the size outlines are rendered at, in 1/64 pixel (FT_Set_Char_Size at 72 dpi).
        func setCharSize64(_ size64: Int) throws {
            try FreeType.check(FT_Set_Char_Size(handle, 0, FT_F26Dot6(size64), 72, 72), "FT_Set_Char_Size")
        }

        /// Selects fixed strike `index` (FT_Select_Size), for a colour bitmap face.
        func selectStrike(_ index: Int) throws {
            try FreeType.check(FT_Select_Size(handle, FT_Int(index)), "FT_Select_Size")
        }

        /// Glyph `glyph`'s outline, unhinted, emboldened by `embolden` and moved right by `shift`
        /// (both in 1/64 pixel), rendered anti-aliased: a coverage mask with its left and top bearings
        /// in pixels. Nil for a glyph without ink (a space) or without an outline; throws when FreeType
        /// cannot load, embolden or render it.
        func renderOutline(_ glyph: UInt32, embolden: Int?, shift: Int) throws -> (mask: CoverageMask, left: Int, top: Int)? {
            try FreeType.check(FT_Load_Glyph(handle, glyph, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)), "FT_Load_Glyph")
            guard let slot = handle.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
            if let embolden {
                try FreeType.check(FT_Outline_EmboldenXY(&slot.pointee.outline, FT_Pos(embolden), FT_Pos(embolden)),
                                   "FT_Outline_EmboldenXY")
            }
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos(shift), 0)
            try FreeType.check(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL), "FT_Render_Glyph")
            let bitmap = slot.pointee.bitmap
            let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
            guard width > 0, rows > 0, let buffer = bitmap.buffer,
                  bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return nil }
            var coverage = [UInt8](repeating: 0, count: width * rows)
            coverage.withUnsafeMutableBufferPointer { out in
                for row in 0..<rows {
                    // A negative pitch means rows run bottom-up in memory.
                    let source = pitch >= 0 ? buffer + row * pitch : buffer + (rows - 1 - row) * (-pitch)
                    for column in 0..<width { out[row * width + column] = source[column] }
                }
            }
            return (CoverageMask(width: width, height: rows, coverage: coverage),
                    Int(slot.pointee.bitmap_left), Int(slot.pointee.bitmap_top))
        }

        /// Glyph `glyph` of the selected strike in colour (FT_LOAD_COLOR), converted from FreeType's
        /// BGRA to RGBA (both premultiplied), with its left and top bearings in strike pixels. Nil for
        /// a glyph without pixels; throws when FreeType cannot load or render it.
        func renderColor(_ glyph: UInt32) throws -> (pixmap: Pixmap, left: Int, top: Int)? {
            try FreeType.check(FT_Load_Glyph(handle, glyph, Int32(FT_LOAD_COLOR)), "FT_Load_Glyph")
            guard let slot = handle.pointee.glyph else { return nil }
            if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
                try FreeType.check(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL), "FT_Render_Glyph")
            }
            let bitmap = slot.pointee.bitmap
            let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
            guard width > 0, rows > 0, let buffer = bitmap.buffer,
                  bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), pitch >= width * 4 else { return nil }
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
            guard let pixmap = Pixmap(width: width, height: rows, premultipliedPixels: rgba) else { return nil }
            return (pixmap, Int(slot.pointee.bitmap_left), Int(slot.pointee.bitmap_top))
        }
    }

    /// FreeType's error strings by code, as fterrdef.h lists them.
    private static let errorNames: [Int32: String] = [
        0x00: "no error",
        0x01: "cannot open resource",
        0x02: "unknown file format",
        0x03: "broken file",
        0x04: "invalid FreeType version",
        0x05: "module version is too low",
        0x06: "invalid argument",
        0x07: "unimplemented feature",
        0x08: "broken table",
        0x09: "broken offset within table",
        0x0A: "array allocation size too large",
        0x0B: "missing module",
        0x0C: "missing property",
        0x10: "invalid glyph index",
        0x11: "invalid character code",
        0x12: "unsupported glyph image format",
        0x13: "cannot render this glyph format",
        0x14: "invalid outline",
        0x15: "invalid composite glyph",
        0x16: "too many hints",
        0x17: "invalid pixel size",
        0x18: "invalid SVG document",
        0x20: "invalid object handle",
        0x21: "invalid library handle",
        0x22: "invalid module handle",
        0x23: "invalid face handle",
        0x24: "invalid size handle",
        0x25: "invalid glyph slot handle",
        0x26: "invalid charmap handle",
        0x27: "invalid cache manager handle",
        0x28: "invalid stream handle",
        0x30: "too many modules",
        0x31: "too many extensions",
        0x40: "out of memory",
        0x41: "unlisted object",
        0x51: "cannot open stream",
        0x52: "invalid stream seek",
        0x53: "invalid stream skip",
        0x54: "invalid stream read",
        0x55: "invalid stream operation",
        0x56: "invalid frame operation",
        0x57: "nested frame access",
        0x58: "invalid frame read",
        0x60: "raster uninitialized",
        0x61: "raster corrupted",
        0x62: "raster overflow",
        0x63: "negative height while rastering",
        0x70: "too many registered caches",
        0x80: "invalid opcode",
        0x81: "too few arguments",
        0x82: "stack overflow",
        0x83: "code overflow",
        0x84: "bad argument",
        0x85: "division by zero",
        0x86: "invalid reference",
        0x87: "found debug opcode",
        0x88: "found ENDF opcode in execution stream",
        0x89: "nested DEFS",
        0x8A: "invalid code range",
        0x8B: "execution context too long",
        0x8C: "too many function definitions",
        0x8D: "too many instruction definitions",
        0x8E: "SFNT font table missing",
        0x8F: "horizontal header (hhea) table missing",
        0x90: "locations (loca) table missing",
        0x91: "name table missing",
        0x92: "character map (cmap) table missing",
        0x93: "horizontal metrics (hmtx) table missing",
        0x94: "PostScript (post) table missing",
        0x95: "invalid horizontal metrics",
        0x96: "invalid character map (cmap) format",
        0x97: "invalid ppem value",
        0x98: "invalid vertical metrics",
        0x99: "could not find context",
        0x9A: "invalid PostScript (post) table format",
        0x9B: "invalid PostScript (post) table",
        0x9C: "found FDEF or IDEF opcode in glyf bytecode",
        0x9D: "missing bitmap in strike",
        0x9E: "SVG hooks have not been set",
        0xA0: "opcode syntax error",
        0xA1: "argument stack underflow",
        0xA2: "ignore",
        0xA3: "no Unicode glyph name found",
        0xA4: "glyph too big for hinting",
        0xB0: "`STARTFONT' field missing",
        0xB1: "`FONT' field missing",
        0xB2: "`SIZE' field missing",
        0xB3: "`FONTBOUNDINGBOX' field missing",
        0xB4: "`CHARS' field missing",
        0xB5: "`STARTCHAR' field missing",
        0xB6: "`ENCODING' field missing",
        0xB7: "`BBX' field missing",
        0xB8: "`BBX' too big",
        0xB9: "Font header corrupted or missing fields",
        0xBA: "Font glyphs corrupted or missing fields",
    ]
}
