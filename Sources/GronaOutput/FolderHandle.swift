import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A folder opened once, and every change inside it made relative to that open descriptor.
///
/// A path is looked up again by every call that takes it, so "check that DIR/a.json is a file of
/// the folder, then write DIR/a.json" has a gap in which another process can put a symbolic link
/// there, and the write follows it wherever it leads. Here a name is always one component (no
/// slash, never `.` or `..`), resolved against the descriptor (`openat`, `linkat`, `renameat`,
/// `unlinkat`, `mkdirat`), and nothing that creates or opens a file follows a link in its last
/// component (`O_NOFOLLOW`, `AT_SYMLINK_NOFOLLOW`; `linkat` and `renameat` never follow one). A
/// link swapped in at any moment is then at worst replaced itself, never written through: bytes
/// only ever land in a file this handle created, under a hidden temporary name, which is then
/// linked (a new file, never over an existing one) or renamed (over a regular file) into place.
/// A subfolder is opened with `O_DIRECTORY | O_NOFOLLOW`, so a folder that is a link is refused
/// rather than entered.
///
/// This is for a server writing inside a folder it was given (`grona-snap serve`). The command
/// line's outputs (`AtomicFile`) follow links on purpose: there the user named the path.
package final class FolderHandle: Sendable {
    /// The open folder: `O_RDONLY | O_DIRECTORY`, closed when the handle goes.
    package let descriptor: Int32

    /// A refusal, with the `errno` it came from.
    package struct Failure: Error, CustomStringConvertible, Equatable {
        package let code: Int32
        package let operation: String
        package var description: String { "\(operation): \(String(cString: strerror(code)))" }
        /// The name is taken (`link` or `mkdir` found something there).
        package var exists: Bool { code == EEXIST }
        /// Nothing there, or a link where a file or folder was asked for.
        package var missing: Bool { code == ENOENT || code == ELOOP || code == ENOTDIR }
        /// The disk (or the user's quota on it) is full: nothing was put in place.
        package var diskFull: Bool { code == ENOSPC || code == EDQUOT }
    }

    package enum Kind: Equatable, Sendable {
        case file(size: Int)
        case folder
        case link
        /// A device, FIFO or socket: never a spec or an image.
        case other
    }

    /// Opens `path` (links in it are followed: the caller named this folder) as a folder.
    package init(path: String) throws {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(code: errno, operation: "open") }
        descriptor = fd
    }

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// A name of this folder itself: one component. Anything else would let a caller's mistake
    /// reach past the handle, so it is refused as "not there".
    private static func check(_ name: String) throws {
        guard !name.isEmpty, name != ".", name != "..", !name.utf8.contains(UInt8(ascii: "/")), !name.utf8.contains(0) else {
            throw Failure(code: ENOENT, operation: "name")
        }
    }

    /// What is at `name` itself (a link is a link, not what it names), or nil when nothing is.
    package func kind(_ name: String) -> Kind? {
        guard (try? Self.check(name)) != nil else { return nil }
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(size: Int(info.st_size))
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        default: return .other
        }
    }

    /// The target of the link at `name`, as written in it, or nil when `name` is not a link.
    package func linkTarget(_ name: String) -> String? {
        guard (try? Self.check(name)) != nil else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlinkat(descriptor, name, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The names in the folder (not `.` and `..`), unsorted.
    package func names() -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var found: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != ".", name != ".." { found.append(name) }
        }
        return found
    }

    /// Up to `limit` bytes of the regular file `name` (never through a link), or nil.
    package func read(_ name: String, upTo limit: Int) -> [UInt8]? {
        guard (try? Self.check(name)) != nil else { return nil }
        let fd = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count < limit {
            let got = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, min($0.count, limit - bytes.count)) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            bytes.append(contentsOf: chunk[0..<got])
        }
        return bytes
    }

    /// The subfolder `name`, which must be a folder of its own (a link to one is refused); made
    /// first (mode 0700) when `creating` and nothing is there.
    package func folder(_ name: String, creating: Bool = false) throws -> FolderHandle {
        try Self.check(name)
        if creating, mkdirat(descriptor, name, 0o700) != 0, errno != EEXIST {
            throw Failure(code: errno, operation: "mkdir")
        }
        let fd = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(code: errno, operation: "open folder") }
        return FolderHandle(descriptor: fd)
    }

    /// Writes `bytes` as the new file `name`: fails with `exists` when anything is there, whatever
    /// appears there meanwhile (link(2) never replaces).
    package func create(_ name: String, _ bytes: [UInt8]) throws {
        try Self.check(name)
        let temporary = try stage(bytes)
        defer { unlinkat(descriptor, temporary, 0) }
        guard linkat(descriptor, temporary, descriptor, name, 0) == 0 else { throw Failure(code: errno, operation: "link") }
    }

    /// Puts `bytes` in place as `name`, replacing what is there (a regular file; a link swapped in
    /// since the caller looked is replaced itself, not followed).
    package func replace(_ name: String, _ bytes: [UInt8]) throws {
        try Self.check(name)
        let temporary = try stage(bytes)
        guard renameat(descriptor, temporary, descriptor, name) == 0 else {
            let failure = Failure(code: errno, operation: "rename")
            unlinkat(descriptor, temporary, 0)
            throw failure
        }
    }

    /// Moves `name` to `newName` in `folder` (this one or another handle's) without ever replacing
    /// anything there: link(2) then unlink(2). A link is moved as the link it is.
    package func move(_ name: String, to folder: FolderHandle, as newName: String) throws {
        try Self.check(name)
        try Self.check(newName)
        guard linkat(descriptor, name, folder.descriptor, newName, 0) == 0 else { throw Failure(code: errno, operation: "link") }
        unlinkat(descriptor, name, 0)
    }

    /// Removes the file or link `name` (never a folder).
    package func remove(_ name: String) {
        guard (try? Self.check(name)) != nil else { return }
        unlinkat(descriptor, name, 0)
    }

    /// Removes the temporary files `create` and `replace` left behind when their process ended
    /// between writing and putting them in place (a crash, a kill): `.grona-PID-….tmp` whose process
    /// is gone, or whose process ID is this process's (in a container a server is PID 1 every time):
    /// so call it before this process writes anything here. Another process's file is left alone
    /// while that process runs (a second server on the same folder may be writing it). The names removed.
    @discardableResult
    package func removeLeftovers() -> [String] {
        names().filter { name in
            guard name.hasPrefix(".grona-"), name.hasSuffix(".tmp"), case .file? = kind(name),
                  let pid = Int32(name.dropFirst(".grona-".count).prefix { $0 != "-" }) else { return false }
            // kill(pid, 0): ESRCH when no such process; EPERM means one runs (someone else's).
            guard pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) else { return false }
            return unlinkat(descriptor, name, 0) == 0
        }
    }

    /// The bytes in a new hidden file of this folder, synced; its name. Opened with `O_EXCL` and
    /// `O_NOFOLLOW`: a name some other process made first is never written into.
    private func stage(_ bytes: [UInt8]) throws -> String {
        for _ in 0..<8 {
            let temporary = ".grona-\(getpid())-\(Self.serial.wrappingAdd(1, ordering: .relaxed).newValue)-\(UInt32.random(in: 0...UInt32.max)).tmp"
            let fd = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd < 0, errno == EEXIST { continue }
            guard fd >= 0 else { throw Failure(code: errno, operation: "create") }
            var failure = AtomicFile.writeAll(bytes, to: fd).map { _ in Failure(code: errno, operation: "write") }
            if failure == nil, fsync(fd) != 0 { failure = Failure(code: errno, operation: "fsync") }
            close(fd)
            if let failure {
                unlinkat(descriptor, temporary, 0)
                throw failure
            }
            return temporary
        }
        throw Failure(code: EEXIST, operation: "create")
    }

    private static let serial = Atomic<Int>(0)
}
