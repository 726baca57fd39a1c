// Editing a JSON file the way a person would: only the values that changed are rewritten.
//
// Why: spec files live in git and are reviewed as diffs. Writing the whole value out again
// (JSON.stringify in the studio) reorders nothing but reformats everything — an inline array becomes
// ten lines, `1.0` becomes `1` — so a one-word edit shows as a rewrite of the file. Here the file on
// disk is parsed once more keeping each value's byte range, the old and the new values are compared,
// and only the differing values are spliced in: keys keep their order, untouched lines keep their
// bytes, a new key is written in the indentation and separators of its neighbours, and a removed key
// goes with its separator. Values that are equal as JSON (`1.0` and `1`) count as unchanged.
//
// The three-way merge beside it is what a save over a file that changed meanwhile needs: a field
// changed on one side only takes that side; a field changed on both sides to different values is a
// conflict for the person to decide.

import Grona

/// One step of a path into a JSON value: an object's key or an array's index.
package enum JSONPathStep: Equatable, Sendable {
    case key(String)
    case index(Int)
}

/// A field both sides of a merge changed, to different values; nil: the side removed it.
public struct JSONConflict: Equatable, Sendable {
    package var path: [JSONPathStep]
    /// The field's value in the version both sides started from.
    public var base: JSONValue?
    /// The field's value on the side being saved.
    public var mine: JSONValue?
    /// The field's value in the file as it is now on disk.
    public var theirs: JSONValue?
}

/// Edits of a JSON file's text that rewrite only the values that changed, and the three-way merge
/// a save over a file changed meanwhile runs.
public enum JSONTextEdit {
    /// `text`, a JSON document, minimally edited so that it parses to `value` (objects compared
    /// regardless of key order, numbers by value). Throws the parser's error when `text` is not JSON.
    public static func edit(_ text: [UInt8], to value: JSONValue) throws -> [UInt8] {
        _ = try JSONParser.parse(text)
        var scanner = SpanScanner(bytes: text)
        if text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF { scanner.index = 3 }
        scanner.skipWhitespace()
        let root = try scanner.node()
        var editor = SpanEditor(text: text)
        editor.edit(root, to: value)
        return editor.applied()
    }

    /// Whether two values are the same JSON: objects with the same members in any order, numbers
    /// equal as numbers, strings with the same Unicode scalars (not merely canonically equivalent).
    public static func equivalent(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { equivalent($0, $1) }
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            let members = MemberIndex(y)
            return x.allSatisfy { member in members[member.key].map { equivalent($0, member.value) } ?? false }
        default: return false
        }
    }

    /// Merges the changes `mine` and `theirs` made to `base`. Where both changed one field
    /// differently, the merged value holds theirs and the field is listed among the conflicts.
    public static func merge(base: JSONValue, mine: JSONValue, theirs: JSONValue) -> (merged: JSONValue, conflicts: [JSONConflict]) {
        var conflicts: [JSONConflict] = []
        let merged = merge3(base, mine, theirs, path: [], conflicts: &conflicts) ?? theirs
        return (merged, conflicts)
    }

    /// `value` as compact JSON text (`{"a": 1, "b": [true, null]}`), for answers built by hand.
    public static func serialize(_ value: JSONValue) -> String {
        var out = ""
        LayoutStyle.inline.write(value, indent: "", into: &out)
        return out
    }

    /// `value` with the value at `path` replaced by `new` (nil: removed), the containers on the way
    /// created as objects where missing.
    package static func setting(_ value: JSONValue, at path: ArraySlice<JSONPathStep>, to new: JSONValue?) -> JSONValue? {
        guard let step = path.first else { return new }
        switch (step, value) {
        case (.key(let key), .object(var members)):
            if let at = members.firstIndex(where: { sameKey($0.key, key) }) {
                if let inner = setting(members[at].value, at: path.dropFirst(), to: new) { members[at].value = inner } else { members.remove(at: at) }
            } else if let inner = setting(.object([]), at: path.dropFirst(), to: new) {
                members.append(JSONMember(key: key, value: inner))
            }
            return .object(members)
        case (.index(let index), .array(var elements)) where elements.indices.contains(index):
            if let inner = setting(elements[index], at: path.dropFirst(), to: new) { elements[index] = inner } else { elements.remove(at: index) }
            return .array(elements)
        default:
            return value
        }
    }
}

/// Keys compared as RFC 8259 does, by code units (here: scalars), as the parser does.
private func sameKey(_ a: String, _ b: String) -> Bool { a.unicodeScalars.elementsEqual(b.unicodeScalars) }

/// An object's members found by key in constant time, keys compared as `sameKey` does (by their
/// UTF-8 bytes, which are the scalars'), so that merging, comparing and editing objects is linear
/// in their members: a search through the members for each key made an 8,000-key merge take seconds.
private struct MemberIndex {
    private var positions: [[UInt8]: Int] = [:]
    let members: [JSONMember]

    init(_ members: [JSONMember]) {
        self.members = members
        positions.reserveCapacity(members.count)
        for (index, member) in members.enumerated() where positions[Array(member.key.utf8)] == nil {
            positions[Array(member.key.utf8)] = index
        }
    }

    /// Where the member named `key` is, or nil.
    func position(_ key: String) -> Int? { positions[Array(key.utf8)] }

    subscript(key: String) -> JSONValue? { position(key).map { members[$0].value } }
}

private func merge3(_ base: JSONValue?, _ mine: JSONValue?, _ theirs: JSONValue?, path: [JSONPathStep],
                    conflicts: inout [JSONConflict]) -> JSONValue? {
    func same(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a?, let b?): return JSONTextEdit.equivalent(a, b)
        default: return false
        }
    }
    if same(mine, base) { return theirs }
    if same(theirs, base) || same(mine, theirs) { return mine }
    switch (base, mine, theirs) {
    case (.object(let b)?, .object(let m)?, .object(let t)?):
        let (inBase, inMine, inTheirs) = (MemberIndex(b), MemberIndex(m), MemberIndex(t))
        // Theirs' order first (it is the file on disk), then the keys only mine added, in mine's order.
        var keys = t.map(\.key)
        for member in m where inTheirs.position(member.key) == nil { keys.append(member.key) }
        var out: [JSONMember] = []
        for key in keys {
            if let value = merge3(inBase[key], inMine[key], inTheirs[key], path: path + [.key(key)], conflicts: &conflicts) {
                out.append(JSONMember(key: key, value: value))
            }
        }
        return .object(out)
    case (.array(let b)?, .array(let m)?, .array(let t)?) where b.count == m.count && m.count == t.count:
        return .array(b.indices.map { index in
            merge3(b[index], m[index], t[index], path: path + [.index(index)], conflicts: &conflicts) ?? .null
        })
    case (.array(let b)?, .array(let m)?, .array(let t)?):
        if let merged = mergeArrays(b, m, t, path: path, conflicts: &conflicts) { return .array(merged) }
        conflicts.append(JSONConflict(path: path, base: base, mine: mine, theirs: theirs))
        return theirs
    default:
        conflicts.append(JSONConflict(path: path, base: base, mine: mine, theirs: theirs))
        return theirs
    }
}

/// Arrays whose lengths changed (a tier added on one side, another's label edited on the other),
/// merged as diff3 merges lines: the elements base, mine and theirs all still hold (a longest
/// common subsequence of each side with base) split the arrays into stretches; a stretch only one
/// side changed takes that side's elements, one both changed alike takes them, and one both
/// changed element for element (as many elements on each side) is merged element by element. Nil
/// when two sides changed one stretch in different ways, or the arrays are too long to align here:
/// then the whole array is one conflict.
private func mergeArrays(_ b: [JSONValue], _ m: [JSONValue], _ t: [JSONValue], path: [JSONPathStep],
                         conflicts: inout [JSONConflict]) -> [JSONValue]? {
    // Specs' arrays are short (tiers, variant values); the alignment is quadratic.
    guard b.count * max(m.count, t.count) <= 250_000 else { return nil }
    func same(_ x: ArraySlice<JSONValue>, _ y: ArraySlice<JSONValue>) -> Bool {
        x.count == y.count && zip(x, y).allSatisfy { JSONTextEdit.equivalent($0, $1) }
    }
    // Each element as the number of its class of equivalent values, so that the alignments compare
    // numbers, not whole values once per pair.
    var classes = EquivalenceClasses()
    let (bc, mc, tc) = (b.map { classes.number($0) }, m.map { classes.number($0) }, t.map { classes.number($0) })
    let inMine = commonSubsequence(bc, mc), inTheirs = commonSubsequence(bc, tc)
    // Base elements both sides kept, with where each side has them; then the arrays' ends.
    var anchors: [(base: Int, mine: Int, theirs: Int)] = []
    for (index, mine) in inMine.enumerated() { if let mine, let theirs = inTheirs[index] { anchors.append((index, mine, theirs)) } }
    anchors.append((b.count, m.count, t.count))
    var out: [JSONValue] = []
    var found: [JSONConflict] = []
    var from = (base: 0, mine: 0, theirs: 0)
    for anchor in anchors {
        let base = b[from.base..<anchor.base], mine = m[from.mine..<anchor.mine], theirs = t[from.theirs..<anchor.theirs]
        if same(mine, base) || same(mine, theirs) {
            out += theirs
        } else if same(theirs, base) {
            out += mine
        } else if base.count == mine.count, mine.count == theirs.count {
            for (x, (y, z)) in zip(base, zip(mine, theirs)) {
                out.append(merge3(x, y, z, path: path + [.index(out.count)], conflicts: &found) ?? .null)
            }
        } else {
            return nil
        }
        if anchor.base < b.count { out.append(t[anchor.theirs]) }
        from = (anchor.base + 1, anchor.mine + 1, anchor.theirs + 1)
    }
    conflicts += found
    return out
}

/// Numbers for JSON values, equal exactly when the values are `JSONTextEdit.equivalent`: each value
/// is written in a canonical form (members sorted by key, numbers by value) and numbered by it.
private struct EquivalenceClasses {
    private var numbers: [[UInt8]: Int] = [:]

    mutating func number(_ value: JSONValue) -> Int {
        var form: [UInt8] = []
        EquivalenceClasses.write(value, into: &form)
        if let known = numbers[form] { return known }
        numbers[form] = numbers.count
        return numbers.count - 1
    }

    private static func write(_ value: JSONValue, into out: inout [UInt8]) {
        func count(_ number: Int) { withUnsafeBytes(of: UInt64(number).littleEndian) { out += $0 } }
        switch value {
        case .null: out.append(0)
        case .bool(let flag): out += [1, flag ? 1 : 0]
        case .number(let number):
            out.append(2)
            // -0 == 0 as numbers; JSON has no NaN.
            withUnsafeBytes(of: (number == 0 ? 0 : number).bitPattern.littleEndian) { out += $0 }
        case .string(let text):
            out.append(3); count(text.utf8.count); out += text.utf8
        case .array(let elements):
            out.append(4); count(elements.count)
            for element in elements { write(element, into: &out) }
        case .object(let members):
            out.append(5); count(members.count)
            for member in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                count(member.key.utf8.count); out += member.key.utf8
                write(member.value, into: &out)
            }
        }
    }
}

/// For each element of `a`, its index in `b` in a longest common subsequence of the two (elements
/// compared by their `EquivalenceClasses` numbers), or nil.
private func commonSubsequence(_ a: [Int], _ b: [Int]) -> [Int?] {
    // lengths[i][j]: the longest common subsequence of a[i...] and b[j...].
    var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
        for j in stride(from: b.count - 1, through: 0, by: -1) {
            lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
        }
    }
    var matched = [Int?](repeating: nil, count: a.count)
    var i = 0, j = 0
    while i < a.count, j < b.count {
        if a[i] == b[j] { matched[i] = j; i += 1; j += 1 }
        else if lengths[i + 1][j] >= lengths[i][j + 1] { i += 1 }
        else { j += 1 }
    }
    return matched
}

// ------------------------------------------------------------------ the file's structure

/// A value of the file with where it is: `start..<end` are its bytes.
private indirect enum SpanNode {
    case scalar(JSONValue, start: Int, end: Int)
    case object([SpanMember], start: Int, end: Int)
    case array([SpanNode], start: Int, end: Int)

    var start: Int {
        switch self { case .scalar(_, let s, _), .object(_, let s, _), .array(_, let s, _): return s }
    }
    var end: Int {
        switch self { case .scalar(_, _, let e), .object(_, _, let e), .array(_, _, let e): return e }
    }
}

private struct SpanMember {
    var key: String
    var keyStart: Int
    var keyEnd: Int
    var value: SpanNode
}

/// Reads the structure of a document the parser has accepted already, so it never meets an error
/// of its own; leaves are decoded by the parser itself, so their values are exactly its values.
private struct SpanScanner {
    let bytes: [UInt8]
    var index = 0

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func stringEnd() {
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        index += 1
    }

    func leaf(_ start: Int) throws -> JSONValue { try JSONParser.parse(Array(bytes[start..<index])) }

    mutating func node() throws -> SpanNode {
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [SpanMember] = []
            skipWhitespace()
            while bytes[index] != UInt8(ascii: "}") {
                let keyStart = index
                stringEnd()
                guard case .string(let key) = try leaf(keyStart) else { break }
                let keyEnd = index
                skipWhitespace(); index += 1; skipWhitespace()  // :
                members.append(SpanMember(key: key, keyStart: keyStart, keyEnd: keyEnd, value: try node()))
                skipWhitespace()
                if bytes[index] == UInt8(ascii: ",") { index += 1; skipWhitespace() }
            }
            index += 1
            return .object(members, start: start, end: index)
        case UInt8(ascii: "["):
            index += 1
            var elements: [SpanNode] = []
            skipWhitespace()
            while bytes[index] != UInt8(ascii: "]") {
                elements.append(try node())
                skipWhitespace()
                if bytes[index] == UInt8(ascii: ",") { index += 1; skipWhitespace() }
            }
            index += 1
            return .array(elements, start: start, end: index)
        case UInt8(ascii: "\""):
            stringEnd()
            return .scalar(try leaf(start), start: start, end: index)
        default:
            while index < bytes.count, !" \t\r\n,]}".utf8.contains(bytes[index]) { index += 1 }
            return .scalar(try leaf(start), start: start, end: index)
        }
    }
}

// ------------------------------------------------------------------ writing values

/// How new values are written: on one line, or one member a line at the file's indentation.
private struct LayoutStyle {
    /// The file's indentation step; nil: everything on one line.
    var unit: String?
    /// Between a key and its value (`": "` in most files).
    var colon = ": "
    /// Strings with non-ASCII letters escaped as \uXXXX (the file did so).
    var asciiOnly = false
    /// The file's line ending (a file written on Windows keeps its CRLF).
    var newline = "\n"

    static let inline = LayoutStyle(unit: nil)

    func write(_ value: JSONValue, indent: String, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number): out += LayoutStyle.number(number)
        case .string(let text): out += string(text)
        case .array(let elements):
            guard !elements.isEmpty else { out += "[]"; return }
            let scalars = elements.allSatisfy { if case .array = $0 { return false }; if case .object = $0 { return false }; return true }
            guard let unit, !scalars else {
                out += "["
                for (index, element) in elements.enumerated() {
                    if index > 0 { out += ", " }
                    write(element, indent: indent, into: &out)
                }
                out += "]"
                return
            }
            out += "["
            for (index, element) in elements.enumerated() {
                out += (index > 0 ? "," : "") + newline + indent + unit
                write(element, indent: indent + unit, into: &out)
            }
            out += newline + indent + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{"
            for (index, member) in members.enumerated() {
                if let unit { out += (index > 0 ? "," : "") + newline + indent + unit } else if index > 0 { out += ", " }
                out += string(member.key) + colon
                write(member.value, indent: indent + (unit ?? ""), into: &out)
            }
            out += unit.map { _ in newline + indent } ?? ""
            out += "}"
        }
    }

    /// Whole numbers without a fraction; others as Swift's shortest round-tripping form.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// The report's escaping, and beyond ASCII \uXXXX as well when the file writes it so.
    func string(_ text: String) -> String {
        let literal = JSONText.string(text)
        guard asciiOnly else { return literal }
        var out = ""
        for scalar in literal.unicodeScalars {
            if scalar.value > 0x7E {
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

// ------------------------------------------------------------------ the edit

private struct SpanSplice {
    var start: Int
    var end: Int
    var text: [UInt8]
}

private struct SpanEditor {
    let text: [UInt8]
    var splices: [SpanSplice] = []
    /// The file's indentation step, from its first member on a line of its own.
    let unit: String
    let colon: String
    let asciiOnly: Bool
    /// Where each line starts, so a value's indentation is found without walking back along its line
    /// (on a file of one long line, once per value edited, that walk made an edit quadratic).
    let lineStarts: [Int]
    /// Whether the file lays members out one a line (then new nested values are too).
    let fileIsMultiline: Bool
    /// The file's line ending.
    let newline: String

    init(text: [UInt8]) {
        self.text = text
        lineStarts = [0] + text.indices.filter { text[$0] == 0x0A }.map { $0 + 1 }
        fileIsMultiline = lineStarts.count > 2
        newline = text.contains(0x0D) ? "\r\n" : "\n"
        var unit = "  ", colon = ": "
        var scanner = SpanScanner(bytes: text)
        scanner.skipWhitespace()
        if let root = try? scanner.node() { SpanEditor.findStyle(root, text: text, unit: &unit, colon: &colon) }
        self.unit = unit
        self.colon = colon
        // A file that spells non-ASCII letters as \u escapes and has none raw wants new ones escaped too.
        asciiOnly = text.allSatisfy { $0 < 0x80 } && SpanEditor.escapesNonASCII(text)
    }

    /// Whether the text has a \uXXXX escape of a letter beyond ASCII.
    private static func escapesNonASCII(_ text: [UInt8]) -> Bool {
        var index = 0
        while index + 5 < text.count {
            if text[index] == UInt8(ascii: "\\") {
                if text[index + 1] == UInt8(ascii: "u"), let code = UInt32(String(decoding: text[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16),
                   code >= 0x80 { return true }
                index += 2
            } else {
                index += 1
            }
        }
        return false
    }

    private static func findStyle(_ node: SpanNode, text: [UInt8], unit: inout String, colon: inout String) {
        guard case .object(let members, let start, _) = node, let first = members.first else { return }
        colon = String(decoding: text[first.keyEnd..<first.value.start], as: UTF8.self)
        let between = text[(start + 1)..<first.keyStart]
        if let newline = between.lastIndex(of: 0x0A) {
            let inner = between[(newline + 1)...]
            let outer = lineIndent(text, at: start)
            if inner.count > outer.count { unit = String(decoding: inner.dropFirst(outer.count), as: UTF8.self) }
        }
    }

    /// The spaces and tabs that start the line `offset` is on.
    static func lineIndent(_ text: [UInt8], at offset: Int) -> ArraySlice<UInt8> {
        var lineStart = offset
        while lineStart > 0, text[lineStart - 1] != 0x0A { lineStart -= 1 }
        var end = lineStart
        while end < text.count, text[end] == 0x20 || text[end] == 0x09 { end += 1 }
        return text[lineStart..<end]
    }

    /// `lineIndent` through the table of line starts.
    func indent(at offset: Int) -> ArraySlice<UInt8> {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var end = lineStarts[low]
        while end < text.count, text[end] == 0x20 || text[end] == 0x09 { end += 1 }
        return text[lineStarts[low]..<end]
    }

    func style(multiline: Bool) -> LayoutStyle {
        LayoutStyle(unit: multiline ? unit : nil, colon: colon, asciiOnly: asciiOnly, newline: newline)
    }

    func written(_ value: JSONValue, indent: ArraySlice<UInt8>, multiline: Bool) -> String {
        var out = ""
        style(multiline: multiline).write(value, indent: String(decoding: indent, as: UTF8.self), into: &out)
        return out
    }

    mutating func replace(_ node: SpanNode, with value: JSONValue) {
        // A container on several lines stays on several lines; a one-line one stays on one line.
        let multiline = text[node.start..<node.end].contains(0x0A) || (isEmptyContainer(node) && fileIsMultiline)
        splices.append(SpanSplice(start: node.start, end: node.end,
                              text: Array(written(value, indent: indent(at: node.start), multiline: multiline).utf8)))
    }

    private func isEmptyContainer(_ node: SpanNode) -> Bool {
        switch node {
        case .object(let members, _, _): return members.isEmpty
        case .array(let elements, _, _): return elements.isEmpty
        case .scalar: return false
        }
    }

    mutating func edit(_ node: SpanNode, to value: JSONValue) {
        switch (node, value) {
        case (.object(let members, let start, let end), .object(let new)):
            editObject(members, start: start, end: end, to: new, node: node, value: value)
        case (.array(let elements, let start, let end), .array(let new)):
            editArray(elements, start: start, end: end, to: new, node: node, value: value)
        case (.scalar(let old, _, _), _):
            if !JSONTextEdit.equivalent(old, value) { replace(node, with: value) }
        default:
            replace(node, with: value)
        }
    }

    /// The separator between two members (`,\n    `) and the indentation of a member's line.
    private func layout(starts: [Int], ends: [Int], open: Int) -> (between: [UInt8], indent: ArraySlice<UInt8>, multiline: Bool) {
        let between: [UInt8]
        if starts.count >= 2 {
            between = Array(text[ends[0]..<starts[1]])
        } else {
            let lead = Array(text[(open + 1)..<starts[0]])
            between = [UInt8(ascii: ",")] + (lead.isEmpty ? [0x20] : lead)
        }
        let multiline = between.contains(0x0A)
        return (between, multiline ? indent(at: starts[0]) : [], multiline)
    }

    private mutating func editObject(_ members: [SpanMember], start: Int, end: Int, to new: [JSONMember], node: SpanNode, value: JSONValue) {
        let inNew = MemberIndex(new)
        let old = MemberIndex(members.map { JSONMember(key: $0.key, value: .null) })
        let kept = members.indices.filter { inNew.position(members[$0].key) != nil }
        guard !kept.isEmpty else {
            // Nothing in common: the object is written anew (an empty one stays as it is).
            if !(members.isEmpty && new.isEmpty) { replace(node, with: value) }
            return
        }
        for index in kept { edit(members[index].value, to: inNew[members[index].key]!) }
        let starts = members.map(\.keyStart), ends = members.map(\.value.end)
        removeRun(starts: starts, ends: ends, kept: Set(kept))
        // New keys go after the nearest key before them (in the new order) that the file has.
        let shape = layout(starts: starts, ends: ends, open: start)
        var insertions: [Int: [JSONMember]] = [:]   // after old member index; -1: before the first
        var anchor = -1
        for member in new {
            if let at = old.position(member.key) { anchor = at; continue }
            insertions[anchor, default: []].append(member)
        }
        for (after, added) in insertions {
            let entries = added.map { member in
                Array((style(multiline: shape.multiline).string(member.key) + colon
                       + written(member.value, indent: shape.indent, multiline: shape.multiline)).utf8)
            }
            insert(entries, after: after, starts: starts, ends: ends, between: shape.between)
        }
    }

    private mutating func editArray(_ elements: [SpanNode], start: Int, end: Int, to new: [JSONValue], node: SpanNode, value: JSONValue) {
        if elements.isEmpty || new.isEmpty {
            if elements.count != new.count { replace(node, with: value) }
            return
        }
        let common = min(elements.count, new.count)
        // Elements added or removed at the end are the common case (a tier, a variant value); in the
        // middle, the elements after the change are rewritten in place, each a value of its own.
        for index in 0..<common { edit(elements[index], to: new[index]) }
        let starts = elements.map(\.start), ends = elements.map(\.end)
        if elements.count > common {
            removeRun(starts: starts, ends: ends, kept: Set(0..<common))
        } else if new.count > common {
            let shape = layout(starts: starts, ends: ends, open: start)
            let entries = new[common...].map { Array(written($0, indent: shape.indent, multiline: shape.multiline).utf8) }
            insert(Array(entries), after: elements.count - 1, starts: starts, ends: ends, between: shape.between)
        }
    }

    /// Removes the entries not in `kept` (at least one is kept) with their separators: a removed
    /// entry takes the separator after it, and a run at the end takes the one before it instead.
    private mutating func removeRun(starts: [Int], ends: [Int], kept: Set<Int>) {
        let last = kept.max()!
        for index in starts.indices where !kept.contains(index) && index < last {
            splices.append(SpanSplice(start: starts[index], end: starts[index + 1], text: []))
        }
        if last < starts.count - 1 {
            splices.append(SpanSplice(start: ends[last], end: ends[starts.count - 1], text: []))
        }
    }

    private mutating func insert(_ entries: [[UInt8]], after: Int, starts: [Int], ends: [Int], between: [UInt8]) {
        if after < 0 {
            splices.append(SpanSplice(start: starts[0], end: starts[0], text: entries.flatMap { $0 + between }))
        } else {
            splices.append(SpanSplice(start: ends[after], end: ends[after], text: entries.flatMap { between + $0 }))
        }
    }

    /// The text with the splices made, in one pass from the start (replacing each in place would
    /// move the rest of the file once per splice). At one offset an insertion comes before a removal,
    /// as made from the end.
    func applied() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count + splices.reduce(0) { $0 + $1.text.count })
        var at = 0
        for splice in splices.sorted(by: { $0.start != $1.start ? $0.start < $1.start : $0.end < $1.end }) {
            out += text[at..<max(at, splice.start)]
            out += splice.text
            at = max(at, splice.end)
        }
        out += text[at...]
        return out
    }
}
