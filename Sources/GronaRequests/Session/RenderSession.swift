import Foundation
import Grona
import Text

/// What rendering needs on one thread: the pinned fonts, opened once into a text engine whose glyph
/// and layout caches stay warm from one request to the next. A text engine is not shared between
/// threads, so every thread has its own session (`current()`), and a one-shot command makes one.
package final class RenderSession {
    package let engine: TextEngine

    package init() throws {
        engine = try TextEngine(fontsDirectory: try Specs.fontsFolder())
    }

    /// This thread's session, made on first use and kept for the thread's life: a server's worker
    /// renders every request with the same warm engine, without a lock.
    package static func current() throws -> RenderSession {
        let slot = Thread.current.threadDictionary
        if let session = slot[key] as? RenderSession { return session }
        let session = try RenderSession()
        slot[key] = session
        return session
    }
    private static let key = "GronaSnap.RenderSession"
}

/// Reading specs and finding fonts, the same way for every front end.
package enum Specs {
    /// GronaSnap's pinned fonts ($GRONA_FONTS, an installed share/, the checkout), or the error
    /// every front end gives when there are none.
    package static func fontsFolder() throws -> String {
        guard let folder = FontsFolder.locate() else {
            throw RequestError("cannot find GronaSnap's Fonts folder; set GRONA_FONTS to its path")
        }
        return folder
    }

    /// The spec file at `path`, its fonts and images allowed only inside `assetRoots` when given
    /// (`AssetRoots.parse`).
    package static func decode(_ path: String, assetRoots: [String]?) throws -> Spec {
        try SpecDecoder(fontsFolder: try fontsFolder(), allowedAssetRoots: assetRoots).decode(fileAt: path)
    }

    /// Decodes spec bytes as if they were the file `folder/file` (the server's posted specs); errors
    /// name it as `file`. `disclosingPaths: false` (the server): errors never show a real path or
    /// what exists outside the allowed roots.
    package static func decode(_ bytes: [UInt8], file: String, folder: String, assetRoots: [String],
                              disclosingPaths: Bool = true) throws -> Spec {
        let name = file.hasSuffix(".json") ? String(file.dropLast(5)) : file
        var decoder = SpecDecoder(fontsFolder: try fontsFolder(), allowedAssetRoots: assetRoots)
        decoder.disclosesPaths = disclosingPaths
        return try decoder.decode(bytes, file: file, name: name, folder: folder)
    }
}

/// `--assets-root DIR:DIR2` (every command that reads specs, and `serve`): the folders fonts and
/// images may come from, read one way everywhere. A root that is not a folder would silently allow
/// nothing, so it is refused by name.
package enum AssetRoots {
    package static func parse(_ text: String?, option: String = "--assets-root") throws -> [String]? {
        guard let text else { return nil }
        let roots = text.split(separator: ":").map(String.init)
        guard !roots.isEmpty else { throw RequestError("\(option): no folder given") }
        for root in roots where AssetPaths.realDirectory(root) == nil {
            throw RequestError("\(option): \(root) is not a folder")
        }
        return roots
    }
}
