// Animated PNG (APNG) writing.
//
// libpng as shipped by Debian has no APNG support, so the animation chunks are written here. The
// approach leans on the ordinary encoder: every frame is encoded as a complete PNG with `encodePNG`,
// and its compressed image data is then moved into the animated file:
//
//   signature, IHDR, sRGB (frame 0's header chunks, unchanged)
//   acTL  (frame count, plays forever)
//   fcTL  seq 0, then frame 0's IDAT chunks unchanged: frame 0 is also the default image, so any
//         plain PNG reader shows the first frame
//   fcTL  seq n, fdAT seq n+1 … for each later frame: the IDAT payloads, each prefixed with its
//         sequence number
//   IEND
//
// Every frame is full size at (0, 0) with dispose op NONE and blend op SOURCE, so each frame simply
// replaces the previous one. An IDAT payload is a zlib stream of the filtered rows, which is exactly
// what fdAT carries, so no recompression is needed. Chunk CRCs come from zlib's crc32.
import Raster

/// Encodes `frames` (all the same size, at least one) as an animated PNG that loops forever, frame
/// `i` shown for `delaysInMilliseconds[i]` ms. Same frames → same bytes. Throws
/// `PNGError(.encodingFailed)` for an empty list, frames of different sizes or a delay count that
/// is not the frame count.
package func encodeAPNG(_ frames: [Pixmap], delaysInMilliseconds: [UInt16],
                       options: PNGEncodingOptions = .default) throws -> [UInt8] {
    guard let first = frames.first else {
        throw PNGError(.encodingFailed, "an animated PNG needs at least one frame")
    }
    guard frames.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
        throw PNGError(.encodingFailed, "every frame of an animated PNG must have the same size")
    }
    guard delaysInMilliseconds.count == frames.count else {
        throw PNGError(.encodingFailed, "an animated PNG needs one delay per frame")
    }
    var out: [UInt8] = []
    var sequence: UInt32 = 0
    func frameControl(delay: UInt16) -> [UInt8] {
        var data: [UInt8] = []
        data.appendBigEndian(sequence)
        data.appendBigEndian(UInt32(first.width))
        data.appendBigEndian(UInt32(first.height))
        data.appendBigEndian(UInt32(0))          // x offset
        data.appendBigEndian(UInt32(0))          // y offset
        data.appendBigEndian(delay)              // delay numerator
        data.appendBigEndian(UInt16(1000))       // delay denominator: milliseconds
        data.append(0)                           // dispose op: none
        data.append(0)                           // blend op: source
        sequence += 1
        return data
    }

    for (index, frame) in frames.enumerated() {
        let png = try encodePNG(frame, options: options)
        let chunks = try pngChunks(png)
        if index == 0 {
            out.append(contentsOf: png[0..<8])
            for chunk in chunks where chunk.type != "IDAT" && chunk.type != "IEND" {
                appendChunk(chunk.type, png[chunk.data], to: &out)
                if chunk.type == "IHDR" {
                    var control: [UInt8] = []
                    control.appendBigEndian(UInt32(frames.count))
                    control.appendBigEndian(UInt32(0))   // plays: 0 = forever
                    appendChunk("acTL", control[...], to: &out)
                }
            }
            appendChunk("fcTL", frameControl(delay: delaysInMilliseconds[index])[...], to: &out)
            for chunk in chunks where chunk.type == "IDAT" { appendChunk("IDAT", png[chunk.data], to: &out) }
        } else {
            appendChunk("fcTL", frameControl(delay: delaysInMilliseconds[index])[...], to: &out)
            for chunk in chunks where chunk.type == "IDAT" {
                var data: [UInt8] = []
                data.reserveCapacity(chunk.data.count + 4)
                data.appendBigEndian(sequence)
                sequence += 1
                data.append(contentsOf: png[chunk.data])
                appendChunk("fdAT", data[...], to: &out)
            }
        }
    }
    appendChunk("IEND", [][...], to: &out)
    return out
}

/// The chunks of a PNG our own encoder just wrote: type and the range of its data.
private func pngChunks(_ png: [UInt8]) throws -> [(type: String, data: Range<Int>)] {
    var chunks: [(type: String, data: Range<Int>)] = []
    var offset = 8
    while offset + 12 <= png.count {
        let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
        let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
        let start = offset + 8
        guard length <= png.count - start - 4 else { break }
        chunks.append((type, start..<(start + length)))
        offset = start + length + 4
    }
    guard chunks.first?.type == "IHDR", chunks.last?.type == "IEND" else {
        throw PNGError(.encodingFailed, "the encoder produced an unexpected chunk layout")
    }
    return chunks
}

/// Appends one chunk: length, type, data, CRC-32 of type and data.
private func appendChunk(_ type: String, _ data: ArraySlice<UInt8>, to out: inout [UInt8]) {
    out.appendBigEndian(UInt32(data.count))
    let typeStart = out.count
    out.append(contentsOf: Array(type.utf8))
    out.append(contentsOf: data)
    let crc = out.withUnsafeBufferPointer { buffer in
        LibPNG.crc32(buffer.baseAddress! + typeStart, count: buffer.count - typeStart)
    }
    out.appendBigEndian(crc)
}

private extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(value >> 24)); append(UInt8((value >> 16) & 0xFF))
        append(UInt8((value >> 8) & 0xFF)); append(UInt8(value & 0xFF))
    }
    mutating func appendBigEndian(_ value: UInt16) {
        append(UInt8(value >> 8)); append(UInt8(value & 0xFF))
    }
}
