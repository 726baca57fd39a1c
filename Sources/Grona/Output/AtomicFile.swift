import Foundation

/// Writes files so that a reader never sees half of one: the bytes go to a temporary file beside the
/// destination, which is then renamed over it (rename is atomic within a file system). A failure at
/// any point removes the temporary file and leaves whatever was at the destination untouched.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): cannot write: \(reason)" }
    }

    public static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        // The process id and a counter keep concurrent writers (threads, processes) apart.
        let temporary = "\(folder)/.\(url.lastPathComponent).\(getpid()).\(nextSerial()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
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
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw WriteError(path: path, reason: failure)
        }
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
