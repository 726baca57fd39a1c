// The match finder of GronaSnap's deflate encoder, tuned for snapshots of user interfaces.
//
// A snapshot's scanlines (filter type None) are mostly runs of one colour, rows that repeat the row
// above, and glyphs that repeat earlier glyphs. So at each position three candidates are tried, the
// cheap structural ones first:
//   1. the previous pixel (distance 4): runs of a flat colour;
//   2. the same place in the row above (distance = scanline length): unchanged columns and rows;
//   3. the last position whose next four bytes hashed alike: repeated glyphs, colours seen before.
// The longest wins (the earlier candidate on a tie, which has the cheaper distance code). The parse
// is greedy; after a match it jumps to the match's end without hashing the bytes it covered, so
// long runs cost one comparison per 8 bytes. Matches are at least 4 bytes long (the candidates are
// checked on 4 bytes), at most 258, at most 32 768 bytes back, as deflate allows.
//
// Tokens are packed in a UInt32: a literal is its byte value; a match is
// 1 << 31 | length << 15 | (distance − 1). Symbol frequencies for the Huffman codes are counted on
// the way.

enum LZ77 {
    static let minimumMatch = 4
    static let maximumMatch = 258
    static let window = 32_768
    static let hashBits = 15
    static let matchFlag: UInt32 = 1 << 31

    /// Literal/length and distance symbol counts of a parse.
    struct Frequencies {
        var literalLength = [Int](repeating: 0, count: 286)
        var distance = [Int](repeating: 0, count: 30)
    }

    /// Parses `count` bytes at `data` into tokens; `rowLength` is the scanline length in bytes
    /// (filter byte included).
    static func parse(_ data: UnsafePointer<UInt8>, count: Int, rowLength: Int,
                      tokens: inout [UInt32], frequencies: inout Frequencies) {
        let table = UnsafeMutablePointer<Int32>.allocate(capacity: 1 << hashBits)
        table.initialize(repeating: -1, count: 1 << hashBits)
        defer { table.deallocate() }
        let above = rowLength <= window ? rowLength : 0
        let lengthIndex = DeflateTables.lengthIndex
        lengthIndex.withUnsafeBufferPointer { lengthIndex in
        frequencies.literalLength.withUnsafeMutableBufferPointer { literalCounts in
            frequencies.distance.withUnsafeMutableBufferPointer { distanceCounts in
                let lit = literalCounts.baseAddress!, dist = distanceCounts.baseAddress!  // fixed, non-empty
                var i = 0
                while i + minimumMatch <= count {
                    let here = data + i
                    let word = load32(here)
                    let limit = min(maximumMatch, count - i)
                    var best = 0, distance = 0
                    if i >= 4 && load32(here - 4) == word {
                        best = matchLength(here, here - 4, limit)
                        distance = 4
                    }
                    if best < limit && above > 0 && i >= above && load32(here - above) == word {
                        let length = matchLength(here, here - above, limit)
                        if length > best { best = length; distance = above }
                    }
                    let slot = Int((word &* 0x9E37_79B1) >> UInt32(32 - hashBits))
                    let candidate = Int(table[slot])
                    table[slot] = Int32(i)
                    if best < limit && candidate >= 0 && i - candidate <= window && load32(data + candidate) == word {
                        let length = matchLength(here, data + candidate, limit)
                        if length > best { best = length; distance = i - candidate }
                    }
                    if best >= minimumMatch {
                        tokens.append(matchFlag | UInt32(best) << 15 | UInt32(distance - 1))
                        lit[257 + Int(lengthIndex[best])] += 1
                        dist[DeflateTables.distanceCode(distance)] += 1
                        i += best
                    } else {
                        tokens.append(UInt32(here.pointee))
                        lit[Int(here.pointee)] += 1
                        i += 1
                    }
                }
                while i < count {
                    tokens.append(UInt32(data[i]))
                    lit[Int(data[i])] += 1
                    i += 1
                }
            }
        }
        }
    }

    @inline(__always) static func load32(_ p: UnsafePointer<UInt8>) -> UInt32 {
        UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)
    }

    /// How many bytes at `a` equal those at `b`, up to `limit`, compared 8 at a time.
    @inline(__always) static func matchLength(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ limit: Int) -> Int {
        var length = 0
        let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
        @inline(__always) func difference(_ offset: Int) -> UInt64 {
            ra.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ rb.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        }
        // Long runs are the common case: 32 bytes per step, one branch.
        while length + 32 <= limit {
            let x0 = difference(length), x1 = difference(length + 8)
            let x2 = difference(length + 16), x3 = difference(length + 24)
            if x0 | x1 | x2 | x3 != 0 { break }
            length += 32
        }
        while length + 16 <= limit {
            let x0 = ra.loadUnaligned(fromByteOffset: length, as: UInt64.self) ^ rb.loadUnaligned(fromByteOffset: length, as: UInt64.self)
            let x1 = ra.loadUnaligned(fromByteOffset: length + 8, as: UInt64.self) ^ rb.loadUnaligned(fromByteOffset: length + 8, as: UInt64.self)
            if x0 | x1 != 0 {
                return x0 != 0 ? length + UInt64(littleEndian: x0).trailingZeroBitCount >> 3
                    : length + 8 + UInt64(littleEndian: x1).trailingZeroBitCount >> 3
            }
            length += 16
        }
        while length + 8 <= limit {
            let x = ra.loadUnaligned(fromByteOffset: length, as: UInt64.self) ^ rb.loadUnaligned(fromByteOffset: length, as: UInt64.self)
            if x != 0 { return length + UInt64(littleEndian: x).trailingZeroBitCount >> 3 }
            length += 8
        }
        while length < limit && a[length] == b[length] { length += 1 }
        return length
    }
}

/// Deflate's length and distance alphabets (RFC 1951 §3.2.5).
enum DeflateTables {
    /// For each match length 3…258, the index of its length code (symbol 257 + index).
    static let lengthIndex: [UInt8] = (0...258).map { length in
        guard length >= 3 else { return 0 }
        if length == 258 { return 28 }
        let x = length - 3
        if x < 8 { return UInt8(x) }
        let top = Int.bitWidth - 1 - x.leadingZeroBitCount
        return UInt8(4 * (top - 1) + ((x >> (top - 2)) & 3))
    }
    /// Extra bits and base length of each of the 29 length codes.
    static let lengthExtraBits: [Int] = (0..<29).map { $0 < 8 || $0 == 28 ? 0 : $0 / 4 - 1 }
    static let lengthBase: [Int] = (0..<29).map { index in
        if index == 28 { return 258 }
        return index < 8 ? index + 3 : 3 + ((4 + (index & 3)) << (index / 4 - 1))
    }
    /// Extra bits and base distance of each of the 30 distance codes.
    static let distanceExtraBits: [Int] = (0..<30).map { $0 < 4 ? 0 : $0 / 2 - 1 }
    static let distanceBase: [Int] = (0..<30).map { code in
        code < 4 ? code + 1 : ((2 + (code & 1)) << (code / 2 - 1)) + 1
    }

    @inline(__always) static func distanceCode(_ distance: Int) -> Int {
        if distance <= 4 { return distance - 1 }
        let x = distance - 1
        let top = Int.bitWidth - 1 - x.leadingZeroBitCount
        return 2 * top + ((x >> (top - 1)) & 1)
    }
}
