import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Runs the real `grona-snap` binary as a child process and measures it, for the bad-input tests.
// posix_spawn + a wait4 polling loop rather than Foundation's Process, so that a hung child is killed
// at a deadline instead of hanging the test run (a hang guard, not a timing assertion: a healthy run
// takes milliseconds).
//
// Peak memory is the child's VmHWM from /proc/<pid>/status, read on every poll once the child is
// running grona-snap. Not wait4's ru_maxrss: glibc's posix_spawn starts the child with vfork, and
// Linux folds the memory it shared with the parent (the whole test process) into the child's
// ru_maxrss at exec. A run shorter than one poll reads as 0, which only the tiniest runs are.

/// What one run of the command line did.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String
    var seconds: Double
    /// Peak resident memory of the child, in bytes.
    var peakMemory: Int
    var timedOut: Bool
}

enum GronaSnapBinary {
    /// `grona-snap` beside the test bundle (`.build/<config>/`), built with the tests by `swift test`.
    static func locate() -> String? {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent()
        let candidates = [bundleFolder, Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            .map { $0.appendingPathComponent("grona-snap").path }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The package root, from this file's path (Tests/GronaTests/BadInputRunner.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// Runs `binary arguments…` in `folder`, its output captured in files under `logs`, killed after
    /// `deadline` seconds.
    static func run(_ binary: String, _ arguments: [String], in folder: String, logs: String,
                    deadline: Double = 10) throws -> CLIRun {
        let outPath = logs + "/stdout", errPath = logs + "/stderr"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        var environment = ProcessInfo.processInfo.environment
        environment["GRONA_FONTS"] = packageRoot + "/Fonts"
        // `env -C` changes folder and execs the binary (same process, so wait4 measures the binary);
        // posix_spawn_file_actions_addchdir_np is not visible from Swift.
        let launcher = "/usr/bin/env"
        let argv = ([launcher, "-C", folder, binary] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        let start = Date()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, launcher, &actions, nil, argv, envp)
        guard spawned == 0 else { throw CLIRunError("cannot start \(binary): \(String(cString: strerror(spawned)))") }

        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        var peakMemory = 0
        let realBinary = URL(fileURLWithPath: binary).resolvingSymlinksInPath().path
        while true {
            if let peak = peakResident(pid, runningBinary: realBinary) { peakMemory = max(peakMemory, peak) }
            let done = wait4(pid, &status, WNOHANG, &usage)
            if done == pid { break }
            if done < 0 && errno != EINTR { throw CLIRunError("wait4 failed: \(String(cString: strerror(errno)))") }
            if Date().timeIntervalSince(start) > deadline, !timedOut {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(1_000)
        }
        let seconds = Date().timeIntervalSince(start)
        // Exited normally: low 7 bits zero, status in the next byte; killed by a signal: 128 + signal.
        let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        // Through FileHandle: FileManager.contents(atPath:) (and Data(contentsOf:)) leak a 4 KiB buffer
        // per empty file in this Foundation, which LeakSanitizer reports (see scripts/sanitize).
        func read(_ path: String) -> String {
            String(decoding: FileHandle(forReadingAtPath: path)?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        }
        return CLIRun(status: exitStatus, stdout: read(outPath), stderr: read(errPath), seconds: seconds,
                      peakMemory: peakMemory, timedOut: timedOut)
    }

    /// The process's peak resident memory in bytes (VmHWM), if it is running `binary`.
    static func peakResident(_ pid: pid_t, runningBinary binary: String) -> Int? {
        guard let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe"), exe == binary,
              let status = FileManager.default.contents(atPath: "/proc/\(pid)/status") else { return nil }
        for line in String(decoding: status, as: UTF8.self).split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }
}

struct CLIRunError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
