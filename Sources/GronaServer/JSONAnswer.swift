import Grona
import GronaRequests

// An answer's JSON is a `JSONValue` written by the one writer GronaSnap has for JSON values
// (`JSONTextEdit.serialize`, which also writes a spec's edited values), on one line: strings always
// escaped, numbers always in one form, members in the order given (`JSONValue.members`). Every
// answer's JSON is written here, the studio's preview too (`PreviewRequest.answer`); the log's lines
// are `ServiceLog`'s, in their own compact form.
extension HTTPResponse {
    /// `value` as a JSON answer, written on one line and ended by a newline.
    static func json(_ value: JSONValue, status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        .json(JSONTextEdit.serialize(value) + "\n", status: status, headers: headers)
    }
}
