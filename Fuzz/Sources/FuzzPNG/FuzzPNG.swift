// libFuzzer target: arbitrary bytes into the PNG decoder, and into the encoder as pixels.
//
// Decoding: any outcome but a thrown PNGError or a decoded image (a crash, a sanitizer report, a
// hang, an allocation over libFuzzer's -rss_limit_mb) is a finding. The pixel cap is kept small so a
// "decompression bomb" input is refused quickly, as the renderer refuses it
// (ComponentRenderer.maximumImagePixels), instead of timing out the fuzzer.
//
// Encoding: the same bytes, after a first byte giving the width (1 to 64), are the pixels of an
// image (premultiplied: each colour at most its alpha). The built-in encoder, whose parsers write
// tokens through pointers, must write a PNG that decodes to exactly the pixels libpng's own encoder's
// PNG decodes to; both run under AddressSanitizer here.
import FuzzDriver
import PNG
import Raster

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let decoded = try? decodePNG(bytes, maximumPixelCount: 1 << 20) {
        // The decoder's own invariant: four bytes per pixel, nothing more or less.
        let pixmap = decoded.pixmap
        precondition(pixmap.pixels.count == pixmap.width * pixmap.height * 4)
    }
    guard let first = bytes.first else { return 0 }
    let width = Int(first) % 64 + 1
    let height = (bytes.count - 1) / (width * 4)
    guard height > 0 else { return 0 }
    var pixels = Array(bytes[1..<(1 + width * height * 4)])
    for pixel in stride(from: 0, to: pixels.count, by: 4) {
        for channel in 0..<3 { pixels[pixel + channel] = min(pixels[pixel + channel], pixels[pixel + 3]) }
    }
    guard let image = Pixmap(width: width, height: height, premultipliedPixels: pixels) else { return 0 }
    do {
        let builtin = try decodePNG(try encodePNG(image, options: .builtin)).pixmap
        let libpng = try decodePNG(try encodePNG(image, options: PNGEncodingOptions(filter: .adaptive, level: 6))).pixmap
        precondition(builtin == libpng, "the built-in encoder's PNG decodes to other pixels than libpng's")
    } catch {
        preconditionFailure("an image of \(width) × \(height) could not be encoded and read back: \(error)")
    }
    return 0
}

/// The executable's entry point (SwiftPM aliases main to it); libFuzzer takes over from here.
@_cdecl("FuzzPNG_main")
public func fuzzPNGMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    grona_fuzz_main(argc, argv)
}
