// swift-tools-version:6.2
// GronaSnap: renders the Grona in-app marketing SDK's components into PNG snapshots on Linux.
// Dependencies point one way: grona-snap (a thin main) → GronaCLI (the commands) → GronaServer (`serve`'s HTTP
// service and the studio page) → GronaRequests (what can be asked, for every front end);
// grona-snap, grona-bench, GronaSnapshotTesting, GronaRequests → GronaSnapshots, GronaOutput → Grona → Text, PNG → Raster,
// GronaRequests → WebP → PNG, and down to the C modules: PNG → CPNG; WebP → CWebP; Text → CFreeType, CHarfBuzz, CUnicode; Grona → CUnicode (locale data);
// CUnicode → CICU. GronaServer also uses CMicroHTTPD.
import PackageDescription

/// -O after SwiftPM's -Onone wins; -enable-testing stays, so @testable imports still work.
/// Unsafe flags in a dependency pinned by version are accepted from swift-tools-version 6.2 on (a
/// package that depends on GronaSnap `from: "1.0.0"` resolves and builds), hence the tools version.
let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

// The studio page's JavaScript modules (Sources/GronaServer/Studio/studio/NAME.js), served at /studio/NAME.js;
// StudioFiles serves exactly these, and a test checks that the folder holds no other.
let studioModules = ["api", "axes", "campaigns", "closer", "connection", "contrast", "dom", "downloads", "drafts", "editor", "errors", "findings", "history", "images", "languages", "links", "main", "phone", "plan", "rawerror", "saving", "state", "tiles", "translations", "versions"]

let package = Package(
    name: "GronaSnap",
    // Synchronization's Mutex and Atomic, which guard the state shared between render threads, are
    // in the OS from these releases on Apple platforms (Linux has them with the toolchain).
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "grona-snap", targets: ["grona-snap"]),
        .library(name: "Grona", targets: ["Grona"]),
        .library(name: "GronaSnapshotTesting", targets: ["GronaSnapshotTesting"]),
        .library(name: "GronaSnapshots", targets: ["GronaSnapshots"]),
        // For the fuzz targets in Fuzz/, which exercise the PNG decoder and the merge on their own.
        .library(name: "PNG", targets: ["PNG"]),
        .library(name: "GronaRequests", targets: ["GronaRequests"]),
    ],
    targets: [
        // C libraries, found through pkg-config.
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        .systemLibrary(name: "CICU", path: "Sources/CICU", pkgConfig: "icu-uc",
                       providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]),
        // WebP images (`-o out.webp`, `shots`), lossless.
        .systemLibrary(name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebp",
                       providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        // The HTTP server behind `grona-snap serve`.
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd",
                       providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]),
        // ICU cannot be imported next to Foundation (Foundation carries its own renamed ICU), so the
        // few calls we need live behind a header of plain C types; CICU only carries ICU's flags.
        .target(name: "CUnicode", dependencies: ["CICU"], path: "Sources/CUnicode"),

        // Stages. The per-pixel ones (rasterising, PNG coding, glyph images, golden digests) are
        // optimised in debug builds too: `swift test` renders thousands of snapshots, and unoptimised
        // pixel loops were most of its time. The rest stays -Onone for the debugger.
        .target(name: "Raster", swiftSettings: optimisedInDebug),
        .target(name: "PNG", dependencies: ["CPNG", "Raster"], swiftSettings: optimisedInDebug),
        // The only Swift code that touches libwebp; it un-premultiplies as the PNG encoder does.
        .target(name: "WebP", dependencies: ["CWebP", "PNG", "Raster"]),
        // Swift's Mutex, or under ThreadSanitizer one it can see (Sources/Locking/Mutex.swift says why).
        .target(name: "Locking"),
        .target(name: "Text", dependencies: ["CFreeType", "CHarfBuzz", "CUnicode", "Raster", "Locking"], swiftSettings: optimisedInDebug),
        // CUnicode for locale data (which languages are written right to left).
        .target(name: "Grona", dependencies: ["Locking", "Text", "Raster", "PNG"]),
        // Writing files (atomic outputs, staging, the interrupt handler) for every front end:
        // rendering itself writes nothing.
        .target(name: "GronaOutput", dependencies: ["Locking"]),
        // Comparison, golden digests and verification, free of any test framework, for the command line.
        .target(name: "GronaSnapshots", dependencies: ["Locking", "Grona", "GronaOutput", "PNG", "Raster", "Text"], swiftSettings: optimisedInDebug),
        // The application layer: typed requests, the option schema, render sessions, the budget and
        // the one error type, which the command line, the server and the test library all call.
        .target(name: "GronaRequests", dependencies: ["Locking", "Grona", "GronaSnapshots", "GronaOutput", "PNG", "WebP", "Raster", "Text"]),
        // assertSnapshot for XCTest and Swift Testing, on top of GronaSnapshots. CTestObservation
        // starts watching XCTest's test cases when the test binary loads (TestIdentity.swift).
        .target(name: "CTestObservation", path: "Sources/CTestObservation"),
        .target(name: "GronaSnapshotTesting", dependencies: ["Locking", "GronaRequests", "GronaSnapshots", "Grona", "PNG", "Raster", "CTestObservation"]),
        // The HTTP service behind `grona-snap serve`: the route table, its handlers (a request value in, a
        // response value out, so its tests call them in-process) and the studio page (HTML, CSS, JavaScript)
        // in Studio/. The studio's files are compiled into the binary (embedInCode), so an installed
        // grona-snap serves the page with nothing beside it. Not a product: its API is `package`.
        .target(name: "GronaServer", dependencies: ["Locking", "Grona", "GronaRequests", "GronaSnapshots", "GronaOutput", "PNG", "Text", "Raster", "CMicroHTTPD"],
                resources: [.embedInCode("Studio/studio.html"), .embedInCode("Studio/studio.css")]
                    + studioModules.map { .embedInCode("Studio/studio/\($0).js") }),
        // The command line: one file per command, the table of commands and options, help, the man page
        // and the completions; `serve` starts GronaServer. Not a product either.
        .target(name: "GronaCLI", dependencies: ["Locking", "Grona", "GronaRequests", "GronaSnapshots", "GronaOutput", "GronaServer", "PNG", "Text", "Raster"]),
        // The executable: main.swift hands the arguments to GronaCLI.
        .executableTarget(name: "grona-snap", dependencies: ["GronaCLI"]),
        .executableTarget(name: "grona-bench", dependencies: ["Locking", "Grona", "GronaSnapshots", "GronaOutput", "PNG", "Raster", "Text"]),

        // Tests: one target per module.
        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
        .testTarget(name: "PNGTests", dependencies: ["PNG", "Raster"]),
        // GronaSnapshots for the golden ledger: the sample goldens in Snapshots/Text are claimed
        // there, so `grona-snap unused` knows they are in use.
        .testTarget(name: "TextTests", dependencies: ["Text", "Raster", "PNG", "GronaSnapshots"]),
        // BadInputTests run the built grona-snap on the corpus of bad inputs (read from disk).
        .testTarget(name: "GronaTests", dependencies: ["Grona", "PNG", "Raster", "grona-snap"],
                    exclude: ["Corpus"]),
        .testTarget(name: "GronaOutputTests", dependencies: ["GronaOutput"]),
        .testTarget(name: "GronaRequestsTests", dependencies: ["Locking", "GronaRequests", "Grona"]),
        .testTarget(name: "GronaSnapshotTestingTests", dependencies: ["GronaSnapshotTesting", "GronaSnapshots", "Grona", "PNG", "Raster"]),
        // What the test targets below share: running the grona-snap built beside the tests, fixtures,
        // temporary folders.
        .target(name: "TestSupport", dependencies: ["PNG", "Raster"], path: "Tests/TestSupport"),
        // The command line, run as a process (grona-snap is built beside the tests): exit statuses, and the
        // service's sockets, signals, deadlines and listener.
        .testTarget(name: "CLITests", dependencies: ["grona-snap", "TestSupport", "Grona", "GronaSnapshots", "PNG", "WebP", "Raster", "Text"]),
        // The service's routes called in-process, a request value in and a response value out, on the
        // service `serve` makes (GronaCLI's `ServeCommand.service`); grona-snap for the answers
        // compared with the command line's.
        .testTarget(name: "GronaServerTests", dependencies: ["GronaServer", "GronaCLI", "grona-snap", "TestSupport", "GronaRequests", "Grona", "PNG", "Raster"]),
    ],
    swiftLanguageModes: [.v6]
)

// scripts/sanitize's `ci` run (ThreadSanitizer over the suites whose code shares state between
// threads) sets GRONA_THREAD_SUITES_ONLY: the package is then only the modules those suites test and
// their test targets. The command line, the service, the test library and the process-starting
// CLITests are left out of that build, which is most of what a ThreadSanitizer build of everything
// compiles and none of what it runs.
if Context.environment["GRONA_THREAD_SUITES_ONLY"] != nil {
    let kept: Set<String> = ["CPNG", "CFreeType", "CHarfBuzz", "CICU", "CWebP", "CUnicode", "Raster", "PNG", "WebP", "Locking", "Text",
                             "Grona", "GronaOutput", "GronaSnapshots", "GronaRequests",
                             "TextTests", "GronaTests", "GronaOutputTests", "GronaRequestsTests"]
    package.targets.removeAll { !kept.contains($0.name) }
    for target in package.targets {
        target.dependencies.removeAll { dependency in
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): return !kept.contains(name)
            default: return false
            }
        }
    }
    package.products.removeAll { product in !(product is Product.Library) || product.name == "GronaSnapshotTesting" }
}
