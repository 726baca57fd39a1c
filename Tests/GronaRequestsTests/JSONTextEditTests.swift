import Foundation
import XCTest
import Grona
@testable import GronaRequests

/// Saves rewrite only what changed: every fixture takes many random one-field edits, each of which
/// must parse to the new value and change only the edited line (and, for a removed or added last
/// member, the comma of the line before it).
final class JSONTextEditTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// A small deterministic generator, so a failure names a seed that reproduces it.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11 ^ state << 17
        }
    }

    private func edited(_ text: String, _ value: JSONValue, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let out = String(decoding: try JSONTextEdit.edit(Array(text.utf8), to: value), as: UTF8.self)
        let parsed = try JSONParser.parse(out)
        XCTAssertTrue(JSONTextEdit.equivalent(parsed, value), "the edit does not hold the new value:\n\(out)", file: file, line: line)
        return out
    }

    /// How many lines of each text lie between their common first and last lines.
    private func changedLines(_ old: String, _ new: String) -> (old: Int, new: Int) {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false), b = new.split(separator: "\n", omittingEmptySubsequences: false)
        var prefix = 0
        while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        return (a.count - prefix - suffix, b.count - prefix - suffix)
    }

    /// Every path to a scalar, and to every object (for adding and removing members).
    private func paths(_ value: JSONValue, _ at: [JSONPathStep] = [], scalars: inout [[JSONPathStep]], objects: inout [[JSONPathStep]]) {
        switch value {
        case .object(let members):
            objects.append(at)
            for member in members { paths(member.value, at + [.key(member.key)], scalars: &scalars, objects: &objects) }
        case .array(let elements):
            for (index, element) in elements.enumerated() { paths(element, at + [.index(index)], scalars: &scalars, objects: &objects) }
        default:
            scalars.append(at)
        }
    }

    private func value(_ root: JSONValue, at path: [JSONPathStep]) -> JSONValue? {
        path.reduce(root as JSONValue?) { node, step in
            switch (step, node) {
            case (.key(let key), .object(let members)?): return members.first { $0.key == key }?.value
            case (.index(let index), .array(let elements)?): return elements.indices.contains(index) ? elements[index] : nil
            default: return nil
            }
        }
    }

    func testRandomOneFieldEditsOfEveryFixtureChangeOneLine() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThan(names.count, 20)
        var edits = 0
        for name in names {
            let text = try String(contentsOfFile: Self.fixtures + "/" + name, encoding: .utf8)
            let root = try JSONParser.parse(text)
            var scalars: [[JSONPathStep]] = [], objects: [[JSONPathStep]] = []
            paths(root, scalars: &scalars, objects: &objects)
            XCTAssertEqual(try edited(text, root), text, "\(name): an unchanged value leaves the file as it is")
            var random = Generator(state: UInt64(name.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) }))
            for round in 0..<60 {
                let path = scalars.randomElement(using: &random)!
                let old = value(root, at: path)!
                let new: JSONValue
                switch old {
                case .string(let text): new = .string(round % 3 == 0 ? "Neu: \"ä\" \\ 日本\n" : text + " (edited)")
                case .number(let number): new = .number(round % 2 == 0 ? number + 1 : number / 4 + 0.125)
                case .bool(let flag): new = .bool(!flag)
                default: new = .string("was null")
                }
                let out = try edited(text, JSONTextEdit.setting(root, at: path[...], to: new)!)
                let changed = changedLines(text, out)
                XCTAssertEqual(changed.old, 1, "\(name) \(path): \(out)")
                XCTAssertEqual(changed.new, 1, "\(name) \(path): \(out)")
                edits += 1
            }
            for _ in 0..<20 {
                // Removing a member whose value is on one line: its line goes (and a comma before it).
                let removable = scalars.filter { if case .key = $0.last { return true }; return false }
                guard let path = removable.randomElement(using: &random) else { break }
                let out = try edited(text, JSONTextEdit.setting(root, at: path[...], to: nil)!)
                let changed = changedLines(text, out)
                XCTAssertLessThanOrEqual(changed.old, 2, "\(name) removing \(path): \(out)")
                XCTAssertLessThanOrEqual(changed.new, 1, "\(name) removing \(path): \(out)")
                XCTAssertEqual(out.split(separator: "\n").count <= text.split(separator: "\n").count, true)
                edits += 1
            }
            for _ in 0..<20 {
                let path = objects.randomElement(using: &random)!
                let out = try edited(text, JSONTextEdit.setting(root, at: (path + [.key("addedKey")])[...], to: .string("new"))!)
                let changed = changedLines(text, out)
                XCTAssertLessThanOrEqual(changed.old, 1, "\(name) adding to \(path): \(out)")
                XCTAssertLessThanOrEqual(changed.new, 2, "\(name) adding to \(path): \(out)")
                edits += 1
            }
        }
        XCTAssertGreaterThan(edits, 2000)
    }

    func testNestedObjectsKeepTheirLayoutAndUnchangedNumbersTheirSpelling() throws {
        let text = """
        {
            "theme": {"primary": "#054B3A", "cornerRadius": 14.0},
            "component": {
                "type": "progressBar",
                "title": "Stamp card",
                "value": 6.0,
                "tiers": [
                    {"at": 4, "label": "Free shot"},
                    {"at": 8, "label": "Free pastry"}
                ]
            }
        }

        """
        let root = try JSONParser.parse(text)
        let out = try edited(text, JSONTextEdit.setting(root, at: [.key("component"), .key("tiers"), .index(1), .key("label")], to: .string("Free cake"))!)
        XCTAssertEqual(out, text.replacingOccurrences(of: "Free pastry", with: "Free cake"))
        XCTAssertTrue(out.contains("14.0") && out.contains("6.0"), "numbers not edited keep their spelling")
        // 6.0 and 6 are one value: nothing to write.
        let same = JSONTextEdit.setting(root, at: [.key("component"), .key("value")], to: .number(6))!
        XCTAssertEqual(try edited(text, same), text)
        // A new member in an object on several lines goes on a line of its own, indented as its neighbours.
        let added = try edited(text, JSONTextEdit.setting(root, at: [.key("component"), .key("footnote")], to: .string("Resets monthly."))!)
        XCTAssertTrue(added.contains("        ],\n        \"footnote\": \"Resets monthly.\"\n    }"), added)
        // …and in a one-line object, on its line.
        let inline = try edited(text, JSONTextEdit.setting(root, at: [.key("theme"), .key("accent")], to: .string("#6FCF97"))!)
        XCTAssertTrue(inline.contains(##""theme": {"primary": "#054B3A", "cornerRadius": 14.0, "accent": "#6FCF97"},"##), inline)
        // A new element at the end of an array, in the array's layout.
        var tiers = root["component"]!["tiers"]!
        if case .array(var elements) = tiers { elements.append(.object([JSONMember(key: "at", value: .number(12)), JSONMember(key: "label", value: .string("Free lunch"))])); tiers = .array(elements) }
        let longer = try edited(text, JSONTextEdit.setting(root, at: [.key("component"), .key("tiers")], to: tiers)!)
        XCTAssertTrue(longer.contains("{\"at\": 8, \"label\": \"Free pastry\"},\n            {\n"), longer)
        XCTAssertEqual(changedLines(text, longer).old, 1)
    }

    func testRemovedKeysGoWithTheirSeparators() throws {
        let text = "{\n  \"a\": 1,\n  \"b\": [1, 2],\n  \"c\": {\"d\": true}\n}\n"
        let root = try JSONParser.parse(text)
        XCTAssertEqual(try edited(text, JSONTextEdit.setting(root, at: [.key("a")], to: nil)!), "{\n  \"b\": [1, 2],\n  \"c\": {\"d\": true}\n}\n")
        XCTAssertEqual(try edited(text, JSONTextEdit.setting(root, at: [.key("b")], to: nil)!), "{\n  \"a\": 1,\n  \"c\": {\"d\": true}\n}\n")
        XCTAssertEqual(try edited(text, JSONTextEdit.setting(root, at: [.key("c")], to: nil)!), "{\n  \"a\": 1,\n  \"b\": [1, 2]\n}\n")
        XCTAssertEqual(try edited(text, JSONTextEdit.setting(root, at: [.key("c"), .key("d")], to: nil)!), "{\n  \"a\": 1,\n  \"b\": [1, 2],\n  \"c\": {}\n}\n")
        XCTAssertEqual(try edited(text, .object([JSONMember(key: "b", value: .array([.number(1)]))])), "{\n  \"b\": [1]\n}\n")
        XCTAssertEqual(try edited(text, JSONTextEdit.setting(root, at: [.key("b")], to: .array([.number(1), .number(2), .number(3)]))!),
                       "{\n  \"a\": 1,\n  \"b\": [1, 2, 3],\n  \"c\": {\"d\": true}\n}\n")
        // An emptied object in a file on several lines, filled again, is laid out as the file is.
        let empty = "{\n  \"theme\": {},\n  \"x\": 1\n}\n"
        XCTAssertEqual(try edited(empty, JSONTextEdit.setting(try JSONParser.parse(empty), at: [.key("theme"), .key("primary")], to: .string("#000"))!),
                       "{\n  \"theme\": {\n    \"primary\": \"#000\"\n  },\n  \"x\": 1\n}\n")
        // A new key lands after the key before it in the new order.
        let ordered = try edited(text, .object([JSONMember(key: "a", value: .number(1)), JSONMember(key: "new", value: .null),
                                                JSONMember(key: "b", value: .array([.number(1), .number(2)])), JSONMember(key: "c", value: root["c"]!)]))
        XCTAssertEqual(ordered, "{\n  \"a\": 1,\n  \"new\": null,\n  \"b\": [1, 2],\n  \"c\": {\"d\": true}\n}\n")
    }

    func testAFileWithCRLFLineEndingsKeepsThem() throws {
        let text = "{\r\n  \"theme\": {},\r\n  \"x\": 1\r\n}\r\n"
        let out = try edited(text, JSONTextEdit.setting(try JSONParser.parse(text), at: [.key("theme"), .key("primary")], to: .string("#000"))!)
        XCTAssertEqual(out, "{\r\n  \"theme\": {\r\n    \"primary\": \"#000\"\r\n  },\r\n  \"x\": 1\r\n}\r\n")
        let added = try edited(text, JSONTextEdit.setting(try JSONParser.parse(text), at: [.key("y")], to: .bool(true))!)
        XCTAssertEqual(added, "{\r\n  \"theme\": {},\r\n  \"x\": 1,\r\n  \"y\": true\r\n}\r\n")
    }

    func testStringsWithEscapesAndNonASCII() throws {
        let text = #"{"quote": "say \"hi\"\n", "name": "Caf\u00e9", "tab": "a\tb", "emoji": "😀"}"# + "\n"
        let root = try JSONParser.parse(text)
        XCTAssertEqual(try edited(text, root), text, "escapes are left as written")
        let changed = try edited(text, JSONTextEdit.setting(root, at: [.key("quote")], to: .string("say \"bye\"\n"))!)
        XCTAssertEqual(changed, text.replacingOccurrences(of: #"say \"hi\"\n"#, with: #"say \"bye\"\n"#))
        // The file has non-ASCII raw (the emoji), so new non-ASCII is written raw too.
        XCTAssertTrue(try edited(text, JSONTextEdit.setting(root, at: [.key("name")], to: .string("Crème"))!).contains(#""name": "Crème""#))
        // A file that escapes everything beyond ASCII gets new letters escaped as well.
        let ascii = #"{"name": "Caf\u00e9", "n": 1}"#
        let escaped = try edited(ascii, JSONTextEdit.setting(try JSONParser.parse(ascii), at: [.key("name")], to: .string("日本 😀"))!)
        XCTAssertEqual(escaped, #"{"name": "\u65e5\u672c \ud83d\ude00", "n": 1}"#)
        // NFC and NFD spellings are different strings to a file.
        let nfd = try edited(text, JSONTextEdit.setting(root, at: [.key("emoji")], to: .string("e\u{301}"))!)
        XCTAssertTrue(nfd.contains("\"e\u{301}\""))
    }

    func testMergeTakesEachSidesChangesAndReportsTheFieldsBothChanged() throws {
        let base = try JSONParser.parse(##"{"component": {"type": "banner", "title": "A", "body": "B", "button": "C"}, "theme": {"primary": "#000"}}"##)
        let mine = try JSONParser.parse(##"{"component": {"type": "banner", "title": "Mine", "body": "B", "button": "C"}, "theme": {"primary": "#000"}}"##)
        let theirs = try JSONParser.parse(#"{"component": {"type": "banner", "title": "A", "body": "Theirs", "button": "C", "image": "x.png"}, "theme": {}}"#)
        let (merged, conflicts) = JSONTextEdit.merge(base: base, mine: mine, theirs: theirs)
        XCTAssertEqual(conflicts, [])
        XCTAssertTrue(JSONTextEdit.equivalent(merged, try JSONParser.parse(
            #"{"component": {"type": "banner", "title": "Mine", "body": "Theirs", "button": "C", "image": "x.png"}, "theme": {}}"#)))

        let both = try JSONParser.parse(##"{"component": {"type": "banner", "title": "Both", "body": "B"}, "theme": {"primary": "#000"}}"##)
        var other = JSONTextEdit.setting(theirs, at: [.key("component"), .key("title")], to: .string("Other"))!
        let (kept, clashes) = JSONTextEdit.merge(base: base, mine: both, theirs: other)
        XCTAssertEqual(clashes.map(\.path), [[.key("component"), .key("title")]])
        XCTAssertEqual(clashes[0].mine, .string("Both"))
        XCTAssertEqual(clashes[0].theirs, .string("Other"))
        XCTAssertEqual(kept["component"]?["title"], .string("Other"), "the merged value holds theirs where both changed")
        XCTAssertNil(kept["component"]?["button"], "mine removed the button, theirs left it as it was: removed")
        // One side removed a field the other changed: a conflict, the removal as no value.
        other = JSONTextEdit.setting(other, at: [.key("component"), .key("button")], to: .string("D"))!
        let removal = JSONTextEdit.merge(base: base, mine: both, theirs: other).conflicts
        XCTAssertEqual(removal.count, 2)
        XCTAssertEqual(removal[1].path, [.key("component"), .key("button")])
        XCTAssertNil(removal[1].mine)
        XCTAssertEqual(removal[1].theirs, .string("D"))
        // The same change on both sides is no conflict.
        XCTAssertEqual(JSONTextEdit.merge(base: base, mine: mine, theirs: mine).conflicts, [])
    }

    /// Arrays whose length changed merge stretch by stretch: a tier added on one side and another
    /// tier edited on the other are both kept; only a stretch both sides changed apart is a conflict.
    func testMergeOfArraysWhoseLengthChanged() throws {
        func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }
        func tiers(_ text: String) throws -> JSONValue { try parse(#"{"component": {"type": "progressBar", "tiers": "# + text + "}}") }
        let base = try tiers(#"[{"at": 4, "label": "Shot"}, {"at": 8, "label": "Pastry"}]"#)
        // Mine adds a tier at the end, theirs renames the first.
        let added = try tiers(#"[{"at": 4, "label": "Shot"}, {"at": 8, "label": "Pastry"}, {"at": 12, "label": "Lunch"}]"#)
        let renamed = try tiers(#"[{"at": 4, "label": "Free shot"}, {"at": 8, "label": "Pastry"}]"#)
        var result = JSONTextEdit.merge(base: base, mine: added, theirs: renamed)
        XCTAssertEqual(result.conflicts, [])
        XCTAssertTrue(JSONTextEdit.equivalent(result.merged, try tiers(
            #"[{"at": 4, "label": "Free shot"}, {"at": 8, "label": "Pastry"}, {"at": 12, "label": "Lunch"}]"#)), JSONTextEdit.serialize(result.merged))
        // Mine removes the last tier, theirs inserts one between the first two: both.
        let three = try tiers(#"[{"at": 4, "label": "Shot"}, {"at": 8, "label": "Pastry"}, {"at": 12, "label": "Lunch"}]"#)
        let inserted = try tiers(#"[{"at": 4, "label": "Shot"}, {"at": 6, "label": "Cookie"}, {"at": 8, "label": "Pastry"}, {"at": 12, "label": "Lunch"}]"#)
        result = JSONTextEdit.merge(base: three, mine: base, theirs: inserted)
        XCTAssertEqual(result.conflicts, [])
        XCTAssertTrue(JSONTextEdit.equivalent(result.merged, try tiers(
            #"[{"at": 4, "label": "Shot"}, {"at": 6, "label": "Cookie"}, {"at": 8, "label": "Pastry"}]"#)), JSONTextEdit.serialize(result.merged))
        // Mine relabels the first tier and adds one; theirs moves the first tier: merged field by field.
        let relabelled = try tiers(#"[{"at": 4, "label": "Espresso"}, {"at": 8, "label": "Pastry"}, {"at": 12, "label": "Lunch"}]"#)
        let moved = try tiers(#"[{"at": 3, "label": "Shot"}, {"at": 8, "label": "Pastry"}]"#)
        result = JSONTextEdit.merge(base: base, mine: relabelled, theirs: moved)
        XCTAssertEqual(result.conflicts, [])
        XCTAssertTrue(JSONTextEdit.equivalent(result.merged, try tiers(
            #"[{"at": 3, "label": "Espresso"}, {"at": 8, "label": "Pastry"}, {"at": 12, "label": "Lunch"}]"#)), JSONTextEdit.serialize(result.merged))
        // Both relabel the first tier differently, mine also adds one: the label is the conflict,
        // at its place in the merged array, and the added tier is kept.
        let otherLabel = try tiers(#"[{"at": 4, "label": "Latte"}, {"at": 8, "label": "Pastry"}]"#)
        result = JSONTextEdit.merge(base: base, mine: relabelled, theirs: otherLabel)
        XCTAssertEqual(result.conflicts.map(\.path), [[.key("component"), .key("tiers"), .index(0), .key("label")]])
        XCTAssertEqual(result.conflicts.first?.mine, .string("Espresso"))
        XCTAssertEqual(result.conflicts.first?.theirs, .string("Latte"))
        guard case .array(let merged)? = result.merged["component"]?["tiers"] else { return XCTFail("no tiers") }
        XCTAssertEqual(merged.count, 3)
        XCTAssertEqual(merged[2]["label"], .string("Lunch"))
        // Both inserted different tiers at one place: the array is the conflict.
        let cookie = try tiers(#"[{"at": 4, "label": "Shot"}, {"at": 6, "label": "Cookie"}, {"at": 8, "label": "Pastry"}]"#)
        let tea = try tiers(#"[{"at": 4, "label": "Shot"}, {"at": 5, "label": "Tea"}, {"at": 6, "label": "Cake"}, {"at": 8, "label": "Pastry"}]"#)
        result = JSONTextEdit.merge(base: base, mine: cookie, theirs: tea)
        XCTAssertEqual(result.conflicts.map(\.path), [[.key("component"), .key("tiers")]])
        XCTAssertTrue(JSONTextEdit.equivalent(result.merged, tea))
    }

    /// A merge and the edit that saves it take time linear in the keys: an object of 3,200 keys
    /// (each side changing half of them, mine adding as many, on a file of one line and on one of a
    /// key a line) merges in about eight times the time of 400 keys, not 64 times. (Looking each
    /// key up by a search of the members, and walking back along the one line for each value's
    /// indentation, made 8,000 keys take seconds.)
    func testMergeAndEditAreLinearInTheKeys() throws {
        func run(_ count: Int, multiline: Bool) throws -> Double {
            func object(_ value: (Int) -> Int?, added: Bool = false) -> JSONValue {
                .object((0..<count).compactMap { index in value(index).map { JSONMember(key: "k\(index)", value: .number(Double($0))) } }
                        + (added ? (0..<count).map { JSONMember(key: "n\($0)", value: .string("new \($0)")) } : []))
            }
            let base = object { $0 }
            let mine = object({ $0 % 2 == 0 ? $0 + 1 : $0 }, added: true)
            let theirs = object { $0 % 2 == 1 ? $0 + 1 : $0 }
            let separator = multiline ? ",\n  " : ","
            let file = Array(("{" + (multiline ? "\n  " : "") + (0..<count).map { "\"k\($0)\": \($0 % 2 == 1 ? $0 + 1 : $0)" }.joined(separator: separator)
                              + (multiline ? "\n" : "") + "}\n").utf8)
            XCTAssertTrue(JSONTextEdit.equivalent(try JSONParser.parse(file), theirs))
            var best = Double.infinity
            for _ in 0..<2 {
                let started = Date()
                let (merged, conflicts) = JSONTextEdit.merge(base: base, mine: mine, theirs: theirs)
                let saved = try JSONTextEdit.edit(file, to: merged)
                best = min(best, Date().timeIntervalSince(started))
                XCTAssertEqual(conflicts, [])
                XCTAssertTrue(JSONTextEdit.equivalent(try JSONParser.parse(saved), object({ $0 + 1 }, added: true)))
            }
            return best
        }
        for multiline in [false, true] {
            let small = try run(400, multiline: multiline), large = try run(3200, multiline: multiline)
            print("merge and edit, multiline \(multiline): 400 keys in \(Int(small * 1000)) ms, 3,200 in \(Int(large * 1000)) ms")
            XCTAssertLessThan(large, 24 * small, "400 keys in \(Int(small * 1000)) ms, 3,200 in \(Int(large * 1000)) ms: not linear (multiline \(multiline))")
        }
    }

    /// Arrays of different lengths are aligned by numbering each distinct element once, so a long
    /// array of large equal elements costs its size, not its size times the other's length.
    func testMergeOfLongArraysOfLargeElements() throws {
        let element = JSONValue.object((0..<100).map { JSONMember(key: "f\($0)", value: .string(String(repeating: "x", count: 20))) })
        let base = JSONValue.array(Array(repeating: element, count: 300))
        let mine = JSONValue.array(Array(repeating: element, count: 301))
        let theirs = JSONValue.array(Array(repeating: element, count: 300) + [.null])
        let started = Date()
        let result = JSONTextEdit.merge(base: base, mine: mine, theirs: theirs)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        XCTAssertEqual(result.conflicts.count, 1)
    }
}
