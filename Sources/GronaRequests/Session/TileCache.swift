import Foundation
import Grona
import Locking

/// Tiles the studio's previews drew, kept for the next ones (`PreviewRequest.run`): a tile is what
/// its spec shows in one variant, so an edit redraws only the tiles it changes. Typing in the base
/// copy leaves the other languages' tiles as they were, and a language or text size added to the
/// grid draws only its own tiles.
///
/// A tile is found by everything its picture depends on: the spec as it shows in the tile's
/// environment (`Spec.localized(for:)`: that language's copy, the environment with its text size,
/// appearance, direction, width and scale), the overlay, and the image file's content (`ImageContent`:
/// its size and a digest of its bytes, as `DecodedImages` finds it). The spec is compared whole on a hit, so two specs that
/// describe alike are never confused. The least recently used tiles go first once the PNGs
/// together pass `capacity` bytes (or there are `maximumTiles`).
package final class TileCache: Sendable {
    package struct Tile: Sendable {
        package let report: RenderReport
        package let png: [UInt8]
    }

    private struct Entry {
        let spec: Spec
        let tile: Tile
        var used: UInt64
    }

    private struct Store {
        var entries: [String: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    package let capacity: Int
    /// However small their PNGs, at most this many tiles (each keeps its spec and report too).
    static let maximumTiles = 4096
    private let store = Mutex(Store())

    package init(capacity: Int) { self.capacity = capacity }

    /// What the tiles of `spec` in `environments` are found by, tile by tile (`key(_:)`), and the
    /// spec each must equal: the spec as the tile shows it, without the other languages' copy (a
    /// picture depends on its own). What the tiles share (the theme, the overlay, the image file's
    /// content) and each language's copy are described once, here; the rest of a tile's key is made
    /// where the tile is drawn, on its render lane.
    package struct Keys: Sendable {
        let spec: Spec
        let common: String
        /// Each language's copy as described, by "locale|pseudo".
        let copies: [String: String]

        package init(_ spec: Spec, _ environments: [Environment], overlay: Overlay?) {
            var image = ""
            if let path = spec.component.imagePath, let content = ImageContent(file: path) {
                image = "\(content.size) \(content.digest)"
            }
            self.spec = spec
            common = String(reflecting: spec.theme) + "|\(overlay?.rawValue ?? "")|" + image + "|"
            var copies: [String: String] = [:]
            for environment in environments where copies[Self.language(environment)] == nil {
                copies[Self.language(environment)] = String(reflecting: spec.localized(for: environment).component)
            }
            self.copies = copies
        }

        static func language(_ environment: Environment) -> String { "\(environment.locale ?? "")|\(environment.pseudo?.rawValue ?? "")" }

        /// The key of the tile of `environment` (one of those given) and the spec it must equal.
        package func key(_ environment: Environment) -> (key: String, spec: Spec) {
            var shown = spec.localized(for: environment)
            shown.localizations = [:]
            let copy = copies[Self.language(environment)] ?? String(reflecting: shown.component)
            return (common + copy + "|" + String(reflecting: shown.environment), shown)
        }
    }

    package func tile(_ key: String, spec: Spec) -> Tile? {
        store.withLock { store in
            guard var entry = store.entries[key], entry.spec == spec else { return nil }
            store.clock += 1
            entry.used = store.clock
            store.entries[key] = entry
            return entry.tile
        }
    }

    package func keep(_ tile: Tile, _ key: String, spec: Spec) {
        guard tile.png.count <= capacity / 8 else { return }
        store.withLock { store in
            store.clock += 1
            if let old = store.entries.updateValue(Entry(spec: spec, tile: tile, used: store.clock), forKey: key) {
                store.bytes -= old.tile.png.count
            }
            store.bytes += tile.png.count
            while store.bytes > capacity || store.entries.count > TileCache.maximumTiles,
                  let oldest = store.entries.min(by: { $0.value.used < $1.value.used }) {
                store.bytes -= oldest.value.tile.png.count
                store.entries[oldest.key] = nil
            }
        }
    }

    /// The tiles kept and their PNGs' bytes.
    package var size: (tiles: Int, bytes: Int) { store.withLock { ($0.entries.count, $0.bytes) } }
}

extension Component {
    /// The image file a banner or an offer shows, if any.
    var imagePath: String? {
        switch self {
        case .banner(let banner): return banner.image
        case .offer(let offer): return offer.image
        default: return nil
        }
    }
}
