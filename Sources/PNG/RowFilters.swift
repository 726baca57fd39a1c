// PNG's scanline filters (PNG spec §9) for 8-bit RGBA, chosen per row by the minimum sum of absolute
// differences, the heuristic libpng uses by default: each of None, Sub, Up, Average and Paeth is
// summed over the row with the filtered bytes read as signed, and the smallest sum wins (the lower
// filter type on a tie). Filters turn smooth content (photos, gradients) into small numbers near
// zero that deflate codes cheaply, and a row equal to the one above into zeros, which keeps rows
// wider than deflate's 32 KiB window compressible.

enum RowFilters {
    private static let pixel = 4

    @inline(__always) private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }

    /// The filtered byte `x` of a row under filter `type` (0 None … 4 Paeth).
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

    /// Writes the filter type byte and the filtered bytes of `row` (`count` bytes, unfiltered) to
    /// `target`; `above` is the unfiltered row above (zeros for the first row).
    static func filterRow(_ row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int,
                          into target: UnsafeMutablePointer<UInt8>) {
        var bestType = 0, bestSum = Int.max
        for type in 0..<5 {
            var sum = 0
            for x in 0..<count {
                let value = Int(Int8(bitPattern: filtered(type, row, above, x)))
                sum += abs(value)
            }
            if sum < bestSum { bestSum = sum; bestType = type }
        }
        target[0] = UInt8(bestType)
        for x in 0..<count { target[1 + x] = filtered(bestType, row, above, x) }
    }
}
