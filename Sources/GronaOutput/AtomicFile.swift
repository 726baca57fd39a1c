import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The one place outputs are written. What happens depends on what the path names:
///
/// - `-`: standard output, so a snapshot can be piped (`grona-snap render spec.json -o - | …`).
/// - nothing yet, or a regular file: the bytes go to a temporary file beside the destination, which
///   is then renamed over it (rename is atomic within a file system), so a reader never sees half a
///   file. A failure at any point removes the temporary file and leaves the destination untouched.
/// - a symbolic link: the link is followed and its target replaced as above; the link stays a link.
/// - a device, FIFO or other non-regular file (`/dev/null`, `/dev/stdout`, a named pipe): written
///   through, never replaced. Renaming over `/dev/null` as root would turn it into a regular file.
/// - a folder: refused ("out.png is a folder"); nothing is written inside it.
///
/// Several outputs that belong together (a snapshot and its report) are staged first and committed
/// together, so a failure in any leaves none of them behind.
package enum AtomicFile {
    package struct WriteError: Error, CustomStringConvertible {
        package let path: String
        package let reason: String
        /// Set when `reason` is the whole message (it already names the path).
        let standsAlone: Bool
        init(path: String, reason: String, standsAlone: Bool = false) {
            self.path = path; self.reason = reason; self.standsAlone = standsAlone
        }
        package var description: String { standsAlone ? reason : "\(path): cannot write: \(reason)" }
    }

    /// The name that means standard output wherever an output path is taken.
    package static let standardOutputName = "-"

    /// Writes `bytes` to `path` as described above.
    package static func write(_ bytes: [UInt8], to path: String) throws {
        try stage(bytes, to: path).commit()
    }

    /// Writes `bytes` next to `path` (or, for standard output and devices, keeps them) without
    /// putting them in place: `commit()` does that, `discard()` takes them back.
    package static func stage(_ bytes: [UInt8], to path: String) throws -> StagedFile {
        switch try destination(of: path) {
        case .standardOutput:
            return StagedFile(path: path, kind: .standardOutput(bytes))
        case .writeThrough(let device):
            return StagedFile(path: path, kind: .device(device, bytes))
        case .replace(let target):
            let url = URL(fileURLWithPath: target)
            let folder = url.deletingLastPathComponent().path
            // The process id and a counter keep concurrent writers (threads, processes) apart.
            let temporary = "\(folder)/.\(url.lastPathComponent).\(getpid()).\(nextSerial()).tmp"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw WriteError(path: path, reason: lastError()) }
            var failure = writeAll(bytes, to: fd)
            if close(fd) != 0, failure == nil { failure = lastError() }
            if let failure {
                unlink(temporary)
                throw WriteError(path: path, reason: failure)
            }
            return StagedFile(path: path, kind: .rename(temporary: temporary, target: target))
        }
    }

    /// Bytes waiting to be put in place. Commit or discard each one exactly once.
    package struct StagedFile {
        enum Kind {
            case rename(temporary: String, target: String)
            case standardOutput([UInt8])
            case device(String, [UInt8])
        }
        package let path: String
        let kind: Kind

        package func commit() throws {
            switch kind {
            case .rename(let temporary, let target):
                guard rename(temporary, target) == 0 else {
                    let reason = lastError()
                    unlink(temporary)
                    throw WriteError(path: path, reason: reason)
                }
            case .standardOutput(let bytes):
                if let failure = writeAll(bytes, to: STDOUT_FILENO) {
                    throw WriteError(path: "standard output", reason: failure)
                }
            case .device(let device, let bytes):
                // No O_CREAT and no O_TRUNC: the file exists and is not a regular file, so there is
                // nothing to truncate, and it must never be created or replaced.
                let fd = open(device, O_WRONLY | O_CLOEXEC)
                guard fd >= 0 else { throw WriteError(path: path, reason: lastError()) }
                var failure = writeAll(bytes, to: fd)
                if close(fd) != 0, failure == nil { failure = lastError() }
                if let failure { throw WriteError(path: path, reason: failure) }
            }
        }

        package func discard() {
            if case .rename(let temporary, _) = kind { unlink(temporary) }
        }
    }

    /// Files that belong together (a snapshot and its report, an animation and its frames): each is
    /// complete, staged beside its destination, before any is put in place, so a failure leaves none
    /// of them. A folder in `creating` is made (as `mkdir -p`) just before the first file inside it
    /// is staged, so it is not made when a file before it cannot be.
    package static func writeTogether(_ files: [(bytes: [UInt8], path: String)], creating folders: [String] = []) throws {
        var staged: [StagedFile] = []
        var made: Set<String> = []
        do {
            for file in files {
                if let slash = file.path.lastIndex(of: "/") {
                    let folder = String(file.path[..<slash])
                    if folders.contains(folder), !made.contains(folder) { try createFolder(folder); made.insert(folder) }
                }
                staged.append(try stage(file.bytes, to: file.path))
            }
        } catch {
            staged.forEach { $0.discard() }
            throw error
        }
        try commitAll(staged)
    }

    /// Puts every staged file in place, in order; if any cannot be staged or committed, the ones not
    /// yet committed are discarded and the error is thrown.
    package static func commitAll(_ files: [StagedFile]) throws {
        for (index, file) in files.enumerated() {
            do { try file.commit() } catch {
                files.dropFirst(index + 1).forEach { $0.discard() }
                throw error
            }
        }
    }

    enum Destination: Equatable {
        case standardOutput
        /// An existing device, FIFO or socket, at this path (a symlink's target, if one led there).
        case writeThrough(String)
        /// A regular file, or nothing yet, at this path: replaced by rename.
        case replace(String)
    }

    /// What writing to `path` means, following symbolic links to what they name.
    static func destination(of path: String) throws -> Destination {
        if path == standardOutputName { return .standardOutput }
        var current = path
        // Follow a chain of links as the kernel would (it gives up after 40).
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                if errno == ENOENT { return .replace(current) }
                throw WriteError(path: path, reason: lastError())
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .replace(current)
            case S_IFDIR: throw isAFolder(path)
            case S_IFLNK: current = try linkTarget(current, original: path)
            default: return .writeThrough(current)
            }
        }
        throw WriteError(path: path, reason: "too many levels of symbolic links")
    }

    /// Where the link at `link` points, relative targets taken from the link's own folder.
    private static func linkTarget(_ link: String, original: String) throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count >= 0 else { throw WriteError(path: original, reason: lastError()) }
        let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        let folder = URL(fileURLWithPath: link).deletingLastPathComponent().path
        return folder + "/" + target
    }

    /// "out.png is a folder": the error for a folder named where a file is expected, in and out.
    package static func isAFolder(_ path: String) -> WriteError {
        WriteError(path: path, reason: "\(path) is a folder", standsAlone: true)
    }

    /// Whether `path` names an existing folder (following links).
    package static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// Creates a folder and its parents, as `mkdir -p` does.
    package static func createFolder(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            // The system's reason ("Permission denied" for a read-only folder) is what a person
            // needs: the first missing folder is made again to learn it.
            var missing = path
            while !parentFolderExists(missing), let slash = missing.lastIndex(of: "/"), slash != missing.startIndex {
                missing = String(missing[..<slash])
            }
            let reason = mkdir(missing, 0o777) == 0 ? nil : String(cString: strerror(errno))
            throw WriteError(path: path, reason: "cannot create folder" + (reason.map { ": " + $0 } ?? ""))
        }
    }

    /// Whether the folder holding `path` exists.
    private static func parentFolderExists(_ path: String) -> Bool {
        guard let slash = path.lastIndex(of: "/") else { return true }
        return slash == path.startIndex || isFolder(String(path[..<slash]))
    }

    /// Writes all of `bytes`, retrying after interruptions; the error text, or nil.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        bytes.withUnsafeBytes { buffer -> String? in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return lastError()
                }
                offset += written
            }
            return nil
        }
    }

    static func lastError() -> String { String(cString: strerror(errno)) }

    private static let serial = Atomic<Int>(0)
    private static func nextSerial() -> Int {
        serial.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
