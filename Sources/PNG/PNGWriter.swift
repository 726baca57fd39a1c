// The built-in PNG writer: the file layout around GronaSnap's deflate (LZ77.swift, Deflate.swift).
//
// The file is the signature, IHDR (8-bit RGBA, not interlaced), sRGB (perceptual), the caller's
// private chunks, one IDAT and IEND, each chunk with zlib's CRC-32.
//
// The image is encoded in bands of rows (about 4 MiB of scanlines each), and each band is split into
// regions of whole rows that take whichever of two encodings is smaller, one deflate block per region:
//   - unfiltered scanlines with the fast parse (`LZ77.parseFast`): what flat snapshots want, since a
//     glyph drawn twice in one colour is the same bytes twice, which filters would hide; every band
//     is parsed this way first, and a snapshot's band (under half a bit per byte, and no rows that
//     look like a photo) is written as that one block, so snapshots cost what they did;
//   - filtered scanlines (`RowFilters`, per row) with the chained, lazy parse (`LZ77.parseChained`):
//     photos, gradients, noise, and rows wider than deflate's 32 KiB window, where the unfiltered
//     parse cannot reach the row above.
// Regions are made of groups of rows (about 32 KiB, `RegionChoice`). A band that is not flat tries
// every group filtered but those that look like noise (a sample of their rows filtered saves
// nothing); a flat band only the groups whose literals are close to their neighbours, as a smooth
// photo's are and a glyph's edges are not, so a photo between flat rows is filtered and the rows
// above and below it are not. Each group's bits in both parses then decide, with a cost for every
// change of encoding (a block header). When the regions differ, a filtered region keeps its trial
// tokens if they copy only bytes written as the trial saw them, and any other region is parsed
// again over the rows as they are written.
// Each band's buffer starts with the last 32 KiB of what was emitted before it, so matches reach
// across bands and regions whichever encoding each took. Memory stays flat: two band buffers and the output,
// which is reserved once at its largest possible size (stored blocks), so it is never copied while
// it grows; a 64-megapixel image needs its pixels, the file and a few MiB.
import Raster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum PNGWriter {
    /// About this many scanline bytes make a band (at least one row). A snapshot at @3x (a 1170 px
    /// wide banner is 3.6 MB) is one band: each band costs a block header, a Huffman code and a copy
    /// of the window, which smaller bands made 10% of the reference banner's encoding time.
    static let bandBytes = 1 << 22

    /// `bandBytes` is a parameter for the tests, which need several bands in a small image.
    /// `quick`: every band written as the fast parse found it (`PNGEncodingOptions.quick`).
    static func encode(_ pixmap: Pixmap, chunks: [PNGChunk], bandBytes: Int = PNGWriter.bandBytes, quick: Bool = false) -> [UInt8] {
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

        // Stored blocks are the most any region can take (a band has at most one region per group of
        // rows, and every band's last one ends a group); 8 bytes of slack for the bit writer's words.
        let scanlineBytes = rowLength * height
        let blockCount = bandCount + (height + RegionChoice.groupRows(rowLength) - 1) / RegionChoice.groupRows(rowLength)
        let streamBound = 2 + scanlineBytes + 5 * (scanlineBytes / 65_535 + blockCount) + blockCount + 4 + 8
        let capacity = prefix.count + streamBound + 4 + 12
        let file = [UInt8](unsafeUninitializedCapacity: capacity) { file, initialized in
            let base = file.baseAddress!  // capacity > 0
            prefix.withUnsafeBufferPointer { base.initialize(from: $0.baseAddress!, count: $0.count) }
            var writer = BitWriter(base + prefix.count)
            writer.byte(0x78)  // deflate, 32 KiB window
            writer.byte(0x01)  // fastest-compression hint; (0x78 << 8 | 0x01) is a multiple of 31
            let checksum = pixmap.pixels.withUnsafeBufferPointer { pixels in
                var bands = BandEncoder(width: width, rowsPerBand: rowsPerBand, quick: quick)
                return bands.encode(pixels.baseAddress!, height: height, into: &writer)
            }
            writer.alignToByte()
            for shift in [24, 16, 8, 0] { writer.byte(UInt8(truncatingIfNeeded: checksum >> UInt32(shift))) }
            var end = prefix.count + writer.count
            let length = UInt32(end - lengthAt - 8)
            for i in 0..<4 { base[lengthAt + i] = UInt8(truncatingIfNeeded: length >> UInt32(24 - 8 * i)) }
            let crc = LibPNG.crc32(base + lengthAt + 4, count: end - lengthAt - 4)
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
            LibPNG.crc32(bytes.baseAddress! + start, count: bytes.count - start)
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
/// smaller encoding region by region, writes it, and keeps the window of emitted bytes for the next band.
private struct BandEncoder {
    let width: Int, rowLength: Int, rowsPerBand: Int
    /// Rows per group, the unit a band's regions are made of: about `RegionChoice.groupBytes`.
    let groupRows: Int
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

    /// Every band as the fast parse found it, no filtered trial (`PNGEncodingOptions.quick`).
    let quick: Bool

    init(width: Int, rowsPerBand: Int, quick: Bool) {
        self.width = width
        self.quick = quick
        rowLength = width * 4 + 1
        self.rowsPerBand = rowsPerBand
        groupRows = RegionChoice.groupRows(rowLength)
        let size = LZ77.window + rowsPerBand * rowLength
        plain = .allocate(capacity: size)
        filtered = .allocate(capacity: size)
        above = .allocate(capacity: width * 4)
        above.initialize(repeating: 0, count: width * 4)
    }

    /// Writes every band of the `height` rows of premultiplied `pixels`; returns the Adler-32 of the
    /// scanlines as written.
    mutating func encode(_ pixels: UnsafePointer<UInt8>, height: Int, into writer: inout BitWriter) -> UInt32 {
        defer {
            plain.deallocate(); filtered.deallocate(); above.deallocate()
            fastOutput.deallocate(); chainedOutput.deallocate()
        }
        var checksum: UInt32 = 1
        var firstRow = 0, position = 0  // absolute position of the band's first byte in the stream
        while firstRow < height {
            let rows = min(rowsPerBand, height - firstRow)
            let count = rows * rowLength
            let band = plain + history
            let last = firstRow + rows == height
            // Unfiltered rows; the checksum is taken row by row while each row is still in the cache.
            var plainChecksum = checksum
            for r in 0..<rows {
                let row = band + r * rowLength
                row[0] = 0  // filter type None
                unpremultiplyPixels(pixels + (firstRow + r) * width * 4, row + 1, count: width)
                plainChecksum = adler32(row, count: rowLength, continuing: plainChecksum)
            }
            fastOutput.reset()
            let groups = (rows + groupRows - 1) / groupRows, groupBytes = groupRows * rowLength
            LZ77.parseFast(plain, from: history, to: history + count, base: position - history, rowLength: rowLength,
                           groupBytes: groupBytes, tables: fastTables, costs: fastCosts, into: &fastOutput)
            let fastPlan = BlockPlan(fastOutput.frequencies)
            let fastPrices = fastPlan.costs
            fastCosts = fastPrices
            // Which groups may be better filtered: all of them in a band that is not flat (over half a
            // bit per byte) or whose rows are wider than the window (the fast parse lost the row
            // above). In a flat band, the groups that look like a smooth photo: many of their
            // literals are within 3 of the byte to their left or above, where a glyph's anti-aliased
            // edge jumps (text rows cost the fast parse as much as a photo's, so the cost alone cannot
            // tell them apart). A snapshot has none and is written as parsed. Either way a candidate
            // is tried only where a sample of its rows filtered says it pays (`worthTrying`); in a
            // band that is not flat, group by group and only to leave out noise (which filters do
            // not predict), so that it is not parsed twice.
            let wholeBand = !quick && (fastPlan.bits > count / 2 || rowLength > LZ77.window)
            var candidates = [Bool](repeating: wholeBand, count: groups)
            // The fast parse's bits per group, priced once: for the sampled gate and for the choice.
            var fastGroupBits: [Int]?
            var filteredRows = [Bool](repeating: false, count: rows)  // rows the sample filtered already
            var sampleHistogram: [Int] = []  // of the sampled residuals of the groups to try
            if !quick && (!wholeBand || rowLength <= LZ77.window) {
                var smooth = fastOutput.smooth
                while smooth.count < groups { smooth.append(0) }
                let photoLike = RegionChoice.photoLike(smooth, groupBytes: groupBytes)
                if !wholeBand {
                    candidates = photoLike
                } else {
                    // A band that is not flat may still hold flat groups (the rows beside a photo):
                    // those are tried as a flat band's are, so the chained parse is spent on the photo.
                    let fastBits = RegionChoice.groupBits(fastOutput.tokens.buffer, prices: fastPrices,
                                                          groupBytes: groupBytes, groups: groups)
                    fastGroupBits = fastBits
                    for g in 0..<groups {
                        let bytes = (min(rows, (g + 1) * groupRows) - g * groupRows) * rowLength
                        candidates[g] = fastBits[g] > bytes / 2 || photoLike[g]
                    }
                }
            }
            if candidates.contains(true) {
                let fastBits = fastGroupBits ?? RegionChoice.groupBits(fastOutput.tokens.buffer, prices: fastPrices,
                                                                       groupBytes: groupBytes, groups: groups)
                fastGroupBits = fastBits
                (candidates, sampleHistogram) = worthTrying(candidates, fastBits: fastBits, rows: rows,
                                                            noiseOnly: wholeBand, filteredRows: &filteredRows)
            }
            guard candidates.contains(true) else {
                checksum = plainChecksum
                Deflate.writeBlock(fastOutput.tokens.buffer, plan: fastPlan, data: band, count: count, final: last, into: &writer)
                finishBand(plain, rows: rows, count: count)
                position += count
                firstRow += rows
                continue
            }
            // Filtered rows and the chained parse, over each run of candidate groups.
            let filteredBand = filtered + history
            let tables = chainedTables ?? LZ77.Tables(chained: true)
            chainedTables = tables
            chainedOutput.reset()
            var trials: [(from: Int, to: Int, tokens: Int)] = []  // runs of groups and where their tokens start
            // Literals priced by the sampled residuals (when a group was sampled: a photo's, in a
            // band that is not flat) rather than by the last band's code: the
            // cost-aware parse then declines matches that would cost a photo's cheap residuals more.
            var trialCosts = chainedCosts
            if sampleHistogram.contains(where: { $0 > 0 }) {
                trialCosts.literal = Huffman.lengths(sampleHistogram, limit: 15).map { $0 == 0 ? 12 : $0 }
            }
            for (from, to) in RegionChoice.runs(candidates, of: true) {
                let firstGroupRow = from * groupRows, endRow = min(rows, to * groupRows)
                for r in firstGroupRow..<endRow where !filteredRows[r] {
                    let rowAbove = r == 0 ? UnsafePointer(above) : UnsafePointer(band + (r - 1) * rowLength + 1)
                    RowFilters.filterRow(band + r * rowLength + 1, above: rowAbove, count: width * 4,
                                         into: filteredBand + r * rowLength)
                }
                trials.append((from, to, chainedOutput.tokens.count))
                LZ77.parseChained(filtered, from: history + firstGroupRow * rowLength, to: history + endRow * rowLength,
                                  base: position - history, tables: tables, costs: trialCosts, into: &chainedOutput)
            }
            let chainedPlan = BlockPlan(chainedOutput.frequencies)
            let chainedPrices = chainedPlan.costs
            chainedCosts = chainedPrices
            let fastBits = fastGroupBits
                ?? RegionChoice.groupBits(fastOutput.tokens.buffer, prices: fastPrices, groupBytes: groupBytes, groups: groups)
            var chainedBits = [Int](repeating: Int.max, count: groups)
            for (k, trial) in trials.enumerated() {
                let end = k + 1 < trials.count ? trials[k + 1].tokens : chainedOutput.tokens.count
                let bits = RegionChoice.groupBits(UnsafeBufferPointer(rebasing: chainedOutput.tokens.buffer[trial.tokens..<end]), prices: chainedPrices,
                                                  groupBytes: groupBytes, groups: trial.to - trial.from)
                for g in trial.from..<trial.to { chainedBits[g] = bits[g - trial.from] }
            }
            let penalty = max(fastPlan.header.bits, chainedPlan.header.bits) + RegionChoice.switchBits
            let (filter, mixedBits) = RegionChoice.choose(fast: fastBits, filtered: chainedBits, switchBits: penalty)
            let uniform = !filter.contains(true) || !filter.contains(false)
            // (Only when every group was tried: otherwise the chained parse covers part of the band.)
            if wholeBand && !candidates.contains(false) && (uniform || mixedBits >= min(fastPlan.bits, chainedPlan.bits) - penalty) {
                // One block, as before regions: the smaller of the two whole-band parses.
                let useFiltered = chainedPlan.bits < fastPlan.bits
                let chosen = useFiltered ? filtered : plain
                checksum = useFiltered ? adler32(filteredBand, count: count, continuing: checksum) : plainChecksum
                Deflate.writeBlock(useFiltered ? chainedOutput.tokens.buffer : fastOutput.tokens.buffer, plan: useFiltered ? chainedPlan : fastPlan,
                                   data: chosen + history, count: count, final: last, into: &writer)
                finishBand(chosen, rows: rows, count: count)
            } else if !filter.contains(true) {
                checksum = plainChecksum
                Deflate.writeBlock(fastOutput.tokens.buffer, plan: fastPlan, data: band, count: count, final: last, into: &writer)
                finishBand(plain, rows: rows, count: count)
            } else {
                writeRegions(filter, trials: trials, rows: rows, count: count, position: position, last: last,
                             into: &writer)
                checksum = adler32(filteredBand, count: count, continuing: checksum)
                finishBand(filtered, rows: rows, count: count)
            }
            position += count
            firstRow += rows
        }
        return checksum
    }

    /// The runs of `candidates` whose filtered rows are estimated to save at least
    /// `RegionChoice.sampleSaving` of their fast parse's bits, so that a small photo in a flat
    /// snapshot (where filters save little) does not pay a chained parse over its rows. Given
    /// `noiseOnly` (a band that is not flat), each group alone, and only the groups that cost the
    /// fast parse at least `RegionChoice.noiseBits` per byte are estimated (the others are kept):
    /// the estimate ignores the matches filtered rows find (a sky's, a wide row's text), which only
    /// noise has none of. The estimate filters every `RegionChoice.sampleStep`-th row of a run (its
    /// first included) and prices the residuals at their order-0 entropy, which a photo's chained
    /// parse (mostly literals) comes close to; the sampled rows are filtered in place (marked in
    /// `filteredRows`, so the trial does not filter them again).
    private func worthTrying(_ candidates: [Bool], fastBits: [Int], rows: Int, noiseOnly: Bool,
                             filteredRows: inout [Bool]) -> (kept: [Bool], histogram: [Int]) {
        var kept = candidates
        let band = plain + history, filteredBand = filtered + history
        var histogram = [Int](repeating: 0, count: 256), keptHistogram = histogram
        let runs = noiseOnly ? candidates.indices.filter { candidates[$0] }.map { ($0, $0 + 1) }
            : RegionChoice.runs(candidates, of: true)
        for (from, to) in runs {
            let firstRow = from * groupRows, endRow = min(rows, to * groupRows)
            var fast = 0
            for g in from..<to { fast += fastBits[g] }
            let noise = fast >= RegionChoice.noiseBits * (endRow - firstRow) * rowLength
            if noiseOnly && !noise { continue }  // kept without a sample
            for i in 0..<256 { histogram[i] = 0 }
            var sampled = 0
            for r in stride(from: firstRow, to: endRow, by: RegionChoice.sampleStep) {
                let rowAbove = r == 0 ? UnsafePointer(above) : UnsafePointer(band + (r - 1) * rowLength + 1)
                let target = filteredBand + r * rowLength
                RowFilters.filterRow(band + r * rowLength + 1, above: rowAbove, count: width * 4, into: target)
                filteredRows[r] = true
                histogram.withUnsafeMutableBufferPointer { counts in
                    for x in 0..<rowLength { counts[Int(target[x])] += 1 }
                }
                sampled += rowLength
            }
            let estimate = RegionChoice.entropyBits(histogram, count: sampled) * Double((endRow - firstRow) * rowLength)
                / Double(sampled)
            if estimate > Double(fast) * (1 - RegionChoice.sampleSaving) {
                for g in from..<to { kept[g] = false }
            } else {
                for i in 0..<256 { keptHistogram[i] += histogram[i] }
            }
        }
        return (kept, keptHistogram)
    }

    /// Writes a band whose groups take different encodings (`filter[g]`: filtered rows for group g),
    /// one block per region: the band's scanlines as they will be written are gathered in `filtered`
    /// (unfiltered groups copied in). A filtered region keeps the tokens of its trial parse (`trials`:
    /// runs of groups and where their tokens start in `chainedOutput`) when every match among them
    /// copies bytes written as the trial saw them; otherwise, as every unfiltered region, it is parsed
    /// again over the rows as written, since a match found before may reach into bytes another region
    /// now writes differently. (Parsing a photo's rows twice cost the bench's photo banner a fifth of its time.)
    private mutating func writeRegions(_ filter: [Bool], trials: [(from: Int, to: Int, tokens: Int)], rows: Int,
                                       count: Int, position: Int, last: Bool, into writer: inout BitWriter) {
        let band = plain + history, filteredBand = filtered + history
        let trialTokens = Array(chainedOutput.tokens.buffer), groupBytes = groupRows * rowLength
        for (from, to) in RegionChoice.runs(filter, of: false) {
            let start = from * groupRows * rowLength, end = min(rows, to * groupRows) * rowLength
            (filteredBand + start).update(from: band + start, count: end - start)
        }
        // The chained tables hold the trial parse's later positions: start them again, from the window.
        let tables = chainedTables!  // a band with filtered groups made them
        tables.reset()
        var inserted = 0  // buffer positions below this are in the chained tables
        let regions = RegionChoice.runs(filter, of: true).map { ($0, $1, true) }
            + RegionChoice.runs(filter, of: false).map { ($0, $1, false) }
        for (from, to, isFiltered) in regions.sorted(by: { $0.0 < $1.0 }) {
            let start = history + from * groupRows * rowLength, end = history + min(rows, to * groupRows) * rowLength
            var plan: BlockPlan, kept: [UInt32]?
            let trial = trials.firstIndex { $0.from <= from && to <= $0.to }
            kept = !isFiltered ? nil : trial.flatMap { k -> [UInt32]? in
                let tokensEnd = k + 1 < trials.count ? trials[k + 1].tokens : trialTokens.count
                return RegionChoice.keptTokens(trialTokens[trials[k].tokens..<tokensEnd], from: trials[k].from * groupBytes,
                                               start: start - history, end: end - history, filter: filter,
                                               groupBytes: groupBytes, data: filteredBand)
            }
            if isFiltered, let kept {
                plan = BlockPlan(LZ77.frequencies(of: kept))
                chainedCosts = plan.costs
            } else if isFiltered {
                LZ77.insertChained(filtered, from: max(inserted, start - LZ77.window), to: start,
                                   base: position - history, tables: tables)
                chainedOutput.reset()
                LZ77.parseChained(filtered, from: start, to: end, base: position - history, tables: tables,
                                  costs: chainedCosts, into: &chainedOutput)
                inserted = end
                plan = BlockPlan(chainedOutput.frequencies)
                chainedCosts = plan.costs
            } else {
                fastOutput.reset()
                LZ77.parseFast(filtered, from: start, to: end, base: position - history, rowLength: rowLength,
                               groupBytes: end - start, tables: fastTables, costs: fastCosts, into: &fastOutput)
                plan = BlockPlan(fastOutput.frequencies)
                fastCosts = plan.costs
            }
            let final = last && end == history + count
            if let kept {
                kept.withUnsafeBufferPointer { kept in
                    Deflate.writeBlock(kept, plan: plan, data: filtered + start, count: end - start, final: final, into: &writer)
                }
            } else {
                Deflate.writeBlock(isFiltered ? chainedOutput.tokens.buffer : fastOutput.tokens.buffer, plan: plan,
                                   data: filtered + start, count: end - start, final: final, into: &writer)
            }
        }
    }

    /// After a band written from `chosen`: the next band's row above, and its window of emitted bytes.
    private mutating func finishBand(_ chosen: UnsafeMutablePointer<UInt8>, rows: Int, count: Int) {
        above.update(from: plain + history + (rows - 1) * rowLength + 1, count: width * 4)
        let keep = min(LZ77.window, history + count)
        // The chosen buffer's tail moves to its front (regions may overlap: a memmove), then is copied.
        let tail = UnsafeRawPointer(chosen + history + count - keep)
        UnsafeMutableRawPointer(chosen).copyMemory(from: tail, byteCount: keep)
        let other = chosen == plain ? filtered : plain
        other.update(from: chosen, count: keep)
        history = keep
    }
}

/// How a band is split into regions of unfiltered and filtered rows.
enum RegionChoice {
    /// A group of rows is about this many scanline bytes: small enough to follow a photo's edge,
    /// large enough that a block header (a few hundred bits) is small beside a region of several.
    static let groupBytes = 1 << 15

    static func groupRows(_ rowLength: Int) -> Int { max(1, groupBytes / rowLength) }
    /// A group of a flat band is tried filtered when at least this many of every 1,000 bytes are
    /// smooth literals (see `LZ77.parseFast`): the reference banner's text has at most 3, a smooth
    /// photo's rows 5 to 60. A run of such groups extends over its neighbours with at least
    /// `smoothNeighbours` (a sky's rows shade so slowly that most of their bytes are runs).
    static let smoothSeed = 6, smoothNeighbours = 2

    /// The groups to try filtered, from their smooth literals per group.
    static func photoLike(_ smooth: [Int], groupBytes: Int) -> [Bool] {
        var chosen = smooth.map { $0 * 1000 >= smoothSeed * groupBytes }
        guard chosen.contains(true) else { return chosen }
        let neighbour = smooth.map { $0 * 1000 >= smoothNeighbours * groupBytes }
        for g in 1..<max(1, chosen.count) where chosen[g - 1] && neighbour[g] { chosen[g] = true }
        for g in stride(from: chosen.count - 2, through: 0, by: -1) where chosen[g + 1] && neighbour[g] { chosen[g] = true }
        return chosen
    }

    /// A flat band's run of photo-like groups is tried filtered only when filtering every
    /// `sampleStep`-th of its rows is estimated to save this share of its bits: the fixture matrix's
    /// small photos save well under it and the gradient photo's sky about a third.
    static let sampleStep = 8, sampleSaving = 0.05
    /// Bits per byte from which a group of a band that is not flat may be noise: 1024 × 768 px of
    /// noise cost 6.9 (written unfiltered), zlib's unfiltered parse of the bench's grainy photo 5.1,
    /// flat rows well under 1.
    static let noiseBits = 6

    /// The bits an order-0 code of `histogram` (`count` bytes) takes.
    static func entropyBits(_ histogram: [Int], count: Int) -> Double {
        guard count > 0 else { return 0 }
        let total = Double(count)
        var bits = 0.0
        for c in histogram where c > 0 { bits += Double(c) * log2(total / Double(c)) }
        return bits
    }

    /// What starting a region costs beyond its block header: the matches its first row loses.
    static let switchBits = 256

    /// The bits of `tokens` (a parse of consecutive groups of `groupBytes`, from the first) by the
    /// group where each token starts, priced by `prices`.
    static func groupBits(_ tokens: UnsafeBufferPointer<UInt32>, prices: CostModel, groupBytes: Int, groups: Int) -> [Int] {
        var bits = [Int](repeating: 0, count: groups)
        prices.withTables { price in
            bits.withUnsafeMutableBufferPointer { bits in
                var offset = 0, group = 0, next = groupBytes, sum = 0
                for token in tokens {
                    while offset >= next && group + 1 < groups {
                        bits[group] = sum; sum = 0; group += 1; next += groupBytes
                    }
                    if token & LZ77.matchFlag == 0 {
                        sum += Int(price.literal[Int(token)])
                        offset += 1
                    } else {
                        let length = Int((token >> 15) & 0x1FF)
                        sum += Int(price.length[length])
                            + Int(price.distance[DeflateTables.distanceCode(Int(token & 0x7FFF) + 1)])
                        offset += length
                    }
                }
                bits[group] += sum
            }
        }
        return bits
    }

    /// Per group, whether filtered rows are cheaper, with `switchBits` for every change of
    /// encoding (two-state dynamic programming); `filtered` is `Int.max` where not tried. Returns the
    /// choice and its total bits.
    static func choose(fast: [Int], filtered: [Int], switchBits: Int) -> ([Bool], Int) {
        let n = fast.count
        guard n > 0 else { return ([], 0) }
        let unreachable = Int.max / 4
        // cost[k]: the cheapest choice of groups 0...g ending in encoding k (0 fast, 1 filtered).
        var cost = [fast[0], filtered[0] == Int.max ? unreachable : filtered[0]]
        var from = [[Int]](repeating: [0, 1], count: n)  // the encoding of group g − 1 on the best path
        for g in 1..<n {
            let f = filtered[g] == Int.max ? unreachable : filtered[g]
            let stayFast = cost[0], switchToFast = cost[1] + switchBits
            let stayFiltered = cost[1], switchToFiltered = cost[0] + switchBits
            from[g] = [stayFast <= switchToFast ? 0 : 1, stayFiltered <= switchToFiltered ? 1 : 0]
            cost = [min(stayFast, switchToFast) + fast[g], min(stayFiltered, switchToFiltered) + f]
        }
        var k = cost[0] <= cost[1] ? 0 : 1
        let total = cost[k]
        var choice = [Bool](repeating: false, count: n)
        for g in stride(from: n - 1, through: 0, by: -1) {
            choice[g] = k == 1
            k = from[g][k]
        }
        return (choice, total)
    }

    /// The tokens of a trial parse (`tokens`, from band offset `from`) that cover band offsets
    /// `start..<end` of a filtered region, when they decode to the same bytes in the band as written:
    /// every match copies bytes of the window (negative offsets) or of groups written filtered
    /// (`filter`, groups of `groupBytes`), as the trial parse saw them. A match cut by the region's
    /// edges keeps its part inside, as literals (read from `data`, the band as written) when that is
    /// shorter than a match may be. Nil when a match copies bytes written differently now.
    static func keptTokens(_ tokens: ArraySlice<UInt32>, from: Int, start: Int, end: Int, filter: [Bool],
                           groupBytes: Int, data: UnsafePointer<UInt8>) -> [UInt32]? {
        var valid = true
        // At most the slice's tokens, and the literals of the two matches cut at the edges.
        let kept = [UInt32](unsafeUninitializedCapacity: tokens.count + 2 * LZ77.minimumMatch) { kept, count in
            var offset = from
            for token in tokens {
                guard offset < end else { break }
                let isMatch = token & LZ77.matchFlag != 0
                let tokenEnd = offset + (isMatch ? Int((token >> 15) & 0x1FF) : 1)
                defer { offset = tokenEnd }
                guard tokenEnd > start else { continue }
                guard isMatch else { kept[count] = token; count += 1; continue }
                let distance = Int(token & 0x7FFF) + 1
                let first = max(offset, start), stop = min(tokenEnd, end)
                let source = max(0, first - distance), sourceEnd = stop - distance
                if sourceEnd > source {
                    for g in (source / groupBytes)...((sourceEnd - 1) / groupBytes) where !filter[g] {
                        valid = false
                        return
                    }
                }
                if stop - first >= LZ77.minimumMatch {
                    kept[count] = LZ77.matchFlag | UInt32(stop - first) << 15 | UInt32(distance - 1)
                    count += 1
                } else {
                    for k in first..<stop { kept[count] = UInt32(data[k]); count += 1 }
                }
            }
        }
        return valid ? kept : nil
    }

    /// The runs of consecutive equal `flags` that are `value`, as group ranges.
    static func runs(_ flags: [Bool], of value: Bool) -> [(Int, Int)] {
        var runs: [(Int, Int)] = [], g = 0
        while g < flags.count {
            guard flags[g] == value else { g += 1; continue }
            var end = g + 1
            while end < flags.count && flags[end] == value { end += 1 }
            runs.append((g, end))
            g = end
        }
        return runs
    }
}
