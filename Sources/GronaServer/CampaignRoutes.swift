import Foundation
import Grona
import GronaRequests
import GronaOutput
import PNG
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Managing the campaigns of DIR from the studio: duplicate, rename, move to the trash and back, and
// the folder's PNG images (listed for the image picker, uploaded into the folder).
//
// Everything is confined as saves are: names from the safe set (`SpecFolder.isValidName`; an image
// path is at most one folder and a file, each named the same way, ending in .png), nothing reached
// through a link out of the folder, nothing overwritten (a new name that exists is 409), every
// change made under the folder's save lock and within its quota. Every change goes through the
// folder's open handle (`FolderHandle`: openat, linkat, renameat, unlinkat, O_NOFOLLOW), so a link
// swapped in while a request runs is never followed. Rename and restore are link(2) then unlink(2),
// which never replaces an existing file; an upload is written to a temporary file beside its place
// and linked into place the same way.
//
// "Delete" moves the file into DIR/.grona-trash/ under a time-stamped name (UTC, to the millisecond,
// then the spec's name), so the page can undo it and a marketer can find it later; the trash keeps
// the newest `maximumTrash` files. The folder's listing never shows it (hidden names are not specs).
extension StudioAPI {
    static let maximumTrash = 200
    /// Larger than any card image needs (a 1200 × 1200 photo is a few hundred KB).
    static let maximumImageBytes = 2 << 20
    static let maximumImages = 500
    static let maximumImageFolderBytes = 128 << 20

    // ------------------------------------------------------------------ duplicate, rename, trash

    /// POST /api/specs/NAME/duplicate `{"to": "copy.json"}` (optional: "NAME copy.json").
    func duplicateSpec(_ name: String, _ request: HTTPRequest) throws -> HTTPResponse {
        guard case .bytes(let bytes) = folder.read(name) else { throw RequestError(.notFound, "no spec named \(name) in the folder") }
        let to = try newName(request) ?? freeCopyName(of: name)
        switch try folder.save(bytes, as: to, ifMatch: nil, by: person(request), describing: { _, _ in "Created \(to) as a copy of \(name)" }) {
        case .saved(let etag):
            return .json(.members([("created", .string(to)), ("etag", .string(etag))]), headers: [("ETag", etag)])
        case .conflict: throw RequestError(.conflict, "\(to) already exists: choose another name")
        case .full(let message): throw RequestError(.folderFull, message)
        case .notFound: throw RequestError(.conflict, "\(to) already exists: choose another name")
        case .overtaken(let message): throw RequestError(.conflict, message)
        }
    }

    /// POST /api/specs/NAME/rename `{"to": "new.json"}`, over the version If-Match names when given.
    func renameSpec(_ name: String, _ request: HTTPRequest) throws -> HTTPResponse {
        guard let to = try newName(request) else { throw RequestError(.badInput, #"the body is {"to": "the new name.json"}"#) }
        return try folder.locked {
            try checkOpened(name, request)
            guard folder.handle.kind(to) == nil else { throw RequestError(.conflict, "\(to) already exists: choose another name") }
            try move(name, in: folder.handle, to: folder.handle, as: to)
            folder.record([name, to], "Renamed \(name) to \(to)", by: person(request))
            return .json(.members([("renamed", .string(name)), ("to", .string(to))]))
        }
    }

    /// POST /api/specs/NAME/trash: moves the file into the trash (If-Match: only that version).
    func trashSpec(_ name: String, _ request: HTTPRequest) throws -> HTTPResponse {
        try folder.locked {
            try checkOpened(name, request)
            let trash = try trashPath(creating: true)
            let stamp = StudioAPI.stamp(Date())
            var entry = "\(stamp)-\(name)", serial = 1
            while trash.kind(entry) != nil { serial += 1; entry = "\(stamp)\(serial)-\(name)" }
            try move(name, in: folder.handle, to: trash, as: entry)
            folder.record([name], "Deleted \(name) (moved to the trash)", by: person(request))
            pruneTrash(trash)
            return .json(.members([("trashed", .string(name)), ("entry", .string(entry))]))
        }
    }

    /// GET /api/trash: what the trash holds, newest first.
    func listTrash() throws -> HTTPResponse {
        let entries = trashEntries().reversed().map { entry in
            JSONValue.members([("entry", .string(entry.entry)), ("name", .string(entry.name))])
        }
        return .json(.members([("trash", .array(entries))]))
    }

    /// POST /api/trash/ENTRY/restore: back under its own name, if that is free, within the quota.
    func restoreSpec(_ entry: String, _ request: HTTPRequest) throws -> HTTPResponse {
        guard let name = StudioAPI.trashedName(entry) else { throw RequestError(.notFound, "nothing named \(entry) in the trash") }
        return try folder.locked {
            let trash = try trashPath(creating: false)
            guard case .file(let size)? = trash.kind(entry) else {
                throw RequestError(.notFound, "nothing named \(entry) in the trash")
            }
            guard folder.handle.kind(name) == nil else {
                throw RequestError(.conflict, "a campaign named \(name) exists now: rename it, then restore this one")
            }
            // The trashed file's bytes are counted already: it only moves.
            let (files, total) = folder.usage()
            guard files < SpecFolder.maximumSpecs, total <= SpecFolder.maximumBytes else {
                throw RequestError(.folderFull, "the folder's quota of specs is full; delete some before restoring \(name)")
            }
            try move(entry, in: trash, to: folder.handle, as: name)
            folder.record([name], "Restored \(name) from the trash", by: person(request))
            let etag = folder.handle.read(name, upTo: JSONParser.maximumInputSize).map(SpecFolder.etag) ?? ""
            return .json(.members([("restored", .string(name)), ("etag", .string(etag))]))
        }
    }

    /// The `to` of the body, checked; nil for an empty body.
    private func newName(_ request: HTTPRequest) throws -> String? {
        if request.body.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) { return nil }
        guard case .string(let to)? = try jsonBody(request, shape: #"{"to": "name.json"}"#)["to"] else {
            throw RequestError(.badInput, #"the body is {"to": "the new name.json"}"#)
        }
        guard SpecFolder.isValidName(to) else {
            throw RequestError(.badInput, "\(quoted(to, limit: 80)) is not a spec file name: \(SpecFolder.nameRule)")
        }
        return to
    }

    /// "NAME copy.json", or "NAME copy 2.json" and on when taken.
    private func freeCopyName(of name: String) -> String {
        let stem = String(name.dropLast(".json".count))
        for serial in 1...999 {
            let candidate = stem + (serial == 1 ? " copy" : " copy \(serial)") + ".json"
            if SpecFolder.isValidName(candidate), folder.handle.kind(candidate) == nil { return candidate }
        }
        return stem + " copy \(UInt32.random(in: 1000...UInt32.max)).json"
    }

    /// That NAME is a spec of the folder and, when the request has If-Match, still that version.
    private func checkOpened(_ name: String, _ request: HTTPRequest) throws {
        guard folder.file(name) != nil, case .bytes(let bytes) = folder.read(name) else {
            throw RequestError(.notFound, "no spec named \(name) in the folder")
        }
        if let ifMatch = request.header("If-Match"), ifMatch != "*", ifMatch != SpecFolder.etag(bytes) {
            throw RequestError(.conflict, "\(name) changed on disk since it was opened: open it again first")
        }
    }

    /// Moves a file without ever replacing one: link(2) fails when the new name exists.
    private func move(_ name: String, in source: FolderHandle, to target: FolderHandle, as newName: String) throws {
        do { try source.move(name, to: target, as: newName) } catch let failure as FolderHandle.Failure {
            if failure.exists { throw RequestError(.conflict, "\(newName) already exists: choose another name") }
            if failure.diskFull { throw RequestError(.folderFull, SpecFolder.diskFull(newName, failure)) }
            throw RequestError(.conflict, "cannot move the file: \(failure)")
        }
    }

    /// DIR/.grona-trash, which must be a folder of its own (a link is refused, not followed).
    private func trashPath(creating: Bool) throws -> FolderHandle {
        do { return try folder.handle.folder(SpecFolder.trashFolder, creating: creating) } catch {
            throw RequestError(creating ? .conflict : .notFound, "the folder's trash (\(SpecFolder.trashFolder)) is not a folder of its own")
        }
    }

    private func trashEntries() -> [(entry: String, name: String)] {
        guard let trash = try? folder.handle.folder(SpecFolder.trashFolder) else { return [] }
        return trash.names().sorted().compactMap { entry in StudioAPI.trashedName(entry).map { (entry, $0) } }
    }

    private func pruneTrash(_ trash: FolderHandle) {
        let entries = trashEntries()
        for old in entries.prefix(max(0, entries.count - StudioAPI.maximumTrash)) { trash.remove(old.entry) }
    }

    /// `20261201T210408123Z`: sorts as time does.
    static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmssSSS'Z'"
        return formatter.string(from: date)
    }

    /// The spec's name in a trash entry's (`STAMP-NAME`), or nil when it is not one.
    static func trashedName(_ entry: String) -> String? {
        guard let dash = entry.firstIndex(of: "-") else { return nil }
        let stamp = entry[..<dash], name = String(entry[entry.index(after: dash)...])
        guard stamp.count >= 19, stamp.count <= 22, stamp.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "Z") }),
              SpecFolder.isValidName(name) else { return nil }
        return name
    }

    // ------------------------------------------------------------------ images

    /// `isValidImagePath` as a regular expression, for the API's description (without the NFC and
    /// combining-mark rules a regular expression cannot state).
    static let imagePathPattern = "^(\(SpecFolder.stemPattern)/)?\(SpecFolder.stemPattern)\\.[Pp][Nn][Gg]$"
    /// `trashedName` as a regular expression.
    static let trashEntryPattern = "^[0-9TZ]{19,22}-\(SpecFolder.stemPattern)\\.json$"

    /// Whether `path` names a PNG the studio may list, serve or create: a file, or a folder and a
    /// file, each named as a spec is (letters and digits of any script first), ending in .png.
    static func isValidImagePath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count), let file = parts.last, file.lowercased().hasSuffix(".png") else { return false }
        // The spec name rule with .json in place of the ending: the same safe set of characters.
        return SpecFolder.isValidName(String(file.dropLast(4)) + ".json")
            && parts.dropLast().allSatisfy { SpecFolder.isValidName($0 + ".json") }
    }

    /// The folder's PNG images: at its top and one folder down, hidden names and links out left out.
    package func imagePaths() -> [String] {
        var found: [String] = []
        let manager = FileManager.default
        for entry in ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() {
            let path = folder.path + "/" + entry
            if StudioAPI.isValidImagePath(entry), imageFile(entry) != nil { found.append(entry); continue }
            guard AssetPaths.realDirectory(path) == path, SpecFolder.isValidName(entry + ".json") else { continue }
            for inner in ((try? manager.contentsOfDirectory(atPath: path)) ?? []).sorted() where found.count < StudioAPI.maximumImages * 2 {
                let relative = entry + "/" + inner
                if StudioAPI.isValidImagePath(relative), imageFile(relative) != nil { found.append(relative) }
            }
        }
        return found
    }

    /// The real path of an image of the folder, or nil.
    func imageFile(_ relative: String) -> String? {
        guard StudioAPI.isValidImagePath(relative), let real = AssetPaths.realFile(folder.path + "/" + relative),
              AssetPaths.isInside(real, folder.path) else { return nil }
        return real
    }

    /// GET /api/images: each PNG's path (as a spec names it), size in pixels and bytes.
    func listImages() throws -> HTTPResponse {
        var entries: [JSONValue] = []
        for path in imagePaths().prefix(StudioAPI.maximumImages) {
            guard let real = imageFile(path), let handle = FileHandle(forReadingAtPath: real) else { continue }
            let head = [UInt8]((try? handle.read(upToCount: 24)) ?? Data())
            try? handle.close()
            let size = (try? FileManager.default.attributesOfItem(atPath: real)[.size] as? Int) ?? 0
            var fields: [(String, JSONValue?)] = [("path", .string(path)), ("bytes", .number(Double(size)))]
            // IHDR's width and height, big-endian, right after the signature and the chunk's header.
            if head.count == 24, head[12..<16].elementsEqual("IHDR".utf8) {
                func word(_ at: Int) -> Int { head[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
                fields += [("width", .number(Double(word(16)))), ("height", .number(Double(word(20))))]
            }
            entries.append(.members(fields))
        }
        return .json(.members([("images", .array(entries))]))
    }

    /// GET /api/images/PATH: the PNG's bytes, for the picker's thumbnails.
    func getImage(_ path: String) throws -> HTTPResponse {
        guard let real = imageFile(path), let handle = FileHandle(forReadingAtPath: real) else {
            throw RequestError(.notFound, "no image named \(path) in the folder")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: StudioAPI.maximumImageBytes + 1)) ?? Data()
        guard data.count <= StudioAPI.maximumImageBytes else {
            throw RequestError(.tooLarge, "\(path) is over the limit of \(StudioAPI.maximumImageBytes >> 20) MiB the studio shows")
        }
        return HTTPResponse(status: 200, contentType: "image/png", headers: [("Cache-Control", "no-cache")], body: [UInt8](data))
    }

    /// PUT /api/images/PATH: a PNG the renderer can draw, as a new file (never over one).
    func uploadImage(_ path: String, _ request: HTTPRequest) throws -> HTTPResponse {
        guard StudioAPI.isValidImagePath(path) else {
            throw RequestError(.badInput, "\(quoted(path, limit: 80)) is not an image name: a name of letters, digits, spaces, -, _ and . ending in .png, in the folder or one folder down")
        }
        guard request.body.count <= StudioAPI.maximumImageBytes else {
            throw RequestError(.bodyTooLarge, "the image is \(request.body.count) bytes, over the limit of \(StudioAPI.maximumImageBytes >> 20) MiB")
        }
        // The header first (no pixels): its size is held among the renders' pixels while decoding,
        // so uploads share the server's memory ceiling with them.
        let info: PNGInfo
        do { info = try readPNGInfo(request.body) } catch { throw RequestError(.unsupportedMediaType, "not a PNG the renderer can draw: \(error)") }
        guard info.width * info.height <= ComponentRenderer.maximumImagePixels else {
            throw RequestError(.unsupportedMediaType, "not a PNG the renderer can draw: \(info.width) × \(info.height) pixels, over its limit of 4096 × 4096")
        }
        guard let held = memory.reserve(info.width * info.height, waitingAtMost: 30) else {
            throw RequestError(.busy, "the server is busy with large renders; try again in a moment")
        }
        defer { held.release() }
        let decoded: DecodedPNG
        do { decoded = try decodePNG(request.body, maximumPixelCount: ComponentRenderer.maximumImagePixels) } catch {
            throw RequestError(.unsupportedMediaType, "not a PNG the renderer can draw: \(error)")
        }
        return try folder.locked {
            let parts = path.split(separator: "/").map(String.init)
            let parent: FolderHandle
            if parts.count == 2 {
                // A folder of DIR's own: a link to one is refused by the handle, not followed.
                guard let inner = try? folder.handle.folder(parts[0]) else { throw RequestError(.notFound, "no folder named \(parts[0]) in the folder") }
                parent = inner
            } else {
                parent = folder.handle
            }
            let file = parts[parts.count - 1]
            guard parent.kind(file) == nil else { throw RequestError(.conflict, "\(path) already exists: choose another name") }
            let images = imagePaths()
            let total = images.reduce(0) { sum, image in
                sum + (imageFile(image).flatMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int } ?? 0)
            }
            guard images.count < StudioAPI.maximumImages, total + request.body.count <= StudioAPI.maximumImageFolderBytes else {
                throw RequestError(.folderFull, "the folder holds \(images.count) images (\(total >> 20) MiB), its limit is \(StudioAPI.maximumImages) images and \(StudioAPI.maximumImageFolderBytes >> 20) MiB")
            }
            do { try parent.create(file, request.body) } catch let failure as FolderHandle.Failure {
                if failure.exists { throw RequestError(.conflict, "\(path) already exists: choose another name") }
                if failure.diskFull { throw RequestError(.folderFull, SpecFolder.diskFull(path, failure)) }
                throw RequestError(.folderFull, "cannot write the image: \(failure)")
            }
            folder.record([path], "Added the image \(path)", by: person(request))
            return .json(.members([("uploaded", .string(path)), ("width", .number(Double(decoded.pixmap.width))),
                                   ("height", .number(Double(decoded.pixmap.height)))]))
        }
    }
}
