// Compositing: source-over of premultiplied colour, in sRGB space.
//
// Like iOS and Skia by default, blending happens on the encoded sRGB values (no linearization), so
// black at alpha 128 over white gives 127, the grey designers expect from their tools. Colours come in
// straight (`Color`) and are premultiplied once; pixels stay premultiplied, so source-over is
// dst = src·cov + dst·(1 − srcAlpha·cov), with every product rounded by `div255`.

/// A colour premultiplied by its alpha, channels 0…255, held wide for the arithmetic.
struct PremultipliedColor {
    var r: UInt32, g: UInt32, b: UInt32, a: UInt32

    init(_ c: Color) {
        let a = UInt32(c.a)
        r = div255(UInt32(c.r) * a); g = div255(UInt32(c.g) * a); b = div255(UInt32(c.b) * a); self.a = a
    }

    init(r: UInt32, g: UInt32, b: UInt32, a: UInt32) { self.r = r; self.g = g; self.b = b; self.a = a }

    /// The colour scaled by a coverage or opacity of `c`/255.
    @inline(__always) func scaled(by c: UInt32) -> PremultipliedColor {
        PremultipliedColor(r: div255(r * c), g: div255(g * c), b: div255(b * c), a: div255(a * c))
    }

    /// The four bytes R, G, B, A as one word in memory order.
    var word: UInt32 { UInt32(littleEndian: r | g << 8 | b << 16 | a << 24) }
}

/// x / 255 rounded to nearest, exact for x ≤ 255·255.
@inline(__always) func div255(_ x: UInt32) -> UInt32 {
    let t = x + 128
    return (t + (t >> 8)) >> 8
}

/// Source-over of a premultiplied colour onto the pixel at `p`.
///
/// Works on the pixel as one 32-bit word, two channels per multiply (R and B in one, G and A in the
/// other, each in its own 16-bit lane), with the same rounding as `div255` in each lane. For valid
/// premultiplied pixels no lane can carry into the next; for pixmaps wrapped from outside whose
/// channels exceed their alpha, the wrapping arithmetic gives a wrong colour rather than a trap.
@inline(__always) func blend(_ p: UnsafeMutablePointer<UInt8>, _ s: PremultipliedColor) {
    let raw = UnsafeMutableRawPointer(p)
    let d = UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))
    let inv = 255 &- s.a
    let rb = div255Lanes((d & 0x00FF_00FF) &* inv)
    let ga = div255Lanes(((d >> 8) & 0x00FF_00FF) &* inv)
    let src = s.r | s.g << 8 | s.b << 16 | s.a << 24
    raw.storeBytes(of: (src &+ (rb | ga << 8)).littleEndian, as: UInt32.self)
}

/// Source-over of the premultiplied colour `word` (R, G, B, A in memory order) at coverage `c`/255:
/// the same result as `blend(p, color.scaled(by: c))`, with the scaling done two lanes at a time.
@inline(__always) func blend(_ p: UnsafeMutablePointer<UInt8>, word: UInt32, coverage c: UInt32) {
    let s = UInt32(littleEndian: word)
    let srb = div255Lanes((s & 0x00FF_00FF) &* c)
    let sga = div255Lanes(((s >> 8) & 0x00FF_00FF) &* c)
    let raw = UnsafeMutableRawPointer(p)
    let d = UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))
    let inv = 255 &- (sga >> 16)
    let rb = div255Lanes((d & 0x00FF_00FF) &* inv)
    let ga = div255Lanes(((d >> 8) & 0x00FF_00FF) &* inv)
    raw.storeBytes(of: ((srb | sga << 8) &+ (rb | ga << 8)).littleEndian, as: UInt32.self)
}

/// `div255` on the two 16-bit lanes of `x` at once.
@inline(__always) func div255Lanes(_ x: UInt32) -> UInt32 {
    let t = x &+ 0x0080_0080
    return ((t &+ ((t >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
}

/// Composites one solid colour through the rasterizer's coverage.
struct SolidBlitter: Blitter {
    let base: UnsafeMutablePointer<UInt8>
    let width: Int
    let color: PremultipliedColor

    func blitSpan(x: Int, y: Int, count: Int, coverage: UInt8) {
        var p = base + (y * width + x) * 4
        if coverage == 255 && color.a == 255 {
            // Opaque interior: a plain fill of 32-bit words.
            UnsafeMutableRawPointer(p).initializeMemory(as: UInt32.self, repeating: color.word, count: count)
            return
        }
        let s = coverage == 255 ? color : color.scaled(by: UInt32(coverage))
        for _ in 0..<count { blend(p, s); p += 4 }
    }
}

/// Paints the first shape of a fresh pixmap into memory that holds nothing yet: the gaps between
/// spans are zeroed as the rasterizer moves on (spans arrive left to right, rows top to bottom), and
/// a span is the colour at its coverage, which is what source-over onto transparent black gives.
struct FirstPaintBlitter: Blitter {
    let base: UnsafeMutablePointer<UInt32>
    let width: Int
    let color: PremultipliedColor
    /// Pixels before this index are written.
    private(set) var written = 0

    init(base: UnsafeMutablePointer<UInt32>, width: Int, color: PremultipliedColor) {
        self.base = base; self.width = width; self.color = color
    }

    mutating func blitSpan(x: Int, y: Int, count: Int, coverage: UInt8) {
        let start = y * width + x
        clear(upTo: start)
        let word = coverage == 255 ? color.word : color.scaled(by: UInt32(coverage)).word
        (base + start).initialize(repeating: word, count: count)
        written = start + count
    }

    mutating func clear(upTo end: Int) {
        if end > written { (base + written).initialize(repeating: 0, count: end - written) }
        written = max(written, end)
    }
}

extension Pixmap {
    /// A transparent pixmap with `roundedRect` filled in `color`: the same pixels as
    /// `Pixmap(width:height:)` followed by `fill(roundedRect, color:, transform:)`, with every pixel
    /// written once (a snapshot's card covers the whole image). Nil like `init?(width:height:)`.
    package init?(width: Int, height: Int, filling roundedRect: RoundedRect, color: Color,
                 transform: Transform = .identity) {
        guard width > 0, height > 0, width <= Pixmap.maximumPixelCount / height else { return nil }
        let flat = FlattenedPath(roundedRect.path, transform: transform)
        let premultiplied = PremultipliedColor(color)
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, initialized in
            let count = width * height
            guard let raw = UnsafeMutableRawPointer(buffer.baseAddress) else { return }
            var blitter = FirstPaintBlitter(base: raw.bindMemory(to: UInt32.self, capacity: count),
                                            width: width, color: premultiplied)
            if color.a > 0 {
                Rasterizer.fill(flat, clip: IntRect(x0: 0, y0: 0, x1: width, y1: height), into: &blitter)
            }
            blitter.clear(upTo: count)
            initialized = count * 4
        }
        self.init(width: width, height: height, premultipliedPixels: pixels)
    }

    /// The whole pixmap as an integer clip.
    var bounds: IntRect { IntRect(x0: 0, y0: 0, x1: width, y1: height) }

    /// Fills `path` (non-zero winding, exact-area anti-aliasing) with `color`, source-over.
    package mutating func fill(_ path: Path, color: Color, transform: Transform = .identity) {
        guard color.a > 0 else { return }
        let flat = FlattenedPath(path, transform: transform)
        let (w, clip, premultiplied) = (width, bounds, PremultipliedColor(color))
        pixels.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            var blitter = SolidBlitter(base: base, width: w, color: premultiplied)
            Rasterizer.fill(flat, clip: clip, into: &blitter)
        }
    }

    /// Fills a rectangle; fractional edges get their exact partial coverage.
    package mutating func fill(_ rect: Rect, color: Color, transform: Transform = .identity) {
        fill(Path(rect: rect), color: color, transform: transform)
    }

    /// Fills a rounded rectangle (radii clamped like CSS, see `RoundedRect`).
    package mutating func fillRoundedRect(_ rect: Rect, radii: CornerRadii, color: Color,
                                         transform: Transform = .identity) {
        fill(RoundedRect(rect: rect, radii: radii).path, color: color, transform: transform)
    }

    package mutating func fill(_ roundedRect: RoundedRect, color: Color, transform: Transform = .identity) {
        fill(roundedRect.path, color: color, transform: transform)
    }
}
