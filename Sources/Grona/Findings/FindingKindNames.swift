// What each kind of finding is called for people, in one place: the heading a marketer reads, the
// badge on a tile, and the phrase in a legend or a count. `Finding.Kind.rawValue` stays the name
// for tools (`--ignore`, JSON).
extension Finding.Kind {
    /// The kind in plain words, for people rather than for `--ignore`: the contact sheet's legend
    /// says "colour replaced for contrast", never `contrastReplaced`. Lower case, as they are read
    /// inside a sentence or after a badge's code.
    package var phrase: String {
        switch self {
        case .truncated: return "text cut at its line limit"
        case .contrastReplaced: return "colour replaced for contrast"
        case .contrastBelowMinimum: return "text under its minimum contrast"
        case .nonTextContrast: return "fill under 3:1 against its background"
        case .emptyText: return "blank VoiceOver label"
        case .touchTarget: return "touch target under 44 × 44 pt"
        case .missingCharacters: return "characters drawn as boxes"
        case .privateUseCharacters: return "private-use characters"
        }
    }
}

extension Finding.Kind {
    /// What the kind is called for a marketer: a heading ("Text cut off").
    package var plainName: String {
        switch self {
        case .truncated: return "Text cut off"
        case .contrastReplaced: return "Colour swapped for readability"
        case .contrastBelowMinimum: return "Text hard to read"
        case .nonTextContrast: return "Shape hard to see"
        case .emptyText: return "Blank text"
        case .touchTarget: return "Button too small to tap"
        case .missingCharacters: return "Characters shown as boxes"
        case .privateUseCharacters: return "Characters each phone draws differently"
        }
    }

    /// The badge a tile shows for it: one or two plain words.
    package var badge: String {
        switch self {
        case .truncated: return "cut off"
        case .contrastReplaced: return "colour swapped"
        case .contrastBelowMinimum: return "hard to read"
        case .nonTextContrast: return "faint shape"
        case .emptyText: return "blank"
        case .touchTarget: return "small button"
        case .missingCharacters: return "boxes"
        case .privateUseCharacters: return "odd characters"
        }
    }
}
