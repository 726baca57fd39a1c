// Image resampling weights, one axis at a time.
//
// Each destination pixel [i, i+1) maps back to a source interval of length `scale` (source pixels per
// destination pixel). Scaling down (scale > 1) averages the source over that interval with exact
// overlap weights: a box filter, which is area-averaging, so a fine checkerboard becomes flat grey
// instead of aliasing into patterns. Scaling up (scale ≤ 1) interpolates linearly between the two
// source pixels around the interval's centre: bilinear, smooth without blocky pixels. Weights near the
// image's border are renormalized over the pixels that exist (edges are extended, never darkened).

/// Source taps for a run of destination pixels along one axis.
struct ResampleAxis {
    /// For destination pixel i: taps `first[i] ..< first[i] + count[i]` of `source` and `weight`.
    private(set) var first: [Int] = []
    private(set) var count: [Int] = []
    private(set) var source: [Int] = []
    private(set) var weight: [Float] = []

    /// Taps for destination pixels `start ..< start + length`, where destination `origin ..< origin + size`
    /// shows source pixels `0 ..< sourceSize`.
    init(start: Int, length: Int, origin: Double, size: Double, sourceSize: Int) {
        let scale = Double(sourceSize) / size
        let last = sourceSize - 1
        for i in 0..<length {
            first.append(source.count)
            let s0 = (Double(start + i) - origin) * scale, s1 = s0 + scale
            if scale > 1 {
                let lo = max(0, s0), hi = min(Double(sourceSize), s1)
                if hi > lo {
                    var j = Int(lo.rounded(.down))
                    let end = min(sourceSize, Int(hi.rounded(.up)))
                    var taps: [(Int, Double)] = []
                    var total = 0.0
                    while j < end {
                        let w = min(hi, Double(j + 1)) - max(lo, Double(j))
                        if w > 0 { taps.append((j, w)); total += w }
                        j += 1
                    }
                    for (j, w) in taps { source.append(j); weight.append(Float(w / total)) }
                } else {
                    source.append(s1 <= 0 ? 0 : last); weight.append(1)
                }
            } else {
                let c = min(Double(last), max(0, (s0 + s1) / 2 - 0.5))
                let j = min(last, Int(c.rounded(.down)))
                let f = c - Double(j)
                source.append(j); weight.append(Float(1 - f))
                if f > 0 && j < last { source.append(j + 1); weight.append(Float(f)) }
            }
            count.append(source.count - first[i])
        }
    }

    /// The most taps any destination pixel reads (at least 1).
    var maxCount: Int { max(1, count.max() ?? 1) }
}

/// Read-only views of a `ResampleAxis`'s taps for the blit's inner loops (no bounds checks, no
/// reference counting); valid only inside `withTaps`.
struct ResampleTaps {
    let first: UnsafePointer<Int>
    let count: UnsafePointer<Int>
    let source: UnsafePointer<Int>
    let weight: UnsafePointer<Float>
}

extension ResampleAxis {
    func withTaps(_ body: (ResampleTaps) -> Void) {
        first.withUnsafeBufferPointer { first in
        count.withUnsafeBufferPointer { count in
        source.withUnsafeBufferPointer { source in
        weight.withUnsafeBufferPointer { weight in
            // Every destination pixel has at least one tap, so none of these is empty.
            guard let f = first.baseAddress, let c = count.baseAddress, let s = source.baseAddress,
                  let w = weight.baseAddress else { return }
            body(ResampleTaps(first: f, count: c, source: s, weight: w))
        }
        }
        }
        }
    }
}
