import Foundation

/// Writes files so that a reader never sees half of one: the bytes go to a temporary file beside the
/// destination, which is then renamed over it (rename is atomic within a file system). A failure at
/// any point removes the temporary file and leaves whatever was at the destination untouched.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): cannot write: \(reason)" }
        public init(path: String, reason: String) { self.path = path; self.reason = reason }
    }

    public static func write(_ bytes: [UInt8], to path: String) throws {
        let temporary = temporaryPath(for: path, suffix: "tmp")
        if let failure = writeNew(bytes, at: temporary) ?? (rename(temporary, path) != 0 ? String(cString: strerror(errno)) : nil) {
            unlink(temporary)
            throw WriteError(path: path, reason: failure)
        }
    }

    /// A hidden name beside `path`, e.g. `.AX5-dark-rtl@3x.png.4711.12.tmp`: in the same folder so
    /// that renaming it over `path` is atomic; the process id and a counter keep concurrent writers
    /// (threads, processes) apart.
    static func temporaryPath(for path: String, suffix: String) -> String {
        let url = URL(fileURLWithPath: path)
        return "\(url.deletingLastPathComponent().path)/.\(url.lastPathComponent).\(getpid()).\(nextSerial()).\(suffix)"
    }

    /// Creates the file `path`, which must not exist, with `bytes`; the reason on failure, in which
    /// case the file may be left behind for the caller to remove.
    static func writeNew(_ bytes: [UInt8], at path: String) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno)); return
                }
                offset += written
            }
        }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        return failure
    }

    /// Creates a folder and its parents, as `mkdir -p` does.
    public static func createFolder(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: path, reason: "cannot create folder")
        }
    }

    private static let serialLock = NSLock()
    /// `nonisolated(unsafe)`: read and written only while `serialLock` is held.
    nonisolated(unsafe) private static var serial = 0
    private static func nextSerial() -> Int {
        serialLock.lock(); defer { serialLock.unlock() }
        serial += 1
        return serial
    }
}
