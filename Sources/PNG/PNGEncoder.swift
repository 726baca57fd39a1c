// Encoding a premultiplied Pixmap as an 8-bit RGBA PNG.
//
// Pixels are un-premultiplied with rounding (round(c · 255 / a)), so decoding and premultiplying
// again gives back the same bytes; fully transparent pixels become four zero bytes whatever colour
// they held, so invisible differences never change the file. The file carries an sRGB chunk, the
// caller's private chunks before IDAT, and no timestamp: identical pixels give identical bytes.
//
// Filter and compression settings were measured, not guessed. Snapshots are mostly flat colour,
// and libpng's defaults (adaptive choice among all five filters, zlib level 6) spend most of their
// time trying filters that do not help. Measured on this machine with libpng 1.6.39 / zlib, best
// of 5 runs, on a synthetic 1170×900 card: rounded corners over transparency, a flat #FFD700 fill,
// a blue 300×300 block, a dark button, nine lines of anti-aliased text-like strokes and bowls.
// "photo" is the same card with the blue block replaced by a noisy gradient (like a product image).
// Sizes in bytes, time in ms. libpng's default (all, default, 6) is what Cairo's writer produces.
//
//   filter  strategy  level |  card ms   card size | photo ms  photo size
//   none    default     1   |    5.4       81 211  |    9.2      327 824
//   none    default     3   |    5.6       76 252  |   11.2      322 501
//   none    default     4   |    9.9       54 168  |   17.0      311 621
//   none    default     6   |   11.5       51 887  |   18.5      309 265
//   none    default     9   |   42.6       46 245  |      -            -
//   none    rle        any  |   20.2    1 186 899  |   21.7    1 334 739
//   sub     default     3   |    6.8       92 421  |   11.8      264 003
//   sub     default     6   |   12.5       67 730  |   28.8      235 455
//   sub     rle        any  |    7.2      207 668  |    9.4      378 724
//   up      default     1   |    6.4       79 932  |    9.2      248 834
//   up      default     3   |    6.5       78 424  |   11.4      241 223
//   up      default     4   |   10.8       59 606  |   14.7      228 082   ← chosen
//   up      default     6   |   12.0       59 376  |   30.3      219 362
//   up      default     9   |   54.5       58 426  |      -            -
//   up      rle        any  |    6.4       90 862  |    8.3      232 368
//   up      filtered    4   |   11.0       68 764  |      -            -
//   paeth   default     3   |   10.1       86 161  |   16.0      246 442
//   paeth   default     6   |   15.6       66 584  |   35.1      223 542
//   paeth   rle        any  |    9.9       78 692  |   12.7      220 032
//   all     default     1   |   20.4       81 889  |   24.0      249 423
//   all     default     4   |   25.3       61 009  |   29.6      227 652
//   all     default     6   |   26.2       60 846  |   44.7      219 629   (libpng/Cairo default)
//   all     rle        any  |   20.4       71 293  |   22.9      213 482
//   none+up default     4   |   15.9       57 912  |   19.5      225 341
//   sub+up  default     4   |   16.9       60 083  |   20.8      227 885
//   (Z_FILTERED is never better than Z_DEFAULT here; Z_RLE ignores the level.)
//
// Choice: filter Up, Z_DEFAULT_STRATEGY, level 4. On both images the file is within 4% of libpng's
// default size (0.98× and 1.04×) at 2.4–3× less time (10.8 ms vs 26.2 ms for the card; Cairo's
// writer, which also un-premultiplies, takes 65–90 ms). "none" is best on pure flat colour but
// 1.4× larger as soon as an image is inside; RLE is fast but 1.5× larger on the card; levels 1–3
// (zlib's greedy matcher) save ~4 ms but give 1.3× larger cards, at the limit we allow; level 4
// is where zlib's lazy matcher starts, and levels above it cost time for little. Adaptive filter
// choice (all, none+up) pays 5–15 ms for its per-row trials and wins almost nothing here.
import CPNG
import Raster

/// libpng/zlib settings for `encodePNG`. `.default` is the measured choice above.
public struct PNGEncodingOptions: Equatable, Sendable {
    public enum Filter: Sendable { case none, sub, up, paeth, adaptive }
    public enum Strategy: Sendable { case `default`, runLength, filtered }

    public var filter: Filter
    /// zlib level, 0 (store) ... 9.
    public var level: Int
    public var strategy: Strategy

    public init(filter: Filter = .up, level: Int = 4, strategy: Strategy = .default) {
        self.filter = filter
        self.level = level
        self.strategy = strategy
    }

    public static let `default` = PNGEncodingOptions()

    var libpngFilters: Int32 {
        switch filter {
        case .none: return PNG_FILTER_NONE
        case .sub: return PNG_FILTER_SUB
        case .up: return PNG_FILTER_UP
        case .paeth: return PNG_FILTER_PAETH
        case .adaptive: return PNG_FILTER_NONE | PNG_FILTER_SUB | PNG_FILTER_UP | PNG_FILTER_AVG | PNG_FILTER_PAETH
        }
    }

    var zlibStrategy: Int32 {
        switch strategy {
        case .default: return Z_DEFAULT_STRATEGY
        case .runLength: return Z_RLE
        case .filtered: return Z_FILTERED
        }
    }
}

/// Encodes `pixmap` as an 8-bit RGBA PNG with an sRGB chunk and `chunks` written before IDAT.
/// Same pixels, chunks and options → same bytes.
public func encodePNG(_ pixmap: Pixmap, chunks: [PNGChunk] = [],
                      options: PNGEncodingOptions = .default) throws -> [UInt8] {
    let straight = unpremultiplied(pixmap.pixels)
    let chunkNames = chunks.map { Array($0.name.utf8) }

    // The chunk descriptors point into the chunks' arrays; libpng copies them before returning.
    return try withChunkDescriptors(chunks, names: chunkNames) { descriptors in
        try straight.withUnsafeBufferPointer { rgba in
            var job = gs_png_write_job()
            job.width = UInt32(pixmap.width)
            job.height = UInt32(pixmap.height)
            job.rgba = rgba.baseAddress
            job.chunks = descriptors.baseAddress
            job.chunk_count = Int32(descriptors.count)
            job.filters = options.libpngFilters
            job.level = Int32(max(0, min(9, options.level)))
            job.strategy = options.zlibStrategy
            let status = Int(gs_png_write_rgba(&job))
            defer { gs_png_free(job.output) }
            guard status == GS_PNG_OK, let output = job.output else {
                if status == GS_PNG_NO_MEMORY { throw PNGError(.outOfMemory, "out of memory while encoding PNG") }
                throw PNGError(.encodingFailed, "PNG encoding failed: \(errorMessage(job.error))")
            }
            return Array(UnsafeBufferPointer(start: output, count: job.output_size))
        }
    }
}

/// Calls `body` with C descriptors for `chunks`, valid only during the call.
private func withChunkDescriptors<R>(_ chunks: [PNGChunk], names: [[UInt8]],
                                     _ body: (UnsafeBufferPointer<gs_png_chunk_in>) throws -> R) rethrows -> R {
    var descriptors: [gs_png_chunk_in] = []
    descriptors.reserveCapacity(chunks.count)
    func build(_ index: Int) throws -> R {
        if index == chunks.count {
            return try descriptors.withUnsafeBufferPointer(body)
        }
        return try chunks[index].data.withUnsafeBufferPointer { data in
            let name = names[index]
            descriptors.append(gs_png_chunk_in(name: (name[0], name[1], name[2], name[3]),
                                               data: data.baseAddress, size: data.count))
            return try build(index + 1)
        }
    }
    return try build(0)
}

/// Straight RGBA from premultiplied: c' = round(c · 255 / a), and all zeros where a = 0.
func unpremultiplied(_ premultiplied: [UInt8]) -> [UInt8] {
    var straight = [UInt8](repeating: 0, count: premultiplied.count)
    premultiplied.withUnsafeBufferPointer { source in
        straight.withUnsafeMutableBufferPointer { target in
            var i = 0
            let count = source.count
            while i < count {
                let a = source[i + 3]
                if a == 255 {
                    target[i] = source[i]; target[i + 1] = source[i + 1]
                    target[i + 2] = source[i + 2]; target[i + 3] = 255
                } else if a != 0 {
                    let alpha = UInt32(a), half = alpha / 2
                    // Premultiplied channels never exceed alpha in a valid pixmap; clamp anyway.
                    target[i] = UInt8(min(255, (UInt32(source[i]) * 255 + half) / alpha))
                    target[i + 1] = UInt8(min(255, (UInt32(source[i + 1]) * 255 + half) / alpha))
                    target[i + 2] = UInt8(min(255, (UInt32(source[i + 2]) * 255 + half) / alpha))
                    target[i + 3] = a
                }
                i += 4
            }
        }
    }
    return straight
}

/// The message libpng left in a C error buffer.
func errorMessage(_ state: gs_png_error_state) -> String {
    withUnsafeBytes(of: state.message) { raw in
        let bytes = raw.prefix { $0 != 0 }
        return bytes.isEmpty ? "unknown libpng error" : String(decoding: bytes, as: UTF8.self)
    }
}
