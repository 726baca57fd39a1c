// Huffman code lengths and canonical codes for deflate (RFC 1951 §3.2.2).
//
// Lengths come from a plain Huffman tree built over the symbol frequencies. When the tree is deeper
// than deflate allows (15 bits for literals and distances, 7 for the code-length alphabet), the
// number of codes per length is rebalanced the way miniz does it (move codes up from the deepest
// level until the Kraft sum is exactly 1) and lengths are handed out again, shortest to the most
// frequent symbols. Ties are broken by symbol number, so the same frequencies always give the same
// codes.

enum Huffman {
    /// Code lengths (0 for unused symbols) for `frequencies`, no longer than `limit` bits.
    /// At least two symbols get a code, so every decoder accepts the table; when fewer than two are
    /// used, symbols 0 and 1 (or the next unused ones) are given codes of length 1.
    static func lengths(_ frequencies: [Int], limit: Int) -> [UInt8] {
        var used = frequencies.indices.filter { frequencies[$0] > 0 }
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        if used.count < 2 {
            for symbol in frequencies.indices where used.count < 2 && !used.contains(symbol) { used.append(symbol) }
            for symbol in used { lengths[symbol] = 1 }
            return lengths
        }
        // Symbols by ascending frequency, then symbol number.
        used.sort { frequencies[$0] != frequencies[$1] ? frequencies[$0] < frequencies[$1] : $0 < $1 }
        let depths = treeDepths(used.map { frequencies[$0] })

        // Codes per length, deepest levels folded into `limit` and rebalanced.
        var perLength = [Int](repeating: 0, count: max(limit, depths.max() ?? 0) + 1)
        for depth in depths { perLength[depth] += 1 }
        if perLength.count > limit + 1 {
            for length in (limit + 1)..<perLength.count { perLength[limit] += perLength[length]; perLength[length] = 0 }
            var kraft = 0
            for length in 1...limit { kraft += perLength[length] << (limit - length) }
            while kraft > 1 << limit {
                perLength[limit] -= 1
                for length in stride(from: limit - 1, to: 0, by: -1) where perLength[length] > 0 {
                    perLength[length] -= 1
                    perLength[length + 1] += 2
                    break
                }
                kraft -= 1
            }
        }
        // Shortest codes to the most frequent symbols (the end of `used`).
        var next = used.count
        for length in 1...limit {
            for _ in 0..<perLength[length] {
                next -= 1
                lengths[used[next]] = UInt8(length)
            }
        }
        return lengths
    }

    /// Depth of each leaf in a Huffman tree over `weights` (ascending), by the two-queue method:
    /// leaves and merged nodes are each produced in ascending order, so the two smallest are always
    /// at the front of one queue or the other.
    private static func treeDepths(_ weights: [Int]) -> [Int] {
        let leaves = weights.count
        // Nodes 0..<leaves are leaves, the rest internal; parent links give the depths.
        var weight = weights + [Int](repeating: 0, count: leaves - 1)
        var parent = [Int](repeating: -1, count: 2 * leaves - 1)
        var nextLeaf = 0, nextInternal = leaves, made = leaves
        func takeSmallest() -> Int {
            if nextLeaf < leaves && (nextInternal >= made || weight[nextLeaf] <= weight[nextInternal]) {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextInternal += 1
            return nextInternal - 1
        }
        while made < 2 * leaves - 1 {
            let a = takeSmallest(), b = takeSmallest()
            weight[made] = weight[a] + weight[b]
            parent[a] = made
            parent[b] = made
            made += 1
        }
        var depth = [Int](repeating: 0, count: 2 * leaves - 1)
        for node in stride(from: 2 * leaves - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        return Array(depth[0..<leaves])
    }

    /// Canonical codes for `lengths`, bit-reversed so they can be written least significant bit first.
    static func codes(_ lengths: [UInt8]) -> [UInt16] {
        var count = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { count[Int(length)] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1..<16 {
            next[length] = code
            code = (code + count[length]) << 1
        }
        var codes = [UInt16](repeating: 0, count: lengths.count)
        for symbol in lengths.indices where lengths[symbol] > 0 {
            let length = Int(lengths[symbol])
            codes[symbol] = reversed(UInt16(next[length]), bits: length)
            next[length] += 1
        }
        return codes
    }

    private static func reversed(_ code: UInt16, bits: Int) -> UInt16 {
        var result: UInt16 = 0, value = code
        for _ in 0..<bits {
            result = result << 1 | (value & 1)
            value >>= 1
        }
        return result
    }
}
