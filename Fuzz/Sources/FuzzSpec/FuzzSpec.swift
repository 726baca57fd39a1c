// libFuzzer target: arbitrary bytes as a spec file, decoded and, if valid, rendered at a small size.
// Relative paths resolve against Fixtures/ (so "images/croissant.png" and the fonts work), and the
// width and scale are overridden to keep each run to a few milliseconds; everything else (text,
// text size, direction, appearance, time, tiers) comes from the input. A thrown error is a correct
// outcome; a crash, a sanitizer report, a hang or an allocation over -rss_limit_mb is a finding.
import FuzzDriver
import Foundation
import Grona
import Text

/// The package root: GRONA_ROOT, else two levels above this source file (Fuzz/Sources/FuzzSpec).
private let root: String = {
    if let configured = ProcessInfo.processInfo.environment["GRONA_ROOT"], !configured.isEmpty { return configured }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
}()

private let fonts = root + "/Fonts"
private let folder = root + "/Fixtures"
private let decoder = SpecDecoder(fontsFolder: fonts, allowedAssetRoots: [folder, fonts])
private let engine: TextEngine = {
    do { return try TextEngine(fontsDirectory: fonts) } catch { fatalError("cannot open the fonts in \(fonts): \(error)") }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpec(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let spec = try? decoder.decode(bytes, file: "fuzz.json", name: "fuzz", folder: folder) else { return 0 }
    var environment = spec.environment
    environment.width = min(environment.width, 160)
    environment.scale = 1
    _ = try? ComponentRenderer(spec: spec, engine: engine).render(environment)
    return 0
}

/// The executable's entry point (SwiftPM aliases main to it); libFuzzer takes over from here.
@_cdecl("FuzzSpec_main")
public func fuzzSpecMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    grona_fuzz_main(argc, argv)
}
