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
///
/// A browser can only draw a collection's first face, so the Noto Sans CJK collection is served face
/// by face, each cut out of it as a file of its own (`NotoSansCJKsc-Regular.otf`, the names of the
/// faces' own releases): the family the page uses for Han is the Simplified Chinese face, as the
/// renderer's is without a language, and `:lang()` rules give Japanese, Korean and Traditional
/// Chinese copy their faces, as `Cascade.cjkFace(forLanguage:)` does.
package struct WebFonts: Sendable {
    package struct Face: Sendable, Equatable {
        /// The name it is served by: the file's name in the folder (`NotoSansThai-Bold.ttf`), or for
        /// a face of a collection the face's own (`NotoSansCJKjp-Bold.otf`).
        package let file: String
        /// The file of the folder it is read from.
        package let source: String
        /// The face's index in `source` when it is cut out of a collection.
        package let faceIndex: Int?
        /// The CSS family: `Grona NotoSansThai`.
        package let family: String
        /// `400`, `700`, or `100 900` for a file that is every weight (the emoji).
        package let weight: String
        /// The `format()` hint of `src`.
        package let format: String
        /// The answer's Content-Type (RFC 8081).
        package let contentType: String
        /// Changes when the file does (its size and modification time): part of its address, so a
        /// browser may keep a file for a year and still never draw with an old one.
        package let version: String
    }

    package let folder: String
    /// Every font file, families in the text engine's order, then any other file in the folder.
    package let faces: [Face]
    /// The CSS families in the same order, for `font-family`.
    package let families: [String]
    private let ranges: [String: [ClosedRange<UInt32>]]
    /// For each language's own CJK face, its `:lang()` selectors and its family (which stands in for
    /// the default CJK family in `families`), in the order the rules must come.
    private let languageFamilies: [(selectors: [String], family: String)]

    package init(folder: String) {
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
        let covered = HarfBuzz.CodePointSet()
        for stem in ordered {
            let files = byStem[stem]!.sorted { ($0.weight ?? 400, $0.file) < ($1.weight ?? 400, $1.file) }
            // The family's characters are its Regular file's (the first by weight): the Bold files of
            // the folder map the same ones.
            let regular = files.first { $0.weight == 400 } ?? files[0]
            let own = WebFonts.characters(of: (folder as NSString).appendingPathComponent(regular.file))
            own.subtract(covered)
            let mine = own.ranges
            covered.formUnion(own)
            guard !mine.isEmpty else { continue }
            let family = "Grona \(stem)"
            families.append(family)
            ranges[family] = mine
            for (file, weight) in files {
                let path = (folder as NSString).appendingPathComponent(file)
                let attributes = try? FileManager.default.attributesOfItem(atPath: path)
                let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
                let modified = Int((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
                let version = String(size, radix: 36) + "-" + String(modified, radix: 36)
                let weightName = weight.map(String.init) ?? "100 900"
                guard stem == Cascade.cjkFileStem, file.lowercased().hasSuffix(".ttc") else {
                    let (format, type) = WebFonts.kind(file)
                    faces.append(Face(file: file, source: file, faceIndex: nil, family: family, weight: weightName,
                                      format: format, contentType: type, version: version))
                    continue
                }
                let suffix = String(file.dropFirst(stem.count).dropLast(4))  // "-Regular"
                for face in Cascade.CJKFace.allCases {
                    let own = WebFonts.family(of: face)
                    faces.append(Face(file: "\(stem)\(face.code)\(suffix).otf", source: file, faceIndex: face.rawValue,
                                      family: own, weight: weightName, format: "opentype", contentType: "font/otf",
                                      version: version))
                    if own != family { ranges[own] = mine }
                }
            }
        }
        self.faces = faces
        self.families = families
        self.ranges = ranges
        languageFamilies = families.contains(WebFonts.family(of: Cascade.defaultCJKFace))
            ? Cascade.cjkLanguageSelectors.map { ($0.selectors, WebFonts.family(of: $0.face)) }
            : []
    }

    /// The CSS family of a face of the CJK collection: the default face's is the collection's own
    /// (`Grona NotoSansCJK`, in `families`), every other face's carries its region (`… jp`).
    static func family(of face: Cascade.CJKFace) -> String {
        "Grona \(Cascade.cjkFileStem)" + (face == Cascade.defaultCJKFace ? "" : " \(face.code)")
    }

    /// The file named exactly `name`, if it is one of the folder's font files; nothing else (no
    /// licence file, no path) is ever served.
    package func face(named name: String) -> Face? {
        faces.first { $0.file == name }
    }

    package func path(of face: Face) -> String {
        (folder as NSString).appendingPathComponent(face.source)
    }

    /// The bytes served for `face`: its file, or its face cut out of the collection.
    package func contents(of face: Face) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path(of: face)) else { return nil }
        guard let index = face.faceIndex else { return [UInt8](data) }
        return WebFonts.face(index, ofCollection: data)
    }

    /// The `@font-face` rules, with `src` under `prefix` (`/studio/fonts/`), and `--studio-fonts`:
    /// the families in order, for the page's `font-family`.
    package func css(prefix: String) -> String {
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
        func list(_ families: [String]) -> String { families.map { "\"\($0)\"" }.joined(separator: ", ") }
        css += ":root { --studio-fonts: " + list(families) + "; }\n"
        // Copy in Japanese, Korean or Traditional Chinese takes its language's face (a later rule wins).
        let cjk = WebFonts.family(of: Cascade.defaultCJKFace)
        for (selectors, family) in languageFamilies {
            css += selectors.map { ":lang(\($0))" }.joined(separator: ", ") + " { font-family: "
                + list(families.map { $0 == cjk ? family : $0 }) + ", sans-serif; }\n"
        }
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

    /// The characters the file's first face maps (its `cmap`); none for a file HarfBuzz cannot read,
    /// which then gets no family of its own in the CSS (the text engine, asked to open it, throws
    /// the error itself: a page of fonts is no place to report it).
    static func characters(of path: String) -> HarfBuzz.CodePointSet {
        (try? HarfBuzz.CodePointSet(charactersOfFileAt: path)) ?? HarfBuzz.CodePointSet()
    }

    /// Face `index` of a font collection (`ttcf`) as a font file of its own: its table directory
    /// and the tables it names, copied, each at a new offset; nil when `bytes` is not a collection
    /// holding that face. The tables' checksums are kept (their bytes are), and the file's own
    /// (`head`'s checkSumAdjustment) is made anew.
    static func face<Bytes: RandomAccessCollection>(_ index: Int, ofCollection bytes: Bytes) -> [UInt8]?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        guard bytes.startIndex == 0 else { return face(index, ofCollection: Array(bytes)) }
        func u32(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        guard bytes.starts(with: Array("ttcf".utf8)), let count = u32(8), index >= 0, index < count,
              let start = u32(12 + 4 * index), start + 12 <= bytes.count, let tables = u16(start + 4), tables > 0 else { return nil }
        var out = Array(bytes[start..<(start + 12)])
        var records: [(tag: [UInt8], checksum: [UInt8], offset: Int, length: Int)] = []
        for table in 0..<tables {
            let record = start + 12 + 16 * table
            guard let offset = u32(record + 8), let length = u32(record + 12), offset + length <= bytes.count else { return nil }
            records.append((Array(bytes[record..<(record + 4)]), Array(bytes[(record + 4)..<(record + 8)]), offset, length))
        }
        func append32(_ value: Int, to array: inout [UInt8]) {
            array += [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                      UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
        }
        // Written straight into one array (the face is some 16 MB): the directory, then each table,
        // padded to four bytes.
        var next = 12 + 16 * tables
        var head: Int?
        var offsets: [Int] = []
        for record in records {
            offsets.append(next)
            if record.tag.elementsEqual("head".utf8) { head = next }
            next += (record.length + 3) / 4 * 4
        }
        out.reserveCapacity(next)
        for (record, offset) in zip(records, offsets) {
            out += record.tag; out += record.checksum
            append32(offset, to: &out); append32(record.length, to: &out)
        }
        for record in records {
            out += bytes[record.offset..<(record.offset + record.length)]
            out += repeatElement(0, count: (4 - record.length % 4) % 4)
        }
        if let head, head + 12 <= out.count {
            out.replaceSubrange((head + 8)..<(head + 12), with: [0, 0, 0, 0])
            var sum: UInt32 = 0
            for word in stride(from: 0, to: out.count, by: 4) {
                sum &+= UInt32(out[word]) << 24 | UInt32(out[word + 1]) << 16 | UInt32(out[word + 2]) << 8 | UInt32(out[word + 3])
            }
            var adjustment: [UInt8] = []
            append32(Int(0xB1B0_AFBA &- sum), to: &adjustment)
            out.replaceSubrange((head + 8)..<(head + 12), with: adjustment)
        }
        return out
    }
}
