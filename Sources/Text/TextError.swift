/// Errors from the text engine: they come from input (paths, font files, sizes) or from a C library
/// failing (FreeType, HarfBuzz, ICU), never traps. Each library's failures are made in one place
/// (`FreeType.check`, `HarfBuzz.check`, `ICU.check`) and name the call that failed.
package indirect enum TextError: Error, Equatable, CustomStringConvertible {
    case fontNotFound(String)
    case unreadableFont(String)
    /// A font file FreeType or HarfBuzz cannot open: its path and the library's error.
    case unreadableFontFile(String, TextError)
    /// A font file over `FontDataStore.maximumFileSize` bytes: (path, size).
    case fontTooLarge(String, Int)
    case invalidParameter(String)
    /// A FreeType call returned an error: the call ("FT_Load_Glyph") and FreeType's error code.
    case freeType(call: String, error: Int32)
    /// A HarfBuzz call failed (HarfBuzz has no error codes): the call.
    case harfBuzz(call: String)
    /// An ICU call (through CUnicode) failed: the call and its negative status.
    case unicode(call: String, status: Int32)

    package var description: String {
        switch self {
        case .fontNotFound(let path): return "font not found: \(path)"
        case .unreadableFont(let path): return "not a readable font file: \(path)"
        case .fontTooLarge(let path, let size):
            return "\(path): the font file is \(size) bytes, over the limit of \(FontDataStore.maximumFileSize) bytes (64 MiB)"
        case .unreadableFontFile(let path, let cause): return "not a readable font file: \(path) (\(cause))"
        case .freeType(let call, let error):
            return "FreeType's \(call) failed: \(FreeType.errorName(error)) (error 0x\(String(error, radix: 16, uppercase: true)))"
        case .harfBuzz(let call): return "HarfBuzz's \(call) failed"
        case .unicode(let call, let status): return "ICU's \(call) failed (status \(status))"
        case .invalidParameter(let what): return "invalid text parameter: \(what)"
        }
    }
}

extension TextError {
    /// A size or scale that is not a positive finite number.
    static func invalid(_ what: String, _ value: Double) -> TextError { .invalidParameter("\(what) \(value)") }
}
