import Foundation

/// The bytes of one font file, read once per process and shared by every `TextEngine` (and so by
/// every thread). Immutable after loading: FreeType faces and HarfBuzz blobs point straight into
/// `bytes`, which lives as long as the process-wide store keeps this object (for ever).
final class FontData: @unchecked Sendable {
    let path: String
    /// A small process-wide number for this file, used as a cheap key in glyph handles and caches.
    let fileID: Int32
    let bytes: UnsafeMutableRawBufferPointer

    fileprivate init(path: String, fileID: Int32, bytes: UnsafeMutableRawBufferPointer) {
        self.path = path
        self.fileID = fileID
        self.bytes = bytes
    }

    /// The whole file read straight into its final buffer (no intermediate `Data`, no second copy:
    /// the emoji font alone is 11 MB, read by the first snapshot of every process). Nil for a missing,
    /// unreadable or empty file.
    fileprivate static func read(_ path: String) -> UnsafeMutableRawBufferPointer? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0, status.st_size < Int(Int32.max) else { return nil }
        let size = Int(status.st_size)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        var done = 0
        while done < size {
            let got = Foundation.read(descriptor, buffer.baseAddress! + done, size - done)  // size > 0
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { buffer.deallocate(); return nil }
            done += got
        }
        return buffer
    }

    var count: Int { bytes.count }
}

/// Process-wide registry of font files. The lock guards only the dictionary; the font bytes it hands
/// out are immutable, so engines on different threads may read them concurrently.
enum FontDataStore {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var byPath: [String: FontData] = [:]
    nonisolated(unsafe) private static var byID: [FontData] = []

    /// The bytes of the file at `path` (standardised), loading it on first use.
    static func data(atPath rawPath: String) throws -> FontData {
        let path = URL(fileURLWithPath: rawPath).standardizedFileURL.path
        lock.lock()
        defer { lock.unlock() }
        if let data = byPath[path] { return data }
        guard let bytes = FontData.read(path) else { throw TextError.fontNotFound(path) }
        let data = FontData(path: path, fileID: Int32(byID.count), bytes: bytes)
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
