// The HTML report of `grona-snap verify`: index.html in the report folder, beside the images it
// shows, which it links rather than inlines, so that a theme-wide change of thousands of
// snapshots still gives a page of a few hundred kilobytes that opens at once (the images load as
// they are scrolled to). The folder is self-contained, to keep as one CI artifact:
//   actual/<golden name>      the fresh image of a failure
//   difference/<golden name>  expected | difference | actual (red: differs, yellow: anti-aliasing,
//                             pink: changed below the tolerance)
//   expected/<golden name>    the golden as it was before the run (a hard link, or a copy)
//   recorded/<golden name>    a golden this run recorded
//
// Layout: the summary line; the command that accepts the differences; what kind of change the
// failures are (sizes changed, colours changed, text or shapes moved, …) with counts; a table of
// the specs with theirs; then one group per spec, each snapshot with its message, the difference
// image, a wipe slider (expected left of the handle, actual right of it) or the recorded golden.
// The first `reportSectionsInFull` snapshots (`FolderVerification.sectionsInFull`) get such a section; any further ones (a first
// recording of thousands of goldens, say) are listed by name and kind in their spec's group, which
// keeps the page, and the memory that builds it, bounded. Then the unused goldens. No external CSS
// or script.
import Foundation

/// Snapshots shown with their images and message by default; the rest are listed by name.
package let reportSectionsInFull = 500

func htmlReport(for result: FolderVerification.Result, fixturesFolder: String, snapshotsFolder: String,
                reportFolder: String, record: SnapshotRecordMode, appendix: String = "") -> String {
    let tally = result.tally
    var html = ""
    // The listing past the full sections grows with the snapshots: reserve for it once rather than
    // let the page's buffer double (and copy) its way there.
    html.reserveCapacity(64 * 1024 + tally.sectionsInFull * 1024 + tally.listed.count * 96)
    html += """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(escape(tally.passed ? "All snapshots match" : "\(tally.problems) snapshots need attention")) — grona-snap verify</title>
        <style>
        body { font: 14px/1.45 -apple-system, system-ui, sans-serif; margin: 24px; color: #1a1c1a; background: #fafafa; }
        h1 { font-size: 22px; margin: 0 0 4px; }
        .summary { font-size: 16px; font-weight: 600; }
        .ok { color: #1b7f3b; } .bad { color: #b3261e; }
        .where, .message { color: #555; white-space: pre-wrap; font-family: ui-monospace, monospace; font-size: 12px; }
        .accept { background: #eef6f0; border: 1px solid #9fd1ad; border-radius: 8px; padding: 8px 12px; }
        .accept code { display: block; margin-top: 4px; user-select: all; }
        .versions { background: #fff6e0; border: 1px solid #e8c770; border-radius: 8px; padding: 8px 12px; }
        table { border-collapse: collapse; margin: 8px 0 16px; }
        th, td { text-align: left; padding: 2px 12px 2px 0; border-bottom: 1px solid #e4e4e4; }
        td.n { text-align: right; font-variant-numeric: tabular-nums; }
        details.spec { margin: 16px 0; }
        details.spec > summary { font: 600 15px ui-monospace, monospace; cursor: pointer; }
        section { background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: 16px; margin: 12px 0; }
        h3 { font-size: 14px; margin: 0 0 8px; font-family: ui-monospace, monospace; }
        .status { font: 600 12px system-ui, sans-serif; padding: 2px 8px; border-radius: 10px; background: #fde8e6; color: #b3261e; margin-left: 8px; }
        .status.recorded { background: #e8eefc; color: #2450b3; }
        .row { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
        figure { margin: 8px 0; }
        figcaption { font-size: 12px; color: #555; margin-bottom: 4px; }
        img { display: block; max-width: 100%; height: auto; background: repeating-conic-gradient(#e6e6e6 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        .wipe { display: grid; width: max-content; max-width: 100%; position: relative; --at: 50%; }
        .wipe > * { grid-area: 1 / 1; }
        .wipe .over { clip-path: inset(0 0 0 var(--at)); }
        .wipe .handle { position: absolute; top: 0; bottom: 0; left: var(--at); border-left: 2px solid #b3261e; pointer-events: none; }
        .wipe-slider { display: block; width: 100%; max-width: 600px; margin-top: 6px; }
        </style>
        </head>
        <body>
        <h1>Snapshot verification</h1>
        <p class="summary \(result.passed ? "ok" : "bad")">\(escape(result.summary))</p>
        <p class="where">fixtures:  \(escape(fixturesFolder))
        snapshots: \(escape(snapshotsFolder))
        record:    \(record.rawValue)</p>

        """
    if let commands = result.acceptCommands {
        if let accept = commands.accept {
            html += "<p class=\"accept\">If these differences are intended, accept the images this run made as the new goldens "
                + "(they are put in place as they are, never rendered again elsewhere; look at them, then commit):"
                + "<code>\(escape(accept))</code>Or render them again on your machine, whose fonts and ICU may differ from this run's:"
                + "<code>\(escape(commands.rerender))</code></p>\n"
        } else {
            html += "<p class=\"accept\">If these differences are intended, accept them as the new goldens (the snapshots that differ "
                + "are recorded over their goldens; look at the recorded goldens, then run again to verify):<code>\(escape(commands.rerender))</code></p>\n"
        }
    }
    if let notice = tally.provenanceNotice {
        html += "<p class=\"versions\">\(escape(notice)).</p>\n"
    }
    if !tally.versionNoteCounts.isEmpty {
        html += "<div class=\"versions\">Some goldens were rendered with other versions than this machine has, which may explain differences:<ul>\n"
        for note in tally.versionNoteCounts.entries { html += "<li>\(escape(note.value)) (\(note.count) snapshot\(note.count == 1 ? "" : "s"))</li>\n" }
        html += "</ul></div>\n"
    }
    if !tally.passed {
        html += "<h2>What changed</h2>\n<table>\n"
        for kind in tally.kindCounts.entries {
            html += "<tr><td>\(escape(kind.value))</td><td class=\"n\">\(kind.count)</td></tr>\n"
        }
        html += "</table>\n"
    }
    let groups = groupedBySpec(tally.shown.indices.map { ReportEntry(goldenName: tally.shown[$0].goldenName, kinds: kinds(tally.shown[$0]), shown: $0) }
                               + tally.listed.map { ReportEntry(goldenName: $0.goldenName, kinds: $0.kinds, shown: nil) })
    if groups.count > 1 {
        html += "<h2>Specs</h2>\n<table>\n<tr><th>spec</th><th>snapshots</th><th>what changed</th></tr>\n"
        for (index, group) in groups.enumerated() {
            html += "<tr><td><a href=\"#spec\(index)\">\(escape(group.spec))</a></td><td class=\"n\">\(group.entries.count)</td>"
                + "<td>\(escape(describe(group.entries)))</td></tr>\n"
        }
        html += "</table>\n"
    }
    // Few failures: everything open. Many: the first spec open, the rest a click away.
    let openAll = tally.problems <= 20
    for (index, group) in groups.enumerated() {
        html += "<details class=\"spec\" id=\"spec\(index)\"\(openAll || index == 0 ? " open" : "")>"
            + "<summary>\(escape(group.spec)) — \(escape(describe(group.entries)))</summary>\n"
        var listed: [ReportEntry] = []
        for entry in group.entries {
            if let shown = entry.shown {
                html += section(tally.shown[shown], reportFolder: reportFolder)
            } else {
                listed.append(entry)
            }
        }
        if !listed.isEmpty {
            html += "<p>Beyond the first \(tally.sectionsInFull) snapshots, by name (their images are in the folders beside this page):</p>\n<ul>\n"
            for entry in listed {
                html += "<li><code>\(escape(entry.goldenName))</code> — \(escape(entry.kinds.joined(separator: ", ")))</li>\n"
            }
            html += "</ul>\n"
        }
        html += "</details>\n"
    }
    if !result.unusedGoldens.isEmpty {
        html += "<h2>\(result.pruned ? "Removed" : "Unused") goldens (no spec produces them\(result.pruned ? "" : "; --prune removes them"))</h2>\n<ul>\n"
        for file in result.unusedGoldens { html += "<li><code>\(escape(file))</code></li>\n" }
        html += "</ul>\n"
    }
    html += appendix
    html += """
        <script>
        for (const slider of document.querySelectorAll('input.wipe-slider')) {
          const wipe = slider.previousElementSibling;
          slider.addEventListener('input', () => wipe.style.setProperty('--at', slider.value + '%'));
        }
        </script>
        </body>
        </html>

        """
    return html
}

/// What happened to a snapshot that did not match, for the counts: its kind of change (a recording
/// over a failure counts as both), or why there was nothing to compare.
func kinds(_ outcome: SnapshotOutcome) -> [String] {
    kinds(status: outcome.status, change: outcome.comparison?.change, compared: outcome.comparison != nil)
}

/// The same from what `VerificationTally.Listed` keeps of an outcome.
func kinds(status: SnapshotOutcome.Status, change: ChangeKind?, compared: Bool) -> [String] {
    var found: [String] = []
    if let change { found.append(change.rawValue) }
    switch status {
    case .differs where !compared: found.append("golden unreadable")
    case .missing: found.append("golden missing")
    case .recorded: found.append("recorded")
    case .failed: found.append("failed")
    default: break
    }
    return found
}

/// A snapshot the report names: its place in `VerificationTally.shown` when it gets a full section
/// (an index, not the outcome: entries are many, and an outcome is large), nil past them.
private struct ReportEntry {
    var goldenName: String
    var kinds: [String]
    var shown: Int?
}

/// "12 text or shapes moved, 2 recorded"
private func describe(_ entries: [ReportEntry]) -> String {
    OrderedCounts(entries.flatMap(\.kinds)).entries.map { "\($0.count) \($0.value)" }.joined(separator: ", ")
}

/// Entries by spec (the golden name's folder), in the order the specs come.
/// The entries by spec, in the order each spec first appears: a merged report lists shard after
/// shard, and one spec's snapshots may be in several shards, yet each spec is one row and one section.
private func groupedBySpec(_ entries: [ReportEntry]) -> [(spec: String, entries: [ReportEntry])] {
    var groups: [(spec: String, entries: [ReportEntry])] = []
    var indexOfSpec: [String: Int] = [:]
    for entry in entries {
        let spec = entry.goldenName.lastIndex(of: "/").map { String(entry.goldenName[..<$0]) } ?? entry.goldenName
        if let index = indexOfSpec[spec] {
            groups[index].entries.append(entry)
        } else {
            indexOfSpec[spec] = groups.count
            groups.append((spec, [entry]))
        }
    }
    return groups
}

private func section(_ outcome: SnapshotOutcome, reportFolder: String) -> String {
    let status = outcome.status.rawValue
    var html = "<section>\n<h3>\(escape(outcome.goldenName))<span class=\"status \(status)\">\(status)</span></h3>\n"
    html += "<p class=\"message\">\(escape(outcome.message))</p>\n"
    let scale = pointScale(of: outcome.goldenName)
    let actualSize = (outcome.width, outcome.height)
    let expectedSize = outcome.comparison.map { ($0.expectedSize.width, $0.expectedSize.height) }
    let link = { (file: String?) in file.flatMap { relativeLink($0, from: reportFolder) } }

    if let difference = link(outcome.differencePath), let expectedSize {
        let width = expectedSize.0 + max(expectedSize.0, actualSize.0) + actualSize.0 + 2 * differencePanelGutter
        let sizes = outcome.comparison?.sizeMismatch == true
            ? " — sizes: expected \(points(expectedSize, scale)), actual \(points(actualSize, scale)); the shared area is compared, aligned top-leading"
            : ""
        html += figure("expected | difference | actual — red: differs, yellow: anti-aliasing ignored, pink: changed below the tolerance\(sizes)",
                       image(difference, width: width, scale: scale))
    }
    if let expected = link(outcome.expectedCopyPath), let actual = link(outcome.actualPath), let expectedSize {
        html += """
            <figure><figcaption>wipe: expected on the left of the line, actual on the right</figcaption>
            <div class="wipe">\(image(expected, width: expectedSize.0, scale: scale))<div class="over">\(image(actual, width: actualSize.0, scale: scale))</div><div class="handle"></div></div>
            <input class="wipe-slider" type="range" min="0" max="100" value="50" aria-label="wipe between expected and actual"></figure>

            """
    } else if outcome.recordedCopyPath == nil, let actual = link(outcome.actualPath) {
        html += figure("actual", image(actual, width: actualSize.0, scale: scale))
    }
    if let recorded = link(outcome.recordedCopyPath) {
        html += figure("recorded golden, \(points(actualSize, scale))", image(recorded, width: actualSize.0, scale: scale))
    }
    return html + "</section>\n"
}

private func figure(_ caption: String, _ image: String) -> String {
    "<figure><figcaption>\(escape(caption))</figcaption>\(image)</figure>\n"
}

/// A linked image shown at its size in points (pixels / scale), so @3x snapshots look phone-sized,
/// loaded when scrolled to.
private func image(_ link: String, width: Int, scale: Int) -> String {
    let size = width > 0 ? " width=\"\(max(1, width / scale))\"" : ""
    return "<img\(size) loading=\"lazy\" alt=\"\" src=\"\(escape(link))\">"
}

/// "390 × 120 pt (1170 × 360 px)"
private func points(_ size: (Int, Int), _ scale: Int) -> String {
    "\(size.0 / scale) × \(size.1 / scale) pt (\(size.0) × \(size.1) px)"
}

/// `file`'s path inside `folder`, percent-encoded for an href; nil when it is not inside.
private func relativeLink(_ file: String, from folder: String) -> String? {
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    guard file.hasPrefix(prefix) else { return nil }
    return String(file.dropFirst(prefix.count)).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)
}

/// The scale in a golden name (`…@3x.png` → 3), 1 if there is none.
private func pointScale(of goldenName: String) -> Int {
    guard let at = goldenName.lastIndex(of: "@") else { return 1 }
    return Int(goldenName[goldenName.index(after: at)...].prefix { $0.isNumber }) ?? 1
}

func escape(_ text: String) -> String {
    var out = ""
    for character in text {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default: out.append(character)
        }
    }
    return out
}
