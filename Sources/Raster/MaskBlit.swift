extension Pixmap {
    /// Composites `color` through `mask` (a glyph, say) with the mask's top-left pixel at (x, y),
    /// source-over; the parts of the mask outside the pixmap are skipped.
    public mutating func blit(mask: CoverageMask, at x: Int, y: Int, color: Color) {
        guard color.a > 0 else { return }
        // Overlap in pixmap coordinates, computed without overflow for any Int offset.
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x.addingReportingOverflow(mask.width).overflow ? width : x + mask.width)
        let y1 = min(height, y.addingReportingOverflow(mask.height).overflow ? height : y + mask.height)
        guard x0 < x1, y0 < y1 else { return }
        let src = PremultipliedColor(color)
        let w = width
        mask.coverage.withUnsafeBufferPointer { m in
            pixels.withUnsafeMutableBufferPointer { buf in
                guard let base = buf.baseAddress, let mbase = m.baseAddress else { return }
                for py in y0..<y1 {
                    let mrow = mbase + (py - y) * mask.width
                    let row = base + py * w * 4
                    for px in x0..<x1 {
                        let c = UInt32(mrow[px - x])
                        if c == 0 { continue }
                        blend(row + px * 4, c == 255 ? src : src.scaled(by: c))
                    }
                }
            }
        }
    }
}
