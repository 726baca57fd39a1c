import CPNG
import Raster

/// Builds PNG files byte by byte (zlib's compress2 and crc32, no libpng), so the decoder is tested
/// against files it did not write itself: every colour type, bit depth, Adam7 interlacing, tRNS.
struct PNGFixture {
    var width: Int
    var height: Int
    var bitDepth: Int
    var colorType: Int
    var interlaced = false
    var palette: [(UInt8, UInt8, UInt8)] = []
    var transparency: [UInt8]? = nil
    /// Extra chunks written before IDAT, in order.
    var extraChunks: [(String, [UInt8])] = []
    /// Samples of pixel (x, y), one per channel, at `bitDepth` bits.
    var sample: (Int, Int) -> [Int]

    var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 0 }

    func bytes() -> [UInt8] {
        var ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        ihdr += [UInt8(bitDepth), UInt8(colorType), 0, 0, interlaced ? 1 : 0]
        var file: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        file += chunk("IHDR", ihdr)
        if !palette.isEmpty { file += chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }) }
        if let transparency { file += chunk("tRNS", transparency) }
        for (name, data) in extraChunks { file += chunk(name, data) }
        file += chunk("IDAT", compress(scanlines()))
        file += chunk("IEND", [])
        return file
    }

    /// Filter type 0 rows: the whole image, or the seven Adam7 passes one after another.
    func scanlines() -> [UInt8] {
        let passes = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var out: [UInt8] = []
        for (x0, y0, dx, dy) in passes {
            let xs = Array(stride(from: x0, to: width, by: dx)), ys = Array(stride(from: y0, to: height, by: dy))
            if xs.isEmpty || ys.isEmpty { continue }
            for y in ys {
                out.append(0)
                var bits: [Int] = []
                for x in xs { bits += sample(x, y) }
                out += pack(bits)
            }
        }
        return out
    }

    func pack(_ samples: [Int]) -> [UInt8] {
        switch bitDepth {
        case 16: return samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 255)] }
        case 8: return samples.map { UInt8($0) }
        default:
            var out: [UInt8] = [], byte = 0, used = 0
            for s in samples {
                byte = byte << bitDepth | s
                used += bitDepth
                if used == 8 { out.append(UInt8(byte)); byte = 0; used = 0 }
            }
            if used > 0 { out.append(UInt8(byte << (8 - used))) }
            return out
        }
    }
}

func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)]
}

func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(name.utf8) + data
    let crc = body.withUnsafeBufferPointer { gs_png_crc32(0, $0.baseAddress, $0.count) }
    return bigEndian(UInt32(data.count)) + body + bigEndian(UInt32(truncatingIfNeeded: crc))
}

func compress(_ data: [UInt8]) -> [UInt8] {
    var size = compressBound(uLong(data.count))
    var out = [UInt8](repeating: 0, count: Int(size))
    let status = compress2(&out, &size, data, uLong(data.count), 6)
    precondition(status == Z_OK)
    return Array(out[0..<Int(size)])
}

/// Chunk names in file order (the file is trusted: it came from the encoder under test).
func chunkNames(_ file: [UInt8]) -> [String] {
    var names: [String] = [], offset = 8
    while offset + 8 <= file.count {
        let length = Int(file[offset]) << 24 | Int(file[offset + 1]) << 16 | Int(file[offset + 2]) << 8 | Int(file[offset + 3])
        names.append(String(decoding: file[offset + 4..<offset + 8], as: UTF8.self))
        offset += length + 12
    }
    return names
}

/// A deterministic premultiplied test image: opaque, translucent and transparent pixels.
func samplePixmap(width: Int, height: Int, seed: UInt32 = 7) -> Pixmap {
    var state = seed
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for i in stride(from: 0, to: pixels.count, by: 4) {
        state = state &* 1_664_525 &+ 1_013_904_223
        let alpha = [255, 255, 0, UInt8(state >> 24)][Int(state >> 8) & 3]
        for c in 0..<3 {
            state = state &* 1_664_525 &+ 1_013_904_223
            pixels[i + c] = UInt8((UInt32(state >> 24) * UInt32(alpha) + 127) / 255)
        }
        pixels[i + 3] = alpha
    }
    return Pixmap(width: width, height: height, premultipliedPixels: pixels)!
}

/// The RGBA of pixel (x, y).
func pixel(_ pixmap: Pixmap, _ x: Int, _ y: Int) -> [UInt8] {
    let i = (y * pixmap.width + x) * 4
    return Array(pixmap.pixels[i..<i + 4])
}
