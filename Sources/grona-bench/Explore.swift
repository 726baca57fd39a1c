import Foundation
import Grona
import GronaSnapshots
import PNG
import Raster
import Text

/// Measurements for profilers and for choosing settings, not part of the figures:
///   --png-options            size and time of every libpng setting and of the built-in encoder
///   --profile-render N [--encode]   the reference banner N times
///   --profile-matrix JOBS [--passes N]   the fixture matrix, recorded
///   --digests                a pixel digest per snapshot: two builds that print the same drew the same
enum Explore {
    /// Size and time of the reference banner's PNG with every libpng setting and the built-in encoder.
    static func pngOptions(checkout: Checkout) throws {
        let banner = ReferenceBanner(spec: try checkout.decode(checkout.referenceSpec),
                                     engine: try TextEngine(fontsDirectory: checkout.fontsFolder))
        let pixmap = try banner.render()
        let builtin = try encodePNG(pixmap, options: .builtin)
        let back = try decodePNG(builtin).pixmap
        let bms = try Clock.millisecondsPerCall(20) { _ = try encodePNG(pixmap, options: .builtin) }
        print("builtin: \(builtin.count) bytes \(String(format: "%.2f", bms)) ms, round trip \(back == pixmap)")
        if CommandLine.arguments.contains("--only-builtin") { return }
        for filter in [PNGEncodingOptions.Filter.none, .sub, .up, .paeth, .adaptive] {
            for strategy in [PNGEncodingOptions.Strategy.default, .runLength] {
                for level in strategy == .runLength ? [1] : [1, 2, 3, 4, 6] {
                    let options = PNGEncodingOptions(filter: filter, level: level, strategy: strategy)
                    let size = try encodePNG(pixmap, options: options).count
                    let ms = try Clock.millisecondsPerCall(10) { _ = try encodePNG(pixmap, options: options) }
                    print("\(filter) \(strategy) \(level): \(size) bytes \(String(format: "%.2f", ms)) ms")
                }
            }
        }
    }
}

extension Explore {
    /// Renders the reference banner `count` times (for profilers).
    static func render(checkout: Checkout, count: Int, encode: Bool) throws {
        let banner = ReferenceBanner(spec: try checkout.decode(checkout.referenceSpec),
                                     engine: try TextEngine(fontsDirectory: checkout.fontsFolder))
        var bytes = 0
        for _ in 0..<count {
            let pixmap = try banner.render()
            bytes += encode ? try encodePNG(pixmap).count : pixmap.width
        }
        print(bytes)
    }
}

extension Explore {
    /// One line per snapshot of the fixture matrix and the reference banner: name and pixel digest.
    /// Two runs with identical output drew identical pixels.
    static func digests(checkout: Checkout) throws {
        let reference = try checkout.decode(checkout.referenceSpec)
        let jobs = try checkout.fixtureMatrix() + [SnapshotCase(spec: reference, environment: reference.environment)]
        let lines = ParallelRenderer.map(count: jobs.count, jobs: 2, fontsFolder: checkout.fontsFolder) { index, engine -> String in
            let job = jobs[index]
            let pixmap = try ComponentRenderer(spec: job.spec, engine: engine).render(job.environment).pixmap
            return "\(job.goldenName) \(String(PixelDigest.of(pixmap), radix: 16))"
        }
        for line in lines { print((try? line.get()) ?? "error") }
        guard let card = fillCard() else { return }
        print("card \(String(PixelDigest.of(card), radix: 16))")
    }
}

extension Explore {
    /// Records the fixture matrix `passes` times with `jobs` threads (for profilers).
    static func matrix(checkout: Checkout, jobs: Int, passes: Int) throws {
        let matrix = try checkout.fixtureMatrix()
        var bytes = 0, pixels = 0
        for _ in 0..<passes {
            let results = ParallelRenderer.map(count: matrix.count, jobs: jobs, fontsFolder: checkout.fontsFolder) { index, engine -> (Int, Int) in
                let pixmap = try ComponentRenderer(spec: matrix[index].spec, engine: engine).render(matrix[index].environment).pixmap
                return (try encodePNG(pixmap).count, pixmap.width * pixmap.height)
            }
            for result in results { let (b, p) = try result.get(); bytes += b; pixels += p }
        }
        print("\(matrix.count) snapshots, \(pixels / passes / matrix.count) pixels and \(bytes / passes / matrix.count) PNG bytes on average")
    }
}

extension Explore {
    /// Encodes the `--encoders` image whose name starts with `prefix` `count` times with the built-in
    /// encoder, or with libpng's default (adaptive filters, zlib level 6) given `libpng` (for
    /// callgrind: `--toggle-collect='*encodePNG*'` counts the encoder alone).
    static func encode(checkout: Checkout, prefix: String, count: Int, libpng: Bool) throws {
        guard let image = try Encoders.images(checkout: checkout).first(where: { $0.name.hasPrefix(prefix) }) else {
            throw BenchError("no encoder image named \(prefix)…")
        }
        let options = libpng ? PNGEncodingOptions(filter: .adaptive, level: 6) : .builtin
        var bytes = 0
        for _ in 0..<count { bytes = try encodePNG(image.pixmap, options: options).count }
        print("\(image.name): \(bytes) B")
    }
}

extension Explore {
    /// `grona-bench --profile-tiles [N]`: the studio's 48 tiles of an edit to Fixtures/weekend-campaign.json
    /// in the base copy and three pseudolanguages (the grid `scripts/studio-latency --grid pseudo`
    /// measures: 3 text sizes, both appearances and directions, @1x, as headless Chromium asks for
    /// them), on one thread: the CPU time per grid of laying out and drawing them, and of encoding them
    /// at each effort of the built-in encoder (the smallest, as files are written; the quick one, as the
    /// studio's tiles are), with the bytes. Median of N rounds (default 9).
    static func tiles(checkout: Checkout, rounds: Int) throws {
        let engine = try TextEngine(fontsDirectory: checkout.fontsFolder)
        let spec = try checkout.decode(checkout.fixtures + "/weekend-campaign.json")
        var environments: [Environment] = []
        for pseudo in [nil, .accented, .double, .bounded] as [PseudoLocalization?] {
            for size in [TextSize.extraSmall, Environment().textSize, .accessibilityExtraExtraExtraLarge] {
                for appearance in Appearance.allCases {
                    for direction in LayoutDirection.allCases {
                        var environment = spec.environment
                        environment.pseudo = pseudo
                        environment.textSize = size
                        environment.appearance = appearance
                        environment.explicitDirection = direction
                        environment.scale = 1
                        environments.append(environment)
                    }
                }
            }
        }
        let render = { try environments.map { try ComponentRenderer(spec: spec, engine: engine).render($0).pixmap } }
        let pixmaps = try render()
        func cpu(_ body: () throws -> Void) rethrows -> Double {
            var spent: [Double] = []
            for _ in 0..<max(1, rounds) {
                let before = Memory.cpuMilliseconds()
                try body()
                spent.append(Memory.cpuMilliseconds() - before)
            }
            return spent.sorted()[spent.count / 2]
        }
        let pixels = pixmaps.reduce(0) { $0 + $1.width * $1.height }
        print("\(pixmaps.count) tiles, \(pixels / pixmaps.count) pixels each on average")
        print(String(format: "layout + raster: %.1f ms CPU per grid", try cpu { _ = try render() }))
        let efforts: [(name: String, options: PNGEncodingOptions)] = [("smallest (files)", .builtin), ("quick (studio tiles)", .quick)]
        for (name, options) in efforts {
            let bytes = try pixmaps.reduce(0) { $0 + (try encodePNG($1, options: options)).count }
            for pixmap in pixmaps {
                guard try decodePNG(try encodePNG(pixmap, options: options)).pixmap == pixmap else {
                    throw BenchError("the \(name) encoding did not round-trip a tile")
                }
            }
            let ms = try cpu { for pixmap in pixmaps { _ = try encodePNG(pixmap, options: options) } }
            print(String(format: "encode, %@: %.1f ms CPU per grid, %@ B", name, ms, Encoders.grouped(bytes)))
        }
    }
}
