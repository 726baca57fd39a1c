// XXH64, Yann Collet's 64-bit xxHash (https://github.com/Cyan4973/xxHash, "XXH64" in its spec),
// written out here because it is small and the toolchain has no fast non-cryptographic hash.
//
// Why this hash: a golden's digest only has to tell "same pixels" from "different pixels" between
// a file we wrote and an image we just rendered, so it needs no resistance to an attacker, but it
// must not miss any accidental change and it must run at memory speed (a 1074 × 2000 snapshot is
// 8.6 MB). XXH64 reads 32 bytes per round into four independent lanes (so the CPU overlaps the
// multiplies), and every lane step multiplies, rotates and multiplies again, so each input bit
// reaches every output bit; it passes the SMHasher suite. Simpler word-at-a-time hashes are not
// good enough here: FNV-1a over 8-byte words, for one, never carries a change in a word's top bit
// below the top bit of the state, so flipping the alpha top bit of two pixels cancels out.
//
// The code follows the reference implementation step by step; its results are checked against the
// reference library's in the tests. The small helpers are @_transparent so that even debug builds
// (where `swift test` runs) inline them: a call per 8 bytes would make the fast path slower than
// decoding the golden.

private let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
private let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
private let prime3: UInt64 = 0x1656_67B1_9E37_79F9
private let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
private let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

@_transparent private func rotateLeft(_ value: UInt64, _ count: UInt64) -> UInt64 {
    (value << count) | (value >> (64 - count))
}

@_transparent private func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
    rotateLeft(accumulator &+ input &* prime2, 31) &* prime1
}

@inline(__always) private func merge(_ hash: UInt64, _ accumulator: UInt64) -> UInt64 {
    (hash ^ round(0, accumulator)) &* prime1 &+ prime4
}

/// Reads little-endian words at any alignment (`loadUnaligned` compiles to a plain load on x86-64
/// and arm64). Raw pointers, not the buffer's bounds-checked subscript: the callers stay in bounds,
/// and the check would make the hash several times slower in debug builds, where tests run.
@_transparent private func word64(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
    UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
}

@_transparent private func word32(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
    UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
}

/// XXH64 of `bytes` with `seed`: the same value as the reference library's `XXH64(bytes, count, seed)`.
func xxHash64(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
    let count = bytes.count
    guard let base = bytes.baseAddress else { return xxHash64Empty(seed: seed) }
    var offset = 0
    var hash: UInt64
    if count >= 32 {
        var v1 = seed &+ prime1 &+ prime2, v2 = seed &+ prime2, v3 = seed, v4 = seed &- prime1
        let end = count - 32
        while offset <= end {
            v1 = round(v1, word64(base, offset))
            v2 = round(v2, word64(base, offset + 8))
            v3 = round(v3, word64(base, offset + 16))
            v4 = round(v4, word64(base, offset + 24))
            offset += 32
        }
        hash = rotateLeft(v1, 1) &+ rotateLeft(v2, 7) &+ rotateLeft(v3, 12) &+ rotateLeft(v4, 18)
        hash = merge(hash, v1)
        hash = merge(hash, v2)
        hash = merge(hash, v3)
        hash = merge(hash, v4)
    } else {
        hash = seed &+ prime5
    }
    hash = hash &+ UInt64(count)

    while offset + 8 <= count {
        hash ^= round(0, word64(base, offset))
        hash = rotateLeft(hash, 27) &* prime1 &+ prime4
        offset += 8
    }
    if offset + 4 <= count {
        hash ^= word32(base, offset) &* prime1
        hash = rotateLeft(hash, 23) &* prime2 &+ prime3
        offset += 4
    }
    while offset < count {
        hash ^= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) &* prime5
        hash = rotateLeft(hash, 11) &* prime1
        offset += 1
    }
    return avalanche(hash)
}

/// XXH64 of no bytes.
private func xxHash64Empty(seed: UInt64) -> UInt64 {
    avalanche(seed &+ prime5)
}

/// The final mix: every input bit affects every output bit.
@inline(__always) private func avalanche(_ value: UInt64) -> UInt64 {
    var hash = value
    hash ^= hash >> 33
    hash = hash &* prime2
    hash ^= hash >> 29
    hash = hash &* prime3
    hash ^= hash >> 32
    return hash
}

func xxHash64(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
    bytes.withUnsafeBytes { xxHash64($0, seed: seed) }
}
