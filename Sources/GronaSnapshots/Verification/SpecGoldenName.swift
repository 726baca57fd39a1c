// Where a spec's goldens go: one rule for every front end that names them (`grona-snap verify`,
// `unused`, `batch`, Swift's `assertSnapshot(ofSpecAt:)`), so the same spec file has the same
// goldens whichever of them checks it, and whichever folder `verify` was pointed at.
//
// The name is the spec's path from the project root, without the first folder (`Fixtures/`,
// `Tests/`) and without `.json`: `Fixtures/banners/summer.json` → `banners/summer`,
// `Tests/Specs/points2.json` → `Specs/points2`, a spec at the root itself → its file name. The
// project root is the nearest folder at or above the snapshots folder's parent that holds
// Package.swift (a Swift package's root, which is where Swift tests resolve their paths from),
// else the snapshots folder's parent (Bazel's runfiles, a plain repository). So
// `verify Fixtures/campaigns` names a spec `campaigns/x` as `verify Fixtures` does, and
// `verify Tests/Specs` names it `Specs/points2` as `ofSpecAt: "Tests/Specs/points2.json"` does,
// rather than each naming it from the folder it was handed.
//
// A spec outside the project root (a fixtures folder elsewhere on the disk) cannot be named from it:
// it is named by its path below the folder searched (`verify`'s argument), or by its file name when
// there is none (a Swift call given an absolute path). Removing the first folder makes two specs
// with one name possible (`Fixtures/a.json`, `Tests/a.json`); `FolderVerification` refuses that.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Grona

package enum SpecGoldenName {
    /// The golden folder of the spec at `file`, relative to the snapshots folder (see the file comment).
    /// `searched`: the folder the spec was found in, for a spec outside the project root.
    package static func of(specAt file: String, snapshotsFolder: String, searched: String? = nil) -> String {
        let real = canonical(file)
        let root = projectRoot(snapshotsFolder: snapshotsFolder)
        if let inside = AssetPaths.relative(real, to: root) {
            let components = inside.split(separator: "/")
            return withoutJSON(components.count > 1 ? components.dropFirst().joined(separator: "/") : inside)
        }
        if let searched, let below = AssetPaths.relative(real, to: canonical(searched)) {
            return withoutJSON(below)
        }
        return withoutJSON(String(real.split(separator: "/").last ?? Substring(real)))
    }

    /// Two specs whose goldens would be one folder (`Fixtures/a.json` and `Tests/a.json`, both `a`,
    /// in a run over their common folder) stop the run before anything is rendered.
    package static func refuseShared(_ specs: [Spec], snapshotsFolder: String) throws {
        var first: [String: String] = [:]
        for spec in specs {
            if let other = first[spec.name] {
                throw FolderVerification.Failure(description: "\(spec.file): its goldens would be "
                    + "\(path(snapshotsFolder, spec.name))/, which are \(other)'s: two specs cannot share goldens; rename one of them")
            }
            first[spec.name] = spec.file
        }
    }

    /// The nearest folder at or above the snapshots folder's parent that holds Package.swift, else
    /// that parent; as a real path when it exists.
    package static func projectRoot(snapshotsFolder: String) -> String {
        let parent = (canonical(snapshotsFolder) as NSString).deletingLastPathComponent
        var folder = parent
        while true {
            if FileManager.default.fileExists(atPath: folder + "/Package.swift") { return folder }
            let up = (folder as NSString).deletingLastPathComponent
            if up == folder || up.isEmpty { return parent }
            folder = up
        }
    }

    /// An absolute path with `.` and `..` gone and the links of its folder followed (the file itself
    /// is not: a spec linked into the fixtures is named where it is found). A path that does not
    /// exist (a snapshots folder not made yet) keeps its last components as they are.
    static func canonical(_ path: String) -> String {
        var absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        absolute = (absolute as NSString).standardizingPath
        var pending: [String] = []
        var folder = absolute
        while !folder.isEmpty && folder != "/" {
            let name = (folder as NSString).lastPathComponent
            folder = (folder as NSString).deletingLastPathComponent
            pending.insert(name, at: 0)
            if let real = AssetPaths.realDirectory(folder.isEmpty ? "/" : folder) {
                return (real == "/" ? "" : real) + "/" + pending.joined(separator: "/")
            }
        }
        return absolute
    }

    private static func withoutJSON(_ name: String) -> String {
        name.hasSuffix(".json") ? String(name.dropLast(5)) : name
    }
}
