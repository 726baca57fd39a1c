// libFuzzer target: arbitrary bytes into the PNG decoder. Any outcome but a thrown PNGError or a
// decoded image (a crash, a sanitizer report, a hang, an allocation over libFuzzer's -rss_limit_mb)
// is a finding. The pixel cap is kept small so a "decompression bomb" input is refused quickly, as
// the renderer refuses it (ComponentRenderer.maximumImagePixels), instead of timing out the fuzzer.
import FuzzDriver
import PNG

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let decoded = try? decodePNG(bytes, maximumPixelCount: 1 << 20) {
        // The decoder's own invariant: four bytes per pixel, nothing more or less.
        let pixmap = decoded.pixmap
        precondition(pixmap.pixels.count == pixmap.width * pixmap.height * 4)
    }
    return 0
}

/// The executable's entry point (SwiftPM aliases main to it); libFuzzer takes over from here.
@_cdecl("FuzzPNG_main")
public func fuzzPNGMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    grona_fuzz_main(argc, argv)
}
