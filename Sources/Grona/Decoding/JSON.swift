// A small, strict, bounded JSON parser (RFC 8259).
//
// Why our own: Foundation's JSONDecoder forgets where a value came from and silently ignores unknown
// keys, and a spec author deserves "line 3, column 14" and "$.theme.primary". The parser is a plain
// recursive descent over the UTF-8 bytes with an explicit depth limit, so the stack is bounded; the
// input is capped in size before parsing, so memory is bounded by a small multiple of the cap.
//
// Stricter than the RFC where the RFC leaves room: duplicate keys, lone surrogates (\uD800 alone),
// numbers that overflow a Double (1e999) and invalid UTF-8 inside strings are errors. Objects keep their
// keys in file order, so messages and re-encodings are deterministic.

/// A parsed JSON value. Objects keep their members in the order of the file.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// The member named `key` of an object, nil otherwise.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first(where: { $0.key == key })?.value
    }

    /// "a string", "a number", …: how messages name the kind of a value.
    package var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Equatable, Sendable {
    public var key: String
    public var value: JSONValue
    public init(key: String, value: JSONValue) { self.key = key; self.value = value }
}

/// A syntax error, with the 1-based line and column (in characters) where it was found.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String
    /// The JSON path of the value being read when the error was found, e.g. `$.component.title`.
    public var path: String = "$"
    /// "line 3, column 14: unterminated string"; a size error has no position (line 0).
    public var description: String {
        line > 0 ? "line \(line), column \(column): \(message)" : message
    }
}

/// The JSON parser (RFC 8259) spec files are read with: its errors give the line and column, and
/// it refuses inputs over 4 MiB or nested over 64 levels deep before they cost anything.
public enum JSONParser {
    /// Inputs larger than this are refused before parsing (4 MiB).
    package static let maximumInputSize = 4 * 1024 * 1024
    /// Arrays and objects nested deeper than this are refused.
    package static let maximumDepth = 64

    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        guard bytes.count <= maximumInputSize else {
            throw JSONSyntaxError(line: 0, column: 0, message:
                "file is larger than the limit of \(maximumInputSize) bytes (4 MiB)")
        }
        return try bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer)
            // A UTF-8 byte order mark is tolerated at the very start.
            if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { reader.index = 3 }
            reader.skipWhitespace()
            let value = try reader.parseValue(depth: 0)
            reader.skipWhitespace()
            if reader.index < buffer.count {
                throw reader.error("unexpected \(reader.describeCurrent()) after the end of the document")
            }
            return value
        }
    }

    public static func parse(_ text: String) throws -> JSONValue { try parse(Array(text.utf8)) }
}

private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Where the parser is, for messages; at most `maximumDepth` entries.
    var path: [PathSegment] = []

    enum PathSegment { case key(String), index(Int) }

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }

    /// Line and column of `offset`; columns count characters (UTF-8 continuation bytes are skipped).
    func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let end = min(offset ?? index, bytes.count)
        var line = 1, column = 1
        var i = 0
        while i < end {
            let byte = bytes[i]
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        var pathText = "$"
        for segment in path {
            switch segment {
            case .key(let key): pathText = jsonPath(pathText, key: key)
            case .index(let index): pathText += "[\(index)]"
            }
        }
        return JSONSyntaxError(line: line, column: column, message: message, path: pathText)
    }

    func describeCurrent() -> String {
        guard !atEnd else { return "end of input" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func parseValue(depth: Int) throws -> JSONValue {
        guard !atEnd else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error("NaN and Infinity are not JSON numbers; numbers must be finite")
        default: throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws {
        let start = index
        let count = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected -> Bool in
            guard bytes.count - index >= count else { return false }
            for k in 0..<count where bytes[index + k] != expected[k] { return false }
            return true
        }
        guard matches else { throw error("invalid literal, expected '\(literal)'", at: start) }
        index += count
    }

    mutating func enter(_ depth: Int) throws {
        if depth > JSONParser.maximumDepth {
            throw error("nesting deeper than \(JSONParser.maximumDepth) levels")
        }
    }

    mutating func parseArray(depth: Int) throws -> JSONValue {
        try enter(depth)
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if !atEnd && bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            path.append(.index(elements.count))
            elements.append(try parseValue(depth: depth))
            path.removeLast()
            skipWhitespace()
            guard !atEnd else { throw error("unexpected end of input, expected ',' or ']'") }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "]") { return .array(elements) }
            guard byte == UInt8(ascii: ",") else {
                index -= 1
                throw error("unexpected \(describeCurrent()), expected ',' or ']'")
            }
        }
    }

    mutating func parseObject(depth: Int) throws -> JSONValue {
        try enter(depth)
        index += 1  // {
        var members: [JSONMember] = []
        // Keys as code units: RFC 8259 compares names by code units, and Swift's `String ==` is
        // canonical equivalence ("é" precomposed equals "e" + U+0301). UTF-8 bytes order and compare
        // as UTF-16 code units do for well-formed text, which lone surrogates aside all keys are.
        var seen = Set<[UInt8]>()
        skipWhitespace()
        if !atEnd && bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard !atEnd else { throw error("unexpected end of input, expected a key") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()), expected a key in double quotes")
            }
            let keyStart = index
            let key = try parseString()
            guard seen.insert(Array(key.utf8)).inserted else {
                throw error("duplicate key \(quoted(key))", at: keyStart)
            }
            skipWhitespace()
            guard !atEnd else { throw error("unexpected end of input, expected ':'") }
            guard bytes[index] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()), expected ':'")
            }
            index += 1
            skipWhitespace()
            path.append(.key(key))
            members.append(JSONMember(key: key, value: try parseValue(depth: depth)))
            path.removeLast()
            skipWhitespace()
            guard !atEnd else { throw error("unexpected end of input, expected ',' or '}'") }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "}") { return .object(members) }
            guard byte == UInt8(ascii: ",") else {
                index -= 1
                throw error("unexpected \(describeCurrent()), expected ',' or '}'")
            }
        }
    }

    mutating func parseNumber() throws -> Double {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard !atEnd else { throw error("unexpected end of input in a number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if !atEnd, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                throw error("numbers must not have leading zeros", at: start)
            }
        } else if digits() == 0 {
            if bytes[index] == UInt8(ascii: "I") {
                throw error("NaN and Infinity are not JSON numbers; numbers must be finite", at: start)
            }
            throw error("invalid number: expected a digit")
        }
        if !atEnd, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("invalid number: expected a digit after '.'") }
        }
        if !atEnd, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if !atEnd, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("invalid number: expected a digit in the exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("number \(abbreviated(text)) is out of range for a double", at: start)
        }
        return value
    }

    mutating func parseHex4() throws -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("unexpected end of input in a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw error("invalid \\u escape: expected four hexadecimal digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    mutating func parseString() throws -> String {
        let start = index
        index += 1  // opening quote
        var utf8: [UInt8] = []
        while true {
            guard !atEnd else { throw error("unterminated string", at: start) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let string = String(validating: utf8, as: UTF8.self) else {
                    throw error("string is not valid UTF-8", at: start)
                }
                return string
            case UInt8(ascii: "\\"):
                index += 1
                guard !atEnd else { throw error("unterminated string", at: start) }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    let escapeStart = index - 2
                    var code = try parseHex4()
                    if (0xDC00...0xDFFF).contains(code) {
                        throw error("lone surrogate \\u\(hex(code)) in string", at: escapeStart)
                    }
                    if (0xD800...0xDBFF).contains(code) {
                        guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                              bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("lone surrogate \\u\(hex(code)) in string", at: escapeStart)
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw error("lone surrogate \\u\(hex(code)) in string", at: escapeStart)
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    // Not a surrogate here, so the scalar is valid.
                    if let scalar = Unicode.Scalar(code) { utf8.append(contentsOf: String(scalar).utf8) }
                default:
                    index -= 1
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in string")
                }
            case 0x00..<0x20:
                throw error("control character U+00\(hex(UInt32(byte)).suffix(2)) in string; escape it")
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }
}

private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

/// `base` followed by `key`: `$.theme` for identifiers, `$["weird key"]` otherwise.
func jsonPath(_ base: String, key: String) -> String {
    let scalars = key.unicodeScalars
    let isIdentifier = scalars.first.map { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) } ?? false
        && scalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    return isIdentifier ? "\(base).\(key)" : "\(base)[\(quoted(key))]"
}

/// `text` cut to its first `limit` characters and "…" when longer: a value shown in a message, as
/// long as `quoted` shows keys.
func abbreviated(_ text: String, limit: Int = 60) -> String {
    text.unicodeScalars.count <= limit ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))) + "…"
}

/// A string in double quotes with quotes, backslashes and control characters escaped, for messages.
package func quoted(_ text: String, limit: Int = 60) -> String {
    var out = "\""
    var count = 0
    for scalar in text.unicodeScalars {
        if count == limit { out += "…"; break }
        count += 1
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\u" + hex(scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}
