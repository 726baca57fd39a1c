// The built-in PNG writer: the file layout around GronaSnap's deflate (LZ77.swift, Deflate.swift).
//
// The file is the signature, IHDR (8-bit RGBA, not interlaced), sRGB (perceptual), the caller's
// private chunks, one IDAT and IEND, each chunk with zlib's CRC-32.
//
// The image is encoded in bands of rows (about 4 MiB of scanlines each), one deflate block per band,
// and each band takes whichever of two encodings is smaller:
//   - unfiltered scanlines with the fast parse (`LZ77.parseFast`): what flat snapshots want, since a
//     glyph drawn twice in one colour is the same bytes twice, which filters would hide; most
//     snapshot bands compress to under half a bit per byte this way and are written without trying
//     anything else, so snapshots cost what they did;
//   - otherwise also filtered scanlines (`RowFilters`, per row) with the chained, lazy parse
//     (`LZ77.parseChained`): photos, gradients, noise, and rows wider than deflate's 32 KiB window,
//     where the unfiltered parse cannot reach the row above.
// Each band's buffer starts with the last 32 KiB of what was emitted before it, so matches reach
// across bands whichever encoding each took. Memory stays flat: two band buffers and the output,
// which is reserved once at its largest possible size (stored blocks), so it is never copied while
// it grows; a 64-megapixel image needs its pixels, the file and a few MiB.
import CPNG
import Raster

enum PNGWriter {
    /// About this many scanline bytes make a band (at least one row). A snapshot at @3x (a 1170 px
    /// wide banner is 3.6 MB) is one band: each band costs a block header, a Huffman code and a copy
    /// of the window, which smaller bands made 10% of the reference banner's encoding time.
    static let bandBytes = 1 << 22

    /// `bandBytes` is a parameter for the tests, which need several bands in a small image.
    static func encode(_ pixmap: Pixmap, chunks: [PNGChunk], bandBytes: Int = PNGWriter.bandBytes) -> [UInt8] {
        let width = pixmap.width, height = pixmap.height
        let rowLength = width * 4 + 1
        // A small image is one band of its own size: the band buffers are sized by it.
        let rowsPerBand = min(height, max(1, bandBytes / rowLength))
        let bandCount = (height + rowsPerBand - 1) / rowsPerBand

        var prefix: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        var header: [UInt8] = []
        for value in [UInt32(width), UInt32(height)] { appendBigEndian(value, to: &header) }
        header += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, adaptive filtering, no interlace
        appendChunk("IHDR", header, to: &prefix)
        appendChunk("sRGB", [0], to: &prefix)
        for chunk in chunks { appendChunk(chunk.name, chunk.data, to: &prefix) }
        let lengthAt = prefix.count
        prefix += [0, 0, 0, 0] + Array("IDAT".utf8)

        // Stored blocks are the most any band can take; 8 bytes of slack for the bit writer's words.
        let scanlineBytes = rowLength * height
        let streamBound = 2 + scanlineBytes + 5 * (scanlineBytes / 65_535 + bandCount) + bandCount + 4 + 8
        let capacity = prefix.count + streamBound + 4 + 12
        let file = [UInt8](unsafeUninitializedCapacity: capacity) { file, initialized in
            let base = file.baseAddress!  // capacity > 0
            prefix.withUnsafeBufferPointer { base.initialize(from: $0.baseAddress!, count: $0.count) }
            var writer = BitWriter(base + prefix.count)
            writer.byte(0x78)  // deflate, 32 KiB window
            writer.byte(0x01)  // fastest-compression hint; (0x78 << 8 | 0x01) is a multiple of 31
            let checksum = pixmap.pixels.withUnsafeBufferPointer { pixels in
                var bands = BandEncoder(width: width, rowsPerBand: rowsPerBand)
                return bands.encode(pixels.baseAddress!, height: height, into: &writer)
            }
            writer.alignToByte()
            for shift in [24, 16, 8, 0] { writer.byte(UInt8(truncatingIfNeeded: checksum >> UInt32(shift))) }
            var end = prefix.count + writer.count
            let length = UInt32(end - lengthAt - 8)
            for i in 0..<4 { base[lengthAt + i] = UInt8(truncatingIfNeeded: length >> UInt32(24 - 8 * i)) }
            let crc = UInt32(truncatingIfNeeded: gs_png_crc32(0, base + lengthAt + 4, end - lengthAt - 4))
            for (i, byte) in bigEndian(crc).enumerated() { base[end + i] = byte }
            end += 4
            // IEND: empty, with its constant CRC.
            for (i, byte) in ([0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]).enumerated() {
                base[end + i] = byte
            }
            initialized = end + 12
        }
        // A snapshot's file is a few percent of that reservation: keep a copy of its size, so callers
        // that hold many files (a batch, a golden store) hold their bytes, not the reservation.
        guard file.count < capacity / 2 else { return file }
        return [UInt8](unsafeUninitializedCapacity: file.count) { copy, initialized in
            initialized = copy.initialize(fromContentsOf: file)
        }
    }

    private static func appendChunk(_ name: String, _ data: [UInt8], to file: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &file)
        let start = file.count
        file += Array(name.utf8)
        file += data
        let crc = file.withUnsafeBufferPointer { bytes in
            UInt32(truncatingIfNeeded: gs_png_crc32(0, bytes.baseAddress! + start, bytes.count - start))
        }
        appendBigEndian(crc, to: &file)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += bigEndian(value)
    }
}

/// The bands of one image: builds each band's scanlines both ways when needed, parses, picks the
/// smaller, writes it, and keeps the window of emitted bytes for the next band.
private struct BandEncoder {
    let width: Int, rowLength: Int, rowsPerBand: Int
    /// Band buffers: the last `window` bytes emitted, then the band's scanlines, unfiltered (`plain`)
    /// and filtered (`filtered`).
    let plain: UnsafeMutablePointer<UInt8>, filtered: UnsafeMutablePointer<UInt8>
    /// The unfiltered pixels of the row above the band (zeros above the first row).
    let above: UnsafeMutablePointer<UInt8>
    var history = 0
    let fastTables = LZ77.Tables(chained: false)
    var chainedTables: LZ77.Tables?
    var fastCosts = CostModel.prior(filtered: false), chainedCosts = CostModel.prior(filtered: true)
    var fastOutput = LZ77.Output(), chainedOutput = LZ77.Output()

    init(width: Int, rowsPerBand: Int) {
        self.width = width
        rowLength = width * 4 + 1
        self.rowsPerBand = rowsPerBand
        let size = LZ77.window + rowsPerBand * rowLength
        plain = .allocate(capacity: size)
        filtered = .allocate(capacity: size)
        above = .allocate(capacity: width * 4)
        above.initialize(repeating: 0, count: width * 4)
        fastOutput.tokens.reserveCapacity(rowsPerBand * rowLength / 16 + 1024)
    }

    /// Writes every band of the `height` rows of premultiplied `pixels`; returns the Adler-32 of the
    /// scanlines as written.
    mutating func encode(_ pixels: UnsafePointer<UInt8>, height: Int, into writer: inout BitWriter) -> UInt32 {
        defer { plain.deallocate(); filtered.deallocate(); above.deallocate() }
        var checksum: UInt32 = 1
        var firstRow = 0, position = 0  // absolute position of the band's first byte in the stream
        while firstRow < height {
            let rows = min(rowsPerBand, height - firstRow)
            let count = rows * rowLength
            let band = plain + history
            // Unfiltered rows; the checksum is taken row by row while each row is still in the cache.
            var plainChecksum = checksum
            for r in 0..<rows {
                let row = band + r * rowLength
                row[0] = 0  // filter type None
                unpremultiplyPixels(pixels + (firstRow + r) * width * 4, row + 1, count: width)
                plainChecksum = adler32(row, count: rowLength, continuing: plainChecksum)
            }
            fastOutput.reset()
            LZ77.parseFast(plain, from: history, to: history + count, base: position - history, rowLength: rowLength,
                           tables: fastTables, costs: fastCosts, into: &fastOutput)
            let fastPlan = BlockPlan(fastOutput.frequencies)
            fastCosts = fastPlan.costs
            var chosen = plain, plan = fastPlan, tokens = fastOutput.tokens
            // Under half a bit per byte is a flat band, where filters would not do better by much,
            // unless rows are wider than the window and the fast parse lost the row above.
            if fastPlan.bits > count / 2 || rowLength > LZ77.window {
                let filteredBand = filtered + history
                for r in 0..<rows {
                    let rowAbove = r == 0 ? UnsafePointer(above) : UnsafePointer(band + (r - 1) * rowLength + 1)
                    RowFilters.filterRow(band + r * rowLength + 1, above: rowAbove, count: width * 4,
                                         into: filteredBand + r * rowLength)
                }
                let tables = chainedTables ?? LZ77.Tables(chained: true)
                chainedTables = tables
                chainedOutput.reset()
                LZ77.parseChained(filtered, from: history, to: history + count, base: position - history,
                                  tables: tables, costs: chainedCosts, into: &chainedOutput)
                let chainedPlan = BlockPlan(chainedOutput.frequencies)
                chainedCosts = chainedPlan.costs
                if chainedPlan.bits < fastPlan.bits {
                    chosen = filtered; plan = chainedPlan; tokens = chainedOutput.tokens
                }
            }
            checksum = chosen == plain ? plainChecksum : adler32(chosen + history, count: count, continuing: checksum)
            Deflate.writeBlock(tokens, plan: plan, data: chosen + history, count: count,
                               final: firstRow + rows == height, into: &writer)
            // The next band's row above, and its window of emitted bytes.
            above.update(from: band + (rows - 1) * rowLength + 1, count: width * 4)
            let keep = min(LZ77.window, history + count)
            // The chosen buffer's tail moves to its front (regions may overlap: a memmove), then is copied.
            let tail = UnsafeRawPointer(chosen + history + count - keep)
            UnsafeMutableRawPointer(chosen).copyMemory(from: tail, byteCount: keep)
            let other = chosen == plain ? filtered : plain
            other.update(from: chosen, count: keep)
            history = keep
            position += count
            firstRow += rows
        }
        return checksum
    }
}
