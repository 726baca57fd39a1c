// swift-tools-version:6.0
// Fuzz targets for GronaSnap, built with libFuzzer and AddressSanitizer (Linux):
//
//   Fuzz/run spec 60      # or: Fuzz/run png 60, Fuzz/run merge 60, Fuzz/run translations 60
//
// They live in their own package so the sanitizer flags never touch the main build. Each target is
// one file, compiled with -parse-as-library, that defines LLVMFuzzerTestOneInput and the entry point
// SwiftPM links to (<Target>_main), which hands over to libFuzzer's driver (FuzzDriver.c).
import PackageDescription

let package = Package(
    name: "GronaFuzz",
    dependencies: [.package(name: "GronaSnap", path: "..")],
    targets: [
        // libFuzzer's driver, called from each target's entry point (see FuzzDriver.c).
        .target(name: "FuzzDriver"),
        // bytes → SpecDecoder → ComponentRenderer at a small width and scale.
        .executableTarget(name: "FuzzSpec", dependencies: ["FuzzDriver", .product(name: "Grona", package: "GronaSnap")]),
        // bytes → decodePNG, and the same bytes as pixels → the built-in encoder and libpng's, which must agree.
        .executableTarget(name: "FuzzPNG", dependencies: ["FuzzDriver", .product(name: "PNG", package: "GronaSnap")]),
        // bytes as a merge body → JSONTextEdit.merge and .edit, as POST /api/specs/NAME/merge runs them.
        .executableTarget(name: "FuzzMerge", dependencies: ["FuzzDriver", .product(name: "Grona", package: "GronaSnap"),
                                                            .product(name: "GronaRequests", package: "GronaSnap")]),
        // a format byte, then bytes → Translations.read(bytes:format:) → importing (CSV, XLIFF 1.2, XLIFF 2.0).
        .executableTarget(name: "FuzzTranslations", dependencies: ["FuzzDriver", .product(name: "Grona", package: "GronaSnap")]),
    ],
    swiftLanguageModes: [.v5]
)
