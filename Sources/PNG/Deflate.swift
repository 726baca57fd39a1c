// Deflate blocks (RFC 1951) built from LZ77's tokens, in the zlib stream (RFC 1950) that
// PNGWriter.swift lays out: one block per region of scanlines, each with its own dynamic Huffman codes
// (the statistics of a photo's rows and of flat rows differ), or stored when that is smaller.

/// One band's tokens with the Huffman codes chosen for them, and what the block will cost.
struct BlockPlan {
    let literalLengths: [UInt8], distanceLengths: [UInt8]
    let header: BlockHeader
    /// The block's size in bits with dynamic codes, header included (not the 3-bit block type).
    let bits: Int

    init(_ frequencies: LZ77.Frequencies) {
        var literalFrequencies = frequencies.literalLength
        literalFrequencies[256] = 1  // end of block
        literalLengths = Huffman.lengths(literalFrequencies, limit: 15)
        distanceLengths = Huffman.lengths(frequencies.distance, limit: 15)
        header = BlockHeader(literalLengths: literalLengths, distanceLengths: distanceLengths)
        var bits = header.bits + Int(literalLengths[256])
        for symbol in 0..<286 where literalFrequencies[symbol] > 0 && symbol != 256 {
            let extra = symbol > 256 ? DeflateTables.lengthExtraBits[symbol - 257] : 0
            bits += literalFrequencies[symbol] * (Int(literalLengths[symbol]) + extra)
        }
        for code in 0..<30 where frequencies.distance[code] > 0 {
            bits += frequencies.distance[code] * (Int(distanceLengths[code]) + DeflateTables.distanceExtraBits[code])
        }
        self.bits = bits
    }

    /// What the next band's parse should pay per symbol.
    var costs: CostModel { CostModel(literalLengths: literalLengths, distanceLengths: distanceLengths) }
}

enum Deflate {
    /// The most bytes `storedBlocks` (or a cheaper dynamic block) writes for `count` bytes.
    static func bound(_ count: Int) -> Int { count + 5 * (count / 65_535 + 1) + 1 }

    /// Writes one band as a block: dynamic codes from `plan`, or stored when that is smaller.
    static func writeBlock(_ tokens: UnsafeBufferPointer<UInt32>, plan: BlockPlan, data: UnsafePointer<UInt8>, count: Int,
                           final: Bool, into writer: inout BitWriter) {
        // A stored block costs its bytes, 4 bytes of length per 65 535, and the padding to a byte.
        let storedBits = count * 8 + 32 * (count / 65_535 + 1) + 7
        if plan.bits >= storedBits {
            storedBlocks(data, count: count, final: final, into: &writer)
            return
        }
        writer.put(final ? 1 : 0, 1)
        writer.put(2, 2)   // dynamic Huffman codes
        plan.header.write(&writer)
        let literalCodes = Huffman.codes(plan.literalLengths), distanceCodes = Huffman.codes(plan.distanceLengths)
        writeTokens(tokens, literalCodes: literalCodes, literalLengths: plan.literalLengths,
                    distanceCodes: distanceCodes, distanceLengths: plan.distanceLengths, into: &writer)
        writer.put(UInt64(literalCodes[256]), Int(plan.literalLengths[256]))
    }

    /// `count` bytes as stored blocks of at most 65 535 bytes.
    static func storedBlocks(_ data: UnsafePointer<UInt8>, count: Int, final: Bool, into writer: inout BitWriter) {
        var offset = 0
        repeat {
            let size = min(65_535, count - offset)
            let last = offset + size == count
            writer.put(final && last ? 1 : 0, 1)
            writer.put(0, 2)   // stored
            writer.alignToByte()
            for byte in [UInt8(size & 0xFF), UInt8(size >> 8), UInt8(~size & 0xFF), UInt8((~size >> 8) & 0xFF)] {
                writer.byte(byte)
            }
            writer.bytes(data + offset, count: size)
            offset += size
        } while offset < count
    }

    private static func writeTokens(_ tokens: UnsafeBufferPointer<UInt32>, literalCodes: [UInt16], literalLengths: [UInt8],
                                    distanceCodes: [UInt16], distanceLengths: [UInt8], into writer: inout BitWriter) {
        // Per symbol: code and length merged into one word; per match length: its code, length and
        // extra bits merged the same way, so a match costs two table reads and two writes.
        var literalTable = [UInt32](repeating: 0, count: 286)
        for symbol in 0..<286 { literalTable[symbol] = UInt32(literalCodes[symbol]) | UInt32(literalLengths[symbol]) << 16 }
        var lengthTable = [UInt64](repeating: 0, count: 259)
        for length in 3...258 {
            let index = Int(DeflateTables.lengthIndex[length])
            let code = UInt64(literalCodes[257 + index]), bits = UInt64(literalLengths[257 + index])
            let extra = UInt64(length - DeflateTables.lengthBase[index])
            lengthTable[length] = (code | extra << bits) | (bits + UInt64(DeflateTables.lengthExtraBits[index])) << 32
        }
        var distanceTable = [UInt64](repeating: 0, count: 30)
        for code in 0..<30 {
            distanceTable[code] = UInt64(distanceCodes[code]) | UInt64(distanceLengths[code]) << 32
                | UInt64(DeflateTables.distanceExtraBits[code]) << 40 | UInt64(DeflateTables.distanceBase[code]) << 48
        }
        literalTable.withUnsafeBufferPointer { literals in
        lengthTable.withUnsafeBufferPointer { lengths in
        distanceTable.withUnsafeBufferPointer { distances in
            for token in tokens {
                if token & LZ77.matchFlag == 0 {
                    let entry = literals[Int(token)]
                    writer.put(UInt64(entry & 0xFFFF), Int(entry >> 16))
                    continue
                }
                // Code and extra bits together: at most 15 + 5 bits, then 15 + 13.
                let length = lengths[Int((token >> 15) & 0x1FF)]
                writer.put(length & 0xFFFF_FFFF, Int(length >> 32))
                let distance = Int(token & 0x7FFF) + 1
                let entry = distances[DeflateTables.distanceCode(distance)]
                let codeBits = (entry >> 32) & 0xFF, extraBits = Int((entry >> 40) & 0xFF)
                let extra = UInt64(distance) - (entry >> 48)
                writer.put((entry & 0xFFFF) | extra << codeBits, Int(codeBits) + extraBits)
            }
        }
        }
        }
    }
}

/// The dynamic block header: HLIT, HDIST, HCLEN, the code-length code, and the literal/length and
/// distance code lengths run-length coded with symbols 16 (repeat the previous length 3–6 times),
/// 17 (3–10 zeros) and 18 (11–138 zeros).
struct BlockHeader {
    let literalCount: Int, distanceCount: Int
    /// (symbol, extra bits value, extra bit count) of the run-length-coded code lengths.
    let items: [(symbol: Int, extra: Int, extraBits: Int)]
    let codeLengthLengths: [UInt8]
    let codeLengthCount: Int

    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
        var literalCount = 286
        while literalCount > 257 && literalLengths[literalCount - 1] == 0 { literalCount -= 1 }
        var distanceCount = 30
        while distanceCount > 1 && distanceLengths[distanceCount - 1] == 0 { distanceCount -= 1 }
        self.literalCount = literalCount
        self.distanceCount = distanceCount
        let all = Array(literalLengths[0..<literalCount]) + Array(distanceLengths[0..<distanceCount])

        var items: [(symbol: Int, extra: Int, extraBits: Int)] = []
        var i = 0
        while i < all.count {
            let length = Int(all[i])
            var run = 1
            while i + run < all.count && Int(all[i + run]) == length { run += 1 }
            i += run
            if length == 0 {
                while run >= 11 { let n = min(run, 138); items.append((18, n - 11, 7)); run -= n }
                if run >= 3 { items.append((17, run - 3, 3)); run = 0 }
            } else {
                items.append((length, 0, 0)); run -= 1
                while run >= 3 { let n = min(run, 6); items.append((16, n - 3, 2)); run -= n }
            }
            for _ in 0..<run { items.append((length, 0, 0)) }
        }
        self.items = items
        var frequencies = [Int](repeating: 0, count: 19)
        for item in items { frequencies[item.symbol] += 1 }
        codeLengthLengths = Huffman.lengths(frequencies, limit: 7)
        var count = 19
        while count > 4 && codeLengthLengths[BlockHeader.codeLengthOrder[count - 1]] == 0 { count -= 1 }
        codeLengthCount = count
    }

    /// The header's size in bits (HLIT to the last code length).
    var bits: Int {
        var bits = 5 + 5 + 4 + 3 * codeLengthCount
        for item in items { bits += Int(codeLengthLengths[item.symbol]) + item.extraBits }
        return bits
    }

    func write(_ writer: inout BitWriter) {
        writer.put(UInt64(literalCount - 257), 5)
        writer.put(UInt64(distanceCount - 1), 5)
        writer.put(UInt64(codeLengthCount - 4), 4)
        for i in 0..<codeLengthCount { writer.put(UInt64(codeLengthLengths[BlockHeader.codeLengthOrder[i]]), 3) }
        let codes = Huffman.codes(codeLengthLengths)
        for item in items {
            writer.put(UInt64(codes[item.symbol]), Int(codeLengthLengths[item.symbol]))
            if item.extraBits > 0 { writer.put(UInt64(item.extra), item.extraBits) }
        }
    }
}

/// Writes bits least significant first into a buffer the caller has sized.
struct BitWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var accumulator: UInt64 = 0
    private var pending = 0

    init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

    /// Appends the low `bits` bits of `value` (at most 32).
    @inline(__always) mutating func put(_ value: UInt64, _ bits: Int) {
        accumulator |= value << UInt64(pending)
        pending += bits
        if pending >= 32 {
            UnsafeMutableRawPointer(base + count).storeBytes(of: UInt32(truncatingIfNeeded: accumulator).littleEndian, as: UInt32.self)
            count += 4
            accumulator >>= 32
            pending -= 32
        }
    }

    mutating func alignToByte() {
        while pending > 0 {
            base[count] = UInt8(truncatingIfNeeded: accumulator)
            count += 1
            accumulator >>= 8
            pending = max(0, pending - 8)
        }
    }

    mutating func byte(_ value: UInt8) {
        precondition(pending == 0, "bytes are written on a byte boundary")
        base[count] = value
        count += 1
    }

    mutating func bytes(_ source: UnsafePointer<UInt8>, count size: Int) {
        precondition(pending == 0, "bytes are written on a byte boundary")
        (base + count).update(from: source, count: size)
        count += size
    }
}
