import Foundation
import Grona
import GronaRequests
import GronaServer

/// `grona-snap history SPEC.json`: the spec's versions, from the git repository its folder is in.
enum HistoryCommand {
    static let command = Command(
        name: "history", synopsis: "SPEC.json", summary: "list a spec's versions from git",
        arguments: "SPEC.json",
        about: """
            Lists the versions of a spec file, newest first, from the git repository its folder is in
            (grona-snap serve commits every change the studio makes, by the person who made it):
            one line each with the version's id, when, who and what changed, across renames. Draw
            one with grona-snap render SPEC.json --version ID -o OUT.png. Exit status 2 when the
            folder is not in a git repository.
            """,
        options: [],
        positionals: 1...1, run: run)

    static func run(_ words: ArraySlice<String>) throws {
        let args = try Arguments(words, for: command)
        let (history, name) = try open(args.positionals[0])
        let versions = try history.versions(of: name)
        guard !versions.isEmpty else { throw RequestError("\(args.positionals[0]): no version in git yet (the file is not committed)") }
        for version in versions {
            let when = version.time.prefix(16).replacingOccurrences(of: "T", with: " ")
            print("\(version.id.prefix(10))  \(when)  \(version.author)  \(version.message)")
        }
    }

    /// The history of the folder `spec` is in, and the spec's name there.
    static func open(_ spec: String) throws -> (CampaignHistory, String) {
        let url = URL(fileURLWithPath: spec)
        let name = url.lastPathComponent
        guard let folder = AssetPaths.realDirectory(url.deletingLastPathComponent().path) else {
            throw RequestError("\(spec): its folder does not exist")
        }
        return (try CampaignHistory(folder: folder, remote: nil, creating: false), name)
    }

    /// The spec at a version, with its folder's images and fonts as they were then in `scratch`:
    /// `render --version`.
    static func spec(_ spec: String, version id: String, scratch: String, assetRoots: [String]?) throws -> Spec {
        let (history, name) = try open(spec)
        guard let version = try history.version(of: name, id) else {
            throw RequestError("\(spec): --version \(id) is not one of its versions (grona-snap history \(spec) lists them)")
        }
        try history.materialise(version, into: scratch)
        guard let bytes = FileManager.default.contents(atPath: scratch + "/" + version.path) else {
            throw RequestError("\(spec): version \(id) deleted the file; draw the one before it")
        }
        return try Specs.decode([UInt8](bytes), file: spec, folder: scratch, assetRoots: assetRoots.map { [scratch] + $0 } ?? [scratch, "/"])
    }
}
