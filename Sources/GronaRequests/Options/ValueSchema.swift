import Foundation
import Grona

/// What an option's value may be, for every front end that takes it: the command line checks words
/// against the same parsers, and the HTTP service describes its query parameters with this
/// (`/api/openapi.json`) and the studio builds its controls from it (`/api/schema`).
package enum ValueSchema: Sendable {
    case text(pattern: String?, maxLength: Int)
    case choice([String])
    case integer(ClosedRange<Int>)
    case integerChoice([Int])
    case number(ClosedRange<Double>)
    case boolean
    /// A comma-separated list of these values, or `all`.
    case list(of: [String])
    /// A comma-separated list of free values (language tags), or `all`.
    case tagList

    /// The JSON Schema of the value, as OpenAPI 3.1 takes it.
    package var jsonSchema: [String: Any] {
        switch self {
        case .text(let pattern, let maxLength):
            var schema: [String: Any] = ["type": "string", "minLength": 1, "maxLength": maxLength]
            if let pattern { schema["pattern"] = pattern }
            return schema
        case .choice(let values): return ["type": "string", "enum": values]
        case .integer(let range): return ["type": "integer", "minimum": range.lowerBound, "maximum": range.upperBound]
        case .integerChoice(let values): return ["type": "integer", "enum": values]
        case .number(let range): return ["type": "number", "minimum": range.lowerBound, "maximum": range.upperBound]
        case .boolean: return ["type": "boolean"]
        case .list(let values):
            let one = "(" + values.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|") + ")"
            return ["type": "string", "pattern": "^(all|\(one)(,\(one))*)$"]
        case .tagList:
            // `base` is the spec's own copy; an empty list (with pseudolanguages) none of the real languages.
            let tag = "(base|\(LanguageTag.pattern))"
            return ["type": "string", "pattern": "^(|all|\(tag)(,\(tag))*)$", "maxLength": 512]
        }
    }
}

extension ValueSchema {
    /// `text` as a whole number within `range` (an `.integer` value): the one check a flag's word and
    /// a query parameter both go through, so both say a mistake in the same words after the option's
    /// `name` (as the front end spells it: `--fps`, `fps`).
    package static func integer(_ text: String, in range: ClosedRange<Int>, name: String) throws -> Int {
        do { return try wholeNumber(text, in: range) } catch { throw RequestError("\(name): \(error)") }
    }

    /// The same check, its refusal naming no option (an `OptionKey`'s parser: the source names it).
    package static func wholeNumber(_ text: String, in range: ClosedRange<Int>) throws -> Int {
        guard let number = Int(text), range.contains(number) else {
            throw RequestError("\(quoted(text)) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// `true` or `false` (a `.boolean` value), checked once for every front end.
    package static func boolean(_ text: String, name: String) throws -> Bool {
        do { return try boolean(text) } catch { throw RequestError("\(name): \(error)") }
    }

    /// The same check, its refusal naming no option (an `OptionKey`'s parser).
    package static func boolean(_ text: String) throws -> Bool {
        guard text == "true" || text == "false" else { throw RequestError("\(quoted(text)) is not true or false") }
        return text == "true"
    }
}
