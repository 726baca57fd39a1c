/// Characters whose drawing a snapshot cannot vouch for, over the whole text however long:
///
/// - missing: drawn as a box, because no pinned font maps them (an unassigned code point, a script no
///   pinned font covers). A real device would draw the same box; a snapshot must say so. Within the
///   text the layout considered, these are the clusters HarfBuzz shaped to .notdef; past the safety cap
///   of `Prepare` (which specs may exceed), each character is looked up in the fonts the layout would
///   have tried, so a box is named wherever it is.
/// - private use: U+E000–U+F8FF and the private-use planes mean what each font says they mean (Inter
///   draws a glyph at U+E000, an iPhone draws Apple's logo at U+F8FF): whatever GronaSnap draws, the
///   device may draw something else, so they are reported whichever font maps them.
enum MissingCharacters {
    /// The scalars behind .notdef glyphs, each once, in order of first appearance: in each such
    /// grapheme cluster, the visible scalars its face does not cover (all of its visible scalars
    /// when the face covers each but still drew .notdef); then those of the text past the cap
    /// (`rest`) that no face of the chain nor of the coverage order maps. Private-use characters are
    /// left to `privateUse(in:)`.
    static func find(in p: Paragraph, rest: Substring.UnicodeScalarView, chain: inout FaceChain) -> [Unicode.Scalar] {
        var found: [Unicode.Scalar] = []
        var seen = Set<UInt32>()
        var graphemes = Set<Int>()
        for offset in p.notdefClusters {
            graphemes.insert(partitionPoint(p.characters.count) { p.clusterStarts[$0 + 1] > offset })
        }
        for grapheme in graphemes.sorted() where p.characters.indices.contains(grapheme) {
            let visible = p.characters[grapheme].unicodeScalars.filter(Itemize.isVisible)
            let face = chain.faces[p.clusterFace[grapheme]]
            let uncovered = visible.filter { !face.covers($0) }
            for scalar in uncovered.isEmpty ? visible : uncovered where !isPrivateUse(scalar) && seen.insert(scalar.value).inserted {
                found.append(scalar)
            }
        }
        var drawable = Set<UInt32>()
        for scalar in rest where Itemize.isVisible(scalar) && !isPrivateUse(scalar) && !seen.contains(scalar.value)
            && !drawable.contains(scalar.value) {
            if chain.faces.contains(where: { $0.covers(scalar) }) || chain.coverageIndex(covering: [scalar]) != nil {
                drawable.insert(scalar.value)
            } else {
                seen.insert(scalar.value)
                found.append(scalar)
            }
        }
        return found
    }

    /// The private-use scalars of `text`, each once, in order of first appearance. A private-use
    /// character that no pinned font maps is drawn as a box too, but is reported here only, once.
    static func privateUse(in text: String) -> [Unicode.Scalar] {
        var seen = Set<UInt32>()
        return text.unicodeScalars.filter { isPrivateUse($0) && seen.insert($0.value).inserted }
    }

    static func isPrivateUse(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.generalCategory == .privateUse }
}
