// JUnit XML for CI dashboards (Bazel writes it to XML_OUTPUT_FILE; GitLab's `artifacts:reports:
// junit`, Jenkins, Buildkite's test analytics and GitHub's test reporters read the same format).
// One <testsuite> per spec, one <testcase> per snapshot: `classname` the spec's name, `name` the
// golden's variant; a snapshot that did not match has a <failure> whose message is the first line
// of the verification's message and whose text is all of it, with the difference image's path.
// A recording is a failure too (it never passes), and a snapshot that could not be rendered is an
// <error>. Goldens without provenance are said once, as a property of the run ("grona-snap.notice"
// on every <testsuite>, the one place JUnit readers show for a suite), and on each such test case
// as its <system-out>.
import Foundation

package enum JUnitReport {
    /// The XML for `records` (in case order), titled `name`.
    package static func xml(_ records: [SnapshotRecord], name: String, reportFolder: String) -> String {
        var suites: [(spec: String, file: String, cases: [SnapshotRecord])] = []
        for record in records {
            if suites.last?.spec == record.spec { suites[suites.count - 1].cases.append(record) }
            else { suites.append((record.spec, record.specFile, [record])) }
        }
        func failures(_ cases: [SnapshotRecord]) -> Int { cases.filter { $0.status != .matched && $0.status != .failed }.count }
        func errors(_ cases: [SnapshotRecord]) -> Int { cases.filter { $0.status == .failed }.count }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(escape(name))\" tests=\"\(records.count)\" failures=\"\(failures(records))\" errors=\"\(errors(records))\">\n"
        let notice = provenanceNoticeText(records.filter(\.noProvenance).count)
        let properties = notice.map { "    <properties><property name=\"grona-snap.notice\" value=\"\(escape($0))\"/></properties>\n" } ?? ""
        for suite in suites {
            xml += "  <testsuite name=\"\(escape(suite.spec))\" tests=\"\(suite.cases.count)\" failures=\"\(failures(suite.cases))\" "
                + "errors=\"\(errors(suite.cases))\" skipped=\"0\"\(suite.file.isEmpty ? "" : " file=\"\(escape(suite.file))\"")>\n"
                + properties
            for record in suite.cases {
                let variant = record.golden.hasPrefix(record.spec + "/") ? String(record.golden.dropFirst(record.spec.count + 1)) : record.golden
                xml += "    <testcase classname=\"\(escape(record.spec))\" name=\"\(escape(variant))\""
                    + "\(record.specFile.isEmpty ? "" : " file=\"\(escape(record.specFile))\"")"
                let output = record.noProvenance ? "      <system-out>the golden carries no provenance; compared under tolerance</system-out>\n" : ""
                guard record.status != .matched else { xml += output.isEmpty ? "/>\n" : ">\n" + output + "    </testcase>\n"; continue }
                var text = record.message
                if let difference = record.difference { text += "\ndifference image: " + path(reportFolder, difference) }
                let first = record.message.split(separator: "\n").first.map(String.init) ?? record.status.rawValue
                let element = record.status == .failed ? "error" : "failure"
                xml += ">\n      <\(element) type=\"\(record.status.rawValue)\" message=\"\(escape(first))\">\(escape(text))</\(element)>\n"
                    + output + "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// Text and attribute values: the five XML entities, and characters XML 1.0 cannot carry dropped.
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t", "\r": out += "&#\(scalar.value);"
            default:
                if scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}

/// GitHub Actions workflow commands: `::error file=…,title=…::message`, which the runner turns into
/// annotations on the pull request. Only when GITHUB_ACTIONS is "true".
package enum GitHubAnnotations {
    /// Annotations a run prints at most; GitHub shows only the first few per step anyway.
    package static let limit = 50

    package static func enabled(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["GITHUB_ACTIONS"] == "true"
    }

    /// The command for one snapshot that did not match, on the spec's file.
    package static func error(file: String, title: String, message: String) -> String {
        "::error file=\(property(file)),title=\(property(title))::\(data(message))"
    }

    package static func notice(_ message: String) -> String { "::notice::\(data(message))" }

    private static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
