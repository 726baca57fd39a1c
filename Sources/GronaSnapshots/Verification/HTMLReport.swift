// The HTML report of `grona-snap verify`: one self-contained index.html (images inline as data:
// URLs, no external CSS or script) that a CI job can keep as a single artifact.
//
// Layout: a title and the summary line with the counts; where the run looked (fixtures, snapshots,
// record mode); a list of the snapshots that did not match, each linking to its section; then per
// snapshot that differs (or is missing, or was recorded over a failure): its message, expected and
// actual side by side at their size in points, the difference panel (red: differs, yellow:
// anti-aliasing ignored, grey: same), and a wipe slider that shows the expected image left of the
// handle and the actual image right of it. Then the goldens recorded, and the unused goldens.
import Foundation

func htmlReport(for result: FolderVerification.Result, fixturesFolder: String, snapshotsFolder: String,
                record: SnapshotRecordMode) -> String {
    let problems = result.outcomes.filter { !$0.passed }
    var html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(escape(problems.isEmpty ? "All snapshots match" : "\(problems.count) snapshots need attention")) — grona-snap verify</title>
        <style>
        body { font: 14px/1.45 -apple-system, system-ui, sans-serif; margin: 24px; color: #1a1c1a; background: #fafafa; }
        h1 { font-size: 22px; margin: 0 0 4px; }
        .summary { font-size: 16px; font-weight: 600; }
        .ok { color: #1b7f3b; } .bad { color: #b3261e; }
        .where, .message { color: #555; white-space: pre-wrap; font-family: ui-monospace, monospace; font-size: 12px; }
        section { background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: 16px; margin: 24px 0; }
        h2 { font-size: 16px; margin: 0 0 8px; font-family: ui-monospace, monospace; }
        .status { font: 600 12px system-ui, sans-serif; padding: 2px 8px; border-radius: 10px; background: #fde8e6; color: #b3261e; margin-left: 8px; }
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
    if !problems.isEmpty {
        html += "<ul>\n"
        for (index, outcome) in problems.enumerated() {
            html += "<li><a href=\"#s\(index)\">\(escape(outcome.goldenName))</a> — \(label(outcome.status))</li>\n"
        }
        html += "</ul>\n"
    }
    for (index, outcome) in problems.enumerated() {
        html += section(outcome, id: "s\(index)")
    }
    if !result.unusedGoldens.isEmpty {
        html += "<h2>\(result.pruned ? "Removed" : "Unused") goldens (no spec produces them\(result.pruned ? "" : "; --prune removes them"))</h2>\n<ul>\n"
        for file in result.unusedGoldens { html += "<li><code>\(escape(file))</code></li>\n" }
        html += "</ul>\n"
    }
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

private func label(_ status: SnapshotOutcome.Status) -> String {
    switch status {
    case .matched: return "matches"
    case .differs: return "differs"
    case .recorded: return "recorded"
    case .missing: return "missing"
    case .failed: return "failed"
    }
}

private func section(_ outcome: SnapshotOutcome, id: String) -> String {
    var html = "<section id=\"\(id)\">\n<h2>\(escape(outcome.goldenName))<span class=\"status\">\(label(outcome.status))</span></h2>\n"
    html += "<p class=\"message\">\(escape(outcome.message))</p>\n"
    guard let images = outcome.reportImages else { return html + "</section>\n" }
    let scale = pointScale(of: outcome.goldenName)
    html += "<div class=\"row\">\n"
    if let expected = images.expected { html += figure("expected (golden)", expected, scale) }
    html += figure("actual", images.actual, scale)
    html += "</div>\n"
    if let difference = images.difference {
        html += figure("difference — red: differs, yellow: anti-aliasing ignored", difference, scale)
    }
    if let expected = images.expected {
        html += """
            <figure><figcaption>wipe: expected on the left of the line, actual on the right</figcaption>
            <div class="wipe">\(image(expected, scale))<div class="over">\(image(images.actual, scale))</div><div class="handle"></div></div>
            <input class="wipe-slider" type="range" min="0" max="100" value="50" aria-label="wipe between expected and actual"></figure>

            """
    }
    return html + "</section>\n"
}

private func figure(_ caption: String, _ png: [UInt8], _ scale: Int) -> String {
    "<figure><figcaption>\(escape(caption))</figcaption>\(image(png, scale))</figure>\n"
}

/// An inline image shown at its size in points (pixels / scale), so @3x snapshots look phone-sized.
private func image(_ png: [UInt8], _ scale: Int) -> String {
    let width = png.count >= 24 ? (Int(png[16]) << 24 | Int(png[17]) << 16 | Int(png[18]) << 8 | Int(png[19])) : 0
    let size = width > 0 ? " width=\"\(max(1, width / scale))\"" : ""
    return "<img\(size) alt=\"\" src=\"data:image/png;base64,\(Data(png).base64EncodedString())\">"
}

/// The scale in a golden name (`…@3x.png` → 3), 1 if there is none.
private func pointScale(of goldenName: String) -> Int {
    guard let at = goldenName.lastIndex(of: "@") else { return 1 }
    return Int(goldenName[goldenName.index(after: at)...].prefix { $0.isNumber }) ?? 1
}

private func escape(_ text: String) -> String {
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
