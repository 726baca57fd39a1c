import Foundation
import Grona
import GronaRequests

// Saves that change only what the editor changed, and saves over a file that changed meanwhile.
//
// The studio sends the whole spec it holds; written as sent, every save would reformat the file
// (JSON.stringify's layout, `1.0` as `1`), and a one-word edit would be a rewrite in `git diff`.
// The file on disk is edited instead (`JSONTextEdit`): only the values that differ are rewritten.
//
// When the file changed on disk since the page opened it, the page sends the version it opened
// (base) with its own (mine); the server merges them with the file (theirs): a field changed on one
// side takes that side's value, and the fields both sides changed differently come back for the
// marketer to choose, with the merged rest and the ETag the choice is to be saved over.
enum SpecEdits {
    /// The file on disk edited to hold the posted spec, or nil (the posted bytes are written) when
    /// either is not JSON.
    static func edited(_ onDisk: [UInt8], toHold posted: [UInt8]) -> [UInt8]? {
        guard let value = try? JSONParser.parse(posted) else { return nil }
        return try? JSONTextEdit.edit(onDisk, to: value)
    }

    /// A conflict as the page takes it: the path (keys and indexes), the field's label, and each side's value, left out
    /// where that side removed the field.
    static func json(_ conflict: JSONConflict) -> JSONValue {
        let path = conflict.path.map { step -> JSONValue in
            switch step {
            case .key(let key): return .string(key)
            case .index(let index): return .number(Double(index))
            }
        }
        return .members([("path", .array(path)), ("label", .string(CampaignWords.label(of: conflict.path))),
                         ("base", conflict.base), ("mine", conflict.mine), ("theirs", conflict.theirs)])
    }
}

extension StudioAPI {
    /// POST /api/specs/NAME/merge `{"base": …, "mine": …}`: the page's edit merged with the file as it
    /// is now. Saved when nothing conflicts; otherwise 409 with the conflicts, the merged rest
    /// (theirs where they conflict), the file's value and its ETag.
    func mergeSpec(_ name: String, _ request: HTTPRequest) throws -> HTTPResponse {
        guard SpecFolder.isValidName(name) else { throw RequestError(.notFound, "no spec named \(name) in the folder") }
        // The three versions read, compared and written again: costed by their size before any is parsed
        // (the file's size as it is now, from its metadata: it is read once, under the lock below).
        guard let file = folder.file(name), let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int else {
            throw RequestError(.conflict, "\(name) was deleted on disk since it was opened; save it under a new name")
        }
        guard size <= JSONParser.maximumInputSize else {
            throw RequestError(.tooLarge, "\(name) is over the limit of \(JSONParser.maximumInputSize) bytes (4 MiB) a spec may have")
        }
        let sizeOnDisk = size
        let held = try affordText(request.body.count + sizeOnDisk, "the merge (the versions opened and edited, and \(name) on disk)",
                                  lower: "the size of the campaign", for: request)
        defer { held.release() }
        let body = try jsonBody(request, shape: #"{"base": SPEC, "mine": SPEC}"#)
        guard let base = body["base"], let mine = body["mine"], case .object = mine else {
            throw RequestError(.badInput, #"the body is {"base": the spec as it was opened, "mine": the spec as edited}"#)
        }
        // Read, merged and saved under the folder's lock: with a remote, the lock pulls first, so the
        // merge is made with the newest version, and no change lands between the read and the save.
        return try folder.locked {
            let onDisk: [UInt8]
            switch folder.read(name) {
            case .bytes(let bytes): onDisk = bytes
            case .tooLarge: throw RequestError(.tooLarge, "\(name) is over the limit of \(JSONParser.maximumInputSize) bytes (4 MiB) a spec may have")
            case .none: throw RequestError(.conflict, "\(name) was deleted on disk since it was opened; save it under a new name")
            }
            let theirs: JSONValue
            do { theirs = try JSONParser.parse(onDisk) } catch {
                throw RequestError(.conflict, "\(name) on disk is not valid JSON any more (\(error)); open it again")
            }
            let (merged, conflicts) = JSONTextEdit.merge(base: base, mine: mine, theirs: theirs)
            let etag = SpecFolder.etag(onDisk)
            guard conflicts.isEmpty else {
                // Both versions in words: the field, the file's value and the page's.
                let sides = CampaignWords.sides(conflicts, theirs: "in the file", mine: "in yours")
                let message = "\(name) changed on disk since it was opened, and \(conflicts.count == 1 ? "one field was" : "\(conflicts.count) fields were") changed on both sides (\(sides)): choose which to keep"
                return .json(.members([("error", .string(message)), ("etag", .string(etag)),
                                       ("conflicts", .array(conflicts.map(SpecEdits.json))), ("merged", merged), ("theirs", theirs)]),
                             status: 409, headers: [("ETag", etag)])
            }
            let text = try JSONTextEdit.edit(onDisk, to: merged)
            _ = try Specs.decode(text, file: name, folder: folder.path, assetRoots: assetRoots, disclosingPaths: false)
            switch try folder.saveLocked(text, as: name, ifMatch: etag, by: person(request)) {
            case .saved(let etag):
                return .json(.members([("saved", .string(name)), ("etag", .string(etag)), ("merged", merged)]), headers: [("ETag", etag)])
            case .conflict:
                throw RequestError(.conflict, "\(name) changed on disk again while merging; save again")
            case .overtaken(let message):
                throw RequestError(.conflict, message)
            case .full(let message):
                throw RequestError(.folderFull, message)
            case .notFound:
                throw RequestError(.notFound, "no spec named \(name) in the folder")
            }
        }
    }

    /// The request's body as JSON, or 400 saying what it should be.
    func jsonBody(_ request: HTTPRequest, shape: String) throws -> JSONValue {
        do { return try JSONParser.parse(request.body) } catch {
            throw RequestError(.badInput, "the body is not JSON (\(error)); send \(shape)")
        }
    }
}
