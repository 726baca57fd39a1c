/// The faces one layout draws with: the fallback chain (the first `fixedCount` faces: primary font,
/// Inter, Noto Sans Arabic, Noto Sans Hebrew, Noto Color Emoji), then faces of the script table
/// (`Cascade`), appended the first time a cluster needs one, so a Latin paragraph never opens them.
struct FaceChain {
    private(set) var faces: [FontFace]
    private(set) var fonts: [Font]
    let fixedCount: Int
    private let library: FontLibrary
    private let bold: Bool
    private let language: String?
    /// The chain index each table source resolved to (nil: its file is missing).
    private var bySource: [Cascade.Source: Int?] = [:]

    init(faces: [FontFace], fonts: [Font], library: FontLibrary, bold: Bool, language: String?) {
        self.faces = faces
        self.fonts = fonts
        fixedCount = faces.count
        self.library = library
        self.bold = bold
        self.language = language
    }

    /// The chain index of the script table's face for a cluster, appending it on first use; nil when
    /// the table names none.
    mutating func cascadeIndex(for visible: [Unicode.Scalar]) -> Int? {
        guard let source = Cascade.source(for: visible) else { return nil }
        return index(of: source)
    }

    /// Fallback by coverage: the chain index of the first font of `Cascade.coverageOrder` that maps
    /// every scalar of `scalars`, appending it on first use; nil when no pinned font does. Unassigned
    /// and private-use scalars are not looked for: no font draws the first, and the second means
    /// something only to the font that maps it (a private-use character is a finding in any case).
    mutating func coverageIndex(covering scalars: [Unicode.Scalar]) -> Int? {
        guard !scalars.isEmpty, !scalars.contains(where: { [.unassigned, .privateUse, .surrogate]
            .contains($0.properties.generalCategory) }) else { return nil }
        for source in Cascade.coverageOrder {
            guard let face = face(of: source), scalars.allSatisfy(face.covers) else { continue }
            return index(of: source)
        }
        return nil
    }

    /// The face `source` names, opened (not added to the chain); nil when its file is missing.
    private func face(of source: Cascade.Source) -> FontFace? {
        if let known = bySource[source] { return known.map { faces[$0] } }
        return library.cascadeFont(source, bold: bold, language: language).flatMap { library.face($0.fileID) }
    }

    /// The chain index of `source`'s face, appending it on first use; nil when its file is missing.
    private mutating func index(of source: Cascade.Source) -> Int? {
        if let known = bySource[source] { return known }
        var index: Int?
        if let font = library.cascadeFont(source, bold: bold, language: language), let face = library.face(font.fileID) {
            if let existing = fonts.firstIndex(where: { $0.face == font.face }) {
                index = existing
            } else {
                faces.append(face)
                fonts.append(font)
                index = faces.count - 1
            }
        }
        bySource[source] = .some(index)
        return index
    }

    /// Whether the face at `index` comes from the script table: such a face brings its own ascent and
    /// descent to the lines it is on (see `LineMetrics`).
    func isFromTable(_ index: Int) -> Bool { index >= fixedCount }
}

/// Itemize stage: choose a face for every grapheme cluster (per-character fallback), then cut the
/// text into runs of one face, one script and one bidi level — the unit HarfBuzz shapes.
///
/// Fallback works per cluster (Swift `Character`), never per scalar, so a base letter and its marks,
/// or an emoji ZWJ sequence with skin tones, always come from one face. The chain is the primary font,
/// Inter, Noto Sans Arabic, Noto Sans Hebrew, Noto Color Emoji (bold files for bold text), then the
/// script table (`Cascade`: Thai, Devanagari, CJK, …):
/// - a cluster asking for emoji presentation (`EmojiPresentation`: an Emoji_Presentation scalar, U+FE0F
///   after a base that has variation sequences, a keycap, a skin-tone modifier, a ZWJ sequence) goes
///   to the first colour face that covers it; one asking for text (U+FE0E after such a base) skips
///   the colour face, unless no other face has it;
/// - a cluster of only "common" characters (spaces, punctuation, digits) stays in the previous
///   cluster's face when that face is one of the chain's and covers it (unless it is the emoji face,
///   whose spaces are emoji-wide), so "مرحبا، عالم" is one run and shapes with one font; after a face
///   of the script table it is drawn like any other cluster, so the spaces and digits of Thai or
///   Japanese copy come from the system font, as on iOS, and 。「」 from the CJK face (by block) —
///   failing both, it stays in the previous face when that covers it (※ ① after Han);
/// - otherwise the first chain face covering every visible scalar wins, else the script table's face
///   for the cluster when it covers them, else the first chain face covering the base scalar, else
///   the table's face when it covers the base, else the primary font (which draws .notdef, as a real
///   device draws a missing glyph; `Shaper` reports such characters as missing).
/// - fallback by coverage: before settling for the base scalar alone, and before the primary's box,
///   every pinned font is tried in `Cascade.coverageOrder` (symbols, maths, CJK, the script fonts),
///   so a character some pinned font maps is never drawn as a box.
enum Itemize {
    static func chooseFaces(_ paragraph: inout Paragraph, chain: inout FaceChain) {
        var faces: [Int] = []
        faces.reserveCapacity(paragraph.characters.count)
        var previous: Int?
        for character in paragraph.characters {
            let index = faceIndex(for: character, chain: &chain, previous: previous)
            faces.append(index)
            previous = index
        }
        paragraph.clusterFace = faces
    }

    private static func faceIndex(for character: Character, chain: inout FaceChain, previous: Int?) -> Int {
        let visible = Array(character.unicodeScalars.filter(isVisible))
        guard let base = visible.first else { return previous ?? 0 }
        let faces = chain.faces
        let covers = { (face: FontFace) in visible.allSatisfy(face.covers) }
        let fixed = 0..<chain.fixedCount
        let presentation = EmojiPresentation.of(character)
        let colourFace = fixed.first { faces[$0].isColorBitmap && covers(faces[$0]) }
        if presentation == .emoji, let colourFace { return colourFace }
        let common = visible.allSatisfy(isCommon)
        if let previous, common, fixed.contains(previous),
           !faces[previous].isColorBitmap, covers(faces[previous]) {
            return previous
        }
        let textFaces = fixed.filter { !faces[$0].isColorBitmap || presentation != .text }
        if let index = textFaces.first(where: { covers(faces[$0]) }) { return index }
        let table = chain.cascadeIndex(for: visible)
        if let table, covers(chain.faces[table]) { return table }
        if let previous, common, chain.isFromTable(previous), covers(faces[previous]) { return previous }
        if let index = chain.coverageIndex(covering: visible) { return index }
        if let index = textFaces.first(where: { faces[$0].covers(base) }) { return index }
        if let table, chain.faces[table].covers(base) { return table }
        if let index = chain.coverageIndex(covering: [base]) { return index }
        // Text asked for, but only the colour face has the character: colour rather than a box.
        return colourFace ?? 0
    }

    /// Prepended concatenation marks (Arabic number sign U+0600, …): format characters by category,
    /// but drawn, spanning the digits after them, so a font must have them like any letter.
    private static let prependedConcatenationMarks: Set<UInt32> = [
        0x0600, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD,
    ]

    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isDefaultIgnorableCodePoint || properties.isVariationSelector { return false }
        if prependedConcatenationMarks.contains(scalar.value) { return true }
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return false
        default: return true
        }
    }

    private static func isCommon(_ scalar: Unicode.Scalar) -> Bool {
        HarfBuzz.Script(of: scalar).isCommonOrInherited
    }

    /// Runs of one face, script and level, in logical order. Clusters of script Common or Inherited
    /// take the script of the text before them (or after, at the start).
    static func makeRuns(_ paragraph: inout Paragraph) {
        let clusterCount = paragraph.characters.count
        guard clusterCount > 0 else { paragraph.runs = []; return }
        var scripts = [HarfBuzz.Script](repeating: .common, count: clusterCount)
        var last = HarfBuzz.Script.common
        for (i, character) in paragraph.characters.enumerated() {
            var script = HarfBuzz.Script.common
            for scalar in character.unicodeScalars {
                let s = HarfBuzz.Script(of: scalar)
                if s.isReal {
                    script = s
                    break
                }
            }
            if script == .common { script = last } else { last = script }
            scripts[i] = script
        }
        // Leading common clusters take the first real script.
        if let firstReal = scripts.first(where: { $0 != .common }) {
            for i in scripts.indices where scripts[i] == .common { scripts[i] = firstReal }
        }
        var runs: [TextRun] = []
        for i in 0..<clusterCount {
            let start = paragraph.clusterStarts[i], end = paragraph.clusterStarts[i + 1]
            let level = start < paragraph.levels.count ? paragraph.levels[start] : paragraph.paragraphLevel
            let face = paragraph.clusterFace[i]
            if var run = runs.last, run.faceIndex == face, run.level == level, run.script == scripts[i] {
                run.range = run.range.lowerBound..<end
                runs[runs.count - 1] = run
            } else {
                runs.append(TextRun(range: start..<end, faceIndex: face, level: level, script: scripts[i]))
            }
        }
        paragraph.runs = runs
    }
}
