// Reading a PNG's header and private chunks without decoding its pixels.
//
// A plain walk over the chunk list: signature, then length / type / data / CRC for each chunk.
// Every CRC is checked (zlib's crc32 runs at several GB/s, so even the image data costs little),
// IHDR must come first and be valid, at least one IDAT must be present and the list must end with
// IEND, so a file that passes is structurally intact. The compressed pixels are not inflated:
// damage inside a correctly-checksummed IDAT is only found by decoding.

package struct PNGInfo: Equatable, Sendable {
    package var width: Int
    package var height: Int
    /// Bits per sample: 1, 2, 4, 8 or 16.
    package var bitDepth: Int
    /// The PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA.
    package var colorType: Int
    package var interlaced: Bool
    /// Private chunks (second letter lower case) in file order.
    package var chunks: [PNGChunk]
}

private let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

/// Reads the header and private chunks of a PNG and checks its structure (chunk CRCs, IHDR first,
/// IDAT present, IEND last) without decompressing pixels. Throws `PNGError(.malformed)`.
package func readPNGInfo(_ data: [UInt8]) throws -> PNGInfo {
    func fail(_ message: String) -> PNGError { PNGError(.malformed, "invalid PNG: \(message)") }
    guard data.count >= 8, Array(data[0..<8]) == signature else { throw fail("not a PNG file (bad signature)") }

    return try data.withUnsafeBufferPointer { bytes -> PNGInfo in
        guard let base = bytes.baseAddress else { throw fail("empty file") }
        func uint32(at offset: Int) -> UInt32 {
            UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
                | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
        }
        var info: PNGInfo?
        var sawIDAT = false
        var chunks: [PNGChunk] = []
        var offset = 8
        while true {
            guard bytes.count - offset >= 12 else { throw fail("file is truncated (no IEND chunk)") }
            let length = uint32(at: offset)
            guard length <= 0x7fff_ffff, Int(length) <= bytes.count - offset - 12 else {
                throw fail("file is truncated or a chunk length is wrong")
            }
            let typeStart = offset + 4, dataStart = offset + 8, dataEnd = dataStart + Int(length)
            let name = Array(bytes[typeStart..<dataStart])
            let nameText = String(decoding: name, as: UTF8.self)
            guard name.allSatisfy(PNGChunk.isLetter) else { throw fail("bad chunk name at byte \(typeStart)") }
            let crc = LibPNG.crc32(base + typeStart, count: Int(length) + 4)
            guard crc == uint32(at: dataEnd) else {
                throw fail("CRC error in \(nameText) chunk")
            }
            offset = dataEnd + 4

            switch nameText {
            case "IHDR":
                guard info == nil, offset == 8 + 25, length == 13 else { throw fail("IHDR must be the first chunk, 13 bytes long") }
                let width = Int(uint32(at: dataStart)), height = Int(uint32(at: dataStart + 4))
                let depth = Int(bytes[dataStart + 8]), colorType = Int(bytes[dataStart + 9])
                let interlace = bytes[dataStart + 12]
                guard width > 0, height > 0, width <= 0x7fff_ffff, height <= 0x7fff_ffff else { throw fail("zero or oversized dimensions") }
                guard isValid(depth: depth, colorType: colorType), interlace <= 1,
                      bytes[dataStart + 10] == 0, bytes[dataStart + 11] == 0 else {
                    throw fail("unsupported bit depth \(depth) / colour type \(colorType) / method")
                }
                info = PNGInfo(width: width, height: height, bitDepth: depth, colorType: colorType,
                               interlaced: interlace == 1, chunks: [])
            case "IDAT":
                sawIDAT = true
            case "IEND":
                guard var result = info, sawIDAT else { throw fail("IEND before IHDR or IDAT") }
                result.chunks = chunks
                return result
            default:
                if PNGChunk.isPrivate(name) {
                    chunks.append(PNGChunk(validatedName: name, data: Array(bytes[dataStart..<dataEnd])))
                }
            }
            guard info != nil else { throw fail("IHDR must be the first chunk") }
        }
    }
}

private func isValid(depth: Int, colorType: Int) -> Bool {
    switch colorType {
    case 0: return [1, 2, 4, 8, 16].contains(depth)
    case 3: return [1, 2, 4, 8].contains(depth)
    case 2, 4, 6: return depth == 8 || depth == 16
    default: return false
    }
}
