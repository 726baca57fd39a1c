import Foundation
import Grona
import GronaRequests
import GronaSnapshots
import PNG
import Raster

// A campaign's history from the API: its versions (`CampaignHistory`, git), one version's file, one
// version drawn beside today's with the difference the snapshot reports show (`compare`,
// `makeDifferenceImage`), and a version restored as a new commit.
extension StudioAPI {
    /// A version's id: a commit's, or its first 7 or more hex digits.
    static let versionPattern = "^[0-9a-fA-F]{7,64}$"

    /// Who a request came from, for the history: the person `AccessPolicy.admit` knew it by (a
    /// `--tokens` name, or a trusted auth proxy's user); unknown (nil: "GronaSnap studio") otherwise.
    func person(_ request: HTTPRequest) -> Person? {
        guard let name = request.person, !Person.cleaned(name).isEmpty else { return nil }
        return Person(name: name)
    }

    private func campaignHistory() throws -> CampaignHistory {
        guard let history = folder.history else { throw RequestError(.notFound, "the campaigns folder keeps no history") }
        return history
    }

    /// A read's answer is at most `CampaignHistory.pullInterval` behind the remote.
    func catchUp() {
        guard let history = folder.history, history.isStale else { return }
        // The folder's lock pulls (`SpecFolder.locked`), so no change is made while it merges.
        folder.locked { }
    }

    private func version(_ name: String, _ request: HTTPRequest, _ route: Route, id: String? = nil) throws -> CampaignHistory.Version {
        guard SpecFolder.isValidName(name) else { throw RequestError(.notFound, "no spec named \(name) in the folder") }
        let id = id ?? route.segment("version", in: request.path)
        guard let version = try campaignHistory().version(of: name, id) else {
            throw RequestError(.notFound, "\(name) has no version \(quoted(id, limit: 70)) in its history")
        }
        return version
    }

    /// GET /api/specs/NAME/history: its versions, newest first, across renames.
    func specHistory(_ name: String) throws -> HTTPResponse {
        guard SpecFolder.isValidName(name) else { throw RequestError(.notFound, "no spec named \(name) in the folder") }
        catchUp()
        let versions = try campaignHistory().versions(of: name)
        guard !versions.isEmpty || folder.file(name) != nil else { throw RequestError(.notFound, "no spec named \(name) in the folder or its history") }
        let entries = versions.map { version in
            JSONValue.members([("id", .string(version.id)), ("time", .string(version.time)), ("author", .string(version.author)),
                               ("message", .string(version.message)), ("name", .string(version.path))])
        }
        return .json(.members([("name", .string(name)), ("versions", .array(entries))]))
    }

    /// GET /api/specs/NAME/versions/ID: the file as it was in that version.
    func specVersion(_ name: String, _ request: HTTPRequest, _ route: Route) throws -> HTTPResponse {
        let version = try version(name, request, route)
        guard let bytes = try campaignHistory().file(version.path, at: version.id) else {
            throw RequestError(.notFound, "\(name) was deleted in version \(version.id.prefix(7)): restore the one before it")
        }
        return HTTPResponse(status: 200, contentType: "application/json", headers: [("X-Version", version.id)], body: bytes)
    }

    /// GET /api/specs/NAME/versions/ID/compare: the version drawn with the images it had, the file
    /// as it is now, the report's words for their difference and its difference image (PNG data
    /// URLs), at the spec's own environment.
    func compareVersion(_ name: String, _ request: HTTPRequest, _ route: Route) throws -> HTTPResponse {
        let version = try version(name, request, route)
        let history = try campaignHistory()
        guard case .bytes(let current) = folder.read(name) else { throw RequestError(.notFound, "no spec named \(name) in the folder") }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("grona-version-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try history.materialise(version, into: scratch)
        guard let old = FileManager.default.contents(atPath: scratch + "/" + version.path) else {
            throw RequestError(.notFound, "\(name) was deleted in version \(version.id.prefix(7)): restore the one before it")
        }
        let then = try Specs.decode([UInt8](old), file: version.path, folder: scratch, assetRoots: [scratch] + assetRoots, disclosingPaths: false)
        let now = try Specs.decode(current, file: name, folder: folder.path, assetRoots: assetRoots, disclosingPaths: false)
        let thenPNG = try drawn(then, request), nowPNG = try drawn(now, request)
        let thenImage = try decodePNG(thenPNG, maximumPixelCount: Pixmap.maximumPixelCount).pixmap
        let nowImage = try decodePNG(nowPNG, maximumPixelCount: Pixmap.maximumPixelCount).pixmap
        let result = compare(expected: thenImage, actual: nowImage)
        let difference = result.matches ? nil : makeDifferenceImage(expected: thenImage, actual: nowImage)
        func url(_ png: [UInt8]) -> JSONValue { .string("data:image/png;base64," + Data(png).base64EncodedString()) }
        let words = result.matches ? "looks the same as now" : result.message
        return .json(.members([("version", .string(version.id)), ("changes", .string(CampaignWords.change(of: name, from: [UInt8](old), to: current))),
                               ("difference", .string(words)), ("then", url(thenPNG)), ("now", url(nowPNG)),
                               ("differenceImage", try difference.map { url(try encodePNG($0)) } ?? .null)]))
    }

    /// One picture of a spec, costed and within the budget as `/api/render` is.
    private func drawn(_ spec: Spec, _ request: HTTPRequest) throws -> [UInt8] {
        let render = try RenderRequest(spec: spec)
        let session = try RenderSession.current()
        let costed = try render.costed(in: session)
        let held = try afford(costed.cost, "the version's picture", lower: "the spec's width or scale", for: request)
        defer { held.release() }
        return try render.run(on: costed.renderer, in: session).png
    }

    /// POST /api/specs/NAME/restore?version=ID: the file as it was in that version, saved as a new
    /// commit over the version If-Match names (or as the file again, when it was deleted since).
    func restoreVersion(_ name: String, _ request: HTTPRequest, _ route: Route) throws -> HTTPResponse {
        guard let id = request.query.first(where: { $0.0 == "version" })?.1 else {
            throw RequestError(.badInput, "restore needs ?version=ID, a version from GET /api/specs/\(name)/history")
        }
        let version = try version(name, request, route, id: id)
        guard let bytes = try campaignHistory().file(version.path, at: version.id) else {
            throw RequestError(.notFound, "\(name) was deleted in version \(version.id.prefix(7)): restore the one before it")
        }
        let exists = folder.file(name) != nil
        let ifMatch = request.header("If-Match") ?? (exists ? "*" : nil)
        let when = version.time.prefix(16).replacingOccurrences(of: "T", with: " ")
        switch try folder.save(bytes, as: name, ifMatch: ifMatch, by: person(request),
                               describing: { _, _ in "\(name): restored the version of \(when) by \(version.author) (\(version.id.prefix(7)))" }) {
        case .saved(let etag):
            return .json(.members([("saved", .string(name)), ("etag", .string(etag)), ("version", .string(version.id))]), headers: [("ETag", etag)])
        case .conflict(let message), .overtaken(let message): throw RequestError(.conflict, message)
        case .full(let message): throw RequestError(.folderFull, message)
        case .notFound: throw RequestError(.notFound, "no spec named \(name) in the folder")
        }
    }
}
