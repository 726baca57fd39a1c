import Foundation
import Grona
import GronaRequests
import Locking
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who made a change: a commit's author (and committer).
struct Person: Sendable, Equatable {
    var name: String
    var email: String

    /// Whoever the request does not name: the studio itself.
    static let studio = Person(name: "GronaSnap studio", email: "studio@grona-snap.invalid")

    /// A person known by a name alone (a token's name, an auth proxy's user): an address that
    /// cannot be mailed, so no commit claims a real one it was not given. An auth proxy that names
    /// people by their address (`X-Forwarded-Email`, or a user that is one) gave it: it is kept.
    init(name: String) {
        let cleaned = Person.cleaned(name)
        self.name = cleaned.isEmpty ? Person.studio.name : cleaned
        if Person.isAddress(cleaned) { email = cleaned; return }
        let local = cleaned.lowercased().unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? String($0) : "." }.joined()
        let trimmed = local.split(separator: ".").joined(separator: ".")
        email = (trimmed.isEmpty ? "person" : trimmed) + "@grona-snap.invalid"
    }

    /// `local@domain.tld` in printable ASCII without spaces: what git takes as an address.
    static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix(".") else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 32 && $0.value < 127 }
    }

    init(name: String, email: String) {
        self.name = name
        self.email = email
    }

    /// No control characters or angle brackets (git would refuse, or a name would spill into the
    /// address), at most 100 characters.
    static func cleaned(_ name: String) -> String {
        let kept = name.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) && $0 != "<" && $0 != ">" }
        return String(String.UnicodeScalarView(kept)).trimmingCharacters(in: .whitespaces).prefix(100).description
    }
}

/// The campaigns folder's history, kept by git: every change GronaSnap makes is one commit of
/// exactly the files it touched, by the person who asked; versions are read back from it, and with
/// a remote, each commit is pushed and the remote's commits pulled in.
///
/// Everything runs the `git` command (`Git`), with an environment of its own: no system or user
/// configuration is read (the server's own HOME, hooks or signing keys never change what it
/// commits), the author is given with each commit, and every call has a time limit. Pathspecs are
/// literal, so a campaign named `*.json` is that file only. Nothing here rewrites, deletes or
/// force-pushes history.
///
/// A folder that is not in a repository becomes one (`git init`) with one first commit of its
/// campaign files (the specs and images the studio lists, nothing else), so the first change to a
/// campaign already has a version before it to look at and go back to. A folder inside a
/// repository is used as it is, on its branch: nothing is committed until GronaSnap changes a file,
/// and then only that file, whatever else the work tree holds.
package final class CampaignHistory: Sendable {
    /// The campaigns folder's real path (git runs there: pathspecs are relative to it).
    let folder: String
    /// The remote each commit is pushed to and pulled from (`serve --remote NAME`).
    let remote: String?
    /// How old the last pull may be when a read is served.
    static let pullInterval: TimeInterval = 3
    private let lastPull = Mutex<Date>(.distantPast)

    /// git could not do what was asked: its own message (the server says it as a warning, or, at
    /// start, as the error).
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
        /// Fields a pull before the failure settled with the remote's values (`pull`).
        var conflicts: [Conflict] = []
    }

    /// One version of a campaign.
    package struct Version: Sendable, Equatable {
        /// The commit's full id.
        package var id: String
        /// When it was committed (ISO 8601, with the committer's offset).
        package var time: String
        package var author: String
        package var message: String
        /// The campaign's file name in that version (it may have been renamed since).
        package var path: String
    }

    /// Opens the history of `folder`, making the folder a repository first when it is not in one
    /// (unless `creating` is false: then that is an error). `files` lists the campaign files a
    /// first commit holds.
    package init(folder: String, remote: String?, creating: Bool = true, files: () -> [String] = { [] }) throws {
        self.folder = folder
        self.remote = remote
        let inside = try Git.run(["rev-parse", "--is-inside-work-tree"], in: folder)
        let isRepository = inside.status == 0 && inside.text.trimmingCharacters(in: .whitespacesAndNewlines) == "true"
        if let remote {
            let known = isRepository ? try Git.run(["remote"], in: folder).text.split(separator: "\n").map(String.init) : []
            guard known.contains(remote) else {
                throw RequestError("serve: --remote \(remote): the campaigns' repository has no remote of that name (it has \(known.isEmpty ? "none" : known.joined(separator: ", ")))")
            }
        }
        guard !isRepository else { return }
        guard creating else { throw RequestError("\(folder) is not in a git repository: it has no history (grona-snap serve makes it one)") }
        try Git.check(["-c", "init.defaultBranch=main", "init", "-q"], in: folder)
        // The trash is the studio's own, not a campaign: git leaves it out of `status` too.
        let exclude = folder + "/.git/info/exclude"
        let old = (try? String(contentsOfFile: exclude, encoding: .utf8)) ?? ""
        try? (old + (old.isEmpty || old.hasSuffix("\n") ? "" : "\n") + "/\(SpecFolder.trashFolder)/\n").write(toFile: exclude, atomically: true, encoding: .utf8)
        let campaigns = files()
        if !campaigns.isEmpty {
            try commit(campaigns, message: "Started the campaigns' history with \(campaigns.count) file\(campaigns.count == 1 ? "" : "s")", by: nil)
        }
    }

    // ------------------------------------------------------------------ recording changes

    /// Commits exactly `paths` (relative to the folder; created, changed or removed) as one commit by
    /// `person` (nil: the studio), and pushes it when there is a remote. Nothing is committed when
    /// none of them changed. Other files, staged or not, stay as they were. Returns the fields a
    /// push had to settle with the remote's changes (`pull`).
    @discardableResult
    func commit(_ paths: [String], message: String, by person: Person?) throws -> [Conflict] {
        let person = person ?? .studio
        // Only what GronaSnap writes is committed: a regular file. A link put in its place
        // meanwhile (the folder refuses to write through one) is left out, as are folders.
        var onDisk: [String] = [], gone: [String] = []
        for path in Set(paths).sorted() {
            switch (try? FileManager.default.attributesOfItem(atPath: folder + "/" + path))?[.type] as? FileAttributeType {
            case .typeRegular?: onDisk.append(path)
            case nil: gone.append(path)
            default: continue
            }
        }
        // git is asked once per batch, not once per file: a first commit of a folder of 500 images
        // took 45 s with two processes per file.
        let tracked = try trackedPaths(among: onDisk + gone)
        let untracked = onDisk.filter { !tracked.contains($0) }
        for batch in Self.batches(of: untracked) { try Git.check(["--literal-pathspecs", "add", "--"] + batch, in: folder) }
        let changed = (onDisk + gone.filter(tracked.contains)).sorted()
        guard !changed.isEmpty else { return [] }
        let status = try Git.check(["--literal-pathspecs", "status", "--porcelain", "--untracked-files=no", "--"] + changed, in: folder)
        guard !status.text.isEmpty else { return [] }
        try Git.check(["-c", "user.name=\(person.name)", "-c", "user.email=\(person.email)", "--literal-pathspecs",
                       "commit", "-q", "--no-verify", "--only", "-m", message, "--"] + changed, in: folder)
        return try push()
    }

    /// Which of `paths` git tracks (in the index), asked in batches.
    private func trackedPaths(among paths: [String]) throws -> Set<String> {
        var tracked: Set<String> = []
        for batch in Self.batches(of: paths) {
            let listed = try Git.check(["--literal-pathspecs", "ls-files", "-z", "--"] + batch, in: folder)
            // A pathspec naming a folder lists the files inside; only exact names count.
            tracked.formUnion(listed.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
        }
        return tracked.intersection(paths)
    }

    /// Paths in groups small enough for one command line (a path is at most some 260 bytes).
    private static func batches(of paths: [String]) -> [ArraySlice<String>] {
        stride(from: 0, to: paths.count, by: 500).map { paths[$0..<min($0 + 500, paths.count)] }
    }

    // ------------------------------------------------------------------ reading versions

    /// The campaign's versions, newest first, following renames (at most `limit`).
    package func versions(of name: String, limit: Int = 200) throws -> [Version] {
        let result = try Git.run(["--literal-pathspecs", "log", "--follow", "-n", String(limit), "--name-only",
                                  "--format=%x1e%H%x1f%cI%x1f%an%x1f%s", "--", name], in: folder)
        // A repository without a commit yet has no history of anything.
        guard result.status == 0 else { return [] }
        let prefix = try self.prefix()
        return result.text.split(separator: "\u{1e}").compactMap { record -> Version? in
            let lines = record.split(separator: "\n", omittingEmptySubsequences: true)
            guard let head = lines.first else { return nil }
            let fields = head.split(separator: "\u{1f}", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else { return nil }
            // --name-only names the file from the repository's top; the folder's own name is what we keep.
            let full = lines.dropFirst().last.map(String.init) ?? (prefix + name)
            let path = full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
            return Version(id: fields[0], time: fields[1], author: fields[2], message: fields[3], path: path)
        }
    }

    /// The version of `name` whose id is `id` (or starts with it: at least 7 hex digits).
    package func version(of name: String, _ id: String) throws -> Version? {
        guard id.count >= 7, id.count <= 64, id.allSatisfy({ $0.isHexDigit }) else { return nil }
        return try versions(of: name, limit: 10_000).first { $0.id.hasPrefix(id.lowercased()) }
    }

    /// A file's bytes at a version, or nil when it has none there.
    func file(_ path: String, at id: String) throws -> [UInt8]? {
        let result = try Git.run(["show", "\(id):./\(path)"], in: folder)
        return result.status == 0 ? result.output : nil
    }

    /// Writes the version's campaign `path` and the folder's images and fonts as they were then into
    /// `target`, so a render of it draws the pictures it had.
    package func materialise(_ version: Version, into target: String) throws {
        let archive = target + "/.version.tar"
        let tree = "\(version.id):\(try prefix())"
        // Only what a render reads: the spec, and the folder's pictures and fonts (not the rest of a
        // repository the campaigns share with an app).
        let files = try Git.check(["ls-tree", "-r", "-z", "--name-only", tree], in: folder).text.split(separator: "\0").map(String.init)
        let drawn = files.filter { file in
            file == version.path || [".png", ".otf", ".ttf", ".ttc"].contains { file.lowercased().hasSuffix($0) }
        }
        try Git.check(["--literal-pathspecs", "archive", "--format=tar", "-o", archive, tree, "--"] + drawn, in: folder)
        defer { try? FileManager.default.removeItem(atPath: archive) }
        try Git.check(["-xf", archive, "-C", target], in: folder, tool: "tar")
    }

    /// The folder's place in its repository ("" at the top, else "campaigns/").
    private func prefix() throws -> String {
        try Git.check(["rev-parse", "--show-prefix"], in: folder).text.trimmingCharacters(in: .newlines)
    }

    // ------------------------------------------------------------------ a remote

    /// The current branch, which is pushed to the remote's branch of the same name.
    private func branch() throws -> String {
        try Git.check(["symbolic-ref", "--short", "HEAD"], in: folder).text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether a read should pull first: the last pull is older than `pullInterval`.
    var isStale: Bool {
        remote != nil && Date().timeIntervalSince(lastPull.withLock { $0 }) > CampaignHistory.pullInterval
    }

    /// Fetches the remote's branch and merges it in: git's merge, and for a campaign both sides
    /// changed, the studio's three-way field merge (`JSONTextEdit.merge`). A field both changed
    /// differently keeps the remote's value in the file; ours stays in history, and is returned.
    @discardableResult
    func pull() throws -> [Conflict] {
        guard let remote else { return [] }
        let branch = try branch()
        let fetched = try Git.run(["fetch", "-q", remote, branch], in: folder)
        lastPull.withLock { $0 = Date() }
        // A remote without the branch yet: nothing to merge.
        guard fetched.status == 0 else { return [] }
        let merge = try Git.run(Person.studio.gitIdentity + ["merge", "-q", "--no-verify", "--no-edit",
                                                           "-m", "Merged the campaigns from \(remote)", "FETCH_HEAD"], in: folder)
        if merge.status == 0 { return [] }
        let unmerged = try Git.check(["diff", "--name-only", "--diff-filter=U", "--relative"], in: folder).text
            .split(separator: "\n").map(String.init)
        guard !unmerged.isEmpty else {
            _ = try? Git.run(["merge", "--abort"], in: folder)
            throw Failure(description: "cannot merge the campaigns from \(remote): \(merge.error)")
        }
        var conflicts: [Conflict] = []
        for path in unmerged {
            let base = try file(path, stage: 1), mine = try file(path, stage: 2), theirs = try file(path, stage: 3)
            var result = theirs
            if path.hasSuffix(".json"), let mineBytes = mine, let theirBytes = theirs,
               let mineValue = try? JSONParser.parse(mineBytes), let theirValue = try? JSONParser.parse(theirBytes) {
                let baseValue = base.flatMap { try? JSONParser.parse($0) } ?? .object([])
                let (merged, fields) = JSONTextEdit.merge(base: baseValue, mine: mineValue, theirs: theirValue)
                result = (try? JSONTextEdit.edit(theirBytes, to: merged)) ?? theirBytes
                if !fields.isEmpty { conflicts.append(Conflict(path: path, fields: fields, mine: mineValue, theirs: theirValue)) }
            } else if theirs == nil, let mine {
                result = mine
            }
            let place = folder + "/" + path
            if let result {
                try Data(result).write(to: URL(fileURLWithPath: place), options: .atomic)
                try Git.check(["--literal-pathspecs", "add", "--", path], in: folder)
            } else {
                try Git.check(["--literal-pathspecs", "rm", "-q", "--cached", "--ignore-unmatch", "--", path], in: folder)
                try? FileManager.default.removeItem(atPath: place)
            }
        }
        let message = "Merged the campaigns from \(remote)" + (conflicts.isEmpty ? "" : "; kept \(remote)'s "
            + conflicts.map { "\(CampaignWords.fields($0.fields.map(\.path))) in \($0.path)" }.joined(separator: ", "))
        try Git.check(Person.studio.gitIdentity + ["commit", "-q", "--no-verify", "-m", message], in: folder)
        return conflicts
    }

    /// A campaign both sides changed where the field merge could not decide.
    struct Conflict {
        var path: String
        var fields: [JSONConflict]
        var mine: JSONValue
        var theirs: JSONValue
    }

    /// Pushes the branch; a push refused because the remote moved pulls, merges and pushes again
    /// (never with force).
    func push() throws -> [Conflict] {
        guard let remote else { return [] }
        let branch = try branch()
        var conflicts: [Conflict] = []
        for _ in 0..<5 {
            let pushed = try Git.run(["push", "-q", remote, "HEAD:refs/heads/\(branch)"], in: folder)
            if pushed.status == 0 { return conflicts }
            conflicts += try pull()
        }
        throw Failure(description: "cannot push the campaigns to \(remote): it kept moving; the change is committed here and goes with the next push",
                      conflicts: conflicts)
    }

    private func file(_ path: String, stage: Int) throws -> [UInt8]? {
        let result = try Git.run(["show", ":\(stage):./\(path)"], in: folder)
        return result.status == 0 ? result.output : nil
    }
}

extension Person {
    /// The `-c` options that make this person a commit's author and committer.
    var gitIdentity: [String] { ["-c", "user.name=\(name)", "-c", "user.email=\(email)"] }
}

/// The `git` command, run with an environment of its own and a time limit.
enum Git {
    struct Result {
        var status: Int32
        var output: [UInt8]
        var error: String
        var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// Longest one git command may take (a push or fetch over the network included).
    static let timeout: TimeInterval = 60

    /// No configuration but the repository's own: not the system's (GIT_CONFIG_NOSYSTEM), not the
    /// user's (HOME and XDG_CONFIG_HOME pointed at nothing), no prompts; ssh's agent and a
    /// GIT_SSH_COMMAND given to the server are kept, so a remote over ssh can still be reached.
    static let environment: [String: String] = {
        let inherited = ProcessInfo.processInfo.environment
        var environment = ["PATH": inherited["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
                           "HOME": "/nonexistent", "XDG_CONFIG_HOME": "/nonexistent",
                           "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
                           "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C", "TZ": "UTC"]
        for kept in ["SSH_AUTH_SOCK", "GIT_SSH_COMMAND"] { environment[kept] = inherited[kept] }
        return environment
    }()

    /// Settings every call gets: hooks and signing are the repository owner's business, not the
    /// server's; the folder may belong to another user (a volume mounted into a container).
    static let settings = ["-c", "core.hooksPath=/dev/null", "-c", "commit.gpgsign=false", "-c", "safe.directory=*",
                           "-c", "core.quotePath=false", "-c", "advice.detachedHead=false"]

    static func run(_ arguments: [String], in folder: String, tool: String = "git") throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + (tool == "git" ? settings : []) + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw CampaignHistory.Failure(description: "cannot run \(tool): \(error)")
        }
        let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        // stderr on another thread: a full pipe would stop git before stdout ends.
        let errorBox = Mutex<Data>(Data())
        let reader = DispatchGroup()
        reader.enter()
        DispatchQueue.global().async {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            errorBox.withLock { $0 = data }
            reader.leave()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        reader.wait()
        process.waitUntilExit()
        timer.cancel()
        let error = String(decoding: errorBox.withLock { $0 }, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Result(status: process.terminationStatus, output: [UInt8](output), error: error)
    }

    /// `run`, throwing git's own message when it fails.
    @discardableResult
    static func check(_ arguments: [String], in folder: String, tool: String = "git") throws -> Result {
        let result = try run(arguments, in: folder, tool: tool)
        guard result.status == 0 else {
            throw CampaignHistory.Failure(description: "\(tool) \(arguments.first { !$0.hasPrefix("-") && !$0.contains("=") } ?? ""): \(result.error)")
        }
        return result
    }
}
