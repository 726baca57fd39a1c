import Foundation
import Grona
import PNG
import Raster
import Text

/// Where the benchmark finds its inputs: the package checkout that holds `Fonts/`.
struct Checkout {
    let fontsFolder: String
    let root: String

    static func locate() throws -> Checkout {
        guard let fonts = FontsFolder.locate() else {
            throw BenchError("cannot find GronaSnap's Fonts folder; set GRONA_FONTS to its path")
        }
        let root = URL(fileURLWithPath: fonts).deletingLastPathComponent().path
        return Checkout(fontsFolder: fonts, root: root)
    }

    var referenceSpec: String { root + "/bench/reference-banner.json" }
    var fixtures: String { root + "/Fixtures" }

    func decode(_ path: String) throws -> Spec {
        try SpecDecoder(fontsFolder: fontsFolder).decode(fileAt: path)
    }

    /// Every fixture spec × its variants, specs in file-name order.
    func fixtureMatrix() throws -> [(spec: Spec, environment: Environment)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures)
            .filter { $0.hasSuffix(".json") }.sorted()
        var jobs: [(spec: Spec, environment: Environment)] = []
        for name in names {
            let spec = try decode(fixtures + "/" + name)
            for environment in spec.variantEnvironments { jobs.append((spec, environment)) }
        }
        return jobs
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The private chunk a golden carries its pixel digest in.
let digestChunkName = "grDg"

/// A snapshot as `verify --record` would write it: the PNG with its pixel digest in a private chunk.
func recordedPNG(_ pixmap: Pixmap) throws -> [UInt8] {
    let chunk = try PNGChunk(name: digestChunkName, data: PixelDigest.bytes(PixelDigest.of(pixmap)))
    return try encodePNG(pixmap, chunks: [chunk])
}

/// Verifying against a matching golden without decoding it: render, digest the pixels, read the
/// golden's private chunks (every chunk CRC is still checked) and compare the digests.
func verifyAgainstGolden(_ pixmap: Pixmap, goldenPath: String) throws {
    let golden = try [UInt8](Data(contentsOf: URL(fileURLWithPath: goldenPath)))
    let info = try readPNGInfo(golden)
    let expected = info.chunks.first { $0.name == digestChunkName }?.data
    guard info.width == pixmap.width, info.height == pixmap.height,
          expected == PixelDigest.bytes(PixelDigest.of(pixmap)) else {
        throw BenchError("the golden \(goldenPath) does not match")
    }
}

/// The reference banner of the peers' scene, rendered as GronaSnap renders a variant: a fresh
/// renderer (one "app process") per snapshot, one text engine for the thread.
struct ReferenceBanner {
    let spec: Spec
    let engine: TextEngine

    func render() throws -> Pixmap {
        try ComponentRenderer(spec: spec, engine: engine).render().pixmap
    }
}

/// The issue-2 card: 1170 × 900 px (390 × 300 pt at @3x), the default primary colour, 14 pt corners.
func fillCard() -> Pixmap? {
    guard var card = Pixmap(width: 1170, height: 900) else { return nil }
    card.fill(RoundedRect(rect: Rect(x: 0, y: 0, width: 1170, height: 900), radius: 42),
              color: Color(r: 0x05, g: 0x4B, b: 0x3A))
    return card
}
