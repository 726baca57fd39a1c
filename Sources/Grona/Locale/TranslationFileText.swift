// A translation file's bytes as text. Translators' tools and spreadsheets save in UTF-8 (with or
// without a byte-order mark) or UTF-16 with one; Excel on Windows saves a CSV in Windows-1252. Read
// as UTF-8, such a file's "ä" would become "�" in the campaign, so anything that is not valid in the
// encoding its start announces is refused, saying what it looks like and where.

extension Translations {
    /// `bytes` decoded: UTF-8 (a BOM dropped), or UTF-16 LE or BE after their BOM. Throws
    /// `TranslationError` naming the encoding the file seems to be in and the first byte that is
    /// not valid, with its line.
    package static func text(decoding bytes: [UInt8]) throws -> String {
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) || bytes.starts(with: [0, 0, 0xFE, 0xFF]) {
            throw TranslationError("this file is UTF-32; save it as UTF-8")
        }
        if bytes.starts(with: [0xFF, 0xFE]) { return try utf16(bytes.dropFirst(2), bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return try utf16(bytes.dropFirst(2), bigEndian: true) }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        guard let bad = firstInvalidUTF8(body) else { return String(decoding: body, as: UTF8.self) }
        throw TranslationError("this file is not UTF-8 (\(lookalike(body, bad))); save it as UTF-8")
    }

    /// The text of an XML file whose declaration names an encoding other than UTF-8 or UTF-16
    /// (`<?xml version="1.0" encoding="ISO-8859-1"?>`) is refused when it holds anything beyond ASCII,
    /// where that encoding and UTF-8 differ.
    static func checkDeclaredEncoding(_ bytes: [UInt8]) throws {
        guard bytes.contains(where: { $0 >= 0x80 }) else { return }
        let head = String(decoding: bytes.prefix(200).filter { $0 != 0 }, as: UTF8.self)
        guard head.contains("<?xml"), let declared = attribute("encoding", of: head) else { return }
        let name = declared.uppercased()
        guard name != "UTF-8", name != "UTF8", !name.hasPrefix("UTF-16") else { return }
        throw TranslationError("this file says it is in \(declared) (its <?xml … encoding=\"\(declared)\"?>); save it as UTF-8")
    }

    /// The offset of the first byte that does not belong to valid UTF-8, nil when all do.
    static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int? {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let lead = bytes[i]
            if lead < 0x80 { i += 1; continue }
            let length: Int, lowest: UInt32
            switch lead {
            case 0xC2...0xDF: length = 2; lowest = 0x80
            case 0xE0...0xEF: length = 3; lowest = 0x800
            case 0xF0...0xF4: length = 4; lowest = 0x10000
            default: return i
            }
            guard bytes.endIndex - i >= length else { return i }
            var scalar = UInt32(lead) & (0xFF >> (length + 1))
            for next in bytes[(i + 1)..<(i + length)] {
                guard next & 0xC0 == 0x80 else { return i }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
            guard scalar >= lowest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return i }
            i += length
        }
        return nil
    }

    /// What bytes that are not UTF-8 look like, and where the first bad one is.
    static func lookalike(_ bytes: ArraySlice<UInt8>, _ bad: Int) -> String {
        let line = bytes[bytes.startIndex..<bad].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let byte = "byte 0x" + String(bytes[bad], radix: 16, uppercase: true)
        // Text in UTF-16 without its byte-order mark: ASCII letters with a zero byte beside each.
        let zeros = bytes.count(where: { $0 == 0 })
        if zeros * 4 >= bytes.count {
            return "it looks like UTF-16 without a byte-order mark"
        }
        let high = bytes.filter { $0 >= 0x80 }
        if high.allSatisfy({ windows1252($0) != nil }), let shown = windows1252(bytes[bad]) {
            return "it looks like Windows-1252: \(byte), “\(shown)” in Windows-1252, at line \(line)"
        }
        return "\(byte) at line \(line) is not UTF-8"
    }

    /// The character Windows-1252 gives `byte` (≥ 0x80), nil for the five bytes it leaves undefined.
    static func windows1252(_ byte: UInt8) -> Character? {
        guard byte >= 0x80, byte < 0xA0 else { return Character(Unicode.Scalar(byte)) }
        let c1 = Array("€\u{0}‚ƒ„…†‡ˆ‰Š‹Œ\u{0}Ž\u{0}\u{0}‘’“”•–—˜™š›œ\u{0}žŸ")
        let character = c1[Int(byte - 0x80)]
        return character == "\u{0}" ? nil : character
    }

    static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) throws -> String {
        let name = bigEndian ? "UTF-16 BE" : "UTF-16 LE"
        guard bytes.count % 2 == 0 else { throw TranslationError("this \(name) file has an odd number of bytes: it is cut short; save it again") }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let (a, b) = (UInt16(bytes[i]), UInt16(bytes[i + 1]))
            units.append(bigEndian ? a << 8 | b : b << 8 | a)
            i += 2
        }
        var line = 1, index = 0
        while index < units.count {
            let unit = units[index]
            if unit == 0x0A { line += 1 }
            if (0xD800...0xDBFF).contains(unit), index + 1 < units.count, (0xDC00...0xDFFF).contains(units[index + 1]) {
                index += 2; continue
            }
            if (0xD800...0xDFFF).contains(unit) {
                throw TranslationError("this file is not valid \(name): a lone surrogate 0x\(String(unit, radix: 16, uppercase: true)) at line \(line); save it as UTF-8")
            }
            index += 1
        }
        return String(decoding: units, as: UTF16.self)
    }
}
