import Raster

/// A 64-bit fingerprint of a pixmap's size and premultiplied pixels, for `--digests` (two builds
/// that print the same fingerprints drew the same pixels): four independent multiply-xorshift lanes
/// over 32 bytes at a time, folded together at the end. Verification itself uses GronaSnapshots'
/// golden digest (XXH64 in the `grDG` chunk).
enum PixelDigest {
    static func of(_ pixmap: Pixmap) -> UInt64 {
        var h: (UInt64, UInt64, UInt64, UInt64) = (0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F,
                                                    0x1656_67B1_9E37_79F9, 0x85EB_CA77_C2B2_AE63)
        let m: UInt64 = 0xFF51_AFD7_ED55_8CCD
        pixmap.pixels.withUnsafeBytes { raw in
            let count = raw.count
            var i = 0
            while i + 32 <= count {
                h.0 = (h.0 ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* m
                h.1 = (h.1 ^ raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)) &* m
                h.2 = (h.2 ^ raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)) &* m
                h.3 = (h.3 ^ raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)) &* m
                h.0 ^= h.0 >> 29; h.1 ^= h.1 >> 29; h.2 ^= h.2 >> 29; h.3 ^= h.3 >> 29
                i += 32
            }
            while i < count {
                h.0 = (h.0 ^ UInt64(raw[i])) &* m
                i += 1
            }
        }
        var result = UInt64(pixmap.width) << 32 | UInt64(pixmap.height)
        for lane in [h.0, h.1, h.2, h.3] {
            result = (result ^ lane) &* m
            result ^= result >> 32
        }
        return result
    }

    static func bytes(_ digest: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: digest >> (56 - 8 * $0)) }
    }
}
