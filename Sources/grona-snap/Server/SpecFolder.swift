import Foundation
import Grona

/// The folder of specs `serve` works on (DIR): the only place it reads specs from and writes them to.
///
/// A spec is named by its file name alone (`acme-banner.json`): a name with a slash, a leading dot,
/// a NUL, or without `.json` is not a spec of this folder, and neither is a file whose real path
/// (symbolic links resolved) is outside it. All of these are "not found", so a probe learns nothing
/// about the rest of the disk. libmicrohttpd has percent-decoded the path already, so `%2e%2e%2f`
/// arrives here as `../` and is refused like it.
struct SpecFolder: Sendable {
    /// The folder's real path.
    let path: String
    /// Saves are serialised, so that the check "unchanged since it was opened" and the write are one
    /// step for this process (instances behind a load balancer share DIR: see README).
    private let saveLock = NSLock()

    init(_ folder: String) throws {
        guard let real = AssetPaths.realDirectory(folder) else { throw UsageError("serve: \(folder) is not a folder") }
        path = real
    }

    static func isValidName(_ name: String) -> Bool {
        name.hasSuffix(".json") && name.count > 5 && name.utf8.count <= 255 && !name.hasPrefix(".")
            && !name.contains("/") && !name.contains("\\") && !name.contains("\0")
    }

    /// The spec files in the folder, sorted by name.
    func names() -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return entries.filter { SpecFolder.isValidName($0) && file($0) != nil }.sorted()
    }

    /// The real path of an existing spec file in the folder, or nil (a bad name, no such file, a
    /// folder, or a link leading out of the folder).
    func file(_ name: String) -> String? {
        guard SpecFolder.isValidName(name), let real = AssetPaths.realFile(path + "/" + name),
              real.hasPrefix(path + "/"), !real.dropFirst(path.count + 1).contains("/") else { return nil }
        return real
    }

    func read(_ name: String) -> [UInt8]? {
        guard let file = file(name), let handle = FileHandle(forReadingAtPath: file) else { return nil }
        defer { try? handle.close() }
        // One byte past the spec limit, so a huge file is not read whole (the decoder refuses it).
        return (try? handle.read(upToCount: JSONParser.maximumInputSize + 1)).map { [UInt8]($0) }
    }

    enum SaveResult {
        case saved(etag: String)
        /// The file is not the version the editor opened (or exists when a new one was asked for).
        case conflict(String)
        case notFound
    }

    /// Writes `bytes` as `name` if the file on disk is still the version `ifMatch` names (an ETag from
    /// GET), or, for `ifMatch == nil`, if there is no such file yet. The write is atomic.
    func save(_ bytes: [UInt8], as name: String, ifMatch: String?) throws -> SaveResult {
        guard SpecFolder.isValidName(name) else { return .notFound }
        saveLock.lock(); defer { saveLock.unlock() }
        let target = path + "/" + name
        let exists = FileManager.default.fileExists(atPath: target) || (try? FileManager.default.destinationOfSymbolicLink(atPath: target)) != nil
        if exists {
            // A link out of the folder, or a folder of that name: not a spec we may touch.
            guard file(name) != nil, let current = read(name) else { return .notFound }
            guard let ifMatch else {
                return .conflict("\(name) already exists: open it before saving over it")
            }
            guard ifMatch == "*" || ifMatch == SpecFolder.etag(current) else {
                return .conflict("\(name) changed on disk since it was opened: reload it, then make your changes again")
            }
        } else if let ifMatch, ifMatch != "*" {
            return .conflict("\(name) was deleted on disk since it was opened")
        }
        try AtomicFile.write(bytes, to: file(name) ?? target)
        return .saved(etag: SpecFolder.etag(bytes))
    }

    /// A strong ETag for a file's bytes: FNV-1a 64, enough to tell versions of one file apart.
    static func etag(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }
}
