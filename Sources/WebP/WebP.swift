import CWebP
import PNG
import Raster

// Lossless WebP through libwebp: the only Swift code that touches it (the C side is
// `Sources/CWebP/shim.h`). A pixmap is premultiplied; WebP, like PNG, stores straight colour, so the
// pixels are un-premultiplied exactly as the PNG encoder does before libwebp sees them, and a WebP
// and a PNG of one snapshot decode to the same pixels. libwebp's lossless encoder runs on this
// thread with a fixed preset, so its bytes are the same on every run.

package struct WebPError: Error, CustomStringConvertible {
    package let description: String
}

/// libwebp's lossless preset (0 fastest … 9 smallest): 6 is its default, and a snapshot of mostly
/// flat colour encodes in a few milliseconds at it.
let losslessLevel: Int32 = 6

/// The pixmap as a lossless WebP file.
package func encodeWebP(_ pixmap: Pixmap) throws -> [UInt8] {
    let straight = unpremultiplied(pixmap.pixels)
    var output: UnsafeMutablePointer<UInt8>?
    var size = 0
    var error: Int32 = 0
    let status = straight.withUnsafeBufferPointer { rgba in
        gs_webp_encode_lossless(rgba.baseAddress, Int32(pixmap.width), Int32(pixmap.height), losslessLevel,
                                &output, &size, &error)
    }
    defer { gs_webp_free(output) }
    guard status == Int32(GS_WEBP_OK), let output else {
        throw WebPError(description: status == Int32(GS_WEBP_NO_MEMORY)
            ? "WebP encoding ran out of memory" : "libwebp could not encode the image (error \(error))")
    }
    return Array(UnsafeBufferPointer(start: output, count: size))
}

/// A WebP file's pixels, premultiplied as every pixmap is.
package func decodeWebP(_ bytes: [UInt8]) throws -> Pixmap {
    var width: Int32 = 0, height: Int32 = 0
    let decoded = bytes.withUnsafeBufferPointer { gs_webp_decode_rgba($0.baseAddress, $0.count, &width, &height) }
    guard let decoded else { throw WebPError(description: "not a WebP image libwebp can decode") }
    defer { gs_webp_free(decoded) }
    var pixels = Array(UnsafeBufferPointer(start: decoded, count: Int(width) * Int(height) * 4))
    premultiply(&pixels)
    guard let pixmap = Pixmap(width: Int(width), height: Int(height), premultipliedPixels: pixels) else {
        throw WebPError(description: "the WebP image has no pixels")
    }
    return pixmap
}
