// PNG's scanline filters (PNG spec §9) for 8-bit RGBA, chosen per row by the minimum sum of absolute
// differences, the heuristic libpng uses by default: each of None, Sub, Up, Average and Paeth is
// summed over the row with the filtered bytes read as signed, and the smallest sum wins (the lower
// filter type on a tie). Filters turn smooth content (photos, gradients) into small numbers near
// zero that deflate codes cheaply, and a row equal to the one above into zeros, which keeps rows
// wider than deflate's 32 KiB window compressible.
//
// Every filtered byte depends only on the unfiltered row and the row above, so all five are computed
// 16 bytes at a time: one pass sums the five, a second writes the chosen one. (Byte by byte, with the
// filter type switched per byte, the choice took most of a gradient's encoding time.)

enum RowFilters {
    private static let pixel = 4
    private typealias Bytes = SIMD16<UInt8>
    private typealias Wide = SIMD16<Int16>

    @inline(__always) private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }

    /// The filtered byte `x` of a row under filter `type` (0 None … 4 Paeth), for the first pixel and
    /// a row's last bytes, which do not fill a vector.
    @inline(__always) private static func filtered(_ type: Int, _ row: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>,
                                                   _ x: Int) -> UInt8 {
        let left: UInt8 = x >= pixel ? row[x - pixel] : 0
        let up = above[x]
        let upLeft: UInt8 = x >= pixel ? above[x - pixel] : 0
        switch type {
        case 0: return row[x]
        case 1: return row[x] &- left
        case 2: return row[x] &- up
        case 3: return row[x] &- UInt8((Int(left) + Int(up)) / 2)
        default: return row[x] &- paeth(left, up, upLeft)
        }
    }

    /// The five filtered versions of the 16 bytes at `x` (x ≥ one pixel, so left and up-left exist).
    @inline(__always) private static func residuals(_ row: UnsafeRawPointer, _ above: UnsafeRawPointer, _ x: Int)
        -> (none: Bytes, sub: Bytes, up: Bytes, average: Bytes, paeth: Bytes) {
        let value = row.loadUnaligned(fromByteOffset: x, as: Bytes.self)
        let left = row.loadUnaligned(fromByteOffset: x - pixel, as: Bytes.self)
        let up = above.loadUnaligned(fromByteOffset: x, as: Bytes.self)
        let upLeft = above.loadUnaligned(fromByteOffset: x - pixel, as: Bytes.self)
        // ⌊(left + up) / 2⌋ without overflowing a byte.
        let average = (left & up) &+ ((left ^ up) &>> 1)
        // Paeth in 16 bits: p − a = b − c, p − b = a − c, p − c = (a − c) + (b − c).
        let a = Wide(truncatingIfNeeded: left), b = Wide(truncatingIfNeeded: up), c = Wide(truncatingIfNeeded: upLeft)
        let bc = b &- c, ac = a &- c, abc = bc &+ ac
        let pa = magnitude(bc), pb = magnitude(ac), pc = magnitude(abc)
        // Lanes of all ones where x ≤ y (the differences fit: every distance is at most 510).
        @inline(__always) func atMost(_ x: Wide, _ y: Wide) -> Wide { ~((y &- x) &>> 15) }
        let useB = atMost(pb, pc), useA = atMost(pa, pb) & atMost(pa, pc)
        let prediction = (a & useA) | (((b & useB) | (c & ~useB)) & ~useA)
        return (value, value &- left, value &- up, value &- average, value &- Bytes(truncatingIfNeeded: prediction))
    }

    /// |byte| read as a signed byte (128 for −128), widened. (Arithmetic on sign masks: the generic
    /// `pointwiseMin` and `replacing(with:where:)` are not turned into vector instructions here and
    /// cost several times the rest of the filter.)
    @inline(__always) private static func magnitude(_ v: Bytes) -> SIMD16<UInt16> {
        let sign = 0 &- (v &>> 7)
        return SIMD16<UInt16>(truncatingIfNeeded: (v ^ sign) &- sign)
    }

    @inline(__always) private static func magnitude(_ v: Wide) -> Wide {
        let sign = v &>> 15
        return (v ^ sign) &- sign
    }

    /// Writes the filter type byte and the filtered bytes of `row` (`count` bytes, unfiltered) to
    /// `target`; `above` is the unfiltered row above (zeros for the first row).
    static func filterRow(_ row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int,
                          into target: UnsafeMutablePointer<UInt8>) {
        let rawRow = UnsafeRawPointer(row), rawAbove = UnsafeRawPointer(above)
        // The bytes the vectors do not cover: the first pixel and the tail.
        let vectorEnd = count < pixel ? pixel : pixel + (count - pixel) / 16 * 16
        var sums: (Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0)
        @inline(__always) func edgeSum(_ type: Int) -> Int {
            var sum = 0
            for x in 0..<min(pixel, count) { sum += abs(Int(Int8(bitPattern: filtered(type, row, above, x)))) }
            for x in vectorEnd..<max(vectorEnd, count) { sum += abs(Int(Int8(bitPattern: filtered(type, row, above, x)))) }
            return sum
        }
        sums = (edgeSum(0), edgeSum(1), edgeSum(2), edgeSum(3), edgeSum(4))
        @inline(__always) func total(_ lanes: SIMD16<UInt16>) -> Int { Int(SIMD16<UInt32>(truncatingIfNeeded: lanes).wrappedSum()) }
        // Lanes of 16 bits take at most 128 per vector: flushed every 256 vectors.
        var x = pixel
        while x < vectorEnd {
            let stop = min(vectorEnd, x + 256 * 16)
            var none = SIMD16<UInt16>(), sub = none, up = none, average = none, paeth = none
            while x < stop {
                let r = residuals(rawRow, rawAbove, x)
                none &+= magnitude(r.none); sub &+= magnitude(r.sub); up &+= magnitude(r.up)
                average &+= magnitude(r.average); paeth &+= magnitude(r.paeth)
                x += 16
            }
            sums.0 += total(none); sums.1 += total(sub); sums.2 += total(up); sums.3 += total(average)
            sums.4 += total(paeth)
        }
        var bestType = 0, bestSum = sums.0
        if sums.1 < bestSum { bestType = 1; bestSum = sums.1 }
        if sums.2 < bestSum { bestType = 2; bestSum = sums.2 }
        if sums.3 < bestSum { bestType = 3; bestSum = sums.3 }
        if sums.4 < bestSum { bestType = 4 }
        target[0] = UInt8(bestType)
        let out = UnsafeMutableRawPointer(target + 1)
        for x in 0..<min(pixel, count) { out.storeBytes(of: filtered(bestType, row, above, x), toByteOffset: x, as: UInt8.self) }
        x = pixel
        while x < vectorEnd {
            let r = residuals(rawRow, rawAbove, x)
            let chosen: Bytes
            switch bestType {
            case 0: chosen = r.none
            case 1: chosen = r.sub
            case 2: chosen = r.up
            case 3: chosen = r.average
            default: chosen = r.paeth
            }
            out.storeBytes(of: chosen, toByteOffset: x, as: Bytes.self)
            x += 16
        }
        for x in vectorEnd..<max(vectorEnd, count) { target[1 + x] = filtered(bestType, row, above, x) }
    }
}
