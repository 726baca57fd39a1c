import CFreeType
import CHarfBuzz

/// A typeface chosen by the caller: one font file, possibly emboldened synthetically.
/// A `Font` is a plain value that any `TextEngine` (on any thread) can use; engines open the file's
/// shared bytes lazily. Obtain one from `TextEngine.font(atPath:)`, `font(named:)` or `boldFont(of:)`.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// The font file's standardised path.
    public let path: String
    /// The face's index in the file: 0 but in a `.ttc` collection.
    public let faceIndex: Int
    /// FreeType's family and style names, e.g. "Inter" / "Regular".
    public let familyName: String
    public let styleName: String
    /// True for a bold face, whether the file is bold or the outlines are emboldened.
    public let isBold: Bool
    /// True when the file is not bold and outlines are emboldened (FT_Outline_EmboldenXY).
    public let isSyntheticBold: Bool
    let fileID: Int32

    /// The face glyph runs of this font carry (`GlyphRun.face`).
    public var face: FaceID { FaceID(fileID: fileID, syntheticBold: isSyntheticBold) }

    /// The same outlines, emboldened synthetically (for bold text without a bold file).
    var emboldened: Font {
        Font(path: path, faceIndex: faceIndex, familyName: familyName, styleName: styleName,
             isBold: true, isSyntheticBold: true, fileID: fileID)
    }

    public var description: String {
        "\(familyName) \(styleName)\(isSyntheticBold ? " (synthetic bold)" : "")"
    }
}

/// Names the face a glyph comes from, cheaply (no strings): what the glyph cache keys on.
public struct FaceID: Hashable, Sendable {
    let fileID: Int32
    let syntheticBold: Bool
    public var isSyntheticBold: Bool { syntheticBold }
}

/// One opened face inside one engine: FreeType for outlines and bitmaps, HarfBuzz (reading the same
/// shared bytes) for shaping. HarfBuzz works in font units (its default scale is the em size), so one
/// `hb_font_t` serves every text size; positions are scaled to pixels afterwards.
final class FontFace {
    let data: FontData
    let ftFace: FT_Face
    let hbFont: OpaquePointer
    let unitsPerEm: Double
    /// Metrics in font units (ascender positive up, descender negative).
    let ascender: Double
    let descender: Double
    let lineHeight: Double
    let familyName: String
    let styleName: String
    let isBoldStyle: Bool
    /// A colour bitmap font (CBDT/sbix): glyph images come from a fixed-size strike.
    let isColorBitmap: Bool
    /// The pixel size of the strike a colour bitmap font draws from.
    let strikePixelSize: Double
    private var currentCharSize: Int = -1
    /// Ink extents by glyph, in font units, as `inkExtent(of:)` found them.
    private var inkExtents: [UInt32: (top: Double, bottom: Double)] = [:]

    init(data: FontData, library: FT_Library) throws {
        guard let base = data.bytes.baseAddress else { throw TextError.unreadableFont(data.path) }
        var face: FT_Face?
        let error = FT_New_Memory_Face(library, base.assumingMemoryBound(to: FT_Byte.self),
                                       FT_Long(data.count), FT_Long(data.faceIndex), &face)
        guard error == 0, let face else { throw TextError.unreadableFont(data.path) }
        ftFace = face
        self.data = data
        let rec = face.pointee
        familyName = rec.family_name.map { String(cString: $0) } ?? ""
        styleName = rec.style_name.map { String(cString: $0) } ?? ""
        isBoldStyle = (rec.style_flags & FT_Long(FT_STYLE_FLAG_BOLD)) != 0
            || styleName.lowercased() == "bold"
        let hasColor = (rec.face_flags & FT_Long(FT_FACE_FLAG_COLOR)) != 0
        let scalable = (rec.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) != 0
        if hasColor, rec.num_fixed_sizes > 0, let sizes = rec.available_sizes, sizes[0].y_ppem > 0 {
            isColorBitmap = true
            strikePixelSize = Double(sizes[0].y_ppem) / 64
            FT_Select_Size(face, 0)
        } else {
            isColorBitmap = false
            strikePixelSize = 0
        }
        let blob = hb_blob_create(base.assumingMemoryBound(to: CChar.self), UInt32(data.count),
                                  HB_MEMORY_MODE_READONLY, nil, nil)
        let hbFace = hb_face_create(blob, UInt32(data.faceIndex))
        guard let font = hb_font_create(hbFace) else {
            hb_face_destroy(hbFace); hb_blob_destroy(blob); FT_Done_Face(face)
            throw TextError.unreadableFont(data.path)
        }
        hbFont = font
        // HarfBuzz's em (from `head`) scales its advances; FreeType reports none for bitmap-only faces.
        unitsPerEm = Double(max(hb_face_get_upem(hbFace), 1))
        hb_face_destroy(hbFace)
        hb_blob_destroy(blob)
        if scalable {
            ascender = Double(rec.ascender)
            descender = Double(rec.descender)
            lineHeight = Double(max(rec.height, rec.ascender - rec.descender))
        } else {
            ascender = unitsPerEm * 0.8
            descender = -unitsPerEm * 0.2
            lineHeight = unitsPerEm
        }
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(ftFace)
    }

    /// How far a glyph's ink reaches above the baseline (`top`) and below it (`bottom`, negative), in
    /// font units; zeros for a glyph without ink.
    func inkExtent(of glyph: UInt32) -> (top: Double, bottom: Double) {
        if let known = inkExtents[glyph] { return known }
        var extents = hb_glyph_extents_t()
        var ink = (top: 0.0, bottom: 0.0)
        if hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0 {
            ink = (Double(extents.y_bearing), Double(extents.y_bearing + extents.height))
        }
        inkExtents[glyph] = ink
        return ink
    }

    /// Whether the glyph is a mark in the font's GDEF table (a haraka, an accent drawn on a base).
    func isMark(_ glyph: UInt32) -> Bool {
        hb_ot_layout_get_glyph_class(hb_font_get_face(hbFont), glyph) == HB_OT_LAYOUT_GLYPH_CLASS_MARK
    }

    /// Whether the face maps this scalar to a glyph.
    func covers(_ scalar: Unicode.Scalar) -> Bool {
        FT_Get_Char_Index(ftFace, FT_ULong(scalar.value)) != 0
    }

    /// Sets FreeType's size for outline rendering, in 1/64 pixel.
    func setPixelSize64(_ size64: Int) {
        guard !isColorBitmap, size64 != currentCharSize else { return }
        FT_Set_Char_Size(ftFace, 0, FT_F26Dot6(size64), 72, 72)
        currentCharSize = size64
    }
}
