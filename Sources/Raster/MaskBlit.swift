extension Pixmap {
    /// Composites `color` through `mask` (a glyph, say) with the mask's top-left pixel at (x, y),
    /// source-over; the parts of the mask outside the pixmap are skipped.
    package mutating func blit(mask: CoverageMask, at x: Int, y: Int, color: Color) {
        guard color.a > 0 else { return }
        // Overlap in pixmap coordinates, computed without overflow for any Int offset.
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x.addingReportingOverflow(mask.width).overflow ? width : x + mask.width)
        let y1 = min(height, y.addingReportingOverflow(mask.height).overflow ? height : y + mask.height)
        guard x0 < x1, y0 < y1 else { return }
        let word = PremultipliedColor(color).word
        let opaque = color.a == 255
        let w = width
        mask.coverage.withUnsafeBufferPointer { m in
            pixels.withUnsafeMutableBufferPointer { buf in
                guard let base = buf.baseAddress, let mbase = m.baseAddress else { return }
                for py in y0..<y1 {
                    let coverage = mbase + (py - y) * mask.width - x   // indexed by pixmap x
                    let row = UnsafeMutableRawPointer(base + py * w * 4)
                    var px = x0
                    while px < x1 {
                        // Glyph masks are mostly empty and their stems fully covered: eight clear
                        // bytes are skipped at once, four full ones (opaque colour) stored at once.
                        if px + 8 <= x1 {
                            let eight = UnsafeRawPointer(coverage + px).loadUnaligned(as: UInt64.self)
                            if eight == 0 { px += 8; continue }
                            if opaque && UInt32(truncatingIfNeeded: eight) == UInt32.max {
                                for i in 0..<4 { row.storeBytes(of: word, toByteOffset: (px + i) * 4, as: UInt32.self) }
                                px += 4
                                continue
                            }
                        }
                        let c = UInt32(coverage[px])
                        if c == 255 && opaque {
                            // Source-over of an opaque colour at full coverage is the colour itself.
                            row.storeBytes(of: word, toByteOffset: px * 4, as: UInt32.self)
                        } else if c != 0 {
                            blend(base + py * w * 4 + px * 4, word: word, coverage: c)
                        }
                        px += 1
                    }
                }
            }
        }
    }
}
