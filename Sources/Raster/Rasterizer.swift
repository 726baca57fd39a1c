// The coverage rasterizer: exact-area anti-aliasing by signed-area accumulation.
//
// The approach is the one of font-rs and stb_truetype v2 rather than supersampling. Every edge, walked
// one pixel row at a time, deposits into a buffer of cells the signed area it sweeps: for the stretch of
// an edge inside row y, the cell where it lies receives the part of the row height `dy` that falls to
// the right of the edge within that cell, and the cell after it the rest. (An edge crossing several
// cells in one row spreads the exact trapezoid areas over them.) A running sum along the row then
// turns these deposits into the signed area covered in each pixel: left of all edges it is 0, inside a
// shape ±1, and on an edge the exact fraction of the pixel that lies inside. Edges going down add,
// edges going up subtract, so the absolute value of the sum clamped to 1 is the non-zero winding rule
// (exact where contours do not overlap inside one pixel, which is the case for everything we draw).
//
// Clipping keeps the arithmetic exact: edge stretches above or below the clip are dropped; stretches
// left of it are moved onto its left side (they still cover everything to their right), stretches right
// of it onto its right side (a column past the end that is never read out).
//
// The buffer covers only the path's bounds inside the clip. Cells are Float: the sums of at most a few
// thousand cells stay within 1e-4 of exact, far below 1/255.
//
// Large shapes touch few cells: a card 1170 px wide has two edges per row, and its other cells stay
// zero. So the buffer is split into blocks of 16 cells per row, left uninitialised, and a block is
// zeroed only when an edge first deposits into it. The running sum skips clean blocks whole (adding
// zeros would not change it), so filling a card costs the memory of its edges plus one span per row,
// and the coverage is bit for bit what the dense buffer gave.

enum Rasterizer {
    /// Fills `path` with the non-zero rule, reporting coverage inside `clip` to `blitter`.
    static func fill<B: Blitter>(_ path: FlattenedPath, clip: IntRect, into blitter: inout B) {
        let region = path.pixelBounds.intersection(clip)
        guard !region.isEmpty else { return }
        var cells = CellBuffer(width: region.width, height: region.height)
        defer { cells.deallocate() }
        let ox = Double(region.x0), oy = Double(region.y0)
        for e in path.edges {
            cells.addEdge(Float(e.x0 - ox), Float(e.y0 - oy), Float(e.x1 - ox), Float(e.y1 - oy))
        }
        cells.emitSpans(originX: region.x0, originY: region.y0, into: &blitter)
    }
}

/// Signed-area cells for a `width`×`height` region, two spare columns on the right for edges
/// clamped onto the right side, in blocks of 16 cells per row that are zeroed on first use.
struct CellBuffer {
    let width: Int, height: Int, stride: Int
    static let blockShift = 4
    static let blockSize = 1 << blockShift
    let blocksPerRow: Int
    /// `stride × height` cells; only the blocks marked in `used` are initialised.
    private let cells: UnsafeMutablePointer<Float>
    /// One flag per block, row by row.
    private let used: UnsafeMutablePointer<Bool>

    init(width: Int, height: Int) {
        self.width = width; self.height = height; self.stride = width + 2
        blocksPerRow = (stride + CellBuffer.blockSize - 1) >> CellBuffer.blockShift
        cells = .allocate(capacity: stride * height)
        used = .allocate(capacity: blocksPerRow * height)
        used.initialize(repeating: false, count: blocksPerRow * height)
    }

    func deallocate() {
        cells.deallocate()
        used.deallocate()
    }

    /// Makes sure cells `first...last` of row `y` are initialised (zeroed if their block was unused).
    @inline(__always) private func touch(_ y: Int, _ first: Int, _ last: Int) {
        let flags = used + y * blocksPerRow
        var block = first >> CellBuffer.blockShift
        let lastBlock = last >> CellBuffer.blockShift
        while block <= lastBlock {
            if !flags[block] {
                flags[block] = true
                let start = block << CellBuffer.blockShift
                (cells + y * stride + start).initialize(repeating: 0, count: min(CellBuffer.blockSize, stride - start))
            }
            block += 1
        }
    }

    /// Adds an edge in region coordinates, clipping it as the essay above says.
    mutating func addEdge(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) {
        guard y0 != y1 else { return }
        let dir: Float = y0 < y1 ? 1 : -1
        var (xa, ya, xb, yb) = y0 < y1 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        let h = Float(height), w = Float(width)
        guard yb > 0, ya < h else { return }
        let dxdy = (xb - xa) / (yb - ya)
        if ya < 0 { xa -= ya * dxdy; ya = 0 }
        if yb > h { xb -= (yb - h) * dxdy; yb = h }
        guard yb > ya else { return }

        if min(xa, xb) >= 0 && max(xa, xb) <= w {
            accumulate(xa, ya, xb, yb, dir)
            return
        }
        // Split where the edge crosses the left or right side, then clamp each piece onto the clip.
        var splits: [Float] = [ya]
        for side: Float in [0, w] where (xa - side) * (xb - side) < 0 {
            let y = ya + (side - xa) / dxdy
            if y > ya && y < yb { splits.append(y) }
        }
        splits.append(yb)
        if splits.count == 4 && splits[1] > splits[2] { splits.swapAt(1, 2) }
        for i in 0..<(splits.count - 1) where splits[i + 1] > splits[i] {
            let s0 = splits[i], s1 = splits[i + 1]
            let p0 = min(w, max(0, xa + (s0 - ya) * dxdy))
            let p1 = min(w, max(0, xa + (s1 - ya) * dxdy))
            accumulate(p0, s0, p1, s1, dir)
        }
    }

    /// Deposits the signed area of an edge going down from (x0, y0) to (x1, y1), inside the region.
    private mutating func accumulate(_ xTop: Float, _ yTop: Float, _ xBottom: Float, _ yBottom: Float, _ dir: Float) {
        let dxdy = (xBottom - xTop) / (yBottom - yTop)
        let stride = self.stride
        let w = Float(width)
        let rowEnd = min(height, Int(yBottom.rounded(.up)))
        var x = xTop
        var y = Int(yTop)
        while y < rowEnd {
            let dy = min(Float(y + 1), yBottom) - max(Float(y), yTop)
            // The last row ends exactly at the endpoint; clamping keeps rounding drift inside the region.
            let xNext = Float(y + 1) >= yBottom ? xBottom : min(w, max(0, x + dxdy * dy))
            let d = dy * dir
            let (xl, xr) = x < xNext ? (x, xNext) : (xNext, x)
            let xlFloor = xl.rounded(.down)
            let xli = Int(xlFloor)
            let xrCeil = xr.rounded(.up)
            let xri = Int(xrCeil)
            let row = cells + y * stride
            touch(y, xli, max(xli + 1, xri))
            if xri <= xli + 1 {
                // Within one cell: the area right of the edge's mid-point goes here, the rest next door.
                let xmf = 0.5 * (x + xNext) - xlFloor
                row[xli] += d - d * xmf
                row[xli + 1] += d * xmf
            } else {
                // Across several cells: a triangle in the first, trapezoids in between, the
                // remainder in the last, each weighted by 1/(xr − xl) of the row's dy.
                let s = 1 / (xr - xl)
                let xlf = xl - xlFloor
                let a0 = 0.5 * s * (1 - xlf) * (1 - xlf)
                let xrf = xr - xrCeil + 1
                let am = 0.5 * s * xrf * xrf
                row[xli] += d * a0
                if xri == xli + 2 {
                    row[xli + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - xlf)
                    row[xli + 1] += d * (a1 - a0)
                    var xi = xli + 2
                    while xi < xri - 1 { row[xi] += d * s; xi += 1 }
                    let a2 = a1 + Float(xri - xli - 3) * s
                    row[xri - 1] += d * (1 - a2 - am)
                }
                row[xri] += d * am
            }
            x = xNext
            y += 1
        }
    }

    /// Sums each row into coverage and reports runs of equal coverage. Unused blocks hold zeros,
    /// so the sum and the coverage run straight through them.
    func emitSpans<B: Blitter>(originX: Int, originY: Int, into blitter: inout B) {
        let width = self.width, stride = self.stride
        let a = cells
        for y in 0..<height {
            let row = a + y * stride
            let flags = used + y * blocksPerRow
            var acc: Float = 0
            var runStart = 0
            var runCoverage: UInt8 = 0
            var x = 0
            while x < width {
                let blockEnd = min(width, (x | (CellBuffer.blockSize - 1)) + 1)
                guard flags[x >> CellBuffer.blockShift] else {
                    x = blockEnd
                    continue
                }
                while x < blockEnd {
                    acc += row[x]
                    let c = UInt8(min(abs(acc), 1) * 255 + 0.5)
                    if c != runCoverage {
                        if runCoverage != 0 {
                            blitter.blitSpan(x: originX + runStart, y: originY + y, count: x - runStart, coverage: runCoverage)
                        }
                        runStart = x
                        runCoverage = c
                    }
                    x += 1
                }
            }
            if runCoverage != 0 {
                blitter.blitSpan(x: originX + runStart, y: originY + y, count: width - runStart, coverage: runCoverage)
            }
        }
    }
}
