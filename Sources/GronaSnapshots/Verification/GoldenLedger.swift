// Who uses each golden. Spec goldens are known from the specs themselves (their variants); goldens
// that Swift tests verify are known from this ledger, which the test library writes as it checks
// them. `grona-snap verify --prune` removes only a golden that no spec produces and no ledger entry
// claims, and `grona-snap unused` lists the goldens that neither a spec nor the latest test run
// used: a renamed or deleted test's goldens. Nothing is ever decided from a folder's name.
//
// Where: `<snapshots folder>/.grona-ledger/<test module>.tsv`, beside the goldens it describes
// (wherever a test's `snapshotDirectory` points), with a `.gitignore` of `*` in the folder, so it
// is never committed: it says what this checkout's last test runs used, which is a fact about a
// machine, not about the code. CI runs `swift test` before `verify --prune` or `unused` in the same
// checkout. A fresh checkout without a ledger loses nothing: `--prune` only ever removes files
// in a spec's own golden folder that the spec no longer produces.
//
// Lines: `<golden name, relative to that snapshots folder>\t<test>\t<run>\t<unix time>`, sorted.
// `test` is the test's identity from the framework, module included
// (`AppTests.CampaignSnapshots/testOffer`, `AppTests.Promos/fill(value: 10.0)`). `run` names one
// `swift test` invocation (its XCTest and Swift Testing processes, and parallel workers, share it).
// When a test claims goldens, its entries from older runs go: a test that stopped producing a
// golden stops claiming it. A test that no longer exists keeps its old entries, which is how
// `unused` finds its goldens: they are claimed only by runs older than the latest.
//
// The same files catch two tests that would share one golden (the same XCTest class name in two
// test modules, two suites with one `named:`): the ledger is checked as it is written, so an
// exclusive claim (a golden named after its test, or by `named:`) on a golden that another test
// claimed, in this run or any earlier one (`swift test --filter A`, then `--filter B`), fails,
// naming both, and is not recorded: the golden keeps its one owner. A spec's goldens may be
// checked by many tests; their claims are not exclusive.
//
// Whether a run was whole: `runs.txt` in the same folder says, per run, how it was narrowed
// (`<run>\t<unix time>\t<narrowing>`, the narrowing empty for a whole run), from the `swift test`
// command line that started it (`--filter`, `--skip`) or a CI engine's shard. After a narrowed run
// the tests it left out claimed nothing in it, so their goldens would look unused: `unused` then
// refuses rather than list them (`--remove` would delete live goldens).
import Foundation
import Grona
import GronaOutput

package enum GoldenLedger {
    package static let folderName = ".grona-ledger"
    /// Overrides the run's identity (for a CI system that runs `swift test` through a wrapper).
    package static let runVariable = "GRONA_LEDGER_RUN"

    package struct Entry: Equatable, Sendable {
        /// Relative to the snapshots folder the ledger was read from.
        package var golden: String
        package var test: String
        package var run: String
        package var time: Int

        var line: String { [golden, test, run, String(time)].map(clean).joined(separator: "\t") }

        init(golden: String, test: String, run: String, time: Int) {
            self.golden = golden; self.test = test; self.run = run; self.time = time
        }

        init?(line: Substring) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, let time = Int(fields[3]) else { return nil }
            self.init(golden: String(fields[0]), test: String(fields[1]), run: String(fields[2]), time: time)
        }
    }

    /// Another test that already claimed a golden.
    package struct Conflict: Equatable, Sendable {
        package var golden: String
        package var otherTest: String
        /// Whether the other claim was made in this run (else in an earlier one).
        package var sameRun: Bool
        /// The ledger file holding the other claim, where a deleted test's line can be removed.
        package var ledgerFile: String
    }

    /// Records that `test` used `goldens` (relative to `snapshotsFolder`) in `run`, in the module's
    /// file. When `exclusive`, returns the goldens another test claimed (in any run) and records
    /// none of those; otherwise returns nothing. Under a lock, so parallel test processes do not
    /// lose each other's lines. Errors are swallowed: a ledger that cannot be written must not fail
    /// a snapshot test; it only makes `unused` less complete.
    @discardableResult
    package static func claim(_ goldens: [String], test: String, module: String, snapshotsFolder: String, exclusive: Bool = false,
                             run: String = currentRun(), narrowing: String? = currentNarrowing,
                             now: Int = Int(Date().timeIntervalSince1970)) -> [Conflict] {
        let folder = snapshotsFolder + "/" + folderName
        guard (try? AtomicFile.createFolder(folder)) != nil else { return [] }
        let ignore = folder + "/.gitignore"
        if !FileManager.default.fileExists(atPath: ignore) { try? AtomicFile.write(Array("*\n".utf8), to: ignore) }
        let lock = open(folder + "/.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard lock >= 0 else { return [] }
        defer { close(lock) }
        flock(lock, LOCK_EX)
        defer { flock(lock, LOCK_UN) }

        noteRun(run, narrowing: narrowing, now: now, in: folder)
        var conflicts: [Conflict] = []
        if exclusive {
            let wanted = Set(goldens.map(clean))
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".tsv") }.sorted()
            for name in names {
                for entry in read(folder + "/" + name) where entry.test != clean(test) && wanted.contains(entry.golden) {
                    // This run's claim first: it is the one to name when a golden has several.
                    if let index = conflicts.firstIndex(where: { $0.golden == entry.golden }) {
                        if entry.run == run && !conflicts[index].sameRun {
                            conflicts[index] = Conflict(golden: entry.golden, otherTest: entry.test, sameRun: true, ledgerFile: folder + "/" + name)
                        }
                    } else {
                        conflicts.append(Conflict(golden: entry.golden, otherTest: entry.test, sameRun: entry.run == run,
                                                  ledgerFile: folder + "/" + name))
                    }
                }
            }
        }
        let refused = Set(conflicts.map(\.golden))
        let recorded = goldens.map(clean).filter { !refused.contains($0) }
        let wanted = Set(recorded)
        let file = folder + "/" + fileName(module)
        var kept = read(file).filter { $0.test != clean(test) || ($0.run == run && !wanted.contains($0.golden)) }
        kept += recorded.map { Entry(golden: $0, test: clean(test), run: run, time: now) }
        let text = Set(kept.map(\.line)).sorted().map { $0 + "\n" }.joined()
        try? AtomicFile.write(Array(text.utf8), to: file)
        return conflicts.sorted { $0.golden < $1.golden }
    }

    /// Every entry of every ledger under `snapshotsFolder` (its own, and those of snapshot folders
    /// inside it, such as `Snapshots/Accessibility`), with goldens made relative to `snapshotsFolder`.
    package static func entries(under snapshotsFolder: String) -> [Entry] {
        ledgerFolders(under: snapshotsFolder).flatMap { ledger in
            entries(inLedgerFolder: ledger.folder).map {
                var entry = $0
                if !ledger.prefix.isEmpty { entry.golden = ledger.prefix + entry.golden }
                return entry
            }
        }
    }

    /// Drops the ledgers' lines for `goldens` (relative to `snapshotsFolder`), once they are deleted:
    /// a removed golden is no longer anybody's, so `verify --prune` and `unused` agree about it.
    package static func forget(_ goldens: [String], under snapshotsFolder: String) {
        let gone = Set(goldens)
        for ledger in ledgerFolders(under: snapshotsFolder) {
            let lock = open(ledger.folder + "/.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard lock >= 0 else { continue }
            flock(lock, LOCK_EX)
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: ledger.folder)) ?? []).filter { $0.hasSuffix(".tsv") }
            for name in files {
                let file = ledger.folder + "/" + name
                let all = read(file)
                let kept = all.filter { !gone.contains(ledger.prefix + $0.golden) }
                if kept.count != all.count {
                    try? AtomicFile.write(Array(kept.map { $0.line + "\n" }.joined().utf8), to: file)
                }
            }
            flock(lock, LOCK_UN)
            close(lock)
        }
    }

    /// The ledger folders under `snapshotsFolder`, each with the path prefix its goldens are relative to.
    private static func ledgerFolders(under snapshotsFolder: String) -> [(folder: String, prefix: String)] {
        var found: [(folder: String, prefix: String)] = []
        func walk(_ relative: String, depth: Int) {
            let here = relative.isEmpty ? snapshotsFolder : snapshotsFolder + "/" + relative
            guard depth < 32, let names = try? FileManager.default.contentsOfDirectory(atPath: here) else { return }
            for name in names.sorted() {
                var info = stat()
                guard lstat(here + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
                if name == folderName {
                    found.append((here + "/" + name, relative.isEmpty ? "" : relative + "/"))
                } else if !name.hasPrefix(".") {
                    walk(relative.isEmpty ? name : relative + "/" + name, depth: depth + 1)
                }
            }
        }
        walk("", depth: 0)
        return found
    }

    /// The file that says, per run, whether it was whole.
    package static let runsFileName = "runs.txt"
    /// Runs kept in `runs.txt`: enough to know the latest ones.
    static let runsKept = 50

    /// Notes (once per run and ledger folder) how `run` was narrowed; under the caller's lock.
    private static func noteRun(_ run: String, narrowing: String?, now: Int, in folder: String) {
        let file = folder + "/" + runsFileName
        let text = FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) } ?? ""
        var lines = text.split(separator: "\n").map(String.init)
        guard !lines.contains(where: { $0.split(separator: "\t", omittingEmptySubsequences: false).first.map(String.init) == clean(run) })
        else { return }
        lines.append([clean(run), String(now), clean(narrowing ?? "")].joined(separator: "\t"))
        try? AtomicFile.write(Array(lines.suffix(runsKept).map { $0 + "\n" }.joined().utf8), to: file)
    }

    /// How `run` was narrowed, as noted in any ledger under `snapshotsFolder` ("swift test --filter
    /// OneSuite"); nil when it was whole, or not noted (a ledger older than `runs.txt`).
    package static func narrowing(of run: String, under snapshotsFolder: String) -> String? {
        for ledger in ledgerFolders(under: snapshotsFolder) {
            guard let data = FileManager.default.contents(atPath: ledger.folder + "/" + runsFileName) else { continue }
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                if fields.count == 3, fields[0] == run, !fields[2].isEmpty { return String(fields[2]) }
            }
        }
        return nil
    }

    /// How this test process's run is narrowed, or nil for a whole run: from the command line of
    /// `swift test` (the parent process; `--filter`, `--skip`), else the test binary's own (run by
    /// hand with a test named), or a CI engine's shard (`Shard.fromEnvironment`).
    package static let currentNarrowing: String? = narrowing(parent: processArguments(getppid()),
                                                           own: CommandLine.arguments,
                                                           environment: ProcessInfo.processInfo.environment)

    /// See `currentNarrowing`; `parent` and `own` are programs' arguments, the program first.
    static func narrowing(parent: [String], own: [String], environment: [String: String]) -> String? {
        if let shard = try? Shard.fromEnvironment(environment), shard.count > 1 {
            return "shard \(shard) (from \(shard.source))"
        }
        let selecting: Set<String> = ["--filter", "--skip", "-s", "--specifier"]
        func selectors(_ arguments: ArraySlice<String>) -> [String] {
            var found: [String] = []
            var index = arguments.startIndex
            while index < arguments.endIndex {
                let word = arguments[index]
                if selecting.contains(word), index + 1 < arguments.endIndex {
                    found += [word, arguments[index + 1]]
                    index += 1
                } else if let equals = word.firstIndex(of: "="), selecting.contains(String(word[..<equals])) {
                    found.append(word)
                }
                index += 1
            }
            return found
        }
        let program = parent.first.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? ""
        if program == "swift-test" || (program == "swift" && parent.dropFirst().first == "test") {
            let found = selectors(parent.dropFirst(program == "swift" ? 2 : 1))
            return found.isEmpty ? nil : (["swift test"] + found.map(shellQuoted)).joined(separator: " ")
        }
        // Not started by swift test: a test binary run by hand, a test named after the binary.
        let ownFound = selectors(own.dropFirst())
        if !ownFound.isEmpty { return ([own.first ?? "tests"] + ownFound.map(shellQuoted)).joined(separator: " ") }
        // XCTest's runner takes the tests to run as its first argument (`Module.Suite/testName`).
        let binary = own.first ?? ""
        if binary.hasSuffix(".xctest") || binary.hasSuffix("/xctest") || binary == "xctest",
           let named = own.dropFirst().first, !named.hasPrefix("-"), !named.hasSuffix(".xctest") {
            return "\(binary) \(shellQuoted(named))"
        }
        return nil
    }

    /// A process's arguments (`/proc/<pid>/cmdline`); empty where that cannot be read (macOS,
    /// where the run is then taken as whole).
    static func processArguments(_ pid: pid_t) -> [String] {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return [] }
        return data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            .filter { !$0.isEmpty }
    }

    /// The run of the latest entry, or nil when there is none.
    package static func latestRun(_ entries: [Entry]) -> String? {
        entries.max { ($0.time, $0.run) < ($1.time, $1.run) }?.run
    }

    /// This test process's run: `$GRONA_LEDGER_RUN`, else the parent process (`swift test`, which
    /// starts the XCTest and the Swift Testing process) by its id and start time.
    package static func currentRun(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let run = environment[runVariable], !run.isEmpty { return clean(run) }
        let parent = getppid()
        let started = (try? String(contentsOfFile: "/proc/\(parent)/stat", encoding: .utf8))
            .flatMap { stat in stat.lastIndex(of: ")").map { stat[stat.index(after: $0)...] } }
            .map { $0.split(separator: " ") }
            .flatMap { $0.count > 19 ? String($0[19]) : nil } ?? "0"
        return "\(parent)-\(started)"
    }

    private static func entries(inLedgerFolder folder: String) -> [Entry] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".tsv") }
        return names.sorted().flatMap { read(folder + "/" + $0) }
    }

    private static func read(_ file: String) -> [Entry] {
        guard let data = FileManager.default.contents(atPath: file) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap(Entry.init(line:))
    }

    private static func fileName(_ module: String) -> String {
        let safe = module.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" ? $0 : "_" }
        return (safe.isEmpty ? "tests" : String(safe)) + ".tsv"
    }
}

/// Tabs and line breaks would break a line of the ledger.
private func clean(_ text: String) -> String {
    String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
}
