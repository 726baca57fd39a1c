/// The boundary between the rasterizer (which computes coverage) and whatever consumes it
/// (compositing a colour into a pixmap, writing a mask).
///
/// The rasterizer calls `blitSpan` once per run of equal coverage, left to right, rows top to bottom,
/// never with zero coverage and always inside the clip it was given. Long interiors of a shape arrive
/// as one span of coverage 255, so a blitter can fill them like a memset.
protocol Blitter {
    mutating func blitSpan(x: Int, y: Int, count: Int, coverage: UInt8)
}

/// Writes coverage into an A8 buffer whose pixel (0, 0) is device pixel (`originX`, `originY`).
struct MaskBlitter: Blitter {
    let base: UnsafeMutablePointer<UInt8>
    let width: Int
    let originX: Int, originY: Int

    func blitSpan(x: Int, y: Int, count: Int, coverage: UInt8) {
        (base + (y - originY) * width + (x - originX)).update(repeating: coverage, count: count)
    }
}

extension CoverageMask {
    /// The coverage of `path` (non-zero winding, exact-area anti-aliasing) over the pixels
    /// (0, 0)…(width, height) after `transform`; nil when the size is negative or over
    /// `Pixmap.maximumPixelCount`.
    package init?(filling path: Path, transform: Transform = .identity, width: Int, height: Int) {
        guard width >= 0, height >= 0, height == 0 || width <= Pixmap.maximumPixelCount / height else { return nil }
        var bytes = [UInt8](repeating: 0, count: width * height)
        let flat = FlattenedPath(path, transform: transform)
        bytes.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            var blitter = MaskBlitter(base: base, width: width, originX: 0, originY: 0)
            Rasterizer.fill(flat, clip: IntRect(x0: 0, y0: 0, x1: width, y1: height), into: &blitter)
        }
        self.init(width: width, height: height, coverage: bytes)
    }
}
