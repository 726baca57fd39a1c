/// Truncation: which face draws the ellipsis. The line breaker decides where the cut goes
/// (`BreakLines.truncatedLine`); the ellipsis is drawn in the face of the run where it lands — the
/// cluster just before the cut — so "مرحبا…" gets Noto Sans Arabic's ellipsis, and falls back along
/// the chain when that face has none (an emoji face, say).
enum Truncate {
    static let ellipsis = "\u{2026}"

    static func ellipsisFaceIndex(_ p: Paragraph, cutAt end: Int, chain: [FontFace]) -> Int {
        var preferred = 0
        if end > 0 {
            // The cluster containing unit end - 1.
            let cluster = partitionPoint(p.clusterFace.count) { p.clusterStarts[$0] > end - 1 } - 1
            if p.clusterFace.indices.contains(cluster) { preferred = p.clusterFace[cluster] }
        }
        let scalar: Unicode.Scalar = "\u{2026}"
        if chain.indices.contains(preferred), chain[preferred].covers(scalar) { return preferred }
        return chain.indices.first { chain[$0].covers(scalar) } ?? 0
    }
}
