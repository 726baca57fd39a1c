// The match finders of GronaSnap's deflate encoder, and the cost model both use.
//
// The encoder (PNGWriter.swift) parses the scanlines in bands of about 4 MiB, each band in a buffer
// that starts with the last 32 KiB of what was already emitted, so matches reach back across bands.
// Positions kept in the hash tables are absolute (offsets in the whole stream); `base` is the
// absolute position of the buffer's first byte, so a table entry maps to buffer index
// `entry - base` and is used only when it lies inside the buffer and the window. A table entry may
// point at bytes a band's other parse left out: every candidate is compared byte for byte first.
//
// Two parsers:
//
// `parseFast`, for unfiltered snapshots (mostly runs of one colour, rows that repeat the row above,
// glyphs that repeat earlier glyphs). At each position three candidates are tried, the cheap
// structural ones first:
//   1. the previous pixel (distance 4): runs of a flat colour;
//   2. the same place in the row above (distance = scanline length, when within the window);
//   3. the last position whose next four bytes hashed alike: repeated glyphs, colours seen before.
// The longest wins (the earlier candidate on a tie, which has the cheaper distance code). The parse
// is greedy; after a match it jumps to the match's end without hashing the bytes it covered, so
// long runs cost one comparison per 8 bytes.
//
// `parseChained`, for filtered scanlines (photos, gradients, noise), as zlib's level 6 does it: hash
// chains over the window (128 candidates at most, fewer once a good match is in hand) and lazy
// matching (a match is put off by one byte when the next position starts a longer one).
//
// Both are cost-aware: a match shorter than 12 bytes is taken only when its length and distance
// codes cost fewer bits than the literals it replaces, priced by `CostModel` (the previous band's
// Huffman code lengths, or a prior for the first band). So a 4-byte match 20 KiB back (about 25
// bits) does not replace four cheap literals.
//
// Matches are at least 4 bytes long (the candidates are checked on 4 bytes), at most 258, at most
// 32 768 bytes back, as deflate allows. Tokens are packed in a UInt32: a literal is its byte value;
// a match is 1 << 31 | length << 15 | (distance − 1). Symbol frequencies for the Huffman codes are
// counted on the way.

enum LZ77 {
    static let minimumMatch = 4
    static let maximumMatch = 258
    static let window = 32_768
    static let hashBits = 15
    static let matchFlag: UInt32 = 1 << 31
    /// Matches at least this long are always cheaper than their literals: no need to price them.
    static let alwaysWorthIt = 12

    /// Literal/length and distance symbol counts of a parse.
    struct Frequencies {
        var literalLength = [Int](repeating: 0, count: 286)
        var distance = [Int](repeating: 0, count: 30)

        mutating func reset() {
            for i in literalLength.indices { literalLength[i] = 0 }
            for i in distance.indices { distance[i] = 0 }
        }
    }

    /// Hash-table state kept across the bands of one image (absolute positions, −1 when empty; 32
    /// bits are enough, as a pixmap holds at most 256 MiB, and halve the tables' cache footprint).
    final class Tables {
        let head: UnsafeMutablePointer<Int32>
        /// For the chained parser: the previous position with the same hash, by position mod window.
        let previous: UnsafeMutablePointer<Int32>?

        init(chained: Bool) {
            head = .allocate(capacity: 1 << LZ77.hashBits)
            head.initialize(repeating: -1, count: 1 << LZ77.hashBits)
            if chained {
                let previous = UnsafeMutablePointer<Int32>.allocate(capacity: LZ77.window)
                previous.initialize(repeating: -1, count: LZ77.window)
                self.previous = previous
            } else {
                previous = nil
            }
        }

        /// Empties the tables, as if nothing had been parsed.
        func reset() {
            head.update(repeating: -1, count: 1 << LZ77.hashBits)
            previous?.update(repeating: -1, count: LZ77.window)
        }

        deinit {
            head.deallocate()
            previous?.deallocate()
        }
    }

    /// Where a parse appends its tokens and counts its symbols.
    /// Its tokens are memory of its own, freed by `deallocate` (its owner's last use).
    struct Output {
        var tokens = TokenList()
        var frequencies = Frequencies()
        /// The fast parse's smooth literals per group of `groupBytes` (see `parseFast`); groups after
        /// the last literal are left out.
        var smooth: [Int] = []

        mutating func reset() {
            tokens.count = 0
            frequencies.reset()
            smooth.removeAll(keepingCapacity: true)
        }

        func deallocate() { tokens.deallocate() }
    }

    /// A growing list of tokens that a parse appends to through a pointer: Array's append checks
    /// uniqueness and capacity out of line, a call per token that cost a quarter of parsing noise.
    struct TokenList {
        private(set) var base: UnsafeMutablePointer<UInt32>
        private(set) var capacity: Int
        var count = 0

        init(capacity: Int = 1024) {
            base = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        var buffer: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(start: base, count: count) }

        @inline(__always) mutating func append(_ token: UInt32) {
            if count == capacity { grow() }
            base[count] = token
            count += 1
        }

        @inline(never) private mutating func grow() {
            let larger = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity * 2)
            larger.initialize(from: base, count: count)
            base.deallocate()
            base = larger
            capacity *= 2
        }

        func deallocate() { base.deallocate() }
    }

    @inline(__always) static func hash(_ word: UInt32) -> Int {
        Int((word &* 0x9E37_79B1) >> UInt32(32 - hashBits))
    }

    /// The greedy parse of unfiltered scanlines: bytes `start..<end` of `data`, whose first
    /// `start` bytes are history; `rowLength` is the scanline length in bytes (filter byte included).
    /// On the way it counts, per `groupBytes` from `start`, the smooth literals: those within 3 of
    /// the byte to their left or the byte above, as a smooth photo's are and a glyph's anti-aliased
    /// edges are not (PNGWriter's `RegionChoice`). They are counted here, where those bytes are in
    /// the cache: a later walk over the tokens would wait on memory for each.
    static func parseFast(_ data: UnsafePointer<UInt8>, from start: Int, to end: Int, base: Int, rowLength: Int,
                          groupBytes: Int, tables: Tables, costs: CostModel, into output: inout Output) {
        let table = tables.head
        let above = rowLength <= window ? rowLength : 0
        costs.withTables { price in
        output.frequencies.literalLength.withUnsafeMutableBufferPointer { literalCounts in
        output.frequencies.distance.withUnsafeMutableBufferPointer { distanceCounts in
            var sink = TokenSink(literals: literalCounts.baseAddress!, distances: distanceCounts.baseAddress!,
                                 lengthIndex: price.lengthIndex, list: output.tokens)
            defer { output.tokens = sink.list }
            var i = start
            var smooth = 0, nextGroup = start + groupBytes
            while i + minimumMatch <= end {
                let here = data + i
                let word = load32(here)
                let limit = min(maximumMatch, end - i)
                var best = 0, distance = 0
                if i >= 4 && load32(here - 4) == word {
                    best = matchLength(here, here - 4, limit)
                    distance = 4
                }
                if best < limit && above > 0 && i >= above && load32(here - above) == word {
                    let length = matchLength(here, here - above, limit)
                    if length > best { best = length; distance = above }
                }
                let slot = hash(word)
                let candidate = Int(table[slot]) - base
                table[slot] = Int32(truncatingIfNeeded: base + i)
                if best < limit && candidate >= 0 && candidate < i && i - candidate <= window
                    && load32(data + candidate) == word {
                    let length = matchLength(here, data + candidate, limit)
                    if length > best { best = length; distance = i - candidate }
                }
                if best >= minimumMatch && (best >= alwaysWorthIt || price.worthIt(here, best, distance)) {
                    sink.match(best, distance)
                    i += best
                } else {
                    let byte = here.pointee
                    sink.literal(byte)
                    while i >= nextGroup { output.smooth.append(smooth); smooth = 0; nextGroup += groupBytes }
                    // Near the image's top the neighbours are its first byte: a guess, as all of this is.
                    let fromLeft = byte &- data[max(i - 4, 0)] &+ 3, fromAbove = byte &- data[max(i - rowLength, 0)] &+ 3
                    smooth &+= Int(truncatingIfNeeded: (UInt32(min(fromLeft, fromAbove)) &- 7) >> 31)  // 1 within 3
                    i += 1
                }
            }
            output.smooth.append(smooth)
            while i < end {
                sink.literal(data[i])
                i += 1
            }
        }
        }
        }
    }

    /// Puts positions `start..<end` of `data` into chained `tables` without parsing them, so a parse
    /// that starts at `end` finds matches in them.
    static func insertChained(_ data: UnsafePointer<UInt8>, from start: Int, to end: Int, base: Int, tables: Tables) {
        let head = tables.head, previous = tables.previous!  // chained tables always have it
        var i = start
        while i < end {
            let slot = hash(load32(data + i))
            previous[(base + i) & (window - 1)] = head[slot]
            head[slot] = Int32(truncatingIfNeeded: base + i)
            i += 1
        }
    }

    /// The lazy, chained parse of filtered scanlines, over the same buffer layout as `parseFast`.
    static func parseChained(_ data: UnsafePointer<UInt8>, from start: Int, to end: Int, base: Int,
                             tables: Tables, costs: CostModel, into output: inout Output) {
        let head = tables.head, previous = tables.previous!  // chained tables always have it
        let maximumChain = 128, goodLength = 8, lazyLength = 16, niceLength = 128
        @inline(__always) func insert(_ i: Int, _ slot: Int) {
            previous[(base + i) & (window - 1)] = head[slot]
            head[slot] = Int32(truncatingIfNeeded: base + i)
        }
        costs.withTables { price in
        output.frequencies.literalLength.withUnsafeMutableBufferPointer { literalCounts in
        output.frequencies.distance.withUnsafeMutableBufferPointer { distanceCounts in
            var sink = TokenSink(literals: literalCounts.baseAddress!, distances: distanceCounts.baseAddress!,
                                 lengthIndex: price.lengthIndex, list: output.tokens)
            defer { output.tokens = sink.list }
            // The longest worthwhile match at `i` longer than `atLeast` (0 when none).
            @inline(__always) func longest(_ i: Int, slot: Int, atLeast: Int, chain: Int) -> (length: Int, distance: Int) {
                let here = data + i
                let limit = min(maximumMatch, end - i)
                let word = load32(here)
                let lowest = max(base, base + i - window)
                var candidate = Int(head[slot])
                var best = atLeast, distance = 0, left = chain
                while candidate >= lowest && left > 0 {
                    let at = candidate - base
                    // The byte that would make the match longer than the best so far, then the first four.
                    if best < limit && data[at + best] == here[best] && load32(data + at) == word {
                        let length = matchLength(here, data + at, limit)
                        if length > best {
                            best = length; distance = i - at
                            if length >= niceLength || length == limit { break }
                        }
                    }
                    let next = Int(previous[candidate & (window - 1)])
                    if next >= candidate { break }  // overwritten slot: the chain ends here
                    candidate = next
                    left -= 1
                }
                guard distance > 0, best >= minimumMatch else { return (0, 0) }
                if best < alwaysWorthIt && !price.worthIt(here, best, distance) { return (0, 0) }
                return (best, distance)
            }
            var i = start
            var pendingLength = 0, pendingDistance = 0  // the match found at i − 1, if any
            var pendingLiteral = false                   // byte i − 1 is not yet emitted
            while i + minimumMatch <= end {
                var found = (length: 0, distance: 0)
                let slot = hash(load32(data + i))
                if pendingLength < lazyLength {
                    let chain = pendingLength >= goodLength ? maximumChain / 4 : maximumChain
                    found = longest(i, slot: slot, atLeast: max(pendingLength, minimumMatch - 1), chain: chain)
                }
                insert(i, slot)
                if pendingLength >= minimumMatch && found.length <= pendingLength {
                    // The match at i − 1 wins: emit it and hash the bytes it covers.
                    sink.match(pendingLength, pendingDistance)
                    let matchEnd = i - 1 + pendingLength
                    var j = i + 1
                    while j < matchEnd && j + minimumMatch <= end { insert(j, hash(load32(data + j))); j += 1 }
                    i = matchEnd
                    pendingLength = 0
                    pendingLiteral = false
                    continue
                }
                if pendingLiteral { sink.literal(data[i - 1]) }
                pendingLength = found.length
                pendingDistance = found.distance
                pendingLiteral = true
                i += 1
            }
            if pendingLength >= minimumMatch {
                sink.match(pendingLength, pendingDistance)
                i = i - 1 + pendingLength
            } else if pendingLiteral {
                sink.literal(data[i - 1])
            }
            while i < end {
                sink.literal(data[i])
                i += 1
            }
        }
        }
        }
    }

    /// The symbol counts of `tokens`.
    static func frequencies(of tokens: [UInt32]) -> Frequencies {
        var frequencies = Frequencies()
        frequencies.literalLength.withUnsafeMutableBufferPointer { literals in
            frequencies.distance.withUnsafeMutableBufferPointer { distances in
                DeflateTables.lengthIndex.withUnsafeBufferPointer { lengthIndex in
                    for token in tokens {
                        if token & matchFlag == 0 {
                            literals[Int(token)] += 1
                        } else {
                            literals[257 + Int(lengthIndex[Int((token >> 15) & 0x1FF)])] += 1
                            distances[DeflateTables.distanceCode(Int(token & 0x7FFF) + 1)] += 1
                        }
                    }
                }
            }
        }
        return frequencies
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
            let x0 = difference(length), x1 = difference(length + 8)
            if x0 | x1 != 0 {
                return x0 != 0 ? length + UInt64(littleEndian: x0).trailingZeroBitCount >> 3
                    : length + 8 + UInt64(littleEndian: x1).trailingZeroBitCount >> 3
            }
            length += 16
        }
        while length + 8 <= limit {
            let x = difference(length)
            if x != 0 { return length + UInt64(littleEndian: x).trailingZeroBitCount >> 3 }
            length += 8
        }
        while length < limit && a[length] == b[length] { length += 1 }
        return length
    }
}

/// Appends tokens and counts their symbols; a parse holds it in a local variable (its list in
/// registers) and hands the list back to its `Output` at the end.
private struct TokenSink {
    let literals: UnsafeMutablePointer<Int>, distances: UnsafeMutablePointer<Int>
    let lengthIndex: UnsafePointer<UInt8>
    var list: LZ77.TokenList

    @inline(__always) mutating func literal(_ byte: UInt8) {
        list.append(UInt32(byte))
        literals[Int(byte)] += 1
    }

    @inline(__always) mutating func match(_ length: Int, _ distance: Int) {
        list.append(LZ77.matchFlag | UInt32(length) << 15 | UInt32(distance - 1))
        literals[257 + Int(lengthIndex[length])] += 1
        distances[DeflateTables.distanceCode(distance)] += 1
    }
}

/// Bits per symbol, to decide whether a short match is cheaper than its literals. From the previous
/// band's Huffman code lengths (a symbol that band did not use is priced at 12 bits), or, for the
/// first band, a prior: in unfiltered snapshots a literal costs about 8 bits; in filtered rows, bytes
/// near zero are the common ones.
struct CostModel {
    /// Bits of each literal byte.
    var literal: [UInt8]
    /// Bits of each match length 0...258 (code and extra bits).
    var length: [UInt8]
    /// Bits of each distance code (code and extra bits).
    var distance: [UInt8]

    static func prior(filtered: Bool) -> CostModel {
        let literal: [UInt8] = (0..<256).map { byte in
            guard filtered else { return 8 }
            let size = min(byte, 256 - byte)
            return size == 0 ? 2 : size < 4 ? 5 : size < 16 ? 7 : 9
        }
        let length: [UInt8] = (0...258).map { length in
            length < 3 ? 0 : UInt8(6 + DeflateTables.lengthExtraBits[Int(DeflateTables.lengthIndex[length])])
        }
        let distance: [UInt8] = (0..<30).map { UInt8(5 + DeflateTables.distanceExtraBits[$0]) }
        return CostModel(literal: literal, length: length, distance: distance)
    }

    init(literal: [UInt8], length: [UInt8], distance: [UInt8]) {
        self.literal = literal; self.length = length; self.distance = distance
    }

    /// Prices from a block's code lengths.
    init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
        @inline(__always) func bits(_ codeLength: UInt8) -> UInt8 { codeLength == 0 ? 12 : codeLength }
        literal = (0..<256).map { bits(literalLengths[$0]) }
        length = (0...258).map { length in
            guard length >= 3 else { return 0 }
            let index = Int(DeflateTables.lengthIndex[length])
            return bits(literalLengths[257 + index]) + UInt8(DeflateTables.lengthExtraBits[index])
        }
        distance = (0..<30).map { bits(distanceLengths[$0]) + UInt8(DeflateTables.distanceExtraBits[$0]) }
    }

    /// The tables as pointers, for the parsers' inner loops.
    struct Prices {
        let literal: UnsafePointer<UInt8>, length: UnsafePointer<UInt8>, distance: UnsafePointer<UInt8>
        let lengthIndex: UnsafePointer<UInt8>

        /// True when a match of `length` bytes at `distance` costs fewer bits than the literals at `here`.
        @inline(__always) func worthIt(_ here: UnsafePointer<UInt8>, _ length: Int, _ distance: Int) -> Bool {
            var literals = 0
            for k in 0..<length { literals += Int(literal[Int(here[k])]) }
            return Int(self.length[length]) + Int(self.distance[DeflateTables.distanceCode(distance)]) < literals
        }
    }

    func withTables<R>(_ body: (Prices) -> R) -> R {
        literal.withUnsafeBufferPointer { l in
            length.withUnsafeBufferPointer { m in
                distance.withUnsafeBufferPointer { d in
                    DeflateTables.lengthIndex.withUnsafeBufferPointer { index in
                        body(Prices(literal: l.baseAddress!, length: m.baseAddress!, distance: d.baseAddress!,
                                    lengthIndex: index.baseAddress!))
                    }
                }
            }
        }
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

