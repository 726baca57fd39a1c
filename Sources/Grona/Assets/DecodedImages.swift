import Foundation
import PNG
import Raster
import Locking

/// Decoded component images, shared by every renderer in the process.
///
/// Each variant of a spec gets a fresh `ComponentRenderer` (one "app launch"), so without this every
/// variant would read and decode the same PNG again: twelve times per spec in the project's own
/// suite. Entries are keyed by the file's path and content (`ImageContent`: its size and a digest of
/// its bytes), so an image edited on disk is decoded afresh, even one replaced by a file of the same
/// size and modification time; a decode is a pure function of those bytes, so sharing never changes
/// a pixel. Bounded by count and by pixels (32 images, 16 megapixels: 64 MiB, one largest image's
/// worth), cleared when full, so memory does not grow with the number of different images a process
/// sees. Thread-safe: renderers on several threads share it.
enum DecodedImages {
    private struct Key: Hashable {
        var path: String
        var content: ImageContent
    }

    private static let capacity = 32
    private static let pixelCapacity = 4096 * 4096
    private struct Cache {
        var entries: [Key: Pixmap] = [:]
        var pixels = 0
    }
    private static let cache = Mutex(Cache())

    /// The image at `path`, which holds `content`, decoded once per version of the file.
    static func image(at path: String, content: ImageContent, decode: () throws -> Pixmap) rethrows -> Pixmap {
        let key = Key(path: path, content: content)
        // Decoded outside the lock, so other images are looked up meanwhile.
        if let known = cache.withLock({ $0.entries[key] }) { return known }
        let image = try decode()
        let size = image.width * image.height
        cache.withLock { cache in
            if cache.entries.count >= capacity || cache.pixels + size > pixelCapacity {
                cache.entries.removeAll(keepingCapacity: true)
                cache.pixels = 0
            }
            cache.entries[key] = image
            cache.pixels += size
        }
        return image
    }
}

/// What an image file holds, as caches of decoded images and drawn tiles find it by: its size and a
/// 64-bit digest of its bytes (SipHash, keyed afresh in each process, so no file can be made to
/// collide with another on purpose). A file's size and modification time are not enough: a file
/// replaced within the same second by one of the same size would keep showing its old pixels.
package struct ImageContent: Hashable, Sendable {
    package let size: Int
    package let digest: Int

    package init(_ bytes: [UInt8]) {
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        size = bytes.count
        digest = hasher.finalize()
    }

    /// The content of the file at `path`, or nil when it cannot be read or is over the limit of an
    /// image file (`ComponentRenderer.maximumImageFileSize`: such a file is refused unread).
    package init?(file path: String) {
        guard let bytes = ImageContent.read(path) else { return nil }
        self.init(bytes)
    }

    /// The file's bytes, or nil when it cannot be read or is over the limit of an image file.
    static func read(_ path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: ComponentRenderer.maximumImageFileSize + 1),
              data.count <= ComponentRenderer.maximumImageFileSize else { return nil }
        return [UInt8](data)
    }
}
