import Dispatch
import Foundation

/// The outputs of a command that writes many files (`batch`, `verify`), all or nothing, without
/// holding them in memory: each file is written as soon as it is made, under a hidden temporary name
/// beside its destination (`.<name>.<pid>.<n>.staged`), and `commit` renames them all into place at
/// the end. `discard` — called on any failure, and by the interrupt handler on Ctrl-C or SIGTERM —
/// removes the staged files and the folders staging created, so a failed run leaves nothing behind.
///
/// Thread-safe: workers stage their files concurrently. `@unchecked Sendable` is safe because every
/// stored property is read and written only while `lock` is held.
public final class StagedFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var staged: [(temporary: String, destination: String)] = []
    /// Folders this staging created, parents first, so they can go again on `discard`.
    private var createdFolders: [String] = []
    private var closed = false

    public init() {
        Interrupts.shared.add(self)
    }

    deinit { Interrupts.shared.remove(self) }

    /// The number of files staged so far.
    public var count: Int {
        lock.lock(); defer { lock.unlock() }
        return staged.count
    }

    /// Writes `bytes` under a temporary name beside `destination`, creating its folder if needed.
    public func stage(_ bytes: [UInt8], at destination: String) throws {
        let temporary = try prepare(destination)
        if let failure = AtomicFile.writeNew(bytes, at: temporary) {
            unlink(temporary)
            throw AtomicFile.WriteError(path: destination, reason: failure)
        }
        record(temporary, destination)
    }

    /// Stages a copy of the file at `source` for `destination`: a hard link when both are on one file
    /// system (no bytes copied, and safe because every GronaSnap write replaces a file by renaming
    /// rather than rewriting it), else a copy of its bytes.
    public func stageCopy(of source: String, at destination: String) throws {
        let temporary = try prepare(destination)
        if link(source, temporary) == 0 {
            record(temporary, destination)
            return
        }
        guard let data = FileManager.default.contents(atPath: source) else {
            throw AtomicFile.WriteError(path: destination, reason: "cannot read \(source)")
        }
        if let failure = AtomicFile.writeNew([UInt8](data), at: temporary) {
            unlink(temporary)
            throw AtomicFile.WriteError(path: destination, reason: failure)
        }
        record(temporary, destination)
    }

    /// Renames every staged file onto its destination. If a rename fails, the files not yet renamed
    /// are removed and the error names the destination.
    public func commit() throws {
        lock.lock()
        let files = staged
        staged = []
        closed = true
        lock.unlock()
        for (index, file) in files.enumerated() where rename(file.temporary, file.destination) != 0 {
            let reason = String(cString: strerror(errno))
            for rest in files[index...] { unlink(rest.temporary) }
            throw AtomicFile.WriteError(path: file.destination, reason: reason)
        }
    }

    /// Removes every staged file and the folders staging created (when they are empty again).
    public func discard() {
        lock.lock(); defer { lock.unlock() }
        for file in staged { unlink(file.temporary) }
        staged = []
        for folder in createdFolders.reversed() { rmdir(folder) }
        createdFolders = []
        closed = true
    }

    private func prepare(_ destination: String) throws -> String {
        let folder = (destination as NSString).deletingLastPathComponent
        lock.lock(); defer { lock.unlock() }
        if closed { throw AtomicFile.WriteError(path: destination, reason: "the run was stopped") }
        if !folder.isEmpty {
            // The missing folders, from the outermost in, so `discard` can remove what it made.
            var missing: [String] = []
            var walk = folder
            while !walk.isEmpty, walk != "/", !FileManager.default.fileExists(atPath: walk) {
                missing.insert(walk, at: 0)
                walk = (walk as NSString).deletingLastPathComponent
            }
            try AtomicFile.createFolder(folder)
            createdFolders += missing
        }
        return AtomicFile.temporaryPath(for: destination, suffix: "staged")
    }

    private func record(_ temporary: String, _ destination: String) {
        lock.lock()
        let late = closed
        if !late { staged.append((temporary, destination)) }
        lock.unlock()
        if late { unlink(temporary) }   // discarded while this file was being written
    }
}

/// Ctrl-C (SIGINT) and SIGTERM while files are staged: discard every live staging, then exit with
/// the shell's status for the signal (128 + its number). Installed when the first staging is made;
/// the handlers run on a queue of their own (not in signal context), so they may take locks.
private final class Interrupts: @unchecked Sendable {
    static let shared = Interrupts()
    private let lock = NSLock()
    private var live: [ObjectIdentifier: Weak] = [:]
    private struct Weak { weak var files: StagedFiles? }
    private var sources: [DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "GronaSnap.interrupts")

    func add(_ files: StagedFiles) {
        lock.lock(); defer { lock.unlock() }
        live[ObjectIdentifier(files)] = Weak(files: files)
        guard sources.isEmpty else { return }
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)   // delivered to the source below instead
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [unowned self] in
                self.discardAll()
                _exit(128 + number)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Called from `StagedFiles.deinit`; `live` holds its stagings weakly so that they can go.
    func remove(_ files: StagedFiles) {
        lock.lock(); defer { lock.unlock() }
        live[ObjectIdentifier(files)] = nil
    }

    private func discardAll() {
        lock.lock()
        let all = live.values.compactMap(\.files)
        lock.unlock()
        for files in all { files.discard() }
    }
}
