import CHarfBuzz
import Foundation

/// The pinned fonts as web fonts, for the studio page: an `@font-face` rule for every font file in
/// the fonts folder, made from the folder itself, so a file added there is served and declared
/// without anything else to edit.
///
/// Each family's `unicode-range` is the characters its own file maps that no family before it in
/// the text engine's order maps (the fallback chain, then fallback by coverage: symbols and maths,
/// CJK, every script font of the cascade's table). Every character belongs to one family at most,
/// so a browser downloads exactly the files the page's text needs (Thai copy fetches Noto Sans Thai
/// and nothing else) and draws each script with the font GronaSnap renders it with.
public struct WebFonts: Sendable {
    public struct Face: Sendable, Equatable {
        /// The file's name in the folder: `NotoSansThai-Bold.ttf`.
        public let file: String
        /// The CSS family: `Grona NotoSansThai`.
        public let family: String
        /// `400`, `700`, or `100 900` for a file that is every weight (the emoji).
        public let weight: String
        /// The `format()` hint of `src`.
        public let format: String
        /// The answer's Content-Type (RFC 8081).
        public let contentType: String
        /// Changes when the file does (its size and modification time): part of its address, so a
        /// browser may keep a file for a year and still never draw with an old one.
        public let version: String
    }

    public let folder: String
    /// Every font file, families in the text engine's order, then any other file in the folder.
    public let faces: [Face]
    /// The CSS families in the same order, for `font-family`.
    public let families: [String]
    private let ranges: [String: [ClosedRange<UInt32>]]

    public init(folder: String) {
        self.folder = folder
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        var byStem: [String: [(file: String, weight: Int?)]] = [:]
        var stems: [String] = []
        for name in names {
            guard let (stem, weight) = WebFonts.split(name) else { continue }
            if byStem[stem] == nil { stems.append(stem) }
            byStem[stem, default: []].append((name, weight))
        }
        let known = WebFonts.stemOrder
        let ordered = known.filter { byStem[$0] != nil } + stems.filter { !known.contains($0) }

        var faces: [Face] = [], families: [String] = [], ranges: [String: [ClosedRange<UInt32>]] = [:]
        let covered = hb_set_create()
        defer { hb_set_destroy(covered) }
        for stem in ordered {
            let files = byStem[stem]!.sorted { ($0.weight ?? 400, $0.file) < ($1.weight ?? 400, $1.file) }
            // The family's characters are its Regular file's (the first by weight): the Bold files of
            // the folder map the same ones.
            let regular = files.first { $0.weight == 400 } ?? files[0]
            let own = WebFonts.characters(of: (folder as NSString).appendingPathComponent(regular.file))
            defer { hb_set_destroy(own) }
            hb_set_subtract(own, covered)
            let mine = WebFonts.rangeList(own)
            hb_set_union(covered, own)
            guard !mine.isEmpty else { continue }
            let family = "Grona \(stem)"
            families.append(family)
            ranges[family] = mine
            for (file, weight) in files {
                let path = (folder as NSString).appendingPathComponent(file)
                let attributes = try? FileManager.default.attributesOfItem(atPath: path)
                let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
                let modified = Int((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
                let (format, type) = WebFonts.kind(file)
                faces.append(Face(file: file, family: family, weight: weight.map(String.init) ?? "100 900",
                                  format: format, contentType: type,
                                  version: String(size, radix: 36) + "-" + String(modified, radix: 36)))
            }
        }
        self.faces = faces
        self.families = families
        self.ranges = ranges
    }

    /// The file named exactly `name`, if it is one of the folder's font files; nothing else (no
    /// licence file, no path) is ever served.
    public func face(named name: String) -> Face? {
        faces.first { $0.file == name }
    }

    public func path(of face: Face) -> String {
        (folder as NSString).appendingPathComponent(face.file)
    }

    /// The `@font-face` rules, with `src` under `prefix` (`/studio/fonts/`), and `--studio-fonts`:
    /// the families in order, for the page's `font-family`.
    public func css(prefix: String) -> String {
        var css = "/* GronaSnap's pinned fonts (Fonts/), made from the folder by the server: one rule per file, each\n"
            + "   family's unicode-range the characters no family before it draws. */\n"
        for face in faces {
            let range = ranges[face.family, default: []].map { range in
                let low = String(range.lowerBound, radix: 16, uppercase: true)
                return range.count == 1 ? "U+\(low)" : "U+\(low)-\(String(range.upperBound, radix: 16, uppercase: true))"
            }.joined(separator: ",")
            css += "@font-face { font-family: \"\(face.family)\"; src: url(\"\(prefix)\(face.file)?v=\(face.version)\") format(\"\(face.format)\"); "
                + "font-weight: \(face.weight); font-style: normal; font-display: swap; unicode-range: \(range); }\n"
        }
        css += ":root { --studio-fonts: " + families.map { "\"\($0)\"" }.joined(separator: ", ") + "; }\n"
        return css
    }

    /// The text engine's order: the fallback chain (`FontLibrary.chainFiles`), then fallback by
    /// coverage (`Cascade.coverageOrder`: symbols, maths, CJK, the table's scripts).
    static var stemOrder: [String] {
        var order = FontLibrary.chainFiles(bold: false).compactMap { split($0)?.stem }
        for source in Cascade.coverageOrder {
            let stem: String
            switch source {
            case .family(let name): stem = name
            case .cjk: stem = Cascade.cjkFileStem
            }
            if !order.contains(stem) { order.append(stem) }
        }
        return order
    }

    static let weights = ["Thin": 100, "ExtraLight": 200, "Light": 300, "Regular": 400, "Medium": 500, "SemiBold": 600,
                          "Bold": 700, "ExtraBold": 800, "Black": 900]

    /// `NotoSansThai-Bold.ttf` → (`NotoSansThai`, 700); `NotoColorEmoji.ttf` → (`NotoColorEmoji`,
    /// nil); nil for what is not a font file.
    static func split(_ name: String) -> (stem: String, weight: Int?)? {
        let lower = name.lowercased()
        guard [".otf", ".ttf", ".ttc"].contains(where: lower.hasSuffix), !name.hasPrefix(".") else { return nil }
        let base = String(name.dropLast(4))
        if let dash = base.lastIndex(of: "-"), let weight = weights[String(base[base.index(after: dash)...])] {
            return (String(base[..<dash]), weight)
        }
        return (base, nil)
    }

    static func kind(_ file: String) -> (format: String, contentType: String) {
        switch file.lowercased().suffix(4) {
        case ".otf": return ("opentype", "font/otf")
        case ".ttc": return ("collection", "font/collection")
        default: return ("truetype", "font/ttf")
        }
    }

    /// The characters the file's first face maps (its `cmap`).
    static func characters(of path: String) -> OpaquePointer {
        let set = hb_set_create()!
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return set }
        defer { hb_blob_destroy(blob) }
        let face = hb_face_create(blob, 0)
        defer { hb_face_destroy(face) }
        hb_face_collect_unicodes(face, set)
        return set
    }

    static func rangeList(_ set: OpaquePointer) -> [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        var first = hb_codepoint_t.max, last = hb_codepoint_t.max
        while hb_set_next_range(set, &first, &last) != 0 {
            result.append(first...last)
        }
        return result
    }
}
