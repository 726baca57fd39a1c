// Image and emoji blits: a premultiplied pixmap drawn scaled into a float rectangle.
//
// The destination rectangle and the optional rounded clip are rasterized like any fill, so fractional
// edges and rounded corners get exact-area coverage; the source is resampled separably (see
// `ResampleAxis`: area-averaging down, bilinear up), and each pixel is composited source-over with
// its colour scaled by coverage × opacity. Where the rectangle's edge runs along the clip's, taking the
// smaller of the two coverages gives the intersection's area (the product would count it twice).
//
// The horizontal pass runs on demand, one source row at a time, into a small ring of rows: the source
// rows that destination rows need only move forwards, so a ring as deep as the largest vertical tap
// count never throws away a row still in use, and a large photo never needs a full-size float copy.

extension Pixmap {
    /// Draws `image` (premultiplied, like every pixmap) scaled to fill `rect`, given in this pixmap's
    /// pixels, multiplied by `opacity` (0…1) and, when `clip` is set, masked by that rounded rectangle.
    package mutating func draw(_ image: Pixmap, in rect: Rect, opacity: Double = 1, clip: RoundedRect? = nil) {
        let alpha = opacity.isNaN ? 0 : UInt32((min(1, max(0, opacity)) * 255).rounded())
        guard alpha > 0, !rect.isEmpty, rect.width.isFinite, rect.height.isFinite else { return }

        let shape = FlattenedPath(Path(rect: rect), transform: .identity)
        var region = shape.pixelBounds.intersection(bounds)
        let clipShape = clip.map { FlattenedPath($0.path, transform: .identity) }
        if let clipShape { region = region.intersection(clipShape.pixelBounds) }
        guard !region.isEmpty else { return }

        let coverage = Self.coverage(of: shape, and: clipShape, over: region)
        let xs = ResampleAxis(start: region.x0, length: region.width, origin: rect.x, size: rect.width,
                              sourceSize: image.width)
        let ys = ResampleAxis(start: region.y0, length: region.height, origin: rect.y, size: rect.height,
                              sourceSize: image.height)
        let (rw, w, iw) = (region.width, width, image.width)
        let depth = ys.maxCount
        var ring = [Float](repeating: 0, count: depth * rw * 4)   // small: a few rows
        var ringHolds = [Int](repeating: -1, count: depth)   // which source row each slot holds
        var line = [Float](repeating: 0, count: rw * 4)

        image.pixels.withUnsafeBufferPointer { src in
        pixels.withUnsafeMutableBufferPointer { buf in
        ring.withUnsafeMutableBufferPointer { ring in
        line.withUnsafeMutableBufferPointer { acc in
        coverage.withUnsafeBufferPointer { coverage in
        xs.withTaps { xTaps in
        ys.withTaps { yTaps in
            guard let base = buf.baseAddress, let ringBase = ring.baseAddress, let accBase = acc.baseAddress,
                  let coverageBase = coverage.baseAddress else { return }
            for yi in 0..<region.height {
                accBase.update(repeating: 0, count: acc.count)
                for t in yTaps.first[yi]..<(yTaps.first[yi] + yTaps.count[yi]) {
                    let sy = yTaps.source[t], slot = sy % depth
                    let row = ringBase + slot * rw * 4
                    if ringHolds[slot] != sy {
                        Self.resampleRow(src, from: sy * iw * 4, xs: xTaps, into: row, width: rw)
                        ringHolds[slot] = sy
                    }
                    let wt = yTaps.weight[t]
                    for i in 0..<acc.count { accBase[i] += row[i] * wt }
                }
                let out = base + ((region.y0 + yi) * w + region.x0) * 4
                let rowCoverage = coverageBase + yi * rw
                for xi in 0..<rw {
                    let c = div255(UInt32(rowCoverage[xi]) * alpha)
                    if c == 0 { continue }
                    let k = xi * 4
                    let word = Self.channel(accBase[k]) | Self.channel(accBase[k + 1]) << 8
                        | Self.channel(accBase[k + 2]) << 16 | Self.channel(accBase[k + 3]) << 24
                    if c == 255 && word >> 24 == 255 {
                        // An opaque pixel at full coverage replaces what is there.
                        UnsafeMutableRawPointer(out + k).storeBytes(of: word.littleEndian, as: UInt32.self)
                    } else {
                        blend(out + k, word: word.littleEndian, coverage: c)
                    }
                }
            }
        }
        }
        }
        }
        }
        }
        }
    }

    @inline(__always) private static func channel(_ v: Float) -> UInt32 { UInt32(min(255, max(0, v + 0.5))) }

    /// Coverage of the destination rectangle, limited by the clip's, over `region` (A8, row-major).
    private static func coverage(of shape: FlattenedPath, and clip: FlattenedPath?, over region: IntRect) -> [UInt8] {
        func rasterize(_ s: FlattenedPath) -> [UInt8] {
            [UInt8](unsafeUninitializedCapacity: region.width * region.height) { buf, initialized in
                buf.initialize(repeating: 0)
                initialized = buf.count
                guard let base = buf.baseAddress else { return }
                var blitter = MaskBlitter(base: base, width: region.width, originX: region.x0, originY: region.y0)
                Rasterizer.fill(s, clip: region, into: &blitter)
            }
        }
        var cov = rasterize(shape)
        if let clip {
            let clipCov = rasterize(clip)
            cov.withUnsafeMutableBufferPointer { cov in
                clipCov.withUnsafeBufferPointer { clipCov in
                    for i in 0..<min(cov.count, clipCov.count) { cov[i] = min(cov[i], clipCov[i]) }
                }
            }
        }
        return cov
    }

    /// The horizontal pass for one source row (starting at byte `start`), as Float RGBA.
    private static func resampleRow(_ src: UnsafeBufferPointer<UInt8>, from start: Int, xs: ResampleTaps,
                                    into dst: UnsafeMutablePointer<Float>, width: Int) {
        for xi in 0..<width {
            var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
            for t in xs.first[xi]..<(xs.first[xi] + xs.count[xi]) {
                let k = start + xs.source[t] * 4
                let wt = xs.weight[t]
                r += Float(src[k]) * wt; g += Float(src[k + 1]) * wt
                b += Float(src[k + 2]) * wt; a += Float(src[k + 3]) * wt
            }
            dst[xi * 4] = r; dst[xi * 4 + 1] = g; dst[xi * 4 + 2] = b; dst[xi * 4 + 3] = a
        }
    }
}
