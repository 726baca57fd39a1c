import Foundation
import Grona
import GronaRequests

/// What a change to a campaign did, in the words the studio's form uses ("Title and button label in
/// de changed"): the messages of the campaigns' history (`CampaignHistory`).
enum CampaignWords {
    /// "acme.json: Title and button label in de changed; Primary changed".
    static func change(of name: String, from before: [UInt8], to after: [UInt8]) -> String {
        guard let old = try? JSONParser.parse(before), let new = try? JSONParser.parse(after) else { return "\(name): changed" }
        let paths = differing(old, new, at: [])
        return "\(name): " + (paths.isEmpty ? "layout of the file changed" : describe(paths, old: old, new: new))
    }

    /// The fields of a merge's conflicts, in words ("title and button label in de").
    static func fields(_ paths: [[JSONPathStep]]) -> String {
        list(paths.map { label(of: $0).lowercased() } .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } })
    }

    /// A field a merge's conflict is in, as the studio names it: "Title", "Button label in de",
    /// "Campaign accent" (the page shows it as the conflict's `label`).
    static func label(of path: [JSONPathStep]) -> String {
        let keys = path.compactMap { step -> String? in if case .key(let key) = step { return key } else { return nil } }
        if keys.count >= 3, keys[0] == "localizations" { return label(["component"] + keys.dropFirst(2)) + " in " + keys[1] }
        return label(keys)
    }

    /// Both sides of a merge's conflicts in words: "title is "A" in the file and "B" in yours".
    static func sides(_ conflicts: [JSONConflict], theirs: String, mine: String) -> String {
        conflicts.map { conflict in
            "\(fields([conflict.path])) is \(conflict.theirs.map(JSONTextEdit.serialize) ?? "removed") \(theirs) "
                + "and \(conflict.mine.map(JSONTextEdit.serialize) ?? "removed") \(mine)"
        }.joined(separator: "; ")
    }

    /// The paths (object keys) whose values differ, as deep as the form has fields.
    static func differing(_ old: JSONValue?, _ new: JSONValue?, at path: [String]) -> [[String]] {
        guard old != new else { return [] }
        // A language added or removed whole is one change, not one per field.
        if path.count == 2, path[0] == "localizations", old == nil || new == nil { return [path] }
        guard splitsFurther(path), case .object(let a) = old ?? .object([]), case .object(let b) = new ?? .object([]) else { return [path] }
        var keys: [String] = []
        for member in a + b where !keys.contains(member.key) { keys.append(member.key) }
        return keys.flatMap { differing(old?[$0], new?[$0], at: path + [$0]) }
    }

    /// Where the form has fields below a key: the component's, its colours, the theme, each language.
    private static func splitsFurther(_ path: [String]) -> Bool {
        switch path.count {
        case 0: return true
        case 1: return ["component", "theme", "localizations"].contains(path[0])
        case 2: return path == ["component", "style"] || path[0] == "localizations"
        default: return false
        }
    }

    private static func describe(_ paths: [[String]], old: JSONValue, new: JSONValue) -> String {
        var groups: [(language: String?, labels: [String])] = []
        var sentences: [String] = []
        for path in paths {
            if path.count == 2, path[0] == "localizations" {
                sentences.append(old["localizations"]?[path[1]] == nil ? "\(path[1]) copy added" : "\(path[1]) copy removed")
                continue
            }
            let language = path.count >= 3 && path[0] == "localizations" ? path[1] : nil
            let text = label(language == nil ? path : ["component"] + path.dropFirst(2))
            if let index = groups.firstIndex(where: { $0.language == language }) {
                if !groups[index].labels.contains(text) { groups[index].labels.append(text) }
            } else {
                groups.append((language, [text]))
            }
        }
        let changed = groups.map { group in
            list(group.labels.enumerated().map { $0.offset == 0 ? $0.element : $0.element.lowercased() })
                + (group.language.map { " in \($0)" } ?? "") + " changed"
        }
        return (changed + sentences).joined(separator: "; ")
    }

    /// A field's label as the studio shows it.
    static func label(_ path: [String]) -> String {
        let dotted = path.joined(separator: ".")
        if let colour = (ColorField.theme + ColorField.campaign).first(where: { $0.path == dotted }) {
            return path.count == 3 ? "Campaign \(colour.label.lowercased())" : colour.label
        }
        switch dotted {
        case "theme.regularFont": return "Regular font"
        case "theme.boldFont": return "Bold font"
        case "theme.cornerRadius": return "Corner radius"
        case "component.type": return "Component type"
        case "component.style": return "Campaign colours"
        case "component.image": return StudioAPI.fieldLabel("image", "path")
        case "component.value": return StudioAPI.fieldLabel("value", "number")
        case "component.tiers": return StudioAPI.fieldLabel("tiers", "tiers")
        case "component.icon": return StudioAPI.fieldLabel("icon", "icon")
        case "environment": return "Preview settings"
        case "variants": return "Variants"
        case "localizations": return "Languages"
        default:
            if path.count == 2, path[0] == "component" { return StudioAPI.fieldLabel(path[1], "text") }
            return path.last.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? "Campaign"
        }
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
