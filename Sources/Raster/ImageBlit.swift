// Image and emoji blits: a premultiplied pixmap drawn scaled into a float rectangle.
//
// The destination rectangle and the optional rounded clip are rasterized like any fill, so fractional
// edges and rounded corners get exact-area coverage; the source is resampled separably (see
// `ResampleAxis`: area-averaging down, bilinear up), and each pixel is composited source-over with
// its colour scaled by coverage × opacity. Where the rectangle's edge runs along the clip's, taking the
// smaller of the two coverages gives the intersection's area (the product would count it twice).

extension Pixmap {
    /// Draws `image` (premultiplied, like every pixmap) scaled to fill `rect`, given in this pixmap's
    /// pixels, multiplied by `opacity` (0…1) and, when `clip` is set, masked by that rounded rectangle.
    public mutating func draw(_ image: Pixmap, in rect: Rect, opacity: Double = 1, clip: RoundedRect? = nil) {
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
        let rows = Self.resampleRows(image, xs: xs, rows: ys.sourceRange, width: region.width)
        let firstRow = ys.sourceRange.lowerBound
        let (rw, w) = (region.width, width)

        pixels.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            rows.withUnsafeBufferPointer { tmp in
                for yi in 0..<region.height {
                    let out = base + ((region.y0 + yi) * w + region.x0) * 4
                    let tapStart = ys.first[yi], tapEnd = tapStart + ys.count[yi]
                    for xi in 0..<rw {
                        let c = div255(UInt32(coverage[yi * rw + xi]) * alpha)
                        if c == 0 { continue }
                        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                        for t in tapStart..<tapEnd {
                            let k = ((ys.source[t] - firstRow) * rw + xi) * 4
                            let wt = ys.weight[t]
                            r += tmp[k] * wt; g += tmp[k + 1] * wt; b += tmp[k + 2] * wt; a += tmp[k + 3] * wt
                        }
                        let px = PremultipliedColor(r: Self.channel(r), g: Self.channel(g),
                                                    b: Self.channel(b), a: Self.channel(a))
                        blend(out + xi * 4, c == 255 ? px : px.scaled(by: c))
                    }
                }
            }
        }
    }

    @inline(__always) private static func channel(_ v: Float) -> UInt32 { UInt32(min(255, max(0, v + 0.5))) }

    /// Coverage of the destination rectangle, limited by the clip's, over `region` (A8, row-major).
    private static func coverage(of shape: FlattenedPath, and clip: FlattenedPath?, over region: IntRect) -> [UInt8] {
        func rasterize(_ s: FlattenedPath) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: region.width * region.height)
            bytes.withUnsafeMutableBufferPointer { buf in
                guard let base = buf.baseAddress else { return }
                var blitter = MaskBlitter(base: base, width: region.width, originX: region.x0, originY: region.y0)
                Rasterizer.fill(s, clip: region, into: &blitter)
            }
            return bytes
        }
        var cov = rasterize(shape)
        if let clip {
            let clipCov = rasterize(clip)
            for i in cov.indices { cov[i] = min(cov[i], clipCov[i]) }
        }
        return cov
    }

    /// The horizontal pass: each source row in `rows`, resampled to the destination columns, as Float RGBA.
    private static func resampleRows(_ image: Pixmap, xs: ResampleAxis, rows: ClosedRange<Int>, width: Int) -> [Float] {
        var out = [Float](repeating: 0, count: rows.count * width * 4)
        let iw = image.width
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for (ri, sy) in rows.enumerated() {
                    let srow = sy * iw * 4
                    for xi in 0..<width {
                        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                        for t in xs.first[xi]..<(xs.first[xi] + xs.count[xi]) {
                            let k = srow + xs.source[t] * 4
                            let wt = xs.weight[t]
                            r += Float(src[k]) * wt; g += Float(src[k + 1]) * wt
                            b += Float(src[k + 2]) * wt; a += Float(src[k + 3]) * wt
                        }
                        let o = (ri * width + xi) * 4
                        dst[o] = r; dst[o + 1] = g; dst[o + 2] = b; dst[o + 3] = a
                    }
                }
            }
        }
        return out
    }
}
