/// Why a PNG could not be read or written. `message` is one plain sentence for a person.
public struct PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// Not a PNG, truncated, a bad CRC, bad compressed data, an unsupported layout.
        case malformed
        /// The image declares more pixels than the caller allows (decompression-bomb guard).
        case tooLarge
        /// A private chunk given to the encoder has an invalid name.
        case invalidChunk
        /// libpng refused to write the image (should not happen for a valid Pixmap).
        case encodingFailed
        case outOfMemory
    }

    public let kind: Kind
    public let message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
