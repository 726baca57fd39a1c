/// Truncation: which face draws the ellipsis. The line breaker decides where the cut goes
/// (`BreakLines.truncatedLine`); the ellipsis is drawn in the face of the run where it lands — the
/// cluster just before the cut — so "مرحبا…" gets Noto Sans Arabic's ellipsis, and falls back along
/// the chain when that face has none (an emoji face, say).
enum Truncate {
    static let ellipsis = "\u{2026}"
    /// What a line that breaks at a soft hyphen ends in: HYPHEN-MINUS, which every pinned text font
    /// maps, as Pango and Chromium draw it.
    static let hyphen = "-"

    static func ellipsisFaceIndex(_ p: Paragraph, cutAt end: Int, chain: [FontFace]) -> Int {
        insertedFaceIndex(of: "\u{2026}", p, after: end, chain: chain)
    }

    /// The face that draws `scalar` inserted after the text that ends at `end`: the face of the
    /// cluster before, else the first face of the chain that maps it.
    static func insertedFaceIndex(of scalar: Unicode.Scalar, _ p: Paragraph, after end: Int, chain: [FontFace]) -> Int {
        var preferred = 0
        if end > 0 {
            // The cluster containing unit end - 1.
            let cluster = partitionPoint(p.clusterFace.count) { p.clusterStarts[$0] > end - 1 } - 1
            if p.clusterFace.indices.contains(cluster) { preferred = p.clusterFace[cluster] }
        }
        if chain.indices.contains(preferred), chain[preferred].covers(scalar) { return preferred }
        return chain.indices.first { chain[$0].covers(scalar) } ?? 0
    }
}
