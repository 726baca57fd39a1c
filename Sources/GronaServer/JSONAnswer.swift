import Grona
import GronaRequests

// An answer's JSON is a `JSONValue` written by the one writer GronaSnap has for JSON values
// (`JSONTextEdit.serialize`, which also writes a spec's edited values), on one line: strings always
// escaped, numbers always in one form, members in the order given. Every answer's JSON is made
// here (the log's lines are `ServiceLog`'s, in their own compact form), but for the studio's
// preview (`PreviewRequest.json`): its megabytes of tiles are written straight, since building them
// as a value for this writer cost the 48-tile grids 7 % more server time per edit.
extension JSONValue {
    /// An object of `members` in order; a member whose value is nil is left out (a field the
    /// answer does not have, rather than `null`).
    static func members(_ members: [(String, JSONValue?)]) -> JSONValue {
        .object(members.compactMap { key, value in value.map { JSONMember(key: key, value: $0) } })
    }
}

extension HTTPResponse {
    /// `value` as a JSON answer, written on one line and ended by a newline.
    static func json(_ value: JSONValue, status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        .json(JSONTextEdit.serialize(value) + "\n", status: status, headers: headers)
    }
}
