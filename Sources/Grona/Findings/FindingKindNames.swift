extension Finding.Kind {
    /// The kind in plain words, for people rather than for `--ignore`: the contact sheet's legend
    /// says "colour replaced for contrast", never `contrastReplaced`; the studio's badges can say
    /// the same. Lower case, as they are read inside a sentence or after a badge.
    public var plainName: String {
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
