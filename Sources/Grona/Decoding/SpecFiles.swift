import Foundation

/// Which JSON files in a folder are specs. Folders of specs collect other JSON too (a `--report`
/// saved beside them, a tool's settings), and failing on those ("unknown key size") helps nobody, so
/// a file is a spec when its top level is an object with a `component` key. A file that is not valid
/// JSON, or whose top level names a spec section (`theme`, `environment`, `variants`) or a key close
/// to `component` (`componnet`), is still taken as a spec: decoding then reports what is wrong with
/// it, and a typo never turns a spec into a skipped file.
///
/// The one rule for every command that reads a folder of specs (`batch`, `verify`, `check`) or one
/// spec (`sheet`).
package enum SpecFiles {
    package struct Listing: Sendable, Equatable {
        /// The specs, sorted by file name (byte order, the same everywhere).
        package var specs: [String]
        /// The JSON files that are not specs, sorted.
        package var skipped: [String]
    }

    /// The `*.json` files directly in `folder` (hidden ones aside), sorted by name and split into
    /// specs and skipped files. Throws when `folder` is not a readable folder.
    package static func list(in folder: String) throws -> Listing {
        guard isExistingFolder(folder), let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw SpecError(file: folder, location: nil, message: "not a readable folder of spec files")
        }
        let paths = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { folder.hasSuffix("/") ? folder + $0 : folder + "/" + $0 }
        var listing = Listing(specs: [], skipped: [])
        for path in paths {
            if isSpec(fileAt: path) { listing.specs.append(path) } else { listing.skipped.append(path) }
        }
        return listing
    }

    /// A spec found in a folder tree, with its name: the path below the folder without `.json`
    /// (`banners/summer`), which is where its goldens go.
    package struct Found: Sendable, Equatable {
        package var path: String
        package var name: String
    }

    /// The specs in `folder` and its subfolders (hidden files and folders aside; symbolic links to
    /// folders are not followed, so a link cannot loop), sorted by their names in byte order, with
    /// the JSON files that are not specs. Throws when `folder` is not a readable folder.
    package static func tree(in folder: String) throws -> (specs: [Found], skipped: [String]) {
        guard isExistingFolder(folder) else {
            throw SpecError(file: folder, location: nil, message: "not a readable folder of spec files")
        }
        var found: [Found] = [], skipped: [String] = []
        func walk(_ relative: String, depth: Int) {
            let here = relative.isEmpty ? folder : (folder.hasSuffix("/") ? folder : folder + "/") + relative
            guard depth < 32, let names = try? FileManager.default.contentsOfDirectory(atPath: here) else { return }
            for name in names where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                let path = (folder.hasSuffix("/") ? folder : folder + "/") + child
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFDIR {
                    walk(child, depth: depth + 1)
                } else if name.hasSuffix(".json") {
                    if isSpec(fileAt: path) { found.append(Found(path: path, name: String(child.dropLast(5)))) } else { skipped.append(path) }
                }
            }
        }
        walk("", depth: 0)
        found.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        skipped.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return (found, skipped)
    }

    /// False only for a readable JSON file that is clearly something else (see the type's comment).
    package static func isSpec(fileAt path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return true }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: JSONParser.maximumInputSize + 1) else { return true }
        return isSpec([UInt8](data))
    }

    package static func isSpec(_ bytes: [UInt8]) -> Bool {
        guard bytes.count <= JSONParser.maximumInputSize, let root = try? JSONParser.parse(bytes) else { return true }
        guard case .object(let members) = root else { return false }
        let sections = ["component", "theme", "environment", "variants"]
        return members.contains { member in
            sections.contains { $0.utf8.elementsEqual(member.key.utf8) }
                || (member.key.count <= 64 && editDistance(member.key, "component") <= 3)
        }
    }

    /// The note a command prints on stderr for a skipped file.
    package static func skipNote(_ path: String) -> String {
        "note: \(path): skipped, not a spec (its top level has no \"component\" key)"
    }
}

/// Whether `path` names an existing folder (following links), for telling a folder of specs from a
/// spec file.
func isExistingFolder(_ path: String) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
}
