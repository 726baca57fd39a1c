// Render reports as goldens: `assertSnapshot(of:as: .report)`. The report (`render --report`, SPEC
// §4) says what the render decided — line counts, truncation, the colours drawn and their
// contrast, findings — so a golden of it is a cheap semantic check that reads well in a diff and
// does not move when an anti-aliased edge does. Goldens are `<golden name>.json` (the image's name
// with `.json` for `.png`), compared as text; the record modes are the image's, and a failure
// leaves the fresh report in the artifacts folder (`actual/<name>.json`) and names the first line
// that differs. Line endings are not the report's: a golden checked out with CRLF (Git's autocrlf
// on Windows, an editor) compares as the same text.
import Foundation
import Locking
import Grona

extension SnapshotVerifier {
    /// Renders each case and checks its report against the golden; writes recorded goldens and
    /// the fresh reports of failures.
    package func verifyReports(_ cases: [SnapshotCase]) -> [SnapshotOutcome] {
        let collected = Mutex<[SnapshotOutcome]>([])
        ParallelRenderer.forEachInOrder(count: cases.count, jobs: jobs, fontsFolder: fontsFolder) { index, engine in
            let snapshotCase = cases[index]
            let snapshot = try ComponentRenderer(spec: snapshotCase.spec, engine: engine).render(snapshotCase.environment)
            return snapshot.report.json()
        } handle: { [self] index, result in
            let name = String(cases[index].goldenName.dropLast(4)) + ".json"
            switch result {
            case .success(let json):
                let outcome = decideReport(json, goldenName: name)
                collected.withLock { $0.append(outcome) }
            case .failure(let error):
                let outcome = SnapshotOutcome(goldenName: name, goldenPath: path(snapshotsDirectory, name),
                                              status: .failed, message: "\(name): cannot render: \(error)")
                collected.withLock { $0.append(outcome) }
            }
            return true
        }
        var outcomes = collected.withLock { $0 }
        write(&outcomes)
        return outcomes
    }

    private func decideReport(_ json: String, goldenName: String) -> SnapshotOutcome {
        let goldenPath = path(snapshotsDirectory, goldenName)
        var outcome = SnapshotOutcome(goldenName: goldenName, goldenPath: goldenPath, status: .matched, message: "")
        let fresh = Array(json.utf8)
        let golden = readFile(goldenPath)
        func recorded(_ why: String) -> SnapshotOutcome {
            var outcome = outcome
            outcome.status = .recorded
            outcome.message += (outcome.message.isEmpty ? "\(goldenName): recorded the golden report at \(goldenPath) (\(why)). "
                + "Look at it, then run again to verify against it." : "\n  recorded the fresh report over the golden (\(why))")
            outcome.pendingWrites.append((goldenPath, fresh))
            return outcome
        }
        if let golden, let refusal = lfsPointerRefusal(golden, goldenName: goldenName, goldenPath: goldenPath) {
            outcome.status = .failed
            outcome.message = refusal
            return outcome
        }
        if record == .all { return recorded("record mode all") }
        guard let golden else {
            if record == .never {
                outcome.status = .missing
                outcome.message = "\(goldenName): no golden report at \(goldenPath) (record mode never)"
                return outcome
            }
            return recorded("there was none")
        }
        let goldenText = String(decoding: golden, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        if goldenText == json { return outcome }
        let expectedLines = goldenText.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = json.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expectedLines.count, actualLines.count)
        func show(_ lines: [Substring]) -> String {
            line < lines.count ? lines[line].trimmingCharacters(in: .whitespaces) : "(the report ends)"
        }
        let actualPath = path(artifactsDirectory, "actual", goldenName)
        outcome.status = .differs
        outcome.actualPath = actualPath
        outcome.pendingWrites.append((actualPath, fresh))
        outcome.message = "\(goldenName): the render report differs from the golden at line \(line + 1):\n"
            + "  golden: \(show(expectedLines))\n  actual: \(show(actualLines))\n"
            + "  golden:     \(goldenPath)\n  actual:     \(actualPath)"
        return record == .failed ? recorded("record mode failed") : outcome
    }
}

