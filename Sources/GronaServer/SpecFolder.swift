import Foundation
import Grona
import GronaRequests
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GronaOutput

/// The folder of specs `serve` works on (DIR): the only place it reads specs from and writes them to.
///
/// A spec is named by its file name alone, in a safe set (`nameRule`): letters and digits of any
/// script, then also spaces, `-`, `_` and `.`, ending in `.json` — so no slash, no leading dot or
/// dash, no control, format or bidirectional character that would hide or reorder the name in a
/// terminal or a listing. A file whose real path (symbolic links resolved) is outside the folder is
/// not one of its specs either. All of these are "not found", so a probe learns nothing about the rest
/// of the disk. libmicrohttpd has percent-decoded the path already, so `%2e%2e%2f` arrives here as
/// `../` and is refused like it.
///
/// Every write is made through `handle`, the folder opened once at start (`FolderHandle`): relative
/// to it, never through a link, so a link swapped in between a check and a write cannot lead a save
/// out of the folder.
///
/// The folder has a quota: at most `maximumSpecs` spec files and `maximumBytes` of them in all, the
/// trash's files (`trashFolder`) counted among the bytes; a save that would pass either is refused
/// (507), after the oldest files of the trash have made what room they can, while saving over an
/// existing file within it is not. A disk that fills up (ENOSPC, EDQUOT) is 507 too, and the file
/// on disk is as it was: nothing is put in place until it is written whole.
package struct SpecFolder: Sendable {
    /// The folder's real path.
    package let path: String
    /// The folder, opened once: every save, rename, copy, trash, restore and upload goes through it.
    let handle: FolderHandle
    /// Saves are serialised, so that the check "unchanged since it was opened" and the write are one
    /// step: between this process's threads by this lock, and between instances sharing DIR behind a
    /// load balancer by an advisory lock on the folder itself (flock(2) on DIR, on the same machine),
    /// which leaves no file behind in the campaign folder.
    private let saveLock = NSLock()
    /// The folder's git history (`serve` opens it): every change below is committed to it.
    package var history: CampaignHistory?

    package init(_ folder: String) throws {
        guard let real = AssetPaths.realDirectory(folder), let handle = try? FolderHandle(path: real) else {
            throw RequestError("serve: \(folder) is not a folder")
        }
        path = real
        self.handle = handle
    }

    /// Where "delete" moves a spec (`StudioAPI.trashSpec`), inside the folder and its quota.
    static let trashFolder = ".grona-trash"
    static let maximumNameLength = 128
    static let maximumSpecs = 1000
    static let maximumBytes = 256 << 20
    static let nameRule = "a name of letters, digits, spaces, -, _ and . that starts with a letter or digit and ends in .json (at most 128 characters, in Unicode NFC)"
    /// `nameRule` as a regular expression, for the API's description.
    static let namePattern = "^\(stemPattern)\\.json$"
    /// A name before its ending: a letter or digit of any script, then letters, digits, spaces, `.`,
    /// `_` and `-`, each followed by at most three combining marks. (That it is in NFC, and its
    /// length, no regular expression states: the description gives the length as maxLength.)
    static let stemPattern = "\(firstCharacterPattern)\\p{M}{0,3}(\(laterCharacterPattern)\\p{M}{0,3})*"
    /// What a name may start with, and hold after it (besides combining marks), as regular expressions.
    static let firstCharacterPattern = #"[\p{L}\p{N}]"#
    static let laterCharacterPattern = #"[\p{L}\p{N} ._-]"#

    static func isValidName(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        guard name.utf8.reversed().starts(with: ".json".utf8.reversed()), scalars.count > 5, scalars.count <= maximumNameLength,
              let first = scalars.first, isLetterOrDigit(first),
              // One spelling per name: in NFC, so "café" typed two ways is one file, not two that look alike.
              Array(name.precomposedStringWithCanonicalMapping.unicodeScalars) == scalars else { return false }
        var marksInARow = 0
        for scalar in scalars {
            marksInARow = isMark(scalar) ? marksInARow + 1 : 0
            // A few marks stack on a letter in any script; a pile of them only hides what the name says.
            guard marksInARow <= 3, isLetterOrDigit(scalar) || isMark(scalar) || " ._-".unicodeScalars.contains(scalar) else { return false }
        }
        return true
    }

    /// Combining marks (a decomposed é, Devanagari vowel signs): part of a letter, never alone.
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        [.nonspacingMark, .spacingMark, .enclosingMark].contains(scalar.properties.generalCategory)
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber: return true
        default: return false
        }
    }

    /// The folder's own name, for a page to show (never its place on the server's disk).
    package var displayName: String { path.split(separator: "/").last.map(String.init) ?? "/" }

    /// `message` with the real paths of the folder and of GronaSnap's fonts taken out, so no answer
    /// tells a client where the server keeps its files.
    func redacted(_ message: String) -> String {
        var text = message.replacingOccurrences(of: path + "/", with: "")
        if let fonts = FontsFolder.locate().flatMap(AssetPaths.realDirectory) {
            text = text.replacingOccurrences(of: fonts + "/", with: "Fonts/")
        }
        return text.replacingOccurrences(of: path, with: displayName)
    }

    /// The spec files in the folder, sorted by name.
    package func names() -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return entries.filter { SpecFolder.isValidName($0) && file($0) != nil }.sorted()
    }

    /// The real path of an existing spec file in the folder, or nil (a bad name, no such file, a
    /// folder, or a link leading out of the folder).
    func file(_ name: String) -> String? {
        // Compared as bytes (`AssetPaths.relative`): a look-alike folder beside DIR is not DIR.
        guard SpecFolder.isValidName(name), let real = AssetPaths.realFile(path + "/" + name),
              let inside = AssetPaths.relative(real, to: path), !inside.utf8.contains(UInt8(ascii: "/")) else { return nil }
        return real
    }

    enum ReadResult {
        case bytes([UInt8])
        /// Over the spec limit: never served cut short.
        case tooLarge(size: Int)
    }

    func read(_ name: String) -> ReadResult? {
        guard let file = file(name), let handle = FileHandle(forReadingAtPath: file) else { return nil }
        defer { try? handle.close() }
        // One byte past the spec limit, so a huge file is not read whole.
        guard let data = try? handle.read(upToCount: JSONParser.maximumInputSize + 1) else { return .bytes([]) }
        guard data.count <= JSONParser.maximumInputSize else {
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? data.count
            return .tooLarge(size: size)
        }
        return .bytes([UInt8](data))
    }

    /// How many spec files the folder holds, and their bytes in all with the trash's.
    func usage() -> (files: Int, bytes: Int) {
        let specs = names().reduce((0, 0)) { total, name in
            let size = file(name).flatMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int } ?? 0
            return (total.0 + 1, total.1 + size)
        }
        return (specs.0, specs.1 + trashFiles().reduce(0) { $0 + $1.size })
    }

    /// The regular files of the trash, oldest first (their names start with the time they were trashed).
    private func trashFiles() -> [(name: String, size: Int)] {
        guard let trash = try? handle.folder(SpecFolder.trashFolder) else { return [] }
        return trash.names().sorted().compactMap { name in
            guard case .file(let size)? = trash.kind(name) else { return nil }
            return (name, size)
        }
    }

    /// Removes the oldest files of the trash until `bytes` more fit in the quota, or the trash is
    /// empty; whether they fit.
    private func makeRoom(for bytes: Int, using total: Int) -> Bool {
        var total = total
        guard total + bytes > SpecFolder.maximumBytes, let trash = try? handle.folder(SpecFolder.trashFolder) else {
            return total + bytes <= SpecFolder.maximumBytes
        }
        let trashed = trashFiles()
        // Nothing is thrown away for a save the whole trash could not make room for.
        guard total - trashed.reduce(0, { $0 + $1.size }) + bytes <= SpecFolder.maximumBytes else { return false }
        for old in trashed where total + bytes > SpecFolder.maximumBytes {
            trash.remove(old.name)
            total -= old.size
        }
        return total + bytes <= SpecFolder.maximumBytes
    }

    /// Removes the temporary files a server that stopped mid-write left in the folder, its trash and
    /// its folders one level down (where images are uploaded); the number removed. Called as `serve`
    /// starts, before anything is written.
    package func removeLeftovers() -> Int {
        var removed = handle.removeLeftovers().count
        for name in handle.names() where !name.hasPrefix(".") || name == SpecFolder.trashFolder {
            guard case .folder? = handle.kind(name), let inner = try? handle.folder(name) else { continue }
            removed += inner.removeLeftovers().count
        }
        return removed
    }

    enum SaveResult {
        case saved(etag: String)
        /// The file is not the version the editor opened (or exists when a new one was asked for).
        case conflict(String)
        /// The save would pass the folder's quota.
        case full(String)
        case notFound
        /// Saved and committed, but the remote had changed the same fields meanwhile: the file holds
        /// theirs, ours is in the history; the message says both.
        case overtaken(String)
    }

    /// Writes `bytes` as `name` if the file on disk is still the version `ifMatch` names (an ETag from
    /// GET), or, for `ifMatch == nil`, if there is no such file yet. The write is atomic.
    ///
    /// `shaping` turns the file on disk into what is written (`SpecEdits`: the file minimally
    /// edited to hold the new value), inside the same lock as the check; for a new file `bytes` are
    /// written as they are.
    ///
    /// The write is one commit of the file by `person`, its message `describing` the change (by
    /// default what changed, in words: `CampaignWords`); a save that changes nothing commits nothing.
    func save(_ bytes: [UInt8], as name: String, ifMatch: String?, by person: Person?,
              describing: ((_ before: [UInt8]?, _ after: [UInt8]) -> String)? = nil,
              shaping: (_ onDisk: [UInt8]) -> [UInt8]? = { _ in nil }) throws -> SaveResult {
        guard SpecFolder.isValidName(name) else { return .notFound }
        return try locked { try saveLocked(bytes, as: name, ifMatch: ifMatch, by: person, describing: describing, shaping: shaping) }
    }

    /// Commits `paths` (relative to the folder) as one change by `person`, when the folder has a
    /// history; the conflicts a push had to settle with the remote, in words, or nil. A history that
    /// cannot be written (git missing, a broken repository) does not undo the change: the server
    /// says so on its standard error, and the next commit of those files carries it.
    @discardableResult
    func record(_ paths: [String], _ message: String, by person: Person?) -> String? {
        guard let history else { return nil }
        var conflicts: [CampaignHistory.Conflict]
        do {
            conflicts = try history.commit(paths, message: message, by: person)
        } catch {
            FileHandle.standardError.write(Data("warning: the campaigns' history did not record \"\(message)\": \(error)\n".utf8))
            // A merge that kept the remote's values is said even when the push after it failed.
            conflicts = (error as? CampaignHistory.Failure)?.conflicts ?? []
        }
        guard !conflicts.isEmpty else { return nil }
        return conflicts.map { conflict in
            "\(conflict.path) was changed on \(history.remote ?? "the remote") meanwhile ("
                + CampaignWords.sides(conflict.fields, theirs: "there", mine: "in yours")
                + "): the file keeps theirs, and yours is kept in the history (open the history to restore it)"
        }.joined(separator: ". ")
    }

    /// Runs `body` while no other save, rename or upload of this folder runs, in this process or
    /// another on the same machine.
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        saveLock.lock(); defer { saveLock.unlock() }
        // A descriptor of its own: flock(2) locks belong to an open file, and the handle's is shared.
        let lockFile = openat(handle.descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if lockFile >= 0 { flock(lockFile, LOCK_EX) }
        defer { if lockFile >= 0 { flock(lockFile, LOCK_UN); close(lockFile) } }
        // With a remote, every change is made over its newest commits, so If-Match checks the
        // version another machine saved, and the push that follows is a fast-forward.
        if let history, history.remote != nil {
            do { try history.pull() } catch {
                FileHandle.standardError.write(Data("warning: cannot pull the campaigns: \(error)\n".utf8))
            }
        }
        return try body()
    }

    /// `save` inside the lock (also the last step of a rename's or a restore's checks).
    ///
    /// What is at `name` decides the write, and the write itself never follows a link whatever is
    /// there by then: a new file is linked into place (never over anything that appeared
    /// meanwhile); an existing one is replaced by rename. A link to another spec of the folder (no
    /// slash in its target) is kept, and the file it names is replaced; any other link, a folder or
    /// a device is not a spec we may touch.
    func saveLocked(_ bytes: [UInt8], as name: String, ifMatch: String?, by person: Person?,
                    describing: ((_ before: [UInt8]?, _ after: [UInt8]) -> String)? = nil,
                    shaping: (_ onDisk: [UInt8]) -> [UInt8]? = { _ in nil }) throws -> SaveResult {
        var bytes = bytes
        var target = name
        if handle.kind(name) == .link {
            guard let inside = handle.linkTarget(name), SpecFolder.isValidName(inside), case .file? = handle.kind(inside) else { return .notFound }
            target = inside
        }
        let existing = handle.kind(target)
        var before: [UInt8]?
        if let existing {
            guard case .file(let size) = existing else { return .notFound }
            guard let onDisk = handle.read(target, upTo: JSONParser.maximumInputSize + 1) else { return .notFound }
            guard let ifMatch else {
                return .conflict("\(name) already exists: open it before saving over it")
            }
            guard onDisk.count == size, onDisk.count <= JSONParser.maximumInputSize, ifMatch == "*" || ifMatch == SpecFolder.etag(onDisk) else {
                return .conflict("\(name) changed on disk since it was opened: reload it, then make your changes again")
            }
            if let shaped = shaping(onDisk) { bytes = shaped }
            before = onDisk
        } else if let ifMatch, ifMatch != "*" {
            return .conflict("\(name) was deleted on disk since it was opened")
        }
        let (files, total) = usage()
        let replaced: Int
        if case .file(let size)? = existing { replaced = size } else { replaced = 0 }
        if existing == nil, files >= SpecFolder.maximumSpecs {
            return .full("the folder holds \(files) specs, its limit; delete some before adding \(name)")
        }
        if !makeRoom(for: bytes.count - replaced, using: total) {
            return .full("saving \(name) would take the folder's specs and trash over \(SpecFolder.maximumBytes >> 20) MiB in all")
        }
        do {
            if existing == nil { try handle.create(target, bytes) } else { try handle.replace(target, bytes) }
        } catch let failure as FolderHandle.Failure where failure.exists {
            return .conflict("\(name) already exists: open it before saving over it")
        } catch let failure as FolderHandle.Failure where failure.diskFull {
            return .full(SpecFolder.diskFull(name, failure))
        }
        let message = describing?(before, bytes)
            ?? before.map { CampaignWords.change(of: target, from: $0, to: bytes) } ?? "Created \(target)"
        if let overtaken = record([target], message, by: person) { return .overtaken(overtaken) }
        return .saved(etag: SpecFolder.etag(bytes))
    }

    /// The refusal of a write the disk had no room for.
    static func diskFull(_ name: String, _ failure: FolderHandle.Failure) -> String {
        "the disk holding the folder is full (\(failure)); \(name) was not written, and what was there is as it was"
    }

    /// A strong ETag for a file's bytes: FNV-1a 64, enough to tell versions of one file apart.
    static func etag(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }
}
