// Decoding any PNG into a premultiplied Pixmap.
//
// libpng does the work (LibPNG.swift: the gs_png_* functions of CPNG's shim, which catch libpng's
// longjmp errors): palette, grey, grey+alpha, 16-bit, low bit depths, Adam7 interlacing and tRNS are all
// converted to straight 8-bit RGBA (16-bit samples rounded, not truncated). Decoding happens in
// two steps so the pixel cap is checked between reading the header and allocating the pixels: a
// 100 000 × 100 000 file of a few hundred bytes is refused before any large allocation. The rest
// of the file is read up to IEND, so a bad CRC or truncation anywhere is an error, and the private
// chunks before and after the image data are returned.
//
// Gamma and colour-profile chunks are not applied: snapshots are sRGB, and so is nearly every PNG
// a user hands over.
import Raster

/// A decoded PNG: its pixels, premultiplied, and its private chunks.
public struct DecodedPNG: Equatable, Sendable {
    public var pixmap: Pixmap
    /// Private chunks (second letter lower case) in file order.
    public var chunks: [PNGChunk]
}

/// Decodes a PNG file into a premultiplied pixmap plus its private chunks.
/// Throws `PNGError` (`.tooLarge` when width × height exceeds `maximumPixelCount` or
/// `Pixmap.maximumPixelCount`, checked before the pixels are allocated; `.malformed` for anything
/// wrong with the file).
public func decodePNG(_ data: [UInt8],
                      maximumPixelCount: Int = Pixmap.maximumPixelCount) throws -> DecodedPNG {
    let decoded = try LibPNG.decode(data, maximumPixelCount: max(0, min(maximumPixelCount, Pixmap.maximumPixelCount)))
    var pixmap = decoded.pixmap
    premultiply(&pixmap.pixels)
    return DecodedPNG(pixmap: pixmap, chunks: decoded.chunks)
}

/// c' = round(c · a / 255), in place. (c · a + 127) / 255 is exact rounding: 255 is odd, so no ties.
/// Public for the WebP decoder, which premultiplies the same way.
package func premultiply(_ pixels: inout [UInt8]) {
    pixels.withUnsafeMutableBufferPointer { p in
        var i = 0
        let count = p.count
        while i < count {
            let a = p[i + 3]
            if a == 0 {
                p[i] = 0; p[i + 1] = 0; p[i + 2] = 0
            } else if a != 255 {
                let alpha = UInt32(a)
                p[i] = UInt8((UInt32(p[i]) * alpha + 127) / 255)
                p[i + 1] = UInt8((UInt32(p[i + 1]) * alpha + 127) / 255)
                p[i + 2] = UInt8((UInt32(p[i + 2]) * alpha + 127) / 255)
            }
            i += 4
        }
    }
}
