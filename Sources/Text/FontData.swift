import Foundation
import Locking

/// One face of a font file — face 0 of a `.ttf`/`.otf`, any face of a `.ttc` collection — over the
/// file's bytes, which are read once per process and shared by every `TextEngine` (and so by every
/// thread) and by every face of the same file. Immutable after loading: FreeType faces and HarfBuzz
/// blobs point straight into `bytes`, which lives as long as the process-wide store keeps this object
/// (for ever). `@unchecked Sendable` because of the raw buffer pointer, which is written once when the
/// file is read and only read afterwards.
final class FontData: @unchecked Sendable {
    let path: String
    /// The face's index in the file (FT_Open_Face's and hb_face_create's face_index); 0 but in a collection.
    let faceIndex: Int
    /// A small process-wide number for this face of this file, used as a cheap key in glyph handles
    /// and caches (two faces of one collection have two numbers).
    let fileID: Int32
    let bytes: UnsafeMutableRawBufferPointer

    fileprivate init(path: String, faceIndex: Int, fileID: Int32, bytes: UnsafeMutableRawBufferPointer) {
        self.path = path
        self.faceIndex = faceIndex
        self.fileID = fileID
        self.bytes = bytes
    }

    var count: Int { bytes.count }
}

/// Process-wide registry of font files. The mutex guards only the tables; the font bytes it hands
/// out are immutable, so engines on different threads may read them concurrently.
enum FontDataStore {
    private struct Tables {
        var byPath: [FaceKey: FontData] = [:]
        var byID: [FontData] = []
        /// Each file's bytes, once, whichever of its faces were opened.
        var files: [String: UnsafeMutableRawBufferPointer] = [:]
    }
    private static let tables = Mutex(Tables())

    private struct FaceKey: Hashable {
        var path: String
        var faceIndex: Int
    }
    /// Larger font files are refused unread. The largest pinned font (Noto Color Emoji) is 11 MB;
    /// a Noto Sans CJK collection is 20 MB.
    static let maximumFileSize = 64 << 20

    /// Face `faceIndex` of the file at `path` (standardised), reading the file on first use.
    /// Whether the face exists is for FreeType to say when the face is opened.
    static func data(atPath rawPath: String, faceIndex: Int = 0) throws -> FontData {
        let path = URL(fileURLWithPath: rawPath).standardizedFileURL.path
        let key = FaceKey(path: path, faceIndex: faceIndex)
        return try tables.withLock { tables in
            if let data = tables.byPath[key] { return data }
            let bytes = try fileBytes(path, &tables)
            let data = FontData(path: path, faceIndex: faceIndex, fileID: Int32(tables.byID.count), bytes: bytes)
            tables.byPath[key] = data
            tables.byID.append(data)
            return data
        }
    }

    /// The whole file, read once. Called with the tables locked.
    private static func fileBytes(_ path: String, _ tables: inout Tables) throws -> UnsafeMutableRawBufferPointer {
        if let bytes = tables.files[path] { return bytes }
        // Font files are read whole and kept for the life of the process, so a path naming a huge
        // file (a spec's font can be any file) must not be read at all: check the size first.
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
           size > maximumFileSize {
            throw TextError.fontTooLarge(path, size)
        }
        guard let contents = FileManager.default.contents(atPath: path), !contents.isEmpty else {
            throw TextError.fontNotFound(path)
        }
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: contents.count, alignment: 16)
        _ = contents.copyBytes(to: bytes)
        tables.files[path] = bytes
        return bytes
    }

    static func data(forID id: Int32) -> FontData? {
        tables.withLock { $0.byID.indices.contains(Int(id)) ? $0.byID[Int(id)] : nil }
    }
}
