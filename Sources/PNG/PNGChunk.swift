/// A private ancillary chunk: a four-letter name and its bytes. GronaSnap stores data about a
/// snapshot in such chunks (for example a digest of its pixels); other PNG readers skip them.
///
/// The name's letter case carries the PNG chunk properties: the first letter is lower case
/// (ancillary: a reader may ignore it), the second lower case (private, not a registered chunk),
/// the third upper case (reserved bit clear). The fourth is free (lower case: safe to copy).
public struct PNGChunk: Equatable, Sendable {
    public let name: String
    public let data: [UInt8]

    /// Fails with `.invalidChunk` unless `name` is four ASCII letters naming a private ancillary chunk.
    public init(name: String, data: [UInt8]) throws {
        guard PNGChunk.isPrivateAncillary(Array(name.utf8)) else {
            throw PNGError(.invalidChunk, "\"\(name)\" is not a private ancillary PNG chunk name "
                + "(four ASCII letters: lower, lower, upper, any; e.g. \"grSm\")")
        }
        self.name = name
        self.data = data
    }

    /// For names already read from a file (the decoder and header reader keep private chunks only).
    init(validatedName name: [UInt8], data: [UInt8]) {
        self.name = String(decoding: name, as: UTF8.self)
        self.data = data
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
    }

    /// Bit 5 of a letter is its case: set for lower case.
    static func isLowercase(_ byte: UInt8) -> Bool { byte & 0x20 != 0 }

    static func isPrivateAncillary(_ name: [UInt8]) -> Bool {
        name.count == 4 && name.allSatisfy(isLetter)
            && isLowercase(name[0]) && isLowercase(name[1]) && !isLowercase(name[2])
    }

    /// A private chunk as found in a file: any letters, second letter lower case.
    static func isPrivate(_ name: [UInt8]) -> Bool {
        name.count == 4 && name.allSatisfy(isLetter) && isLowercase(name[1])
    }
}
