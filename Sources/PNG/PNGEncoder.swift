// Encoding a premultiplied Pixmap as an 8-bit RGBA PNG.
//
// Pixels are un-premultiplied with rounding (round(c · 255 / a)), so decoding and premultiplying
// again gives back the same bytes; fully transparent pixels become four zero bytes whatever colour
// they held, so invisible differences never change the file. The file carries an sRGB chunk, the
// caller's private chunks before IDAT, and no timestamp: identical pixels give identical bytes.
//
// Two compressors. The default is GronaSnap's own (PNGWriter.swift, LZ77.swift, Deflate.swift,
// RowFilters.swift), which adapts to the image region by region (runs of rows): unfiltered scanlines
// with a parse built for user interfaces where that is good (flat snapshots, the flat rows around a
// photo), filtered rows with a chained, lazy, cost-aware parse where it is not (photos, gradients,
// noise, rows wider than deflate's window).
// libpng + zlib remain available with any filter, level and strategy.
//
// Why not libpng's settings for snapshots: measured on the reference banner (bench/reference-banner.json,
// 1170 × 777 px, 3.6 MB of scanlines) with libpng 1.6.39 / zlib 1.2.13, mean of 10 runs:
//
//   filter    level |  size (bytes)   ms        filter    level |  size (bytes)   ms
//   none        1   |   129 827      8.4        up          1   |   153 623      7.7
//   none        3   |   122 430      7.7        up          4   |   131 656     12.3  (the old default)
//   none        4   |   106 729     11.6        paeth       4   |   136 019     17.4
//   none        6   |    98 884     13.4        adaptive    6   |   126 619     26.4  (libpng's default)
//   sub         4   |   139 578     15.0        up, Z_RLE   -   |   203 278      8.0
//
// Unfiltered scanlines compress best here: a glyph drawn twice in the same colour is the same
// bytes twice, which filters hide (Up and Paeth mix in the row above). But zlib cannot be made fast
// enough: its checksum alone (adler32) takes 1.1 ms for these 3.6 MB and level 1 takes 5.4 ms in
// all. The built-in encoder checks the two structural candidates before hashing, skips over long
// matches in 8-byte steps, and computes the checksum sixteen lanes at a time. On other images
// (`grona-bench --encoders`, table in bench/README.md: photos, gradients, noise, rows wider than the
// window) it is smaller than libpng's default and no slower.
import Raster

/// How `encodePNG` compresses. `.default` is the built-in encoder described above.
public struct PNGEncodingOptions: Equatable, Sendable {
    public enum Compressor: Sendable { case builtin, libpng }
    public enum Filter: Sendable { case none, sub, up, paeth, adaptive }
    public enum Strategy: Sendable { case `default`, runLength, filtered }

    public var compressor: Compressor
    /// How hard the built-in encoder works (used by `.builtin` only): `.smallest` chooses filtered or
    /// unfiltered rows region by region (files, goldens); `.quick` writes every row unfiltered as the
    /// fast parse finds it, never trying filters (see `quick`).
    package var effort: Effort = .smallest
    package enum Effort: Sendable { case smallest, quick }
    /// libpng's filter, zlib's level (0 store ... 9) and strategy; used by `.libpng` only.
    public var filter: Filter
    public var level: Int
    public var strategy: Strategy

    /// libpng + zlib with these settings.
    public init(filter: Filter = .up, level: Int = 4, strategy: Strategy = .default) {
        self.compressor = .libpng
        self.filter = filter
        self.level = level
        self.strategy = strategy
    }

    /// The built-in encoder (GronaSnap's deflate; unfiltered or filtered rows, region by region).
    public static let builtin: PNGEncodingOptions = {
        var options = PNGEncodingOptions(filter: .none, level: 1)
        options.compressor = .builtin
        return options
    }()

    public static let `default` = builtin

    /// The built-in encoder at `.quick` effort: for a picture shown once and thrown away (the studio's
    /// tiles, base64 in one answer, never stored), where encoding time matters more than bytes. Text
    /// and flat colour compress as they do at `.smallest` (a snapshot's rows are written unfiltered
    /// either way); a photo's rows, which filters would predict, are written unfiltered too, so they
    /// are larger, and the chained parse that finds a photo's filtered matches, most of a photo
    /// banner's encoding time, is not run. Same pixels → same bytes, as at every effort.
    package static let quick: PNGEncodingOptions = {
        var options = builtin
        options.effort = .quick
        return options
    }()
}

/// Encodes `pixmap` as an 8-bit RGBA PNG with an sRGB chunk and `chunks` written before IDAT.
/// Same pixels, chunks and options → same bytes.
public func encodePNG(_ pixmap: Pixmap, chunks: [PNGChunk] = [],
                      options: PNGEncodingOptions = .default) throws -> [UInt8] {
    if options.compressor == .builtin { return PNGWriter.encode(pixmap, chunks: chunks, quick: options.effort == .quick) }
    return try LibPNG.encode(pixmap, chunks: chunks, options: options)
}

/// Straight RGBA from premultiplied: c' = round(c · 255 / a), and all zeros where a = 0.
/// Public for the WebP encoder, which un-premultiplies the same way.
package func unpremultiplied(_ premultiplied: [UInt8]) -> [UInt8] {
    var straight = [UInt8](repeating: 0, count: premultiplied.count)
    premultiplied.withUnsafeBufferPointer { source in
        straight.withUnsafeMutableBufferPointer { target in
            guard let from = source.baseAddress, let to = target.baseAddress else { return }
            unpremultiplyPixels(from, to, count: source.count / 4)
        }
    }
    return straight
}

/// Un-premultiplies `count` pixels; opaque pixels (nearly all of a snapshot) are copied as words.
@inline(__always)
func unpremultiplyPixels(_ source: UnsafePointer<UInt8>, _ target: UnsafeMutablePointer<UInt8>, count: Int) {
    let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
    // Opaque pixels, eight and then two at a time, are copied as they are.
    let bothOpaque = UInt64(0xFF00_0000_FF00_0000).littleEndian
    var i = 0
    while i < count {
        while i + 8 <= count {
            let p0 = from.loadUnaligned(fromByteOffset: i * 4, as: UInt64.self)
            let p1 = from.loadUnaligned(fromByteOffset: i * 4 + 8, as: UInt64.self)
            let p2 = from.loadUnaligned(fromByteOffset: i * 4 + 16, as: UInt64.self)
            let p3 = from.loadUnaligned(fromByteOffset: i * 4 + 24, as: UInt64.self)
            guard p0 & p1 & p2 & p3 & bothOpaque == bothOpaque else { break }
            to.storeBytes(of: p0, toByteOffset: i * 4, as: UInt64.self)
            to.storeBytes(of: p1, toByteOffset: i * 4 + 8, as: UInt64.self)
            to.storeBytes(of: p2, toByteOffset: i * 4 + 16, as: UInt64.self)
            to.storeBytes(of: p3, toByteOffset: i * 4 + 24, as: UInt64.self)
            i += 8
        }
        if i == count { break }
        if i + 2 <= count {
            let two = from.loadUnaligned(fromByteOffset: i * 4, as: UInt64.self)
            if two & bothOpaque == bothOpaque {
                to.storeBytes(of: two, toByteOffset: i * 4, as: UInt64.self)
                i += 2
                continue
            }
        }
        let pixel = UInt32(littleEndian: from.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
        let alpha = pixel >> 24
        if alpha == 255 {
            to.storeBytes(of: pixel.littleEndian, toByteOffset: i * 4, as: UInt32.self)
        } else if alpha == 0 {
            to.storeBytes(of: 0, toByteOffset: i * 4, as: UInt32.self)
        } else {
            // Premultiplied channels never exceed alpha in a valid pixmap; clamp anyway.
            let half = alpha / 2
            let r = min(255, ((pixel & 0xFF) * 255 + half) / alpha)
            let g = min(255, (((pixel >> 8) & 0xFF) * 255 + half) / alpha)
            let b = min(255, (((pixel >> 16) & 0xFF) * 255 + half) / alpha)
            to.storeBytes(of: (r | g << 8 | b << 16 | alpha << 24).littleEndian, toByteOffset: i * 4, as: UInt32.self)
        }
        i += 1
    }
}
