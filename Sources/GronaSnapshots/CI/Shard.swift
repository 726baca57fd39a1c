// Splitting one verification across machines, on the CI engines teams already run.
//
// A shard is K of N, 1-based. The snapshots are listed in one fixed order (specs by relative path
// in byte order, each spec's variants in order) and shard K takes those whose position, counting
// from 0, leaves K − 1 when divided by N: every N-th snapshot, so large and small specs spread
// evenly, and the N shards together check each snapshot exactly once.
//
// Where the shard comes from, first match wins: `--shard K/N`; Bazel's test-sharding protocol
// (TEST_TOTAL_SHARDS, TEST_SHARD_INDEX counted from 0; the test touches TEST_SHARD_STATUS_FILE to
// say it shards); GitLab's `parallel:` (CI_NODE_INDEX from 1, CI_NODE_TOTAL); CircleCI's
// `parallelism` (CIRCLE_NODE_INDEX from 0, CIRCLE_NODE_TOTAL); Buildkite's `parallelism`
// (BUILDKITE_PARALLEL_JOB from 0, BUILDKITE_PARALLEL_JOB_COUNT). A total of 1 (or unset) is no
// sharding, with or without an index (GitLab leaves CI_NODE_INDEX unset then). Malformed values
// are an error naming the variables, never a silent full run.
import Foundation

package struct Shard: Equatable, Sendable, CustomStringConvertible {
    /// 1-based.
    package var index: Int
    package var count: Int
    /// Where it came from, for messages: "--shard", "TEST_SHARD_INDEX/TEST_TOTAL_SHARDS", …
    package var source: String

    package init(index: Int, count: Int, source: String = "--shard") {
        self.index = index; self.count = count; self.source = source
    }

    package var description: String { "\(index)/\(count)" }

    /// Whether the snapshot at `position` (from 0, in the fixed order) belongs to this shard.
    package func includes(_ position: Int) -> Bool { position % count == index - 1 }

    /// The elements of `all` this shard takes.
    package func select<T>(_ all: [T]) -> [T] {
        all.enumerated().filter { includes($0.offset) }.map(\.element)
    }

    package struct ParseError: Error, CustomStringConvertible {
        package let description: String
    }

    /// "K/N" with 1 ≤ K ≤ N ≤ 10,000.
    package init(parsing text: String, source: String = "--shard") throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 10_000, k >= 1, k <= n else {
            throw ParseError(description: "\(source): \"\(text)\" is not K/N with 1 ≤ K ≤ N (e.g. 1/4)")
        }
        self.init(index: k, count: n, source: source)
    }

    /// The CI engines' variables: (index variable, total variable, whether the index counts from 1).
    package static let engines: [(index: String, total: String, fromOne: Bool)] = [
        ("TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS", false),                   // Bazel
        ("CI_NODE_INDEX", "CI_NODE_TOTAL", true),                           // GitLab
        ("CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", false),                  // CircleCI
        ("BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", false),  // Buildkite
    ]

    /// The shard the environment asks for, or nil when none does.
    ///
    /// A total of 1 is an engine saying this job is not split, whatever the index says or whether
    /// it is there: GitLab sets `CI_NODE_TOTAL=1` on every job without `parallel:` and leaves
    /// `CI_NODE_INDEX` unset, and CircleCI sets `CIRCLE_NODE_TOTAL=1`, `CIRCLE_NODE_INDEX=0` on a job
    /// without `parallelism`. Such an engine is passed over, so a later one (Bazel's run inside a
    /// GitLab job is found first anyway) may still shard. Only a total above 1 needs its index.
    package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Shard? {
        for engine in engines {
            guard let totalText = environment[engine.total], !totalText.isEmpty else { continue }
            let source = "\(engine.index)/\(engine.total)"
            guard let total = Int(totalText), total >= 1, total <= 10_000 else {
                throw ParseError(description: "\(engine.total): \"\(totalText)\" is not a number of shards from 1 to 10000")
            }
            if total == 1 { continue }
            let indexText = environment[engine.index] ?? ""
            let first = engine.fromOne ? 1 : 0
            guard let index = Int(indexText), index >= first, index < total + first else {
                throw ParseError(description: "\(engine.index): \"\(indexText)\" is not a shard index from \(first) to \(total - 1 + first) "
                    + "(\(engine.total) is \(total))")
            }
            return Shard(index: index - first + 1, count: total, source: source)
        }
        return nil
    }

    /// Bazel's protocol: a test that shards touches the file TEST_SHARD_STATUS_FILE names, so Bazel
    /// knows it did not run every test in every shard. Done whenever the variable is set.
    package static func acknowledgeBazel(_ environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let file = environment["TEST_SHARD_STATUS_FILE"], !file.isEmpty else { return }
        let fd = open(file, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        if fd >= 0 { close(fd) }
        utimes(file, nil)
    }
}
