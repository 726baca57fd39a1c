import Foundation
import Grona
import PNG
import Raster
import Text

enum Explore {
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

import CPNG
extension Explore {
    static func zlibParts(checkout: Checkout) throws {
        let banner = ReferenceBanner(spec: try checkout.decode(checkout.referenceSpec),
                                     engine: try TextEngine(fontsDirectory: checkout.fontsFolder))
        let pixmap = try banner.render()
        let w = pixmap.width, h = pixmap.height
        var raw = [UInt8](repeating: 0, count: (w * 4 + 1) * h)
        for y in 0..<h { for i in 0..<(w * 4) { raw[y * (w * 4 + 1) + 1 + i] = pixmap.pixels[y * w * 4 + i] } }
        var identical = 0
        for y in 1..<h where pixmap.pixels[(y * w * 4)..<((y + 1) * w * 4)] == pixmap.pixels[((y - 1) * w * 4)..<(y * w * 4)] { identical += 1 }
        print("rows \(h), identical to the row above \(identical)")
        var distinct = Set<UInt32>()
        pixmap.pixels.withUnsafeBytes { r in for i in 0..<(w*h) { distinct.insert(r.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)) } }
        print("distinct colours \(distinct.count)")
        let adlerMs = Clock.millisecondsPerCall(20) { _ = raw.withUnsafeBufferPointer { adler32_z(1, $0.baseAddress, $0.count) } }
        let crcMs = Clock.millisecondsPerCall(20) { _ = raw.withUnsafeBufferPointer { crc32_z(0, $0.baseAddress, $0.count) } }
        print(String(format: "adler32 %.3f ms, crc32 %.3f ms over %d bytes", adlerMs, crcMs, raw.count))
        for level in [1, 2, 4, 6] {
            for strategy in [Z_DEFAULT_STRATEGY, Z_RLE] where !(strategy == Z_RLE && level != 1) {
                for memLevel in [8, 9] {
                var outSize = 0
                let ms = Clock.millisecondsPerCall(10) {
                    var stream = z_stream()
                    deflateInit2_(&stream, Int32(level), Z_DEFLATED, 15, Int32(memLevel), strategy, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
                    var out = [UInt8](repeating: 0, count: raw.count + 1024)
                    raw.withUnsafeBufferPointer { inp in
                        out.withUnsafeMutableBufferPointer { o in
                            stream.next_in = UnsafeMutablePointer(mutating: inp.baseAddress)
                            stream.avail_in = UInt32(inp.count)
                            stream.next_out = o.baseAddress
                            stream.avail_out = UInt32(o.count)
                            deflate(&stream, Z_FINISH)
                        }
                    }
                    outSize = Int(stream.total_out)
                    deflateEnd(&stream)
                }
                print(String(format: "zlib none level %d strategy %d memLevel %d: %d bytes %.2f ms", level, strategy, memLevel, outSize, ms))
                }
            }
        }
        let unpremulMs = Clock.millisecondsPerCall(20) { _ = try? encodePNG(Pixmap(width: 1, height: 1)!) }
        print("tiny encode \(unpremulMs)")
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
        var jobs = try checkout.fixtureMatrix()
        let reference = try checkout.decode(checkout.referenceSpec)
        jobs.append((reference, reference.environment))
        let lines = ParallelRenderer.map(count: jobs.count, jobs: 2, fontsFolder: checkout.fontsFolder) { index, engine -> String in
            let job = jobs[index]
            let pixmap = try ComponentRenderer(spec: job.spec, engine: engine).render(job.environment).pixmap
            return "\(job.spec.goldenName(for: job.environment)) \(String(PixelDigest.of(pixmap), radix: 16))"
        }
        for line in lines { print((try? line.get()) ?? "error") }
        guard let card = fillCard() else { return }
        print("card \(String(PixelDigest.of(card), radix: 16))")
    }
}
