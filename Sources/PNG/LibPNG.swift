// libpng and zlib (CPNG), called from here alone: the other files of the module reach them through
// `LibPNG`, so what GronaSnap asks of the C libraries (and how their errors become `PNGError`s) is
// in one place. libpng decodes every PNG a user hands over and is the encoder `encodePNG` offers
// besides the built-in one (`PNGEncodingOptions(filter:level:strategy:)`); zlib's crc32 checks and
// writes the chunks' CRCs.
import CPNG
import Raster

enum LibPNG {
    /// zlib's CRC-32 of `count` bytes at `bytes`, as a PNG chunk's CRC is (of its type and data).
    static func crc32(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: gs_png_crc32(0, bytes, count))
    }

    /// `pixmap` (premultiplied) encoded by libpng + zlib with `options`' filter, level and strategy.
    static func encode(_ pixmap: Pixmap, chunks: [PNGChunk], options: PNGEncodingOptions) throws -> [UInt8] {
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
    private static func withChunkDescriptors<R>(_ chunks: [PNGChunk], names: [[UInt8]],
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

    /// Any PNG as straight (not premultiplied) RGBA pixels, and its private chunks;
    /// `maximumPixelCount` is checked before the pixels are allocated.
    static func decode(_ data: [UInt8], maximumPixelCount: Int) throws -> DecodedPNG {
        // The reader lives on the heap: libpng keeps pointers to it between the two C calls.
        let reader = UnsafeMutablePointer<gs_png_reader>.allocate(capacity: 1)
        reader.initialize(to: gs_png_reader())
        defer {
            gs_png_reader_close(reader)
            reader.deallocate()
        }
        return try data.withUnsafeBufferPointer { bytes in
            var width: UInt32 = 0, height: UInt32 = 0
            let cap = maximumPixelCount
            let status = Int(gs_png_reader_open(reader, bytes.baseAddress, bytes.count, UInt64(cap), &width, &height))
            let tooLarge = PNGError(.tooLarge, "PNG is \(width) × \(height) pixels, over the limit of \(cap) pixels")
            if status == GS_PNG_TOO_LARGE { throw tooLarge }
            try check(status, reader)
            guard var pixmap = Pixmap(width: Int(width), height: Int(height)) else { throw tooLarge }
            try pixmap.pixels.withUnsafeMutableBufferPointer { pixels in
                try check(Int(gs_png_reader_read_rgba(reader, pixels.baseAddress)), reader)
            }
            return DecodedPNG(pixmap: pixmap, chunks: try privateChunks(reader))
        }
    }

    private static func check(_ status: Int, _ reader: UnsafeMutablePointer<gs_png_reader>) throws {
        switch status {
        case GS_PNG_OK: return
        case GS_PNG_NO_MEMORY: throw PNGError(.outOfMemory, "out of memory while decoding PNG")
        default: throw PNGError(.malformed, "invalid PNG: \(errorMessage(reader.pointee.error))")
        }
    }

    /// The private chunks libpng kept as unknown. An unknown critical chunk means the image cannot be
    /// decoded faithfully, so it is an error.
    private static func privateChunks(_ reader: UnsafeMutablePointer<gs_png_reader>) throws -> [PNGChunk] {
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
}

extension PNGEncodingOptions {
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

/// The message libpng left in a C error buffer.
private func errorMessage(_ state: gs_png_error_state) -> String {
    withUnsafeBytes(of: state.message) { raw in
        let bytes = raw.prefix { $0 != 0 }
        return bytes.isEmpty ? "unknown libpng error" : String(decoding: bytes, as: UTF8.self)
    }
}
