// Decoding any PNG into a premultiplied Pixmap.
//
// libpng does the work behind the gs_png_* functions of CPNG's shim (they catch libpng's longjmp
// errors): palette, grey, grey+alpha, 16-bit, low bit depths, Adam7 interlacing and tRNS are all
// converted to straight 8-bit RGBA (16-bit samples rounded, not truncated). Decoding happens in
// two steps so the pixel cap is checked between reading the header and allocating the pixels: a
// 100 000 × 100 000 file of a few hundred bytes is refused before any large allocation. The rest
// of the file is read up to IEND, so a bad CRC or truncation anywhere is an error, and the private
// chunks before and after the image data are returned.
//
// Gamma and colour-profile chunks are not applied: snapshots are sRGB, and so is nearly every PNG
// a user hands over.
import CPNG
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
    // The reader lives on the heap: libpng keeps pointers to it between the two C calls.
    let reader = UnsafeMutablePointer<gs_png_reader>.allocate(capacity: 1)
    reader.initialize(to: gs_png_reader())
    defer {
        gs_png_reader_close(reader)
        reader.deallocate()
    }
    return try data.withUnsafeBufferPointer { bytes in
        var width: UInt32 = 0, height: UInt32 = 0
        let cap = max(0, min(maximumPixelCount, Pixmap.maximumPixelCount))
        let status = Int(gs_png_reader_open(reader, bytes.baseAddress, bytes.count, UInt64(cap), &width, &height))
        let tooLarge = PNGError(.tooLarge, "PNG is \(width) × \(height) pixels, over the limit of \(cap) pixels")
        if status == GS_PNG_TOO_LARGE { throw tooLarge }
        try check(status, reader)
        guard var pixmap = Pixmap(width: Int(width), height: Int(height)) else { throw tooLarge }
        try pixmap.pixels.withUnsafeMutableBufferPointer { pixels in
            try check(Int(gs_png_reader_read_rgba(reader, pixels.baseAddress)), reader)
        }
        premultiply(&pixmap.pixels)
        return DecodedPNG(pixmap: pixmap, chunks: try privateChunks(reader))
    }
}

private func check(_ status: Int, _ reader: UnsafeMutablePointer<gs_png_reader>) throws {
    switch status {
    case GS_PNG_OK: return
    case GS_PNG_NO_MEMORY: throw PNGError(.outOfMemory, "out of memory while decoding PNG")
    default: throw PNGError(.malformed, "invalid PNG: \(errorMessage(reader.pointee.error))")
    }
}

/// The private chunks libpng kept as unknown. An unknown critical chunk means the image cannot be
/// decoded faithfully, so it is an error.
private func privateChunks(_ reader: UnsafeMutablePointer<gs_png_reader>) throws -> [PNGChunk] {
    var list: png_unknown_chunkp? = nil
    let count = Int(gs_png_reader_chunks(reader, &list))
    guard count > 0, let list else { return [] }
    var chunks: [PNGChunk] = []
    for chunk in UnsafeBufferPointer(start: list, count: count) {
        let name = withUnsafeBytes(of: chunk.name) { Array($0.prefix(4)) }
        if !PNGChunk.isLowercase(name[0]) {
            throw PNGError(.malformed, "invalid PNG: unknown critical chunk \"\(String(decoding: name, as: UTF8.self))\"")
        }
        guard PNGChunk.isPrivate(name) else { continue }
        let data = chunk.size > 0 && chunk.data != nil
            ? Array(UnsafeBufferPointer(start: chunk.data, count: chunk.size)) : []
        chunks.append(PNGChunk(validatedName: name, data: data))
    }
    return chunks
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
