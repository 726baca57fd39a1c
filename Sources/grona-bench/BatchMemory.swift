#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `grona-bench --batch-memory [--sizes 200,2000,20000] [--jobs N] [--grona-snap PATH] [--record]`:
/// runs `grona-snap batch` (with `--record`: `grona-snap verify --record all`, which writes every
/// golden) as a fresh process over generated spec folders of 200, 2,000 and 20,000 snapshots and
/// reports each run's peak resident set (the child's `ru_maxrss`, from wait4) and wall and CPU time
/// per snapshot. Memory must not grow with the number of snapshots.
///
/// The specs cycle through the fixtures (their components, themes and images), each with the same
/// ten variants (five text sizes × light and dark, @2x), so every size is the same mix of work.
enum BatchMemory {
    struct Run {
        var snapshots: Int
        var peakMiB: Double
        var seconds: Double
        /// The child's CPU time, user and system.
        var cpuSeconds: Double
        var msPerSnapshot: Double { seconds * 1000 / Double(snapshots) }
        var cpuMsPerSnapshot: Double { cpuSeconds * 1000 / Double(snapshots) }
    }

    static var variants: [String: Any] { ["textSize": ["xS", "S", "M", "L", "xL"], "appearance": ["light", "dark"], "scale": [2]] }
    static let snapshotsPerSpec = 10

    static func run(checkout: Checkout, sizes: [Int], jobs: Int, gronaSnap: String, record: Bool) throws -> [Run] {
        let work = NSTemporaryDirectory() + "grona-bench-batch-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: work) }
        var runs: [Run] = []
        for size in sizes {
            let specs = work + "/specs-\(size)", output = work + "/out-\(size)"
            try writeSpecs(checkout: checkout, count: (size + snapshotsPerSpec - 1) / snapshotsPerSpec, into: specs)
            let arguments = record
                ? ["verify", specs, "--snapshots", output, "--record", "all", "--report-dir", work + "/report", "--jobs", "\(jobs)"]
                : ["batch", specs, "-o", output, "--jobs", "\(jobs)"]
            let (status, peakKiB, seconds, cpu) = try spawn(gronaSnap, arguments)
            // A recording exits 1 (it never passes); anything else is a failure.
            guard status == (record ? 1 : 0) else { throw BenchError("grona-snap \(arguments[0]) of \(size) exited with status \(status)") }
            let written = try countFiles(output)
            guard written == size else { throw BenchError("\(arguments[0]) of \(size) wrote \(written) files") }
            runs.append(Run(snapshots: size, peakMiB: Double(peakKiB) / 1024, seconds: seconds, cpuSeconds: cpu))
            try? FileManager.default.removeItem(atPath: output)
            try? FileManager.default.removeItem(atPath: specs)
            try? FileManager.default.removeItem(atPath: work + "/report")
        }
        return runs
    }

    static func table(_ runs: [Run], jobs: Int, record: Bool) -> String {
        var lines = ["| snapshots | peak resident | × the first | wall time | per snapshot | CPU per snapshot |",
                     "|---|---|---|---|---|---|"]
        for run in runs {
            lines.append(String(format: "| %d | %.1f MiB | %.2f× | %.1f s | %.2f ms | %.2f ms |", run.snapshots, run.peakMiB,
                                run.peakMiB / runs[0].peakMiB, run.seconds, run.msPerSnapshot, run.cpuMsPerSnapshot))
        }
        let command = record ? "verify --record all" : "batch"
        return lines.joined(separator: "\n") + "\n(`grona-snap \(command) --jobs \(jobs)`, one fresh process per row)"
    }

    /// `count` specs named `s00000.json`…, cycling through the fixtures, with the fixtures' images.
    private static func writeSpecs(checkout: Checkout, count: Int, into folder: String) throws {
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if fm.fileExists(atPath: checkout.fixtures + "/images") {
            try fm.copyItem(atPath: checkout.fixtures + "/images", toPath: folder + "/images")
        }
        let names = try fm.contentsOfDirectory(atPath: checkout.fixtures).filter { $0.hasSuffix(".json") }.sorted()
        let fixtures = try names.map { name -> [String: Any] in
            let data = try Data(contentsOf: URL(fileURLWithPath: checkout.fixtures + "/" + name))
            guard var spec = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw BenchError("\(name): not a JSON object")
            }
            spec["variants"] = variants
            return spec
        }
        for index in 0..<count {
            let data = try JSONSerialization.data(withJSONObject: fixtures[index % fixtures.count], options: [.sortedKeys])
            try data.write(to: URL(fileURLWithPath: folder + "/" + String(format: "s%05d.json", index)))
        }
    }

    private static func countFiles(_ folder: String) throws -> Int {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return 0 }
        var count = 0
        while let item = walker.nextObject() as? String {
            if item.hasSuffix(".png") { count += 1 }
        }
        return count
    }

    /// Runs the program with stdout and stderr discarded; its exit status, peak resident set in
    /// KiB, wall time and CPU time (user and system), in seconds.
    private static func spawn(_ program: String, _ arguments: [String]) throws -> (Int32, Int, Double, Double) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = Clock.now()
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError("cannot run \(program): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(Clock.now() - start) / 1e9
        #if canImport(Darwin)
        let peakKiB = Int(usage.ru_maxrss) / 1024   // bytes on Darwin
        #else
        let peakKiB = Int(usage.ru_maxrss)          // KiB on Linux
        #endif
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        func inSeconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return (exitStatus, peakKiB, seconds, inSeconds(usage.ru_utime) + inSeconds(usage.ru_stime))
    }
}
