// The built-in PNG writer: the file layout around GronaSnap's deflate (Deflate.swift).
//
// Scanlines are the un-premultiplied pixels with filter type None (see PNGEncoder.swift for why),
// built in one buffer so the match finder can look back across rows. The file is the signature,
// IHDR (8-bit RGBA, not interlaced), sRGB (perceptual), the caller's private chunks, one IDAT and
// IEND, each chunk with zlib's CRC-32.
import CPNG
import Raster

enum PNGWriter {
    static func encode(_ pixmap: Pixmap, chunks: [PNGChunk]) -> [UInt8] {
        let width = pixmap.width, height = pixmap.height
        let rowLength = width * 4 + 1
        // The checksum is taken row by row while each row is still in the cache.
        var checksum: UInt32 = 1
        let scanlines = [UInt8](unsafeUninitializedCapacity: rowLength * height) { buffer, initialized in
            pixmap.pixels.withUnsafeBufferPointer { pixels in
                guard let target = buffer.baseAddress, let source = pixels.baseAddress else { return }
                for y in 0..<height {
                    let row = target + y * rowLength
                    row[0] = 0  // filter type None
                    unpremultiplyPixels(source + y * width * 4, row + 1, count: width)
                    checksum = adler32(row, count: rowLength, continuing: checksum)
                }
            }
            initialized = rowLength * height
        }

        var file: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        var header: [UInt8] = []
        for value in [UInt32(width), UInt32(height)] { appendBigEndian(value, to: &header) }
        header += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, adaptive filtering, no interlace
        appendChunk("IHDR", header, to: &file)
        appendChunk("sRGB", [0], to: &file)
        for chunk in chunks { appendChunk(chunk.name, chunk.data, to: &file) }

        // IDAT: length and CRC are filled in around the stream, which is written in place.
        let lengthAt = file.count
        file += [0, 0, 0, 0] + Array("IDAT".utf8)
        scanlines.withUnsafeBufferPointer { lines in
            // The scanline buffer is never empty: a pixmap is at least 1 × 1.
            Deflate.zlibStream(lines.baseAddress!, count: lines.count, rowLength: rowLength, checksum: checksum,
                               appendingTo: &file)
        }
        let length = file.count - lengthAt - 8
        file.withUnsafeMutableBufferPointer { bytes in
            for i in 0..<4 { bytes[lengthAt + i] = UInt8(truncatingIfNeeded: UInt32(length) >> UInt32(24 - 8 * i)) }
        }
        appendCRC(of: lengthAt + 4, to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    private static func appendChunk(_ name: String, _ data: [UInt8], to file: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &file)
        let start = file.count
        file += Array(name.utf8)
        file += data
        appendCRC(of: start, to: &file)
    }

    /// Appends the CRC-32 of the bytes from `start` (the chunk type) to the end.
    private static func appendCRC(of start: Int, to file: inout [UInt8]) {
        let crc = file.withUnsafeBufferPointer { bytes in
            UInt32(truncatingIfNeeded: gs_png_crc32(0, bytes.baseAddress! + start, bytes.count - start))
        }
        appendBigEndian(crc, to: &file)
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        for shift in [24, 16, 8, 0] { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }
}
