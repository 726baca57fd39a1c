/// A campaign's own colours for one component; each overrides the theme for that component only.
public struct CampaignStyle: Equatable, Sendable {
    public var background: ThemeColor?
    public var text: ThemeColor?
    public var accent: ThemeColor?
    public init(background: ThemeColor? = nil, text: ThemeColor? = nil, accent: ThemeColor? = nil) {
        self.background = background; self.text = text; self.accent = accent
    }
}

/// The text fields a component can show. The raw value is the role's name in specs and reports.
package enum TextRole: String, CaseIterable, Sendable {
    case eyebrow, title, body, button, code, footnote, tierLabel

    /// WCAG contrast the role's colour must reach against its background (SPEC §2).
    package var minimumContrast: Double {
        switch self {
        case .eyebrow, .footnote: return 3
        case .title, .body, .button, .code, .tierLabel: return 4.5
        }
    }
}

/// A banner: an eyebrow, a title, a body and a button, with an optional image.
public struct Banner: Equatable, Sendable {
    public var eyebrow: String?
    public var title: String
    public var body: String?
    public var button: String?
    /// Absolute path of the image file.
    public var image: String?
    public var style: CampaignStyle?
    public init(eyebrow: String? = nil, title: String, body: String? = nil, button: String? = nil,
                image: String? = nil, style: CampaignStyle? = nil) {
        self.eyebrow = eyebrow; self.title = title; self.body = body; self.button = button
        self.image = image; self.style = style
    }
}

/// A reward threshold on a progress bar.
public struct Tier: Equatable, Sendable {
    /// Where on the bar the tier sits; > 0, strictly ascending across tiers.
    public var at: Double
    public var label: String
    public init(at: Double, label: String) { self.at = at; self.label = label }
}

/// A progress bar towards reward tiers: the value so far and the tiers along the bar.
public struct ProgressBar: Equatable, Sendable {
    public var title: String
    public var body: String?
    public var value: Double
    /// Never empty, strictly ascending `at` (the decoder guarantees it).
    public var tiers: [Tier]
    public var footnote: String?
    public var style: CampaignStyle?
    public init(title: String, body: String? = nil, value: Double, tiers: [Tier], footnote: String? = nil,
                style: CampaignStyle? = nil) {
        self.title = title; self.body = body; self.value = value; self.tiers = tiers
        self.footnote = footnote; self.style = style
    }

    /// The bar runs from 0 to the last tier's `at`.
    package var maximum: Double { tiers.last?.at ?? 0 }
    /// How full the bar is, 0…1.
    package var fraction: Double {
        guard maximum > 0 else { return 0 }
        return min(max(value / maximum, 0), 1)
    }
    /// How many tiers `value` has reached.
    package var metTierCount: Int { tiers.filter { value >= $0.at }.count }
    package func isMet(_ tier: Tier) -> Bool { value >= tier.at }
}

/// An offer: a title and a code to copy, with an optional eyebrow, body, button and image.
public struct Offer: Equatable, Sendable {
    public var eyebrow: String?
    public var title: String
    public var body: String?
    public var code: String?
    public var button: String?
    public var image: String?
    public var style: CampaignStyle?
    public init(eyebrow: String? = nil, title: String, body: String? = nil, code: String? = nil,
                button: String? = nil, image: String? = nil, style: CampaignStyle? = nil) {
        self.eyebrow = eyebrow; self.title = title; self.body = body; self.code = code
        self.button = button; self.image = image; self.style = style
    }
}

/// The icon a message shows beside its text.
public enum MessageIcon: String, CaseIterable, Sendable {
    case info, success, warning, gift, star, clock
}

/// A short message: an icon, an optional title and a body.
public struct Message: Equatable, Sendable {
    public var icon: MessageIcon
    public var title: String?
    public var body: String
    public var style: CampaignStyle?
    public init(icon: MessageIcon, title: String? = nil, body: String, style: CampaignStyle? = nil) {
        self.icon = icon; self.title = title; self.body = body; self.style = style
    }
}

/// One of the SDK's four components with its copy.
public enum Component: Equatable, Sendable {
    case banner(Banner)
    case progressBar(ProgressBar)
    case offer(Offer)
    case message(Message)

    package enum Kind: String, CaseIterable, Sendable {
        case banner, progressBar, offer, message

        /// The component's fields in the order SPEC §1 lists them: the one list the decoder accepts
        /// keys from and requires keys by, localizations take copy for, line limits come from, and the
        /// studio builds its form from (`/api/schema`).
        package var fields: [Field] {
            switch self {
            case .banner:
                return [.text("eyebrow", .eyebrow, lines: 1), .text("title", .title, lines: 3, required: true),
                        .text("body", .body, lines: 4), .text("button", .button, lines: 1), Field(name: "image", value: .image),
                        Field(name: "style", value: .style)]
            case .progressBar:
                return [.text("title", .title, lines: 2, required: true), .text("body", .body, lines: 3),
                        Field(name: "value", value: .fraction, isRequired: true),
                        Field(name: "tiers", value: .tiers(labelLines: 1), isRequired: true), .text("footnote", .footnote, lines: 2),
                        Field(name: "style", value: .style)]
            case .offer:
                return [.text("eyebrow", .eyebrow, lines: 1), .text("title", .title, lines: 2, required: true),
                        .text("body", .body, lines: 3), .text("code", .code, lines: 1), .text("button", .button, lines: 1),
                        Field(name: "image", value: .image), Field(name: "style", value: .style)]
            case .message:
                return [Field(name: "icon", value: .icon, isRequired: true), .text("title", .title, lines: 2),
                        .text("body", .body, lines: 4, required: true), Field(name: "style", value: .style)]
            }
        }

        /// The line limit of each text (SPEC §2); nil when the component has no such field.
        package func lineLimit(_ role: TextRole) -> Int? {
            for field in fields {
                switch field.value {
                case .text(let fieldRole, let lines) where fieldRole == role: return lines
                case .tiers(let lines) where role == .tierLabel: return lines
                default: continue
                }
            }
            return nil
        }
    }

    /// One field of a component as a spec writes it.
    package struct Field: Sendable {
        package enum Value: Sendable {
            /// Copy shown in `role`, cut with an ellipsis past `lines` lines.
            case text(TextRole, lines: Int)
            /// A progress bar's tiers, each with a label of at most `labelLines` lines.
            case tiers(labelLines: Int)
            /// How far a progress bar is filled, 0 to 1.
            case fraction
            case image, icon
            /// The campaign's own colours (`CampaignStyle`).
            case style
        }
        package var name: String
        package var value: Value
        /// Whether a localization may give this field's copy.
        package var isLocalizable: Bool {
            switch value {
            case .text, .tiers: return true
            default: return false
            }
        }

        /// A spec without it is refused (`SpecDecoder.component`); the studio marks it so.
        package var isRequired: Bool

        package init(name: String, value: Value, isRequired: Bool = false) {
            self.name = name; self.value = value; self.isRequired = isRequired
        }
        static func text(_ name: String, _ role: TextRole, lines: Int, required: Bool = false) -> Field {
            Field(name: name, value: .text(role, lines: lines), isRequired: required)
        }
    }

    package var kind: Kind {
        switch self {
        case .banner: return .banner
        case .progressBar: return .progressBar
        case .offer: return .offer
        case .message: return .message
        }
    }

    package var style: CampaignStyle? {
        get {
            switch self {
            case .banner(let c): return c.style
            case .progressBar(let c): return c.style
            case .offer(let c): return c.style
            case .message(let c): return c.style
            }
        }
        set {
            switch self {
            case .banner(var c): c.style = newValue; self = .banner(c)
            case .progressBar(var c): c.style = newValue; self = .progressBar(c)
            case .offer(var c): c.style = newValue; self = .offer(c)
            case .message(var c): c.style = newValue; self = .message(c)
            }
        }
    }

    /// The component's text fields that are present, in reading order (tier labels excluded: a
    /// progress bar has one per tier).
    package var texts: [(role: TextRole, text: String)] {
        let fields: [(TextRole, String?)]
        switch self {
        case .banner(let c): fields = [(.eyebrow, c.eyebrow), (.title, c.title), (.body, c.body), (.button, c.button)]
        case .progressBar(let c): fields = [(.title, c.title), (.body, c.body), (.footnote, c.footnote)]
        case .offer(let c):
            fields = [(.eyebrow, c.eyebrow), (.title, c.title), (.body, c.body), (.code, c.code), (.button, c.button)]
        case .message(let c): fields = [(.title, c.title), (.body, c.body)]
        }
        return fields.compactMap { role, text in text.map { (role, $0) } }
    }
}
