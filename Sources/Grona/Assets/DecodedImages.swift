import Foundation
import PNG
import Raster
import Locking

/// Decoded component images, shared by every renderer in the process.
///
/// Each variant of a spec gets a fresh `ComponentRenderer` (one "app launch"), so without this every
/// variant would read and decode the same PNG again: twelve times per spec in the project's own
/// suite. Entries are keyed by the file's path, size and modification time, so an image edited on
/// disk is decoded afresh; a decode is a pure function of those bytes, so sharing never changes a
/// pixel. Bounded by count and by pixels (32 images, 16 megapixels: 64 MiB, one largest image's
/// worth), cleared when full, so memory does not grow with the number of different images a process
/// sees. Thread-safe: renderers on several threads share it.
enum DecodedImages {
    private struct Key: Hashable {
        var path: String
        var size: Int
        var modified: Date
    }

    private static let capacity = 32
    private static let pixelCapacity = 4096 * 4096
    private struct Cache {
        var entries: [Key: Pixmap] = [:]
        var pixels = 0
    }
    private static let cache = Mutex(Cache())

    /// The image at `path` (whose size is `size` bytes), decoded once per version of the file.
    static func image(at path: String, size: Int, modified: Date, decode: () throws -> Pixmap) rethrows -> Pixmap {
        let key = Key(path: path, size: size, modified: modified)
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
