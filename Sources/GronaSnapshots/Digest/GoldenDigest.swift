// The digest chunk that lets a matching golden be verified without decoding it.
//
// Most checks in a passing suite find the freshly rendered image equal to its golden. Decoding the
// golden (inflate, unfilter, premultiply) and comparing pixels costs several milliseconds per
// image; hashing the fresh pixels and reading the golden's chunk list costs a fraction of one. So
// every golden GronaSnap writes carries a private chunk, `grDG`, with a digest of its pixels, and
// a check passes at once when the fresh pixels have the same digest.
//
// Chunk data, 25 bytes, integers big-endian as everywhere in PNG:
//
//   offset  size  field
//   0       1     format version, 1
//   1       4     width in pixels
//   5       4     height in pixels
//   9       8     pixel digest: XXH64 of the premultiplied RGBA8 bytes, rows top to bottom, no
//                 padding, seeded with width << 32 | height (so equal bytes in another shape differ)
//   17      8     image-data digest: XXH64 of the first IDAT chunk's data with seed 0, then of each
//                 further IDAT chunk's data seeded with the previous result
//
// The pixel digest alone would trust the chunk blindly: an editor that keeps unknown chunks while
// changing pixels would leave a golden whose chunk describes pixels it no longer has. So the chunk
// also records a digest of the compressed image data as written, and the fast path is taken only
// when the file's IDAT chunks still hash to it (cheap: they are a few tens of kilobytes) and the
// header still says 8-bit RGBA, not interlaced, of the recorded size. Anything else — no chunk, an
// unknown version, another size, other image data — falls back to decoding and comparing pixels,
// which is always correct: a golden re-encoded by another tool (same pixels, other bytes, no chunk)
// still passes. The name's fourth letter is upper case ("not safe to copy"), telling PNG editors
// that change the image to drop the chunk rather than carry it over.
//
// The chunk goes last, just before IEND, because the image-data digest is only known once the
// image data is encoded; readers do not care where an ancillary private chunk sits.
import PNG
import Raster

/// The digest chunk of a golden (see the file comment for the format).
struct GoldenDigest: Equatable {
    static let chunkName = "grDG"
    static let version: UInt8 = 1

    var width: Int
    var height: Int
    var pixelDigest: UInt64
    var imageDataDigest: UInt64

    /// The digest of a pixmap's pixels (the `pixelDigest` field).
    static func pixelDigest(of pixmap: Pixmap) -> UInt64 {
        let seed = UInt64(UInt32(truncatingIfNeeded: pixmap.width)) << 32 | UInt64(UInt32(truncatingIfNeeded: pixmap.height))
        return pixmap.pixels.withUnsafeBytes { xxHash64($0, seed: seed) }
    }

    var chunkData: [UInt8] {
        var data: [UInt8] = [GoldenDigest.version]
        data.reserveCapacity(25)
        appendBigEndian(UInt64(width), bytes: 4, to: &data)
        appendBigEndian(UInt64(height), bytes: 4, to: &data)
        appendBigEndian(pixelDigest, bytes: 8, to: &data)
        appendBigEndian(imageDataDigest, bytes: 8, to: &data)
        return data
    }

    /// Reads the chunk's data; nil for another version or length (treated as no digest).
    init?(chunkData data: [UInt8]) {
        guard data.count == 25, data[0] == GoldenDigest.version else { return nil }
        width = Int(readBigEndian(data, at: 1, bytes: 4))
        height = Int(readBigEndian(data, at: 5, bytes: 4))
        pixelDigest = readBigEndian(data, at: 9, bytes: 8)
        imageDataDigest = readBigEndian(data, at: 17, bytes: 8)
    }

    init(width: Int, height: Int, pixelDigest: UInt64, imageDataDigest: UInt64) {
        self.width = width; self.height = height
        self.pixelDigest = pixelDigest; self.imageDataDigest = imageDataDigest
    }
}

/// Encodes `pixmap` as a golden: the standard encoding plus, before IEND, the provenance chunk
/// (GoldenProvenance.swift) when given and the digest chunk.
func encodeGolden(_ pixmap: Pixmap, provenance: GoldenProvenance? = nil) throws -> [UInt8] {
    var png = try encodePNG(pixmap)
    // encodePNG ends the file with the 12-byte IEND chunk; anything else is a bug upstream, and a
    // golden without a digest is still a correct golden.
    let iendStart = png.count - 12
    guard iendStart > 8, Array(png[(iendStart + 4)..<(iendStart + 8)]) == Array("IEND".utf8),
          let dataDigest = imageDataDigest(of: png) else { return png }
    let digest = GoldenDigest(width: pixmap.width, height: pixmap.height,
                              pixelDigest: GoldenDigest.pixelDigest(of: pixmap), imageDataDigest: dataDigest)
    var chunks = pngChunkBytes(name: GoldenDigest.chunkName, data: digest.chunkData)
    if let provenance { chunks = pngChunkBytes(name: GoldenProvenance.chunkName, data: provenance.chunkData) + chunks }
    png.insert(contentsOf: chunks, at: iendStart)
    return png
}

/// What the digest says about a golden file and a fresh image.
enum DigestCheck: Equatable {
    /// The file is intact, carries a digest of its own pixels, and the fresh pixels have it.
    case match
    /// The file is intact and its digest is trustworthy, but the fresh pixels differ in some byte.
    case differs
    /// No usable digest: none, an unknown version, or one that no longer describes the file.
    case unavailable
    /// The file is not a structurally valid PNG (bad CRC, truncated, …).
    case damaged(String)
}

/// Checks a golden's bytes against a fresh pixmap without inflating the golden.
func checkDigest(golden bytes: [UInt8], against pixmap: Pixmap) -> DigestCheck {
    let info: PNGInfo
    do { info = try readPNGInfo(bytes) } catch { return .damaged("\(error)") }
    guard let chunk = info.chunks.first(where: { $0.name == GoldenDigest.chunkName }),
          let digest = GoldenDigest(chunkData: chunk.data),
          digest.width == info.width, digest.height == info.height,
          info.bitDepth == 8, info.colorType == 6, !info.interlaced,
          imageDataDigest(of: bytes) == digest.imageDataDigest else { return .unavailable }
    guard pixmap.width == digest.width, pixmap.height == digest.height,
          GoldenDigest.pixelDigest(of: pixmap) == digest.pixelDigest else { return .differs }
    return .match
}

/// The chained XXH64 of the file's IDAT chunk data (see the file comment); nil if the chunk list
/// cannot be walked or has no IDAT.
func imageDataDigest(of png: [UInt8]) -> UInt64? {
    png.withUnsafeBytes { bytes -> UInt64? in
        var offset = 8
        var digest: UInt64?
        while bytes.count - offset >= 12 {
            let length = Int(readBigEndian(bytes, at: offset, bytes: 4))
            guard length <= bytes.count - offset - 12 else { return nil }
            let type = readBigEndian(bytes, at: offset + 4, bytes: 4)
            if type == 0x4944_4154 {        // "IDAT"
                let data = UnsafeRawBufferPointer(rebasing: bytes[(offset + 8)..<(offset + 8 + length)])
                digest = xxHash64(data, seed: digest ?? 0)
            } else if type == 0x4945_4E44 { // "IEND"
                return digest
            }
            offset += 12 + length
        }
        return nil
    }
}

// MARK: - Bytes

/// One complete PNG chunk: length, name, data, CRC-32 of name and data.
func pngChunkBytes(name: String, data: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(12 + data.count)
    appendBigEndian(UInt64(data.count), bytes: 4, to: &bytes)
    let typeAndData = Array(name.utf8) + data
    bytes += typeAndData
    appendBigEndian(UInt64(crc32(typeAndData)), bytes: 4, to: &bytes)
    return bytes
}

private func appendBigEndian(_ value: UInt64, bytes count: Int, to array: inout [UInt8]) {
    for index in stride(from: count - 1, through: 0, by: -1) {
        array.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))))
    }
}

private func readBigEndian<C: Collection>(_ bytes: C, at offset: Int, bytes count: Int) -> UInt64
where C.Element == UInt8, C.Index == Int {
    var value: UInt64 = 0
    for index in offset..<(offset + count) { value = value << 8 | UInt64(bytes[index]) }
    return value
}

/// CRC-32 as PNG (and zlib) define it: polynomial 0xEDB88320, reflected, initial and final XOR
/// 0xFFFFFFFF. Only used for the one small chunk GronaSnap adds, so a table-driven byte loop will do.
func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
}

private let crcTable: [UInt32] = (0..<256).map { (n: Int) -> UInt32 in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
}
