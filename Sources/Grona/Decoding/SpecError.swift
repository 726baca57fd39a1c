/// Why a spec was refused: the file, where in it, and what is wrong. `description` is the one line the
/// command line prints after `error: `, e.g. `banner.json: $.theme.primary: "#12345" is not a colour`.
public struct SpecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The spec's path as given to the decoder.
    public var file: String
    /// A JSON path (`$.component.tiers[1].at`), a position (`line 3, column 14`), or nil for the whole file.
    public var location: String?
    public var message: String

    package init(file: String, location: String?, message: String) {
        self.file = file; self.location = location; self.message = message
    }

    public var description: String {
        if let location { return "\(file): \(location): \(message)" }
        return "\(file): \(message)"
    }
}
