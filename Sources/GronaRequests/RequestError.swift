import Grona
import GronaOutput
import PNG
import Text

/// Why a request was refused: what kind of refusal, the file and the place in it when there is
/// one, and the words. Every front end says a mistake with these words: the command line prints
/// `error: <description>` and exits with `exitStatus`; the HTTP service answers with `httpStatus`
/// and `{"error": description, "file": file, "path": path}`. This is the one place where a
/// refusal becomes an exit status or an HTTP status.
package struct RequestError: Error, CustomStringConvertible, Sendable {
    package enum Kind: Sendable, Equatable {
        /// A spec, an option or a value that cannot be used (exit 2, HTTP 400).
        case badInput
        /// The request would cost more than the budget allows; the message says what to lower (422).
        case overBudget
        /// A file too large to open whole (422): never served or saved cut.
        case tooLarge
        case notFound
        /// A save over a version that changed meanwhile (409).
        case conflict
        /// Busy for now: try again later (503, with Retry-After).
        case busy
        /// The folder's quota is used up (507).
        case folderFull
        /// A body over a route's own limit, below the server's (413): an image upload.
        case bodyTooLarge
        /// A body that is not what the route takes (415): an upload that is not a PNG it can draw.
        case unsupportedMediaType
        /// A token is required and was not given (401, with WWW-Authenticate).
        case unauthorized
        /// A request from somewhere it may not come from (403).
        case forbidden
        /// The method is not one the path takes (405, with Allow).
        case methodNotAllowed(allowed: String)
        /// The client went away; nobody waits for the rest.
        case stopped
    }

    package var kind: Kind
    /// The spec (or other input file) the refusal is about, as it was named to the request.
    package var file: String?
    /// Where in the file: a JSON path (`$.component.tiers[1].at`) or a position (`line 3, column 14`).
    package var path: String?
    /// What is wrong, after the file and path.
    package var message: String
    /// The option the refusal is about, when a request's own rule (not its parser) refuses one: each
    /// front end names it its own way before the message (`spelled(for:)`).
    package var option: OptionName?
    /// The option given with `option` that it cannot be given with (`--locales` and `--locale`).
    package var conflicting: OptionName?

    package init(_ kind: Kind = .badInput, _ message: String, file: String? = nil, path: String? = nil) {
        self.kind = kind; self.message = message; self.file = file; self.path = path
    }

    /// A usage mistake in the words of the request itself: `--width: "wide" is not a number`.
    package init(_ message: String) { self.init(.badInput, message) }

    /// A refusal of `option`'s value, said after the option as the front end spells it.
    package init(_ option: OptionName, _ message: String) {
        self.init(.badInput, message)
        self.option = option
    }

    /// `option` and `other` given together where only one may be: each front end names both its way.
    package static func conflict(_ option: OptionName, _ other: OptionName) -> RequestError {
        var error = RequestError(option, "cannot be given together")
        error.conflicting = other
        return error
    }

    /// An option as each front end spells it: the command line's flag, the HTTP API's query parameter.
    package struct OptionName: Equatable, Sendable {
        package var flag: String
        /// Nil for an option only the command line has (its flag is said everywhere).
        package var query: String?
        package init(flag: String, query: String?) { self.flag = flag; self.query = query }

        /// The canvas around the card (`--padding`, `padding=`).
        package static var padding: OptionName { OptionTable.padding.row.name }
        /// The device the card is shown on (`--frame`, `frame=`).
        package static var frame: OptionName { OptionTable.frame.row.name }
        /// The folder a shot list's pictures go to (`shots --out`).
        package static let outputFolder = OptionName(flag: "--out", query: nil)
    }

    /// Who shows a refusal, and so how an option is spelled in it.
    package enum FrontEnd: Sendable { case commandLine, http }

    /// `file: path: option: message` in `frontEnd`'s spelling of the option.
    package func spelled(for frontEnd: FrontEnd) -> String {
        func spelled(_ option: OptionName) -> String { frontEnd == .http ? option.query ?? option.flag : option.flag }
        if let option, let conflicting {
            return [file, path, "\(spelled(option)) and \(spelled(conflicting)) \(message)"].compactMap { $0 }.joined(separator: ": ")
        }
        return [file, path, option.map(spelled), message].compactMap { $0 }.joined(separator: ": ")
    }

    /// The one line the command line shows (`spelled(for: .commandLine)`).
    package var description: String { spelled(for: .commandLine) }

    /// Any error a request's work threw, as a refusal: a spec's error keeps its file and JSON path;
    /// whatever else the renderer or a decoder refused (an image too large, a font that will not
    /// open) is the input's fault.
    package static func from(_ error: Error) -> RequestError {
        switch error {
        case let refused as RequestError: return refused
        case let spec as SpecError: return RequestError(.badInput, spec.message, file: spec.file, path: spec.location)
        case is Stopped: return RequestError(.stopped, "\(error)")
        default: return RequestError(.badInput, "\(error)")
        }
    }

    /// The command line's exit status: 2 for any refusal (1 is kept for "snapshots differ" and
    /// "check found something", which are answers, not refusals).
    package var exitStatus: Int32 { 2 }

    package var httpStatus: Int {
        switch kind {
        case .badInput: return 400
        case .unauthorized: return 401
        case .forbidden: return 403
        case .notFound: return 404
        case .methodNotAllowed: return 405
        case .conflict: return 409
        case .overBudget, .tooLarge: return 422
        case .busy: return 503
        case .folderFull: return 507
        case .bodyTooLarge: return 413
        case .unsupportedMediaType: return 415
        // Nobody reads it; 499 is what proxies log for a client that closed the request.
        case .stopped: return 499
        }
    }

    /// The headers the answer's status calls for.
    package var httpHeaders: [(String, String)] {
        switch kind {
        case .busy: return [("Retry-After", "5")]
        case .unauthorized: return [("WWW-Authenticate", "Bearer")]
        case .methodNotAllowed(let allowed): return [("Allow", allowed)]
        default: return []
        }
    }

    /// Thrown between renders once a request's `stop` says its client has gone.
    package struct Stopped: Error, CustomStringConvertible {
        package init() {}
        package var description: String { "stopped: the client went away" }
    }

    /// Throws `Stopped` when `stop` says the client has gone.
    package static func checkStop(_ stop: (@Sendable () -> Bool)?) throws {
        if let stop, stop() { throw Stopped() }
    }
}
