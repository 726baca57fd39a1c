// Adler-32 (RFC 1950), the checksum that ends a zlib stream, computed 16 bytes at a time.
//
// The plain definition runs one byte at a time with a dependency from each byte to the next
// (s2 += s1 after every byte), about 1 byte per cycle. Here the bytes are summed in sixteen
// independent lanes instead. For a block of K 16-byte chunks, lane i keeps v1ᵢ = Σₖ b[k][i] (the
// bytes in column i) and v2ᵢ = Σₖ Σ_{k'<k} b[k'][i] (column i of all chunks before chunk k), and
// for the block's n = 16K bytes
//
//     s1' = s1 + Σᵢ v1ᵢ
//     s2' = s2 + n·s1 + 16·Σᵢ (v2ᵢ + v1ᵢ) − Σᵢ i·v1ᵢ
//
// (byte j of the block is counted n − j times in s2; with j = 16k + i that is 16(K − k) − i).
// The lanes run in 16 bits for groups of up to 22 chunks (22 · 255 and 231 · 255 both fit), which
// halves the vector work, and are widened into 32-bit block sums after each group; K ≤ 347 keeps
// those below 2³² before the block is reduced modulo 65521.

private let modulus: UInt64 = 65_521
private let chunksPerBlock = 347
private let chunksPerGroup = 22

/// Adler-32 of `count` bytes at `bytes`, continuing from `adler` (1 for a fresh checksum).
func adler32(_ bytes: UnsafePointer<UInt8>, count: Int, continuing adler: UInt32 = 1) -> UInt32 {
    var s1 = UInt64(adler & 0xFFFF), s2 = UInt64(adler >> 16)
    var i = 0
    let weights = SIMD16<UInt32>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
    let raw = UnsafeRawPointer(bytes)
    while count - i >= 16 {
        let chunks = min((count - i) / 16, chunksPerBlock)
        var v1 = SIMD16<UInt32>(repeating: 0), v2 = SIMD16<UInt32>(repeating: 0)
        var left = chunks
        while left > 0 {
            let group = min(left, chunksPerGroup)
            var a1 = SIMD16<UInt16>(repeating: 0), a2 = SIMD16<UInt16>(repeating: 0)
            for _ in 0..<group {
                a2 &+= a1
                a1 &+= SIMD16<UInt16>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
                i += 16
            }
            v2 &+= v1 &* UInt32(group) &+ SIMD16<UInt32>(truncatingIfNeeded: a2)
            v1 &+= SIMD16<UInt32>(truncatingIfNeeded: a1)
            left -= group
        }
        let n = UInt64(chunks * 16)
        let sum1 = UInt64(v1.wrappedSum()), sum2 = UInt64(v2.wrappedSum())
        let weighted = UInt64((v1 &* weights).wrappedSum())
        s2 = (s2 + n * s1 + 16 * (sum2 + sum1) + modulus * 65_536 - weighted) % modulus
        s1 = (s1 + sum1) % modulus
    }
    while i < count {
        s1 += UInt64(bytes[i])
        s2 += s1
        i += 1
    }
    return UInt32(s2 % modulus) << 16 | UInt32(s1 % modulus)
}
