/// Errors from the text engine: all come from input (paths, font files), none are traps.
public enum TextError: Error, Equatable, CustomStringConvertible {
    case fontNotFound(String)
    case unreadableFont(String)
    /// A font file over `FontDataStore.maximumFileSize` bytes: (path, size).
    case fontTooLarge(String, Int)
    case freeTypeUnavailable
    case invalidParameter(String)

    public var description: String {
        switch self {
        case .fontNotFound(let path): return "font not found: \(path)"
        case .unreadableFont(let path): return "not a readable font file: \(path)"
        case .fontTooLarge(let path, let size):
            return "\(path): the font file is \(size) bytes, over the limit of \(FontDataStore.maximumFileSize) bytes (64 MiB)"
        case .freeTypeUnavailable: return "FreeType could not be initialised"
        case .invalidParameter(let what): return "invalid text parameter: \(what)"
        }
    }
}

extension TextError {
    /// A size or scale that is not a positive finite number.
    static func invalid(_ what: String, _ value: Double) -> TextError { .invalidParameter("\(what) \(value)") }
}
