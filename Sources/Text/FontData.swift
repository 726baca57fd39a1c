import Foundation

/// The bytes of one font file, read once per process and shared by every `TextEngine` (and so by
/// every thread). Immutable after loading: FreeType faces and HarfBuzz blobs point straight into
/// `bytes`, which lives as long as the process-wide store keeps this object (for ever).
/// `@unchecked Sendable` because of the raw buffer pointer, which is written once in `init` and only
/// read afterwards.
final class FontData: @unchecked Sendable {
    let path: String
    /// A small process-wide number for this file, used as a cheap key in glyph handles and caches.
    let fileID: Int32
    let bytes: UnsafeMutableRawBufferPointer

    fileprivate init(path: String, fileID: Int32, contents: Data) {
        self.path = path
        self.fileID = fileID
        bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(contents.count, 1), alignment: 16)
        _ = contents.copyBytes(to: bytes)
    }

    var count: Int { bytes.count }
}

/// Process-wide registry of font files. The lock guards only the dictionary; the font bytes it hands
/// out are immutable, so engines on different threads may read them concurrently.
enum FontDataStore {
    private static let lock = NSLock()
    /// `nonisolated(unsafe)`: both tables are read and written only while `lock` is held.
    nonisolated(unsafe) private static var byPath: [String: FontData] = [:]
    nonisolated(unsafe) private static var byID: [FontData] = []
    /// Larger font files are refused unread. The largest pinned font (Noto Color Emoji) is 11 MB;
    /// a big CJK font is about 20 MB.
    static let maximumFileSize = 64 << 20

    /// The bytes of the file at `path` (standardised), loading it on first use.
    static func data(atPath rawPath: String) throws -> FontData {
        let path = URL(fileURLWithPath: rawPath).standardizedFileURL.path
        lock.lock()
        defer { lock.unlock() }
        if let data = byPath[path] { return data }
        // Font files are read whole and kept for the life of the process, so a path naming a huge
        // file (a spec's font can be any file) must not be read at all: check the size first.
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
           size > maximumFileSize {
            throw TextError.fontTooLarge(path, size)
        }
        guard let contents = FileManager.default.contents(atPath: path), !contents.isEmpty else {
            throw TextError.fontNotFound(path)
        }
        let data = FontData(path: path, fileID: Int32(byID.count), contents: contents)
        byPath[path] = data
        byID.append(data)
        return data
    }

    static func data(forID id: Int32) -> FontData? {
        lock.lock()
        defer { lock.unlock() }
        return byID.indices.contains(Int(id)) ? byID[Int(id)] : nil
    }
}
