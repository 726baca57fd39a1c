/// Paragraph layouts an engine has already made, by everything that decides them.
///
/// Snapshots repeat their text: the light and dark variants of a spec lay out the same paragraphs,
/// and a test suite renders the same banner on every run. Layout (itemize, bidi, shaping, line
/// breaking) is a pure function of these inputs, so a layout made once can be handed out again; the
/// pixels never depend on whether it was. Bounded: cleared when full, like the glyph cache.
final class LayoutCache {
    static let capacity = 512

    struct Key: Hashable {
        var text: String
        var font: Font
        var sizeInPoints: Double
        var scale: Double
        var maxWidthInPoints: Double
        var maxLines: Int
        var direction: TextDirection
        var language: String?
    }

    private var entries: [Key: TextLayout] = [:]

    func layout(for key: Key, orMake make: () throws -> TextLayout) rethrows -> TextLayout {
        if let known = entries[key] { return known }
        let made = try make()
        if entries.count >= LayoutCache.capacity { entries.removeAll(keepingCapacity: true) }
        entries[key] = made
        return made
    }
}
