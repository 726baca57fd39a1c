// What `grona-snap verify` found, counted as the outcomes arrive (in case order), so that memory
// does not grow with the number of snapshots: a match adds to a count and is dropped; a snapshot
// that did not match is kept in full only while the report shows it in full (the first
// `reportSectionsInFull`), and past that by its name and kinds of change alone (a few dozen bytes,
// for the report's listing). The counts by status, by kind of change and by version note cover
// every snapshot, so the summary, the report's tables and stderr's count stay exact.

import Grona

/// The summary of a verification, built by `add` in case order.
package struct VerificationTally: Sendable {
    /// A snapshot past the report's full sections: listed by name, with what happened to it. Kept
    /// as small as it can be (the name shares the case's storage; the rest is a few bytes inline).
    package struct Listed: Sendable {
        package var goldenName: String
        package var status: SnapshotOutcome.Status
        package var change: ChangeKind?
        /// Whether a pixel comparison was made (a golden that differs without one could not be read).
        package var compared: Bool
        package var kinds: [String] { GronaSnapshots.kinds(status: status, change: change, compared: compared) }
    }

    package private(set) var total = 0
    private var statusCounts: [SnapshotOutcome.Status: Int] = [:]
    /// How many snapshots that did not match are kept (and shown by the report) in full.
    package let sectionsInFull: Int
    /// The first `sectionsInFull` snapshots that did not match, in full, in case order.
    package private(set) var shown: [SnapshotOutcome] = []
    /// The snapshots that did not match beyond those, in case order.
    package private(set) var listed: [Listed] = []
    /// Kinds of change (`kinds(_:)`) over every snapshot that did not match, in order of first occurrence.
    package private(set) var kindCounts = OrderedCounts()
    /// Version notes (`SnapshotOutcome.versionDifferences`) over every snapshot that did not match.
    package private(set) var versionNoteCounts = OrderedCounts()
    /// The findings (`Findings`) of every snapshot, matched or not, by kind.
    package private(set) var findingCounts = FindingCounts()
    /// Goldens compared that carry no provenance chunk, matched or not.
    package private(set) var withoutProvenance = 0

    package init(sectionsInFull: Int = reportSectionsInFull) { self.sectionsInFull = sectionsInFull }

    package mutating func add(_ outcome: SnapshotOutcome) {
        total += 1
        statusCounts[outcome.status, default: 0] += 1
        findingCounts.add(outcome.findingCounts)
        if outcome.goldenLacksProvenance { withoutProvenance += 1 }
        guard !outcome.passed else { return }
        let outcomeKinds = kinds(outcome)
        for kind in outcomeKinds { kindCounts.add(kind) }
        for note in outcome.versionDifferences { versionNoteCounts.add(note) }
        if shown.count < sectionsInFull {
            shown.append(outcome)
        } else {
            listed.append(Listed(goldenName: outcome.goldenName, status: outcome.status,
                                 change: outcome.comparison?.change, compared: outcome.comparison != nil))
        }
    }

    package func count(_ status: SnapshotOutcome.Status) -> Int { statusCounts[status] ?? 0 }
    /// "12 goldens carry no provenance; compared under tolerance", or nil when every golden does:
    /// said on stderr, in the report and in the JUnit XML, once per run.
    package var provenanceNotice: String? { provenanceNoticeText(withoutProvenance) }
    /// Snapshots that did not match (recorded ones included).
    package var problems: Int { total - count(.matched) }
    /// True when every snapshot matched its golden (a recording does not pass).
    package var passed: Bool { problems == 0 }
    /// "verified 228 snapshots: 228 match, 0 differ, 0 recorded, 0 missing; 284 findings (200
    /// truncated, 54 contrastReplaced, 30 nonTextContrast)"
    package var summary: String {
        "verified \(total) snapshot\(total == 1 ? "" : "s"): \(count(.matched)) match, "
            + "\(count(.differs)) differ, \(count(.recorded)) recorded, \(count(.missing)) missing; "
            + findingCounts.summary
    }
}

/// Distinct values with how often each occurred, in order of first occurrence.
package struct OrderedCounts: Sendable {
    private var counts: [String: Int] = [:]
    private var order: [String] = []

    package init() {}

    package init(_ values: [String]) {
        for value in values { add(value) }
    }

    package mutating func add(_ value: String) {
        if counts[value] == nil { order.append(value) }
        counts[value, default: 0] += 1
    }

    package var isEmpty: Bool { order.isEmpty }
    package var entries: [(value: String, count: Int)] { order.map { ($0, counts[$0]!) } }
}

/// The notice for `count` goldens without provenance, or nil for none, in the words of the front
/// end that says it (`verify`'s flag, or the test library's variable).
package func provenanceNoticeText(_ count: Int, wording: ProvenanceWording = .commandLine) -> String? {
    guard count > 0 else { return nil }
    let them = count == 1 ? "it" : "them"
    return "\(count) golden\(count == 1 ? " carries" : "s carry") no provenance; compared under tolerance "
        + "(a change below a visible difference passes; record \(them) again, or fail \(them) with \(wording.require))"
}

/// How a front end lets a person fail goldens without provenance, and record them again: the
/// command line's flags or the test library's environment variables, so that the notice and the
/// refusal are one text wherever they are said.
package enum ProvenanceWording: Sendable {
    /// `verify --require-provenance`, `--record failed`.
    case commandLine
    /// `GRONA_REQUIRE_PROVENANCE=1`, `GRONA_RECORD=failed`.
    case swiftTests

    /// What fails goldens without provenance.
    var require: String { self == .commandLine ? "verify --require-provenance" : "GRONA_REQUIRE_PROVENANCE=1" }
    /// What refuses them, in a refusal's words.
    var refuser: String { self == .commandLine ? "--require-provenance" : "GRONA_REQUIRE_PROVENANCE" }
    /// What records over them.
    var recordFailed: String { self == .commandLine ? "--record failed" : "GRONA_RECORD=failed" }
}
