/// The fields of a component kind as a spec writes them, in reading order, with what an editor
/// needs to offer them: whether the field is copy (and its line limit and text role), a file, a
/// number, the progress bar's tiers or the message's icon, and whether the spec must have it. The
/// decoder (`SpecDecoder.component`) is what enforces these; this is the same rule, for forms.
public struct ComponentField: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// One line of copy (`line`) or a paragraph (`text`); both have a line limit.
        case line, text
        /// A file in the campaign folder.
        case path
        case number
        /// The progress bar's rewards: `[{at, label}]`.
        case tiers
        /// One of `MessageIcon`.
        case icon
    }

    /// The key in the spec's `component` object.
    public var key: String
    public var kind: Kind
    /// The text role the field's copy is laid out and reported as (nil for files, numbers, icons).
    public var role: TextRole?
    public var required: Bool
    /// Lines the copy may take before it is cut with "…" (`Component.Kind.lineLimit`).
    public var lineLimit: Int?
}

extension Component.Kind {
    /// The kind's fields, in the order SPEC §1 lists them.
    public var fields: [ComponentField] {
        func copy(_ role: TextRole, required: Bool = false) -> ComponentField {
            let limit = lineLimit(role)
            return ComponentField(key: role.rawValue, kind: limit == 1 ? .line : .text, role: role, required: required,
                                  lineLimit: limit)
        }
        let image = ComponentField(key: "image", kind: .path, role: nil, required: false, lineLimit: nil)
        switch self {
        case .banner:
            return [copy(.eyebrow), copy(.title, required: true), copy(.body), copy(.button), image]
        case .progressBar:
            return [copy(.title, required: true), copy(.body),
                    ComponentField(key: "value", kind: .number, role: nil, required: true, lineLimit: nil),
                    ComponentField(key: "tiers", kind: .tiers, role: .tierLabel, required: true, lineLimit: lineLimit(.tierLabel)),
                    copy(.footnote)]
        case .offer:
            return [copy(.eyebrow), copy(.title, required: true), copy(.body), copy(.code), copy(.button), image]
        case .message:
            return [ComponentField(key: "icon", kind: .icon, role: nil, required: true, lineLimit: nil),
                    copy(.title), copy(.body, required: true)]
        }
    }
}
