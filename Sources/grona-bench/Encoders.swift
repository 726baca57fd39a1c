import Foundation
import Grona
import GronaSnapshots
import PNG
import Raster
import Text

/// `grona-bench --encoders [N] [--pillow PYTHON]`: the built-in PNG encoder against libpng's default
/// (adaptive filters, zlib level 6) and zlib level 6 on unfiltered rows, on seven images, in one run:
/// bytes and milliseconds per encode (median round of N encodes, see `Clock`), as a Markdown table.
/// With `--pillow`, a Python that has Pillow, a column for Pillow's default `save` (zlib level 6,
/// adaptive filters) of the same pixels (bench/pillow-encode.py).
///
/// The images: the reference banner (flat colour and text); the banner-image fixture (L, light, @3x)
/// with a 1170 × 390 px photograph-like band above it (smooth light plus sensor grain, which no
/// encoder can predict); the gradient-photo banner (bench/gradient-photo-banner.json) at @2x and @3x
/// under a band of its own photo (bench/gradient-photo.png, a smooth evening sky without grain) a
/// third of the banner's width tall: flat rows and text below smooth rows, which filters predict
/// and unfiltered rows do not; a 1024 × 768 diagonal gradient; a photograph alone at @3x (390 × 260
/// pt, 1170 × 780 px, the same smooth light and grain as the banner's); 1024 × 768 of noise; and the
/// reference banner laid out 2,731 pt wide (8,193 px rows, wider than deflate's 32 KiB window).
enum Encoders {
    struct Image {
        let name: String
        let pixmap: Pixmap
    }

    static func images(checkout: Checkout) throws -> [Image] {
        let engine = try TextEngine(fontsDirectory: checkout.fontsFolder)
        let reference = try checkout.decode(checkout.referenceSpec)
        let banner = try ComponentRenderer(spec: reference, engine: engine).render().pixmap
        var wide = reference.environment
        wide.width = 2731
        let wideBanner = try ComponentRenderer(spec: reference, engine: engine).render(wide).pixmap
        let imageSpec = try checkout.decode(checkout.fixtures + "/banner-image.json")
        guard let imageCase = SnapshotCase.cases(for: imageSpec).first(where: { $0.goldenName.hasSuffix("/L-light-ltr@3x.png") })
        else { throw BenchError("banner-image.json has no L-light-ltr@3x variant") }
        let imageBanner = try ComponentRenderer(spec: imageSpec, engine: engine).render(imageCase.environment).pixmap
        let gradientSpec = try checkout.decode(checkout.root + "/bench/gradient-photo-banner.json")
        let gradientPhoto = try decodePNG(try [UInt8](Data(contentsOf: URL(fileURLWithPath:
            checkout.root + "/bench/gradient-photo.png")))).pixmap
        let gradientBanners = try [2, 3].map { scale -> Image in
            var environment = gradientSpec.environment
            environment.scale = scale
            let pixmap = try ComponentRenderer(spec: gradientSpec, engine: engine).render(environment).pixmap
            let stacked = try photoBand(gradientPhoto, above: pixmap)
            return Image(name: "gradient-photo banner @\(scale)x, \(stacked.width) × \(stacked.height)", pixmap: stacked)
        }
        return [
            Image(name: "reference banner, \(banner.width) × \(banner.height)", pixmap: banner),
            Image(name: "banner with a photo, \(imageBanner.width) × \(imageBanner.height + 390)",
                  pixmap: try photoAbove(imageBanner, rows: 390)),
        ] + gradientBanners + [
            Image(name: "gradient, 1024 × 768", pixmap: try synthetic(1024, 768) { x, y, _ in
                (UInt8(x * 255 / 1023), UInt8(y * 255 / 767), UInt8((x + y) * 255 / 1790))
            }),
            Image(name: "photo @3x, 1170 × 780", pixmap: try photograph(1170, 780)),
            Image(name: "noise, 1024 × 768", pixmap: try synthetic(1024, 768) { _, _, noise in
                (noise.next(), noise.next(), noise.next())
            }),
            Image(name: "reference banner 8,193 px wide, \(wideBanner.width) × \(wideBanner.height)", pixmap: wideBanner),
        ]
    }

    /// A deterministic pseudo-random generator (xorshift).
    struct Noise {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        mutating func next() -> UInt8 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    /// An opaque image from a colour function of (x, y).
    static func synthetic(_ width: Int, _ height: Int,
                          _ color: (Int, Int, inout Noise) -> (UInt8, UInt8, UInt8)) throws -> Pixmap {
        var noise = Noise()
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = color(x, y, &noise)
                let i = (y * width + x) * 4
                pixels[i] = r; pixels[i + 1] = g; pixels[i + 2] = b
            }
        }
        guard let pixmap = Pixmap(width: width, height: height, premultipliedPixels: pixels) else {
            throw BenchError("cannot make a \(width) × \(height) image")
        }
        return pixmap
    }

    /// `banner` with `rows` of a photograph-like band above it: light that varies smoothly over
    /// the frame, and grain of ±6 levels per channel.
    static func photoAbove(_ banner: Pixmap, rows: Int) throws -> Pixmap {
        let photo = try photograph(banner.width, rows)
        guard let pixmap = Pixmap(width: banner.width, height: rows + banner.height,
                                  premultipliedPixels: photo.pixels + banner.pixels) else {
            throw BenchError("cannot stack the photo above the banner")
        }
        return pixmap
    }

    /// A photograph-like frame: light that varies smoothly over it, and grain of ±6 levels per channel.
    static func photograph(_ width: Int, _ height: Int) throws -> Pixmap {
        try synthetic(width, height) { x, y, noise in
            let u = Double(x) / 180, v = Double(y) / 120
            let light = 0.5 + 0.25 * sin(u) * cos(v) + 0.15 * sin(u * 0.37 + v * 0.81)
            func channel(_ tint: Double) -> UInt8 {
                let grain = Double(Int(noise.next() % 13) - 6)
                return UInt8(max(0, min(255, (light * tint * 255 + grain).rounded())))
            }
            return (channel(1.0), channel(0.85), channel(0.7))
        }
    }

    /// `banner` under a band of `photo` as wide as the banner and a third as tall, the photo scaled
    /// to cover the band and centred (Raster's resampling, as the renderer draws images).
    static func photoBand(_ photo: Pixmap, above banner: Pixmap) throws -> Pixmap {
        let width = banner.width, rows = banner.width / 3
        guard var band = Pixmap(width: width, height: rows) else { throw BenchError("cannot make the photo band") }
        let scale = max(Double(width) / Double(photo.width), Double(rows) / Double(photo.height))
        let size = (width: Double(photo.width) * scale, height: Double(photo.height) * scale)
        band.draw(photo, in: Rect(x: (Double(width) - size.width) / 2, y: (Double(rows) - size.height) / 2,
                                  width: size.width, height: size.height))
        guard let pixmap = Pixmap(width: width, height: rows + banner.height,
                                  premultipliedPixels: band.pixels + banner.pixels) else {
            throw BenchError("cannot stack the photo band above the banner")
        }
        return pixmap
    }

    static let encoders: [(name: String, options: PNGEncodingOptions)] = [
        ("built-in", .builtin),
        ("libpng default (adaptive filters, zlib 6)", PNGEncodingOptions(filter: .adaptive, level: 6)),
        ("zlib 6, unfiltered rows", PNGEncodingOptions(filter: .none, level: 6)),
    ]

    /// The table: one row per image, bytes and ms per encoder (and Pillow's, given `pillow`, the path of
    /// a Python with Pillow), and the built-in's bytes against libpng's (and Pillow's).
    static func table(checkout: Checkout, iterations: Int, pillow: String? = nil) throws -> String {
        let pillowHeader = pillow == nil ? "" : " Pillow default save: bytes, ms |"
        let pillowRatioHeader = pillow == nil ? "" : " built-in ÷ Pillow bytes |"
        var lines = ["| image | " + encoders.map { "\($0.name): bytes, ms" }.joined(separator: " | ") + " |"
                        + pillowHeader + " built-in ÷ libpng bytes |" + pillowRatioHeader + " built-in faster than libpng |",
                     "|---|" + String(repeating: "---|", count: encoders.count + 2 + (pillow == nil ? 0 : 2))]
        let only = ProcessInfo.processInfo.environment["ENCODERS_ONLY"]
        for image in try images(checkout: checkout) where only == nil || image.name.hasPrefix(only!) {
            var cells: [String] = [], sizes: [Int] = [], times: [Double] = []
            var builtinBytes: [UInt8] = []
            for encoder in encoders {
                let bytes = try encodePNG(image.pixmap, options: encoder.options)
                guard try decodePNG(bytes).pixmap == image.pixmap else {
                    throw BenchError("\(encoder.name) did not round-trip \(image.name)")
                }
                if builtinBytes.isEmpty { builtinBytes = bytes }
                let ms = try Clock.millisecondsPerCall(iterations) { _ = try encodePNG(image.pixmap, options: encoder.options) }
                sizes.append(bytes.count); times.append(ms)
                cells.append("\(grouped(bytes.count)) B, \(String(format: "%.2f", ms)) ms")
            }
            // Pillow's cell sits after the encoders' and its ratio after libpng's.
            var pillowCell = "", pillowRatio = ""
            if let pillow {
                let (bytes, ms) = try pillowSave(builtinBytes, python: pillow, script: checkout.root + "/bench/pillow-encode.py",
                                                 iterations: iterations)
                pillowCell = " \(grouped(bytes)) B, \(String(format: "%.2f", ms)) ms |"
                pillowRatio = " \(String(format: "%.3f", Double(sizes[0]) / Double(bytes))) |"
            }
            let ratio = String(format: "%.3f", Double(sizes[0]) / Double(sizes[1]))
            lines.append("| \(image.name) | " + cells.joined(separator: " | ") + " |" + pillowCell + " \(ratio) |"
                         + pillowRatio + " \(String(format: "%.1f", times[1] / times[0]))× |")
        }
        return lines.joined(separator: "\n")
    }

    /// Pillow's default save of the pixels of `png`: bytes and ms per save, from bench/pillow-encode.py.
    static func pillowSave(_ png: [UInt8], python: String, script: String, iterations: Int) throws -> (Int, Double) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("grona-bench-pillow-\(getpid()).png")
        try Data(png).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, file.path, String(iterations)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(separator: " ")
        guard process.terminationStatus == 0, fields.count == 2, let bytes = Int(fields[0]),
              let ms = Double(fields[1].trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchError("\(python) \(script) failed (is Pillow installed?)")
        }
        return (bytes, ms)
    }

    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }
}

extension Encoders {
    /// `grona-bench --encoder-peak`: the process's peak resident set while the built-in encoder
    /// writes 64 megapixels (8,192 × 8,192) of opaque noise, against the 256 MiB of pixels: the
    /// worst case for the output's size, which the encoder reserves once at its stored-block bound.
    static func peak() throws -> String {
        let side = 8192
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        let pixels = [UInt8](unsafeUninitializedCapacity: side * side * 4) { buffer, initialized in
            let words = UnsafeMutableRawBufferPointer(buffer).bindMemory(to: UInt64.self)
            for i in words.indices {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                words[i] = state | 0xFF00_0000_FF00_0000  // opaque: alpha bytes 255
            }
            initialized = side * side * 4
        }
        guard let pixmap = Pixmap(width: side, height: side, premultipliedPixels: pixels) else {
            throw BenchError("cannot make the 64-megapixel image")
        }
        let before = Memory.residentMiB()
        var bytes = 0
        let ms = try Clock.milliseconds { bytes = try encodePNG(pixmap).count }
        let peak = Memory.peakMiB()
        return "64-megapixel noise (8,192 × 8,192, 256 MiB of pixels): built-in encoder \(grouped(bytes)) B in "
            + String(format: "%.0f ms; resident before encoding %.0f MiB, peak %.0f MiB (%.2f× the pixels)",
                     ms, before, peak, peak / 256)
    }
}
