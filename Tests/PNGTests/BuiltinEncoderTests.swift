import CPNG
import XCTest
import Raster
@testable import PNG

/// The built-in encoder (the default): every file must decode, with libpng, to the exact pixels.
final class BuiltinEncoderTests: XCTestCase {
    /// A deterministic pseudo-random generator (xorshift), so failures reproduce.
    private struct Noise {
        var state: UInt64
        mutating func next() -> UInt8 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    /// A premultiplied pixmap from a straight-colour function of (x, y).
    private func pixmap(_ width: Int, _ height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> Pixmap {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = color(x, y)
                let alpha = UInt32(a)
                for c in [r, g, b] { pixels.append(UInt8((UInt32(c) * alpha + 127) / 255)) }
                pixels.append(a)
            }
        }
        return Pixmap(width: width, height: height, premultipliedPixels: pixels)!
    }

    private func assertRoundTrip(_ image: Pixmap, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let bytes = try encodePNG(image)
        XCTAssertEqual(try decodePNG(bytes).pixmap, image, name, file: file, line: line)
        XCTAssertEqual(bytes, try encodePNG(image), "\(name): same pixels, same bytes", file: file, line: line)
    }

    func testDefaultIsTheBuiltinEncoder() {
        XCTAssertEqual(PNGEncodingOptions.default.compressor, .builtin)
        XCTAssertEqual(PNGEncodingOptions(filter: .up, level: 4).compressor, .libpng)
    }

    func testNoiseRoundTrips() throws {
        // Nothing to match: nearly every byte a literal.
        var noise = Noise(state: 0x1234_5678_9ABC_DEF1)
        try assertRoundTrip(pixmap(97, 61) { _, _ in (noise.next(), noise.next(), noise.next(), noise.next() | 1) }, "noise")
    }

    func testFlatColourAndRepeatedRowsRoundTrip() throws {
        // Matches far longer than 258 bytes, at distance 4 and one row up, running across rows.
        try assertRoundTrip(pixmap(300, 200) { _, _ in (5, 75, 58, 255) }, "flat")
        try assertRoundTrip(pixmap(301, 77) { x, _ in x % 7 == 0 ? (255, 255, 255, 255) : (10, 20, 30, 255) }, "stripes")
        try assertRoundTrip(pixmap(64, 64) { x, y in (UInt8(x * 4), UInt8(y * 4), UInt8((x ^ y) & 0xFF), 255) }, "gradient")
    }

    func testTranslucentAndTransparentPixelsRoundTrip() throws {
        // The un-premultiply path: every alpha, and runs that mix opaque and translucent pixels.
        try assertRoundTrip(pixmap(256, 9) { x, y in (UInt8(x), UInt8(255 - x), UInt8(y * 20), UInt8(x)) }, "alpha ramp")
        try assertRoundTrip(pixmap(33, 5) { x, _ in x % 3 == 0 ? (200, 100, 50, 128) : (200, 100, 50, 255) }, "mixed")
    }

    func testTinyAndWideImagesRoundTrip() throws {
        try assertRoundTrip(pixmap(1, 1) { _, _ in (1, 2, 3, 255) }, "1 × 1")
        try assertRoundTrip(pixmap(2, 1) { _, _ in (0, 0, 0, 0) }, "2 × 1 transparent")
        try assertRoundTrip(pixmap(1, 300) { _, y in (UInt8(y % 3), 0, 0, 255) }, "1 × 300")
        // Scanlines longer than deflate's 32 KiB window: the row-above candidate is out of reach.
        try assertRoundTrip(pixmap(9000, 3) { x, y in ((x / 50 + y) % 2 == 0 ? (9, 9, 9, 255) : (250, 0, 0, 255)) }, "9000 wide")
    }

    func testRepeatedGlyphLikeBlocksRoundTrip() throws {
        // The same small pattern at several places, as repeated glyphs are: hash matches far back.
        let glyph: [[UInt8]] = (0..<12).map { row in (0..<9).map { UInt8(($0 * 31 + row * 17) % 256) } }
        try assertRoundTrip(pixmap(200, 40) { x, y in
            let gx = x % 23, gy = y % 14
            guard gx < 9, gy < 12 else { return (255, 255, 255, 255) }
            let c = glyph[gy][gx]
            return (c, c, 255 - c, 255)
        }, "glyphs")
    }

    /// The built-in encoder's size over libpng's default (adaptive filters, zlib level 6).
    private func sizeAgainstLibpng(_ image: Pixmap) throws -> Double {
        let ours = try encodePNG(image), libpng = try encodePNG(image, options: PNGEncodingOptions(filter: .adaptive, level: 6))
        XCTAssertEqual(try decodePNG(ours).pixmap, image)
        XCTAssertEqual(ours, try encodePNG(image), "same pixels, same bytes")
        return Double(ours.count) / Double(libpng.count)
    }

    func testAFileHoldsItsBytesNotTheEncodersReservation() throws {
        // The encoder reserves room for the worst case (stored blocks); a flat snapshot's file is a
        // fraction of it, and callers keep many files: the array returned must be its own size.
        let flat = try encodePNG(pixmap(600, 400) { x, _ in x < 300 ? (5, 75, 58, 255) : (255, 255, 255, 255) })
        XCTAssertLessThan(flat.count, 4_000)   // of 960,400 bytes of scanlines
        XCTAssertLessThan(flat.capacity, 2 * flat.count)
    }

    func testGradientsTakeFilteredRowsAndStayCloseToLibpng() throws {
        // Unfiltered, a diagonal gradient has no repeats; filtered, it is a few small residues.
        let gradient = pixmap(256, 192) { x, y in (UInt8(x), UInt8(y * 255 / 191), UInt8((x + y) * 255 / 446), 255) }
        XCTAssertLessThanOrEqual(try sizeAgainstLibpng(gradient), 1.1)
        let unfilteredZlib = try encodePNG(gradient, options: PNGEncodingOptions(filter: .none, level: 6)).count
        XCTAssertLessThan(try encodePNG(gradient).count * 4, unfilteredZlib, "filtered rows, not the unfiltered parse")
    }

    func testNoiseStaysCloseToLibpng() throws {
        var noise = Noise(state: 0xFEED_F00D)
        XCTAssertLessThanOrEqual(try sizeAgainstLibpng(pixmap(128, 96) { _, _ in (noise.next(), noise.next(), noise.next(), 255) }), 1.1)
    }

    func testRowsWiderThanTheWindowStayCloseToLibpng() throws {
        // 8,193 px rows are 32,773 bytes: the row above is out of deflate's reach unless filtered.
        let wide = pixmap(8193, 6) { x, y in (x / 97 + y / 3) % 2 == 0 ? (240, 240, 235, 255) : (x % 5 == 0 ? (20, 30, 40, 255) : (5, 75, 58, 255)) }
        XCTAssertLessThanOrEqual(try sizeAgainstLibpng(wide), 1.1)
    }

    func testBandsOfDifferentKindsRoundTrip() throws {
        // Bands of 64 KiB: flat stripes, then noise, then a gradient, then flat again, so bands choose
        // different encodings and matches reach back across band boundaries (a window of unfiltered
        // rows before filtered ones, and the other way round).
        var noise = Noise(state: 7)
        let image = pixmap(200, 400) { x, y in
            switch y {
            case ..<100: return (x / 40) % 2 == 0 ? (255, 255, 255, 255) : (5, 75, 58, 255)
            case ..<200: return (noise.next(), noise.next(), 128, noise.next() | 1)
            case ..<300: return (UInt8(x), UInt8(y - 200), 9, 255)
            default: return (x / 40) % 2 == 0 ? (255, 255, 255, 255) : (5, 75, 58, 255)
            }
        }
        let bytes = PNGWriter.encode(image, chunks: [], bandBytes: 1 << 16)
        XCTAssertEqual(try decodePNG(bytes).pixmap, image)
        XCTAssertEqual(bytes, PNGWriter.encode(image, chunks: [], bandBytes: 1 << 16), "same pixels, same bytes")
        // One band per row: the smallest bands there are.
        XCTAssertEqual(try decodePNG(PNGWriter.encode(image, chunks: [], bandBytes: 1)).pixmap, image)
    }

    /// A banner-like image: flat rows with blocks of colour (buttons, text-like bars) above and below
    /// a smooth, photo-like band (light shading over the frame, no grain), which filters predict and
    /// the unfiltered parse does not.
    private func gradientPhotoBanner(width: Int = 300, flat: Int = 400, photo: Int = 60) -> Pixmap {
        pixmap(width, 2 * flat + photo) { x, y in
            if y >= flat && y < flat + photo {
                let u = Double(x) / Double(width), v = Double(y - flat) / Double(photo)
                let light = 0.55 + 0.25 * sin(u * 3.1 + v * 1.3) * cos(v * 2.2) + 0.12 * u
                func channel(_ tint: Double) -> UInt8 { UInt8(max(0, min(255, (light * tint * 255).rounded()))) }
                return (channel(1.0), channel(0.8 + 0.1 * v), channel(0.6 + 0.3 * u), 255)
            }
            let row = y < flat ? y : y - flat - photo
            if row % 24 >= 6 && row % 24 < 14 && (x / 9) % 5 != 4 && x > 20 && x < width - 60 { return (250, 250, 245, 255) }
            return (5, 75, 58, 255)
        }
    }

    /// The filter type of each scanline of the built-in encoder's `png` (one IDAT, as it writes).
    private func filterTypes(_ png: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        var offset = 8
        var idat: [UInt8] = []
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: png[offset + 4..<offset + 8], as: UTF8.self) == "IDAT" {
                idat += png[offset + 8..<offset + 8 + length]
            }
            offset += 12 + length
        }
        let rowLength = width * 4 + 1
        var scanlines = [UInt8](repeating: 0, count: rowLength * height)
        var size = uLongf(scanlines.count)
        XCTAssertEqual(uncompress(&scanlines, &size, idat, uLong(idat.count)), Z_OK)
        return (0..<height).map { scanlines[$0 * rowLength] }
    }

    func testAGradientPhotoBetweenFlatRowsDecodesAndStaysCloseToLibpng() throws {
        // Flat rows are most of the image, so it is a flat band: only the photo's rows are filtered.
        let image = gradientPhotoBanner()
        XCTAssertLessThanOrEqual(try sizeAgainstLibpng(image), 1.1)
        let types = try filterTypes(try encodePNG(image), width: image.width, height: image.height)
        // Regions follow groups of rows (27 rows of 1,201 bytes here), so their edges are near the photo's.
        XCTAssertEqual(Set(types[0..<370]), [0], "the flat rows above the photo are unfiltered")
        XCTAssertEqual(Set(types[490...]), [0], "the flat rows below the photo are unfiltered")
        XCTAssertGreaterThan(types[405..<455].filter { $0 != 0 }.count, 45, "the photo's rows are filtered")
        // Bands of 64 KiB: regions inside bands, and windows that hold both kinds of rows.
        let bytes = PNGWriter.encode(image, chunks: [], bandBytes: 1 << 16)
        XCTAssertEqual(try decodePNG(bytes).pixmap, image)
        XCTAssertEqual(bytes, PNGWriter.encode(image, chunks: [], bandBytes: 1 << 16), "same pixels, same bytes")
    }

    func testASnapshotWithoutAPhotoKeepsUnfilteredRows() throws {
        // Text-like bars on flat colour: no group looks like a photo, so no row is filtered.
        let image = pixmap(300, 240) { x, y in
            y % 24 >= 6 && y % 24 < 14 && (x / 9) % 5 != 4 && x > 20 ? (250, 250, 245, 255) : (5, 75, 58, 255)
        }
        XCTAssertEqual(Set(try filterTypes(try encodePNG(image), width: 300, height: 240)), [0])
    }

    /// The quick effort (the studio's tiles) writes the photo's rows unfiltered, as the fast parse
    /// found them, with no filtered trial; the pixels are the same, the bytes the same every time, and a
    /// snapshot without a photo is the same file at both efforts (the smallest effort writes it as
    /// parsed too). Noise, in a band that is not flat, is written unfiltered as well.
    func testTheQuickEffortWritesEveryRowUnfilteredWithTheSamePixels() throws {
        let photo = gradientPhotoBanner()
        let quick = try encodePNG(photo, options: .quick)
        XCTAssertEqual(try decodePNG(quick).pixmap, photo)
        XCTAssertEqual(quick, try encodePNG(photo, options: .quick), "same pixels, same bytes")
        XCTAssertEqual(Set(try filterTypes(quick, width: photo.width, height: photo.height)), [0])
        XCTAssertNotEqual(Set(try filterTypes(try encodePNG(photo), width: photo.width, height: photo.height)), [0],
                          "the smallest effort filters the photo's rows")
        let snapshot = pixmap(300, 240) { x, y in
            y % 24 >= 6 && y % 24 < 14 && (x / 9) % 5 != 4 && x > 20 ? (250, 250, 245, 255) : (5, 75, 58, 255)
        }
        XCTAssertEqual(try encodePNG(snapshot, options: .quick), try encodePNG(snapshot))
        var noise = Noise(state: 0x0DDB_1A5E_5BAD_5EED)
        let grain = pixmap(120, 90) { x, y in (UInt8(x * 2) &+ noise.next() % 9, UInt8(y * 2) &+ noise.next() % 9, 90, 255) }
        let grainy = try encodePNG(grain, options: .quick)
        XCTAssertEqual(try decodePNG(grainy).pixmap, grain)
        XCTAssertEqual(Set(try filterTypes(grainy, width: grain.width, height: grain.height)), [0])
    }

    func testRegionChoiceWeighsEachSwitch() {
        // Filtered is cheaper in groups 1...3; a switch costs 50 bits.
        let fast = [10, 100, 100, 100, 10], filtered = [Int.max, 40, 40, 40, 80]
        XCTAssertEqual(RegionChoice.choose(fast: fast, filtered: filtered, switchBits: 50).0, [false, true, true, true, false])
        XCTAssertEqual(RegionChoice.choose(fast: fast, filtered: filtered, switchBits: 50).1, 10 + 50 + 120 + 50 + 10)
        // A saving smaller than two switches is not worth its region.
        XCTAssertEqual(RegionChoice.choose(fast: [10, 100, 10], filtered: [Int.max, 40, Int.max], switchBits: 50).0,
                       [false, false, false])
        XCTAssertEqual(RegionChoice.runs([true, true, false, true], of: true).map { [$0.0, $0.1] }, [[0, 2], [3, 4]])
    }

    /// A photograph-like band (smooth light and ±6 levels of grain, which no filter predicts) above
    /// flat rows with text-like bars: a band that is not flat, whose photo rows are written filtered
    /// and its flat rows unfiltered.
    private func grainyPhotoAboveFlatRows(width: Int = 240, photo: Int = 90, flat: Int = 150) -> Pixmap {
        var noise = Noise(state: 0xC0FFEE)
        return pixmap(width, photo + flat) { x, y in
            guard y < photo else {
                return y % 24 >= 6 && y % 24 < 14 && (x / 9) % 5 != 4 && x > 20 ? (250, 250, 245, 255) : (5, 75, 58, 255)
            }
            let light = 0.5 + 0.25 * sin(Double(x) / 40) * cos(Double(y) / 30)
            func channel(_ tint: Double) -> UInt8 {
                UInt8(max(0, min(255, (light * tint * 255 + Double(Int(noise.next() % 13) - 6)).rounded())))
            }
            return (channel(1.0), channel(0.85), channel(0.7), 255)
        }
    }

    func testPhotosGradientsAndNoiseRoundTripAndAreNoLargerThanLibpngsDefault() throws {
        var noise = Noise(state: 0xBADC0DE)
        let images: [(String, Pixmap)] = [
            ("grainy photo above flat rows", grainyPhotoAboveFlatRows()),
            ("smooth photo between flat rows", gradientPhotoBanner()),
            ("gradient", pixmap(320, 200) { x, y in (UInt8(x * 255 / 319), UInt8(y * 255 / 199), UInt8((x + y) * 255 / 518), 255) }),
            ("noise", pixmap(256, 160) { _, _ in (noise.next(), noise.next(), noise.next(), 255) }),
        ]
        for (name, image) in images {
            let ours = try encodePNG(image), libpng = try encodePNG(image, options: PNGEncodingOptions(filter: .adaptive, level: 6))
            XCTAssertEqual(try decodePNG(ours).pixmap, image, name)
            XCTAssertEqual(ours, try encodePNG(image), "\(name): same pixels, same bytes")
            XCTAssertLessThanOrEqual(ours.count, libpng.count, "\(name): no larger than libpng's default")
            // Several bands: regions, kept trial tokens and windows across bands.
            let banded = PNGWriter.encode(image, chunks: [], bandBytes: 1 << 15)
            XCTAssertEqual(try decodePNG(banded).pixmap, image, "\(name) in bands")
            XCTAssertEqual(banded, PNGWriter.encode(image, chunks: [], bandBytes: 1 << 15), "\(name) in bands: same bytes")
        }
    }

    func testAGrainyPhotosRowsAreFilteredNotLeftOutAsNoise() throws {
        // Its rows cost the fast parse over 6 bits a byte, as noise does, but a sample filtered saves
        // a third of that: they are tried, and written, filtered.
        let image = grainyPhotoAboveFlatRows()
        let types = try filterTypes(try encodePNG(image), width: image.width, height: image.height)
        // Groups of 34 rows (of 961 bytes): the first two are all photo.
        XCTAssertGreaterThan(types[0..<68].filter { $0 != 0 }.count, 60, "the photo's rows are filtered")
    }

    func testKeptTrialTokensCopyOnlyBytesWrittenAsTheTrialSawThem() {
        // Groups of 16 bytes; group 0 is written unfiltered, groups 1 and 2 filtered.
        let data = [UInt8](0..<48)
        let filter = [false, true, true]
        func match(_ length: Int, _ distance: Int) -> UInt32 { LZ77.matchFlag | UInt32(length) << 15 | UInt32(distance - 1) }
        data.withUnsafeBufferPointer { data in
            let bytes = data.baseAddress!
            // A trial run over groups 1 and 2 (from offset 16): 8 literals, a match 8 back, 16 literals.
            let inside = Array((16..<24).map { UInt32($0) }) + [match(8, 8)] + (32..<48).map { UInt32($0) }
            XCTAssertEqual(RegionChoice.keptTokens(inside[...], from: 16, start: 16, end: 48, filter: filter,
                                                   groupBytes: 16, data: bytes), inside)
            // The same match 20 back copies group 0, now written differently: the region is parsed again.
            let outside = Array((16..<24).map { UInt32($0) }) + [match(8, 20)] + (32..<48).map { UInt32($0) }
            XCTAssertNil(RegionChoice.keptTokens(outside[...], from: 16, start: 16, end: 48, filter: filter,
                                                 groupBytes: 16, data: bytes))
            // A region from offset 26: the match is cut to its last 6 bytes; from 30, to 2 literals.
            XCTAssertEqual(RegionChoice.keptTokens(inside[...], from: 16, start: 26, end: 48, filter: filter,
                                                   groupBytes: 16, data: bytes), [match(6, 8)] + (32..<48).map { UInt32($0) })
            XCTAssertEqual(RegionChoice.keptTokens(inside[...], from: 16, start: 30, end: 40, filter: filter,
                                                   groupBytes: 16, data: bytes), (30..<40).map { UInt32($0) })
        }
    }

    func testRowFiltersMatchThePNGDefinitionsAndLibpngsChoice() {
        // Every filter byte by byte as PNG §9 defines it, and the minimum sum of absolute values
        // (lowest type on a tie), against the vector code, for widths that leave tails of every size.
        func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
            let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
            return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
        }
        var noise = Noise(state: 42)
        for width in [1, 2, 3, 4, 5, 7, 8, 9, 17, 33, 100] {
            for kind in 0..<4 {
                let count = width * 4
                let above = (0..<count).map { x in kind == 0 ? noise.next() : UInt8(truncatingIfNeeded: x * 3 + kind) }
                let row = (0..<count).map { x in kind == 1 ? above[x] : kind == 2 ? UInt8(truncatingIfNeeded: x * 3) : noise.next() }
                var expected: [[UInt8]] = []
                for type in 0..<5 {
                    expected.append((0..<count).map { x in
                        let a = x >= 4 ? Int(row[x - 4]) : 0, b = Int(above[x]), c = x >= 4 ? Int(above[x - 4]) : 0
                        let predictor = [0, a, b, (a + b) / 2, paeth(a, b, c)][type]
                        return UInt8(truncatingIfNeeded: Int(row[x]) - predictor)
                    })
                }
                let sums = expected.map { $0.reduce(0) { $0 + abs(Int(Int8(bitPattern: $1))) } }
                let best = sums.firstIndex(of: sums.min()!)!
                var target = [UInt8](repeating: 0xEE, count: count + 1)
                RowFilters.filterRow(row, above: above, count: count, into: &target)
                XCTAssertEqual(target, [UInt8(best)] + expected[best], "width \(width), kind \(kind)")
            }
        }
    }

    func testAdler32MatchesZlib() {
        var noise = Noise(state: 99)
        let data = (0..<70_000).map { i in i % 5000 < 2500 ? noise.next() : 255 }
        data.withUnsafeBufferPointer { bytes in
            for (start, count) in [(0, 0), (0, 1), (3, 15), (5, 16), (7, 5551), (1, 5552), (2, 5553), (0, 70_000), (13, 40_001)] {
                let ours = adler32(bytes.baseAddress! + start, count: count)
                let zlib = UInt32(adler32_z(1, bytes.baseAddress! + start, count))
                XCTAssertEqual(ours, zlib, "\(count) bytes from \(start)")
            }
            // Continuing a checksum gives the checksum of the concatenation.
            let split = adler32(bytes.baseAddress! + 1000, count: 9000, continuing: adler32(bytes.baseAddress!, count: 1000))
            XCTAssertEqual(split, adler32(bytes.baseAddress!, count: 10_000))
        }
    }

    func testHuffmanLengthsAreCompleteAndLimited() {
        // Fibonacci frequencies make the unlimited tree as deep as there are symbols.
        var fibonacci = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        for (frequencies, limit) in [(fibonacci, 15), (fibonacci, 7), ([5, 0, 0, 9, 1, 1, 1], 15), (Array(repeating: 3, count: 286), 15)] {
            let lengths = Huffman.lengths(frequencies, limit: limit)
            XCTAssertLessThanOrEqual(Int(lengths.max() ?? 0), limit)
            let kraft = lengths.filter { $0 > 0 }.reduce(0.0) { $0 + pow(2, -Double($1)) }
            XCTAssertEqual(kraft, 1, accuracy: 1e-12, "a complete code")
            for (symbol, frequency) in frequencies.enumerated() { XCTAssertEqual(lengths[symbol] > 0, frequency > 0) }
        }
        // One used symbol (or none) still gets a decodable two-code table.
        XCTAssertEqual(Huffman.lengths([0, 0, 7, 0], limit: 15).filter { $0 > 0 }.count, 2)
        XCTAssertEqual(Huffman.lengths([0, 0, 0], limit: 15).filter { $0 > 0 }.count, 2)
    }

    func testDeflateTablesAgreeWithTheRFC() {
        for length in 3...258 {
            let index = Int(DeflateTables.lengthIndex[length])
            let base = DeflateTables.lengthBase[index], extra = DeflateTables.lengthExtraBits[index]
            XCTAssertTrue(length >= base && length - base < 1 << extra, "length \(length)")
        }
        XCTAssertEqual(DeflateTables.lengthIndex[258], 28)
        XCTAssertEqual(DeflateTables.lengthIndex[257], 27)
        for distance in [1, 2, 4, 5, 6, 7, 8, 9, 24, 25, 256, 257, 4096, 4097, 24_577, 32_768] {
            let code = DeflateTables.distanceCode(distance)
            let base = DeflateTables.distanceBase[code], extra = DeflateTables.distanceExtraBits[code]
            XCTAssertTrue(distance >= base && distance - base < 1 << extra, "distance \(distance)")
        }
    }
}
