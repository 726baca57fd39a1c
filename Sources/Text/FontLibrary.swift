import Foundation

/// The long-lived font context of one `TextEngine`: a FreeType library, the faces opened so far
/// (over the process-wide shared bytes), the catalogue of a fonts folder, and the fallback chains.
/// Not thread-safe; each engine owns one (see `TextEngine` for the threading story).
final class FontLibrary {
    let fontsDirectory: String
    private let library: FreeType.Library
    private var faces: [Int32: FontFace] = [:]
    private var catalogues: [String: [CatalogueEntry]] = [:]
    private var chains: [FaceID: [Font]] = [:]
    /// Fonts of the script table opened so far (nil: the file is not in the fonts folder).
    private var cascadeFonts: [CascadeKey: Font?] = [:]

    private struct CascadeKey: Hashable {
        var name: String
        var faceIndex: Int
        var bold: Bool
    }

    struct CatalogueEntry {
        let path: String
        let family: String
        let style: String
    }

    init(fontsDirectory: String) throws {
        self.fontsDirectory = URL(fileURLWithPath: fontsDirectory).standardizedFileURL.path
        library = try FreeType.Library()
    }

    // MARK: Faces

    /// How many faces this library has opened: what a layout cost in fonts (tests hold Latin copy to
    /// the fallback chain's).
    var openedFaceCount: Int { faces.count }

    /// The face of a `Font`: nil for a file ID no font has. A `Font` exists only once its face has
    /// opened (by this engine or another), and the same shared bytes open the same way again, so the
    /// error of opening it anew (`try?`) is never one a caller has not already been told of.
    func face(_ fileID: Int32) -> FontFace? {
        if let face = faces[fileID] { return face }
        guard let data = FontDataStore.data(forID: fileID), let face = try? FontFace(data: data, library: library)
        else { return nil }
        faces[fileID] = face
        return face
    }

    private func openFace(atPath path: String, faceIndex: Int = 0) throws -> FontFace {
        let data = try FontDataStore.data(atPath: path, faceIndex: faceIndex)
        if let face = faces[data.fileID] { return face }
        let face = try FontFace(data: data, library: library)
        faces[data.fileID] = face
        return face
    }

    // MARK: Resolving fonts

    func font(atPath path: String, faceIndex: Int = 0) throws -> Font {
        let face = try openFace(atPath: path, faceIndex: faceIndex)
        return Font(path: face.data.path, faceIndex: faceIndex, familyName: face.familyName, styleName: face.styleName,
                    isBold: face.isBoldStyle, isSyntheticBold: false, fileID: face.data.fileID)
    }

    /// A file name in the fonts folder ("Inter-Bold.otf"), the same without extension, or a
    /// PostScript-like "Family-Style" / family name matched against the folder's catalogue.
    func font(named name: String) throws -> Font {
        let direct = (fontsDirectory as NSString).appendingPathComponent(name)
        for candidate in [direct, direct + ".otf", direct + ".ttf"]
        where FileManager.default.fileExists(atPath: candidate) {
            return try font(atPath: candidate)
        }
        let wanted = normalised(name)
        for entry in catalogue(of: fontsDirectory)
        where normalised(entry.family + entry.style) == wanted || normalised(entry.family) == wanted
            && entry.style.lowercased() == "regular" {
            return try font(atPath: entry.path)
        }
        throw TextError.fontNotFound(name)
    }

    /// The bold face of `font`'s family: a file of the same family whose style is Bold, beside the
    /// font or in the fonts folder; otherwise the same file, emboldened synthetically.
    func boldFont(of font: Font) -> Font {
        if font.isBold { return font }
        let folders = [(font.path as NSString).deletingLastPathComponent, fontsDirectory]
        for folder in folders {
            for entry in catalogue(of: folder)
            where entry.family == font.familyName && entry.style.lowercased() == "bold" {
                if let bold = try? self.font(atPath: entry.path) { return bold }
            }
        }
        return font.emboldened
    }

    private func normalised(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// Family and style names of every font file in a folder, sorted by path for determinism.
    private func catalogue(of folder: String) -> [CatalogueEntry] {
        if let known = catalogues[folder] { return known }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var entries: [CatalogueEntry] = []
        for name in names.sorted() {
            let lower = name.lowercased()
            guard lower.hasSuffix(".otf") || lower.hasSuffix(".ttf") else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            // A file FreeType cannot open is no candidate for a name or a bold face, so the catalogue
            // leaves it out; opening it by its path still throws FreeType's error.
            guard let face = try? FreeType.Face(library: library, path: path) else { continue }
            entries.append(CatalogueEntry(path: path, family: face.familyName, style: face.styleName))
        }
        catalogues[folder] = entries
        return entries
    }

    // MARK: Fallback

    /// The fallback chain's files after the primary font, in order.
    static func chainFiles(bold: Bool) -> [String] {
        bold ? ["Inter-Bold.otf", "NotoSansArabic-Bold.ttf", "NotoSansHebrew-Bold.ttf", "NotoColorEmoji.ttf"]
            : ["Inter-Regular.otf", "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf", "NotoColorEmoji.ttf"]
    }

    /// The faces tried, in order, for text whose primary font is `primary`: the primary font, Inter,
    /// Noto Sans Arabic, Noto Sans Hebrew (bold files for bold text), then Noto Color Emoji.
    /// Missing fallback files are skipped.
    func fallbackChain(for primary: Font) -> [Font] {
        if let chain = chains[primary.face] { return chain }
        var chain = [primary]
        for name in FontLibrary.chainFiles(bold: primary.isBold) {
            let path = (fontsDirectory as NSString).appendingPathComponent(name)
            guard let font = try? font(atPath: path), !chain.contains(where: { $0.fileID == font.fileID })
            else { continue }
            chain.append(font)
        }
        chains[primary.face] = chain
        return chain
    }

    /// The script table's font for `source` (see `Cascade`) in bold or regular text of `language`,
    /// opened on first use; nil when its file is not in the fonts folder. Bold text in a family with
    /// a Regular file only gets that file emboldened synthetically.
    func cascadeFont(_ source: Cascade.Source, bold: Bool, language: String?) -> Font? {
        let (name, faceIndex) = Cascade.file(for: source, bold: bold, language: language)
        let key = CascadeKey(name: name, faceIndex: faceIndex, bold: bold)
        if let known = cascadeFonts[key] { return known }
        let path = (fontsDirectory as NSString).appendingPathComponent(name)
        var font = try? self.font(atPath: path, faceIndex: faceIndex)
        if bold, let regular = font, !regular.isBold { font = regular.emboldened }
        cascadeFonts[key] = .some(font)
        return font
    }
}
