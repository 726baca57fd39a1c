import Foundation

/// Wall-clock timing and memory figures for the benchmark.
enum Clock {
    /// Monotonic nanoseconds.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Milliseconds per call of `body`: one untimed warm-up call, then `iterations` calls in five
    /// rounds; the median of the rounds' means. (The peers print one mean over all their calls;
    /// bench/run takes the median of three peer runs, so both sides set aside a disturbed stretch
    /// on the shared machine the same way.)
    static func millisecondsPerCall(_ iterations: Int, _ body: () throws -> Void) rethrows -> Double {
        try body()
        let rounds = 5, perRound = max(1, iterations / 5)
        var means: [Double] = []
        for _ in 0..<rounds {
            let start = now()
            for _ in 0..<perRound { try body() }
            means.append(Double(now() - start) / 1e6 / Double(perRound))
        }
        return means.sorted()[rounds / 2]
    }

    /// Milliseconds taken by one call of `body`.
    static func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return Double(now() - start) / 1e6
    }
}

enum Memory {
    /// CPU time (user + system) this process has used, in milliseconds.
    static func cpuMilliseconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
        return ms(usage.ru_utime) + ms(usage.ru_stime)
    }

    /// The peak resident set of this process so far, in MiB (getrusage: ru_maxrss is in KiB on Linux).
    static func peakMiB() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    /// The current resident set, in MiB, from /proc/self/statm (second field, in pages).
    static func residentMiB() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
