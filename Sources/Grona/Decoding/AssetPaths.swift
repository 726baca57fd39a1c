#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Font and image paths in a spec are relative to the spec's folder. A bare font name (no folder)
// is looked up as a Swift theme's is (`fontFileNames`, `projectFontFolders`): in the spec's folder,
// then in the `Fonts/` folders from the spec's folder up to the project's root (the app's own
// fonts, `Fonts/AcmeSans-Regular.otf` beside Package.swift), then in GronaSnap's fonts, with
// `.otf`, `.ttf` and `.ttc` tried when the name has none. Every path is resolved with realpath(3), so symbolic links and `..`
// are followed before the confinement check: a path is inside an allowed root only if its real
// location is. A path that does not name an existing regular file is an error, found at decode time
// rather than halfway through drawing. The fonts folder stays allowed for fonts whatever the roots
// are: it is the renderer's own, and a bare font name is looked up there.

package struct AssetPaths: Equatable, Sendable {
    /// Real path of the spec's folder.
    var folder: String
    /// Real path of the fonts folder, if any.
    var fontsFolder: String?
    /// Real paths of the allowed roots; nil allows any path.
    var allowedRoots: [String]?
    /// Whether errors may show real paths and what exists outside the roots (`SpecDecoder.disclosesPaths`).
    var disclosesPaths = true

    /// The error for a path outside the roots when paths are not disclosed: the same words whether
    /// or not anything exists there, so the answer tells nothing about the rest of the disk.
    static func notAllowed(_ path: String) -> OverrideError {
        OverrideError("\(quoted(path, limit: 4096)) is not allowed: fonts and images must be inside the spec's folder, "
                      + "the asset roots or GronaSnap's fonts")
    }

    /// `real` as an error may show it: itself when paths are disclosed, else relative to the spec's
    /// folder or the fonts folder.
    func shown(_ real: String) -> String {
        if disclosesPaths { return real }
        if let inside = AssetPaths.relative(real, to: folder) { return inside }
        if let fontsFolder, let inside = AssetPaths.relative(real, to: fontsFolder) { return "Fonts/" + inside }
        return "the file"
    }

    /// Whether a path that names nothing lies inside the roots: its deepest existing folder does.
    private func parentIsAllowed(_ candidate: String, isFont: Bool) -> Bool {
        var folder = candidate
        while let slash = folder.lastIndex(of: "/") {
            folder = String(folder[..<slash])
            if let real = AssetPaths.realDirectory(folder.isEmpty ? "/" : folder) { return isAllowed(real, isFont: isFont) }
        }
        return false
    }

    /// Whether `path` is `folder` or inside it, comparing bytes: Swift's `hasPrefix` on strings
    /// treats canonically equivalent text as equal (a precomposed "é" matches "e" + U+0301), and the
    /// file system does not, so a look-alike sibling folder would pass it.
    package static func isInside(_ path: String, _ folder: String) -> Bool {
        let path = Array(path.utf8), folder = Array(folder.utf8)
        if path == folder { return true }
        let prefix = folder == [UInt8(ascii: "/")] ? folder : folder + [UInt8(ascii: "/")]
        return path.count > prefix.count && path.starts(with: prefix)
    }

    /// `path` relative to `folder` (bytes, as `isInside`), or nil when it is not inside.
    package static func relative(_ path: String, to folder: String) -> String? {
        let bytes = Array(path.utf8), prefix = Array(folder.utf8) + [UInt8(ascii: "/")]
        guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return nil }
        return String(decoding: bytes[prefix.count...], as: UTF8.self)
    }

    /// Whether anything (a file, a folder, a link that may lead nowhere) is at `path` itself.
    static func somethingIsAt(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The real path of a regular file, or nil.
    package static func realFile(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        let resolved = String(cString: pointer)
        var info = stat()
        guard stat(resolved, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return resolved
    }

    /// The real path of a directory, or nil.
    package static func realDirectory(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        let resolved = String(cString: pointer)
        var info = stat()
        guard stat(resolved, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return resolved
    }

    /// The file names a bare font name may have: itself when it ends in `.otf`, `.ttf` or `.ttc`,
    /// else with each of them added, then as it is (`"AcmeSans-Regular"` →
    /// `AcmeSans-Regular.otf`, `.ttf`, `.ttc`, `AcmeSans-Regular`). Swift themes and spec files alike.
    package static func fontFileNames(_ name: String) -> [String] {
        let hasExtension = [".otf", ".ttf", ".ttc"].contains { name.lowercased().hasSuffix($0) }
        return hasExtension ? [name] : [name + ".otf", name + ".ttf", name + ".ttc", name]
    }

    /// Markers of a project's root: a Swift package, a git checkout, a Bazel workspace.
    static let projectMarkers = ["Package.swift", ".git", "MODULE.bazel", "WORKSPACE"]

    /// The `Fonts/` folders from `folder` up to the nearest folder holding a project marker
    /// (`projectMarkers`), nearest first: where an app keeps its own fonts, found from a spec
    /// anywhere below it. Without a marker above, only `folder`'s own `Fonts/`: a folder elsewhere
    /// on the machine (a home folder's Fonts) must not decide how a spec renders.
    package static func projectFontFolders(from folder: String) -> [String] {
        var found: [String] = []
        var current = folder
        while true {
            if realDirectory(current + "/Fonts") != nil { found.append(current == "/" ? "/Fonts" : current + "/Fonts") }
            if projectMarkers.contains(where: { somethingIsAt(current + "/" + $0) }) { return found }
            guard let slash = current.lastIndex(of: "/"), current != "/" else { break }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
        return realDirectory(folder + "/Fonts") != nil ? [folder + "/Fonts"] : []
    }

    func isAllowed(_ real: String, isFont: Bool) -> Bool {
        guard var roots = allowedRoots else { return true }
        if isFont, let fontsFolder { roots.append(fontsFolder) }
        return roots.contains { root in AssetPaths.isInside(real, root) }
    }

    /// The real path of `path`, or the problem.
    func resolve(_ path: String, isFont: Bool) -> Result<String, OverrideError> {
        guard !path.isEmpty else { return .failure(OverrideError("path is empty")) }
        guard !path.unicodeScalars.contains("\u{0}") else {
            return .failure(OverrideError("path contains a NUL character (U+0000)"))
        }
        guard path.utf8.count <= 4096 else { return .failure(OverrideError("path is longer than 4096 bytes")) }
        // Folders searched, in order; an absolute path searches none.
        var bases: [String] = []
        let bareFont = isFont && !path.contains("/")
        if !path.hasPrefix("/") {
            bases = [folder]
            if bareFont {
                bases += AssetPaths.projectFontFolders(from: folder).filter { $0 != folder }
                if let fonts = fontsFolder, !bases.contains(fonts) { bases.append(fonts) }
            }
        }
        let names = bareFont ? AssetPaths.fontFileNames(path) : [path]
        let candidates = bases.isEmpty ? [path] : bases.flatMap { base in names.map { base + "/" + $0 } }
        var outside: String?
        for candidate in candidates {
            guard let real = AssetPaths.realFile(candidate) else { continue }
            if isAllowed(real, isFont: isFont) { return .success(real) }
            outside = outside ?? real
        }
        if !disclosesPaths {
            // Whatever is there, a path that leads outside the roots is only "not allowed"; inside
            // them, what is missing may be said, without the folders' real paths.
            // A link that leads nowhere is "not allowed" too: "not readable" would tell that its
            // target, perhaps outside, does not exist.
            if outside != nil || candidates.contains(where: AssetPaths.somethingIsAt)
                || !candidates.contains(where: { parentIsAllowed($0, isFont: isFont) }) {
                return .failure(AssetPaths.notAllowed(path))
            }
            let places = bases.isEmpty ? "" : (bases.count > 1 ? " (looked in the spec's folder and GronaSnap's fonts)" : " (looked in the spec's folder)")
            if candidates.contains(where: { AssetPaths.realDirectory($0) != nil }) {
                return .failure(OverrideError("\(quoted(path, limit: 4096)) is a folder, not a file\(places)"))
            }
            return .failure(OverrideError("\(quoted(path, limit: 4096)) is not a readable file\(places)"))
        }
        if let outside {
            return .failure(OverrideError("\(quoted(path, limit: 4096)) resolves to \(outside), outside the allowed asset roots"))
        }
        let places = bases.isEmpty ? "" : " (looked in \(bases.joined(separator: " and ")))"
        if candidates.contains(where: { AssetPaths.realDirectory($0) != nil }) {
            // No candidate is a usable file, and one is a folder: say so rather than "not readable".
            return .failure(OverrideError("\(quoted(path, limit: 4096)) is a folder, not a file\(places)"))
        }
        return .failure(OverrideError("\(quoted(path, limit: 4096)) is not a readable file\(places)"))
    }
}

