import Foundation
import Grona
import GronaRequests
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The service's log on stderr: one line per request (time, request id, client, person, method,
/// route, status, bytes, milliseconds) and an audit line for every change to the folder (who saved,
/// merged, copied, renamed, trashed, restored or uploaded which file, or imported a translation
/// into which campaign). `--log-format json` (the default) writes each as one JSON object a line,
/// for a log collector; `text` as `key=value` words for a terminal; `none` writes neither (errors
/// and the start-up line still go out).
///
/// Each line is written with one write(2), so lines from several threads never interleave.
package final class ServiceLog: Sendable {
    package enum Format: String, Sendable, CaseIterable { case json, text, none }

    let format: Format
    private let sink: @Sendable (String) -> Void

    package init(format: Format, sink: @escaping @Sendable (String) -> Void = ServiceLog.standardError) {
        self.format = format
        self.sink = sink
    }

    static let standardError: @Sendable (String) -> Void = { line in
        let bytes = Array(line.utf8)
        bytes.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
    }

    /// One request, as answered.
    struct Exchange: Sendable {
        var requestID: String
        var client: String
        var person: String?
        var method: String
        var route: String
        var path: String
        var status: Int
        var bytes: Int
        var seconds: Double
    }

    func request(_ exchange: Exchange) {
        line("request", [
            ("request_id", .text(exchange.requestID)), ("client", .text(exchange.client)), ("person", exchange.person.map(Value.text) ?? .null),
            ("method", .text(exchange.method)), ("route", .text(exchange.route)), ("path", .text(String(exchange.path.prefix(256)))),
            ("status", .number(Double(exchange.status))), ("bytes", .number(Double(exchange.bytes))),
            ("ms", .number((exchange.seconds * 10_000).rounded() / 10)),
        ])
    }

    /// A change to the folder: `action` (save, merge, duplicate, rename, trash, restore, upload,
    /// import) of `campaign` (a spec or image file of DIR) by the request's caller.
    func audit(_ action: String, _ campaign: String, details: [(String, String)] = [], request: HTTPRequest,
               caller: AccessPolicy.Caller) {
        line("audit", [("request_id", .text(request.requestID)), ("client", .text(request.client)),
                       ("person", caller.person.map(Value.text) ?? .null), ("auth", .text(caller.means)),
                       ("action", .text(action)), ("campaign", .text(campaign))] + details.map { ($0.0, .text($0.1)) })
    }

    /// Something the service did of itself (started, reloaded its settings).
    package func event(_ message: String, _ fields: [(String, String)] = []) {
        line(message, fields.map { ($0.0, .text($0.1)) })
    }

    enum Value: Sendable {
        case text(String), number(Double), null

        var json: String {
            switch self {
            case .text(let text): return jsonStringLiteral(text)
            case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
            case .null: return "null"
            }
        }

        /// A word of a text line: quoted only when it holds a space, a quote or an equals sign.
        var word: String {
            switch self {
            case .text(let text): return text.isEmpty || text.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" || $0.isNewline })
                ? jsonStringLiteral(text) : text
            case .number: return json
            case .null: return "-"
            }
        }
    }

    private func line(_ kind: String, _ fields: [(String, Value)]) {
        let time = ServiceLog.timestamp(Date())
        switch format {
        case .json:
            let members = [("time", Value.text(time)), ("msg", Value.text(kind))] + fields
            sink("{" + members.map { jsonStringLiteral($0.0) + ":" + $0.1.json }.joined(separator: ",") + "}\n")
        case .text:
            sink(([time, kind] + fields.map { $0.0 + "=" + $0.1.word }).joined(separator: " ") + "\n")
        case .none:
            break
        }
    }

    /// RFC 3339 in UTC with milliseconds: `2026-12-07T06:58:01.042Z`.
    static func timestamp(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        var whole = time_t(seconds.rounded(.down))
        var parts = tm()
        gmtime_r(&whole, &parts)
        let milliseconds = min(999, Int((seconds - seconds.rounded(.down)) * 1000))
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let ms = milliseconds < 10 ? "00\(milliseconds)" : milliseconds < 100 ? "0\(milliseconds)" : "\(milliseconds)"
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(ms)Z"
    }
}

/// `X-Request-Id`: a trusted proxy's (1 to 128 letters, digits and `-_.:@/+=`), else one made here,
/// 16 random bytes in hex. Returned on every answer and written on every log line of the request.
enum RequestID {
    static func accepted(_ given: String?) -> String? {
        guard let given, (1...128).contains(given.utf8.count),
              given.utf8.allSatisfy({ byte in
                  (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                      || "-_.:@/+=".utf8.contains(byte)
              }) else { return nil }
        return given
    }

    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}

/// Which routes change the folder, and what their audit line says, read from the request and the
/// answer the handler gave (both JSON the handler itself checked).
enum AuditTrail {
    static let actions: [String: String] = [
        "saveSpec": "save", "mergeSpec": "merge", "duplicateSpec": "duplicate", "renameSpec": "rename",
        "trashSpec": "trash", "restoreSpec": "restore", "uploadImage": "upload", "importTranslations": "import",
    ]

    /// The audit line's campaign and details for a successful change, or nil for any other answer.
    static func entry(route: String, name: String, request: HTTPRequest, response: HTTPResponse) -> (action: String, campaign: String, details: [(String, String)])? {
        guard let action = actions[route], (200..<300).contains(response.status) else { return nil }
        let answer = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
        func field(_ key: String) -> String? { answer[key] as? String }
        switch route {
        case "duplicateSpec": return (action, name, field("created").map { [("to", $0)] } ?? [])
        case "renameSpec": return (action, name, field("to").map { [("to", $0)] } ?? [])
        case "trashSpec": return (action, name, field("entry").map { [("entry", $0)] } ?? [])
        case "restoreSpec": return (action, field("restored") ?? name, [("entry", name)])
        case "importTranslations":
            let languages = (answer["localizations"] as? [String: Any]).map { $0.keys.sorted().joined(separator: ",") } ?? ""
            let campaign = request.query.first { $0.name == "name" }?.value ?? "untitled.json"
            return (action, campaign, [("languages", languages)])
        default: return (action, name, [])
        }
    }
}
