import Raster

/// A typeface chosen by the caller: one font file, possibly emboldened synthetically.
/// A `Font` is a plain value that any `TextEngine` (on any thread) can use; engines open the file's
/// shared bytes lazily. Obtain one from `TextEngine.font(atPath:)`, `font(named:)` or `boldFont(of:)`.
package struct Font: Hashable, Sendable, CustomStringConvertible {
    /// The font file's standardised path.
    package let path: String
    /// The face's index in the file: 0 but in a `.ttc` collection.
    package let faceIndex: Int
    /// FreeType's family and style names, e.g. "Inter" / "Regular".
    package let familyName: String
    package let styleName: String
    /// True for a bold face, whether the file is bold or the outlines are emboldened.
    package let isBold: Bool
    /// True when the file is not bold and outlines are emboldened (FT_Outline_EmboldenXY).
    package let isSyntheticBold: Bool
    let fileID: Int32

    /// The face glyph runs of this font carry (`GlyphRun.face`).
    package var face: FaceID { FaceID(fileID: fileID, syntheticBold: isSyntheticBold) }

    /// The same outlines, emboldened synthetically (for bold text without a bold file).
    var emboldened: Font {
        Font(path: path, faceIndex: faceIndex, familyName: familyName, styleName: styleName,
             isBold: true, isSyntheticBold: true, fileID: fileID)
    }

    package var description: String {
        "\(familyName) \(styleName)\(isSyntheticBold ? " (synthetic bold)" : "")"
    }
}

/// Names the face a glyph comes from, cheaply (no strings): what the glyph cache keys on.
package struct FaceID: Hashable, Sendable {
    let fileID: Int32
    let syntheticBold: Bool
    package var isSyntheticBold: Bool { syntheticBold }
}

/// One opened face inside one engine: FreeType for outlines and bitmaps, HarfBuzz (reading the same
/// shared bytes) for shaping. HarfBuzz works in font units (its default scale is the em size), so one
/// HarfBuzz font serves every text size; positions are scaled to pixels afterwards.
final class FontFace {
    let data: FontData
    private let ftFace: FreeType.Face
    let hbFont: HarfBuzz.Font
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

    /// Throws `TextError.unreadableFontFile` naming the library call that failed: a face FreeType or
    /// HarfBuzz cannot open is a font file that cannot be used at all, which the caller must hear of
    /// (the spec's font, or a fallback file missing from the chain).
    init(data: FontData, library: FreeType.Library) throws {
        self.data = data
        do {
            ftFace = try FreeType.Face(library: library, bytes: UnsafeRawBufferPointer(data.bytes),
                                       faceIndex: data.faceIndex)
            familyName = ftFace.familyName
            styleName = ftFace.styleName
            isBoldStyle = ftFace.isBoldStyle || styleName.lowercased() == "bold"
            if ftFace.hasColor, let strike = ftFace.firstStrikeSize64, strike > 0 {
                isColorBitmap = true
                strikePixelSize = Double(strike) / 64
                try ftFace.selectStrike(0)
            } else {
                isColorBitmap = false
                strikePixelSize = 0
            }
            hbFont = try HarfBuzz.Font(bytes: UnsafeRawBufferPointer(data.bytes), faceIndex: data.faceIndex)
        } catch let error as TextError {
            throw TextError.unreadableFontFile(data.path, error)
        }
        // HarfBuzz's em (from `head`) scales its advances; FreeType reports none for bitmap-only faces.
        unitsPerEm = Double(max(hbFont.unitsPerEm, 1))
        if ftFace.isScalable {
            ascender = Double(ftFace.ascender)
            descender = Double(ftFace.descender)
            lineHeight = Double(max(ftFace.height, ftFace.ascender - ftFace.descender))
        } else {
            ascender = unitsPerEm * 0.8
            descender = -unitsPerEm * 0.2
            lineHeight = unitsPerEm
        }
    }

    /// How far a glyph's ink reaches above the baseline (`top`) and below it (`bottom`, negative), in
    /// font units; zeros for a glyph without ink.
    func inkExtent(of glyph: UInt32) -> (top: Double, bottom: Double) {
        if let known = inkExtents[glyph] { return known }
        var ink = (top: 0.0, bottom: 0.0)
        if let extents = hbFont.extents(of: glyph) {
            ink = (Double(extents.yBearing), Double(extents.yBearing + extents.height))
        }
        inkExtents[glyph] = ink
        return ink
    }

    /// Whether the glyph is a mark in the font's GDEF table (a haraka, an accent drawn on a base).
    func isMark(_ glyph: UInt32) -> Bool { hbFont.isMark(glyph) }

    /// Whether the face maps this scalar to a glyph.
    func covers(_ scalar: Unicode.Scalar) -> Bool { ftFace.glyphIndex(of: scalar) != 0 }

    /// Glyph `glyph`'s outline at `size64` (1/64 pixel), emboldened by `embolden` and moved right by
    /// `shift` (1/64 pixel), as a coverage mask; nil without ink. Throws FreeType's failure.
    func renderOutline(_ glyph: UInt32, size64: Int, embolden: Int?, shift: Int) throws -> (mask: CoverageMask, left: Int, top: Int)? {
        if size64 != currentCharSize {
            try ftFace.setCharSize64(size64)
            currentCharSize = size64
        }
        return try ftFace.renderOutline(glyph, embolden: embolden, shift: shift)
    }

    /// Glyph `glyph` of the colour strike; nil without pixels. Throws FreeType's failure.
    func renderColor(_ glyph: UInt32) throws -> (pixmap: Pixmap, left: Int, top: Int)? {
        try ftFace.selectStrike(0)
        return try ftFace.renderColor(glyph)
    }
}
