import Foundation
import Grona
import GronaRequests
import Raster

/// Rendering many snapshots on all cores, with a progress bar on a terminal.
enum Work {
    static func jobs(from args: Arguments) throws -> Int {
        try args.integer("--jobs") ?? ParallelRenderer.defaultJobs
    }

    /// A progress callback drawing `[#####.....] 57/228` on stderr, or nil when stderr is not a terminal.
    static func progressBar(total: Int) -> (@Sendable (Int) -> Void)? {
        guard isatty(STDERR_FILENO) == 1, total > 1 else { return nil }
        return { done in
            let width = 30
            let filled = done * width / total
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            let end = done == total ? "\r\u{1B}[K" : ""
            FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)\(end)".utf8))
        }
    }

    static func seconds(since start: DispatchTime) -> String {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return elapsed < 10 ? String(format: "%.2f s", elapsed) : String(format: "%.1f s", elapsed)
    }
}
