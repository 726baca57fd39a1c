/// The axes whose product `verify` and `sheet` render. A missing axis takes the spec's environment.
public struct Variants: Equatable, Sendable {
    public var textSizes: [TextSize]?
    public var appearances: [Appearance]?
    public var directions: [LayoutDirection]?
    public var scales: [Int]?
    public var widths: [Double]?

    public init(textSizes: [TextSize]? = nil, appearances: [Appearance]? = nil, directions: [LayoutDirection]? = nil,
                scales: [Int]? = nil, widths: [Double]? = nil) {
        self.textSizes = textSizes; self.appearances = appearances; self.directions = directions
        self.scales = scales; self.widths = widths
    }

    /// Every combination, text size outermost, then appearance, direction, scale, width.
    public func environments(base: Environment) -> [Environment] {
        var result: [Environment] = []
        for textSize in textSizes ?? [base.textSize] {
            for appearance in appearances ?? [base.appearance] {
                for direction in directions ?? [base.direction] {
                    for scale in scales ?? [base.scale] {
                        for width in widths ?? [base.width] {
                            var env = base
                            env.textSize = textSize; env.appearance = appearance
                            env.direction = direction; env.scale = scale; env.width = width
                            result.append(env)
                        }
                    }
                }
            }
        }
        return result
    }

    /// Whether golden names must carry the width (only when the width axis is given).
    public var namesIncludeWidth: Bool { widths != nil }

    /// `<spec name>/<textSize short name>-<appearance>-<direction>@<scale>x.png`, e.g.
    /// `banner/AX5-dark-rtl@3x.png`. With `includingWidth` (a spec with a width axis) the width in
    /// points goes before the scale, so names stay unique: `banner/L-light-ltr-320pt@2x.png`.
    public static func goldenName(specName: String, environment env: Environment,
                                  includingWidth: Bool = false) -> String {
        var name = "\(specName)/\(env.textSize.shortName)-\(env.appearance.rawValue)-\(env.direction.rawValue)"
        if includingWidth { name += "-\(formatPoints(env.width))pt" }
        return name + "@\(env.scale)x.png"
    }
}

/// 358 → "358", 358.5 → "358.5": the shortest exact decimal, no trailing ".0".
func formatPoints(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
}
