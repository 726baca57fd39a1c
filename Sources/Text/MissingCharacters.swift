/// Characters drawn as a box: those in a cluster HarfBuzz shaped to .notdef, because no face of the
/// chain or the script table has a glyph for them (a private-use or unassigned code point, a script
/// no pinned font covers). A real device would draw the same box; a snapshot must say so.
enum MissingCharacters {
    /// The scalars behind .notdef glyphs, each once, in order of first appearance: in each such
    /// grapheme cluster, the visible scalars its face does not cover (all of its visible scalars
    /// when the face covers each but still drew .notdef).
    static func find(in p: Paragraph, chain: [FontFace]) -> [Unicode.Scalar] {
        guard !p.notdefClusters.isEmpty else { return [] }
        var found: [Unicode.Scalar] = []
        var seen = Set<UInt32>()
        var graphemes = Set<Int>()
        for offset in p.notdefClusters {
            graphemes.insert(partitionPoint(p.characters.count) { p.clusterStarts[$0 + 1] > offset })
        }
        for grapheme in graphemes.sorted() where p.characters.indices.contains(grapheme) {
            let visible = p.characters[grapheme].unicodeScalars.filter(Itemize.isVisible)
            let face = chain[p.clusterFace[grapheme]]
            let uncovered = visible.filter { !face.covers($0) }
            for scalar in uncovered.isEmpty ? visible : uncovered where seen.insert(scalar.value).inserted {
                found.append(scalar)
            }
        }
        return found
    }
}
