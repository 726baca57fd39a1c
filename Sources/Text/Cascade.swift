/// The script table of the fallback cascade: which pinned font draws a script that the fallback chain
/// (primary font, Inter, Noto Sans Arabic and Hebrew, Noto Color Emoji) does not, as iOS's system
/// font cascade reaches Thonburi for Thai or PingFang for Chinese. Data, not branches: a new script is
/// one line here and its files in Fonts/.
///
/// A cluster is looked up by its script (the first scalar with one), else by the Unicode block of its
/// first visible scalar (punctuation and symbols of script Common that only these fonts draw: 。「」,
/// full-width forms, the Devanagari danda). Files are opened only when a cluster needs them.
///
/// Han, kana and CJK punctuation are drawn by one face of the Noto Sans CJK collection, chosen by the
/// text's language (BCP 47): Japanese, Korean, Simplified Chinese, Traditional Chinese (Taiwan) or
/// Traditional Chinese (Hong Kong). The faces share most glyphs but draw some Han characters the way
/// each region writes them (直, 骨, 写). Without a language, or for any other language, Han takes the
/// Simplified Chinese face, as an iPhone whose language is English does (PingFang SC); kana takes the
/// Japanese face and Hangul always the Korean one.
enum Cascade {
    /// Faces of Noto Sans CJK, by their index in `NotoSansCJK-Regular.ttc` / `-Bold.ttc`.
    enum CJKFace: Int, Sendable, CaseIterable {
        case japanese = 0, korean = 1, simplifiedChinese = 2, traditionalChinese = 3, hongKong = 4

        /// The region's code in the names of the faces' own releases (`NotoSansCJKjp`).
        var code: String {
            switch self {
            case .japanese: return "jp"
            case .korean: return "kr"
            case .simplifiedChinese: return "sc"
            case .traditionalChinese: return "tc"
            case .hongKong: return "hk"
            }
        }
    }

    enum Source: Hashable, Sendable {
        /// `<name>-Regular.ttf`, or `<name>-Bold.ttf` for bold text.
        case family(String)
        /// A face of the Noto Sans CJK collection: the language's face when `followsLanguage` and the
        /// language names one, else `face`.
        case cjk(CJKFace, followsLanguage: Bool)
    }

    static let cjkFileStem = "NotoSansCJK"

    /// The face Han takes without a language (or in a language without a face of its own).
    static let defaultCJKFace = CJKFace.simplifiedChinese

    /// CSS `:lang()` selectors that choose each face as `cjkFace(forLanguage:)` does, for the studio's
    /// web fonts, in the order a style sheet gives them (a later rule wins; `:lang(zh-TW)` matches
    /// `zh-TW` and `zh-TW-…`).
    static let cjkLanguageSelectors: [(face: CJKFace, selectors: [String])] = [
        (.simplifiedChinese, ["zh"]),
        (.traditionalChinese, ["zh-Hant", "zh-TW"]),
        (.hongKong, ["zh-HK", "zh-MO", "zh-Hant-HK", "zh-Hant-MO", "yue"]),
        (.simplifiedChinese, ["zh-Hans", "yue-Hans"]),
        (.japanese, ["ja"]),
        (.korean, ["ko"]),
    ]

    private static let byScriptList: [(HarfBuzz.Script, Source)] = [
        (.thai, .family("NotoSansThai")),
        (.lao, .family("NotoSansLao")),
        (.khmer, .family("NotoSansKhmer")),
        (.myanmar, .family("NotoSansMyanmar")),
        (.devanagari, .family("NotoSansDevanagari")),
        (.bengali, .family("NotoSansBengali")),
        (.gurmukhi, .family("NotoSansGurmukhi")),
        (.gujarati, .family("NotoSansGujarati")),
        (.tamil, .family("NotoSansTamil")),
        (.telugu, .family("NotoSansTelugu")),
        (.kannada, .family("NotoSansKannada")),
        (.malayalam, .family("NotoSansMalayalam")),
        (.sinhala, .family("NotoSansSinhala")),
        (.georgian, .family("NotoSansGeorgian")),
        (.armenian, .family("NotoSansArmenian")),
        (.ethiopic, .family("NotoSansEthiopic")),
        (.oriya, .family("NotoSansOriya")),
        (.tibetan, .family("NotoSerifTibetan")),
        (.mongolian, .family("NotoSansMongolian")),
        (.cherokee, .family("NotoSansCherokee")),
        (.syriac, .family("NotoSansSyriac")),
        (.thaana, .family("NotoSansThaana")),
        (.nko, .family("NotoSansNKo")),
        (.javanese, .family("NotoSansJavanese")),
        (.olChiki, .family("NotoSansOlChiki")),
        (.adlam, .family("NotoSansAdlam")),
        (.canadianSyllabics, .family("NotoSansCanadianAboriginal")),
        (.han, .cjk(.simplifiedChinese, followsLanguage: true)),
        (.bopomofo, .cjk(.traditionalChinese, followsLanguage: true)),
        (.hiragana, .cjk(.japanese, followsLanguage: true)),
        (.katakana, .cjk(.japanese, followsLanguage: true)),
        (.hangul, .cjk(.korean, followsLanguage: false)),
    ]
    private static let byScript: [HarfBuzz.Script: Source] = Dictionary(uniqueKeysWithValues: byScriptList)

    /// Characters of script Common (or Inherited) that only a table font draws, by block.
    private static let byBlock: [(ClosedRange<UInt32>, Source)] = [
        (0x0589...0x058A, .family("NotoSansArmenian")),      // Armenian full stop, hyphen
        (0x0964...0x0965, .family("NotoSansDevanagari")),    // danda, double danda
        (0x0E3F...0x0E3F, .family("NotoSansThai")),          // Thai baht sign
        (0x10FB...0x10FB, .family("NotoSansGeorgian")),      // Georgian paragraph separator
        (0x2E80...0x2FFF, .cjk(.simplifiedChinese, followsLanguage: true)),  // radicals, description
        (0x3000...0x303F, .cjk(.simplifiedChinese, followsLanguage: true)),  // CJK symbols and punctuation
        (0x3040...0x30FF, .cjk(.japanese, followsLanguage: true)),           // kana marks: ゛ ゜ ・ ー
        (0x3190...0x31FF, .cjk(.simplifiedChinese, followsLanguage: true)),  // kanbun, strokes
        (0x3200...0x33FF, .cjk(.simplifiedChinese, followsLanguage: true)),  // enclosed CJK, compatibility
        (0xFE10...0xFE1F, .cjk(.simplifiedChinese, followsLanguage: true)),  // vertical forms
        (0xFE30...0xFE4F, .cjk(.simplifiedChinese, followsLanguage: true)),  // CJK compatibility forms
        (0xFF00...0xFFEF, .cjk(.simplifiedChinese, followsLanguage: true)),  // half- and full-width forms
    ]

    /// The table's font for a cluster whose visible scalars are `visible`, if any: its script's, else
    /// its block's (full-width Ｌａｔｉｎ is script Latin, but the table has no Latin font and the CJK face
    /// draws the block).
    static func source(for visible: [Unicode.Scalar]) -> Source? {
        for scalar in visible {
            let script = HarfBuzz.Script(of: scalar)
            if !script.isReal { continue }
            if let source = byScript[script] { return source }
            break
        }
        guard let base = visible.first?.value else { return nil }
        return byBlock.first { $0.0.contains(base) }?.1
    }

    /// Fallback by coverage: where neither the chain nor the cluster's own table font has a character,
    /// these are tried in this order, and the first that maps it draws it. Symbols and maths first (⑩ ❶
    /// 🄰 ← ∀ ∈ ℝ ∮ ∇), then the CJK face of the text's language (full-width forms, ﬀ–ﬄ, 🈐, ﹐–﹫), then
    /// every script font of the table in its order (⋮ is only in Ethiopic among the others). Each is
    /// opened only when a character reaches it.
    static let coverageOrder: [Source] = {
        var order: [Source] = [.family("NotoSansSymbols"), .family("NotoSansSymbols2"), .family("NotoSansMath"),
                               .cjk(.simplifiedChinese, followsLanguage: true)]
        for (_, source) in byScriptList where !order.contains(source) { order.append(source) }
        return order
    }()

    /// Families with a Regular file only (`<name>-Bold.ttf` does not exist): bold text draws their
    /// Regular outlines emboldened, as for any font without a bold face.
    static let regularOnly: Set<String> = [
        "NotoSansMongolian", "NotoSansSyriac", "NotoSansNKo", "NotoSansMath", "NotoSansSymbols2",
    ]

    /// The CJK face a BCP 47 language tag asks for: ja → Japanese, ko → Korean, zh-Hant / zh-TW →
    /// Traditional Chinese, zh-HK / zh-MO / yue → Hong Kong, other zh → Simplified Chinese; nil for
    /// other languages and for none.
    static func cjkFace(forLanguage language: String?) -> CJKFace? {
        guard let language else { return nil }
        let subtags = language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let primary = subtags.first else { return nil }
        let rest = Set(subtags.dropFirst())
        switch primary {
        case "ja": return .japanese
        case "ko": return .korean
        case "yue": return rest.contains("hans") ? .simplifiedChinese : .hongKong
        case "zh":
            if rest.contains("hk") || rest.contains("mo") { return rest.contains("hans") ? .simplifiedChinese : .hongKong }
            if rest.contains("hant") || rest.contains("tw") { return .traditionalChinese }
            return .simplifiedChinese
        default: return nil
        }
    }

    /// The file and face index `source` means for bold or regular text in `language`.
    static func file(for source: Source, bold: Bool, language: String?) -> (name: String, faceIndex: Int) {
        let weight = bold ? "Bold" : "Regular"
        switch source {
        case .family(let stem):
            return ("\(stem)-\(regularOnly.contains(stem) ? "Regular" : weight).ttf", 0)
        case .cjk(let face, let followsLanguage):
            let chosen = followsLanguage ? cjkFace(forLanguage: language) ?? face : face
            return ("\(cjkFileStem)-\(weight).ttc", chosen.rawValue)
        }
    }
}
