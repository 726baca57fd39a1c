import Dispatch
import Foundation
import Locking

/// The outputs of a command that writes many files (`batch`, `verify`), all or nothing, without
/// holding them in memory: each file is written as soon as it is made, under a hidden temporary name
/// beside its destination (`.<name>.<pid>-<n>.staged`, `n` numbering the stagings of the process),
/// and `commit` renames them all into place at the end. `discard` — called on any failure, and by
/// the interrupt handler on Ctrl-C or SIGTERM — removes the staged files and the folders staging
/// created, so a failed run leaves nothing behind.
///
/// Memory stays flat in the number of files: only the folders are remembered, and `commit` and
/// `discard` find this staging's files in them by their suffix. The temporary name is fixed per
/// destination: staging a destination twice keeps the second file.
///
/// Thread-safe: workers stage their files concurrently. `@unchecked Sendable` is safe because every
/// stored property is read and written only while `condition` is locked.
package final class StagedFiles: @unchecked Sendable {
    private let condition = NSCondition()
    /// Folders holding staged files.
    private var folders: Set<String> = []
    /// Folders this staging created, parents first, so they can go again on `discard`.
    private var createdFolders: [String] = []
    /// Files being written right now: `discard` waits for them, so none is left behind.
    private var inFlight = 0
    private var closed = false
    /// Held for the whole of `discard`.
    private let discarding = NSLock()
    /// The end of every temporary name of this staging; set once, in `init` (registering, which
    /// numbers the staging, needs `self`).
    private var suffix = ""

    package init() {
        suffix = ".\(getpid())-\(Interrupts.shared.add(self)).staged"
    }

    deinit { Interrupts.shared.remove(self) }

    /// When Ctrl-C or SIGTERM has arrived, never returns: the interrupt handler is removing every
    /// staged file and ends the process with the signal's status. A command's error path calls
    /// it before exiting, so that a worker's "the run was stopped" cannot end the process first,
    /// with another status and files still being removed.
    package static func waitIfInterrupted() {
        guard Interrupts.shared.isInterrupted else { return }
        while true { pause() }
    }

    /// Writes `bytes` under a temporary name beside `destination`, creating its folder if needed.
    package func stage(_ bytes: [UInt8], at destination: String) throws {
        let temporary = try begin(destination)
        defer { end() }
        try write(bytes, to: temporary, for: destination)
    }

    /// Appends `bytes` to the file staged for `destination` (creating it, empty, on the first call):
    /// a file written piece by piece as a run goes, put in place or removed with the others.
    package func append(_ bytes: [UInt8], to destination: String) throws {
        let temporary = try begin(destination)
        defer { end() }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw AtomicFile.WriteError(path: destination, reason: AtomicFile.lastError()) }
        var failure = AtomicFile.writeAll(bytes, to: fd)
        if close(fd) != 0, failure == nil { failure = AtomicFile.lastError() }
        if let failure { throw AtomicFile.WriteError(path: destination, reason: failure) }
    }

    /// Stages a copy of the file at `source` for `destination`: a hard link when both are on one file
    /// system (no bytes copied, and safe because every GronaSnap write replaces a file by renaming
    /// rather than rewriting it), else a copy of its bytes.
    package func stageCopy(of source: String, at destination: String) throws {
        let temporary = try begin(destination)
        defer { end() }
        unlink(temporary)
        if link(source, temporary) == 0 { return }
        guard let data = FileManager.default.contents(atPath: source) else {
            throw AtomicFile.WriteError(path: destination, reason: "cannot read \(source)")
        }
        try write([UInt8](data), to: temporary, for: destination)
    }

    /// Writes the temporary file (the hidden name is this staging's alone, so it is written in
    /// place); errors name the destination, which the user asked for, not the temporary name.
    private func write(_ bytes: [UInt8], to temporary: String, for destination: String) throws {
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw AtomicFile.WriteError(path: destination, reason: AtomicFile.lastError()) }
        var failure = AtomicFile.writeAll(bytes, to: fd)
        if close(fd) != 0, failure == nil { failure = AtomicFile.lastError() }
        if let failure {
            unlink(temporary)
            throw AtomicFile.WriteError(path: destination, reason: failure)
        }
    }

    /// Renames every staged file onto its destination. If a rename fails, the files not yet renamed
    /// are removed and the error names the destination.
    package func commit() throws {
        var failure: AtomicFile.WriteError?
        finish { temporary, destination in
            if failure == nil && rename(temporary, destination) != 0 {
                failure = AtomicFile.WriteError(path: destination, reason: String(cString: strerror(errno)))
            }
            // Also after a rename that succeeded: when the staged file and the destination are
            // hard links of one file (a report's `expected/` copy of an unchanged golden), POSIX
            // rename does nothing and returns 0, leaving the staged name behind.
            unlink(temporary)
        }
        if let failure { throw failure }
    }

    /// Removes every staged file and the folders staging created (when they are empty again).
    /// One discard at a time: on Ctrl-C the interrupt handler and the command's own error path
    /// (its workers told "the run was stopped") both discard, and a second discard that found no
    /// files left to take would remove the folders while the first is still emptying them, and
    /// leave them all behind.
    package func discard() {
        discarding.lock(); defer { discarding.unlock() }
        finish { temporary, _ in unlink(temporary) }
        condition.lock(); defer { condition.unlock() }
        for folder in createdFolders.reversed() { rmdir(folder) }
        createdFolders = []
    }

    /// Stops staging, waits for the files being written, then hands each staged file, with its
    /// destination, to `body` (folders in name order, files in name order).
    private func finish(_ body: (_ temporary: String, _ destination: String) -> Void) {
        condition.lock()
        closed = true
        while inFlight > 0 { condition.wait() }
        let staged = folders.sorted()
        folders = []
        condition.unlock()
        for folder in staged {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            for name in names where name.hasPrefix(".") && name.hasSuffix(suffix) && name.count > suffix.count + 1 {
                body(folder + "/" + name, folder + "/" + String(name.dropFirst().dropLast(suffix.count)))
            }
        }
    }

    /// Creates the destination's folder if needed and returns the temporary path; `end` must follow.
    /// A destination that is a symbolic link is staged beside the file it names, which `commit`
    /// replaces (the link stays), as `AtomicFile` does; a folder is refused, and so is a device or
    /// pipe, which cannot be put in place all or nothing.
    private func begin(_ destination: String) throws -> String {
        guard case .replace(let target) = try AtomicFile.destination(of: destination) else {
            throw AtomicFile.WriteError(path: destination, reason: "not a regular file (a device, pipe or standard output)")
        }
        let (place, name) = split(target)
        condition.lock(); defer { condition.unlock() }
        if closed { throw AtomicFile.WriteError(path: destination, reason: "the run was stopped") }
        if !folders.contains(place) {
            // The missing folders, from the outermost in, so `discard` can remove what it made.
            var missing: [String] = []
            var walk = place
            while walk != "/", walk != ".", !FileManager.default.fileExists(atPath: walk) {
                missing.insert(walk, at: 0)
                walk = split(walk).folder
            }
            try AtomicFile.createFolder(place)
            createdFolders += missing
            folders.insert(place)
        }
        inFlight += 1
        return place + "/." + name + suffix
    }

    /// "a/b/c.png" → ("a/b", "c.png"); "c.png" → (".", "c.png"); "/c.png" → ("/", "c.png").
    private func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    private func end() {
        condition.lock(); defer { condition.unlock() }
        inFlight -= 1
        condition.broadcast()
    }
}

/// Ctrl-C (SIGINT) and SIGTERM while files are staged: discard every live staging, then exit with
/// the shell's status for the signal (128 + its number). Installed when the first staging is made;
/// the handlers run on a queue of their own (not in signal context), so they may take locks.
private final class Interrupts: Sendable {
    static let shared = Interrupts()
    private struct State {
        var live: [ObjectIdentifier: Weak] = [:]
        var sources: [DispatchSourceSignal] = []
        /// How many stagings this process has made, which numbers their temporary names.
        var registered = 0
        var interrupted = false
    }
    private struct Weak { weak var files: StagedFiles? }
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "GronaSnap.interrupts")

    var isInterrupted: Bool { state.withLock { $0.interrupted } }

    /// Registers a staging; returns its number in this process (1, 2, …).
    func add(_ files: StagedFiles) -> Int {
        state.withLock { state in
            state.live[ObjectIdentifier(files)] = Weak(files: files)
            state.registered += 1
            let number = state.registered
            guard state.sources.isEmpty else { return number }
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)   // delivered to the source below instead
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { [unowned self] in
                    self.state.withLock { $0.interrupted = true }
                    self.discardAll()
                    // Said, so that a run that stops without its summary is not taken for a crash.
                    let note = Array("interrupted: removed the files this run had not put in place\n".utf8)
                    _ = note.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
                    _exit(128 + number)
                }
                source.resume()
                state.sources.append(source)
            }
            return number
        }
    }

    /// Called from `StagedFiles.deinit`; `live` holds its stagings weakly so that they can go.
    func remove(_ files: StagedFiles) {
        state.withLock { $0.live[ObjectIdentifier(files)] = nil }
    }

    private func discardAll() {
        let all = state.withLock { $0.live.values.compactMap(\.files) }
        for files in all { files.discard() }
    }
}
