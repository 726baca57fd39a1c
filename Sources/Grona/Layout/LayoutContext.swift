import Raster
import Text

/// What one component's layout works with and builds up: the text engine and fonts, the resolved
/// colours, the flow that mirrors leading/trailing, and the scene items and report entries so far.
/// Component layouts speak only in leading offsets; `Flow` turns them into frames.
struct LayoutContext {
    let engine: TextEngine
    let environment: Environment
    let colors: ComponentColors
    let kind: Component.Kind
    let regularFont: Font
    let boldFont: Font
    let flow: Flow
    /// The card's corner radius in points (the theme's, clamped).
    let cornerRadius: Double

    private(set) var items: [SceneItem] = []
    private(set) var texts: [TextReport] = []
    private(set) var accessibility: [AccessibilityElement] = []
    private(set) var touchTargets: [TouchTarget] = []
    private(set) var graphics: [GraphicContrast] = []

    init(engine: TextEngine, environment: Environment, colors: ComponentColors, kind: Component.Kind,
         regularFont: Font, boldFont: Font, cornerRadius: Double) {
        self.engine = engine; self.environment = environment; self.colors = colors; self.kind = kind
        self.regularFont = regularFont; self.boldFont = boldFont; self.cornerRadius = cornerRadius
        flow = Flow(containerWidth: environment.width, rightToLeft: environment.direction == .rtl)
    }

    var width: Double { environment.width }
    var scale: Double { Double(environment.scale) }

    /// Lays `text` out in `role`'s type, size and line limit, `width` points wide.
    func layout(_ role: TextRole, _ text: String, width: Double) throws -> TextLayout {
        let type = Typography.of(role, in: kind)
        return try engine.layoutParagraph(
            text: text, font: type.bold ? boldFont : regularFont,
            sizeInPoints: type.size(at: environment.textSize), scale: scale,
            maxWidthInPoints: max(1, width), maxLines: kind.lineLimit(role) ?? 1,
            direction: ParagraphDirection.of(text, default: interfaceDirection), language: environment.locale)
    }

    /// The interface's direction: which edge is leading, and the direction of text without letters.
    var interfaceDirection: TextDirection { environment.direction == .rtl ? .rightToLeft : .leftToRight }

    /// Whether `text` runs against the interface, so its lines must hug the box's other edge.
    func mirrorsLines(_ text: String) -> Bool { ParagraphDirection.of(text, default: interfaceDirection) != interfaceDirection }

    /// Lays out and places a paragraph at the leading edge of the column that starts `leading`
    /// points from the card's leading edge; returns its height in points (0 for no text).
    mutating func place(_ role: TextRole, _ text: String?, leading: Double, y: Double, width: Double) throws -> Double {
        guard let text, !text.isEmpty else { return 0 }
        let laidOut = try layout(role, text, width: width)
        let frame = flow.frame(leading: leading, y: y, width: width, height: laidOut.heightInPoints)
        add(role, text: text, layout: laidOut, origin: Point(x: frame.x, y: frame.y), frame: frame)
        return frame.height
    }

    /// The copy of a banner or an offer: eyebrow, title and body stacked in one column. Returns the
    /// y below the last paragraph.
    mutating func placeCopy(eyebrow: String?, title: String, body: String?, leading: Double, y top: Double,
                            width: Double) throws -> Double {
        var y = top
        let eyebrowHeight = try place(.eyebrow, eyebrow, leading: leading, y: y, width: width)
        if eyebrowHeight > 0 { y += eyebrowHeight + 4 }
        y += try place(.title, title, leading: leading, y: y, width: width)
        if let body, !body.isEmpty {
            y += 4
            y += try place(.body, body, leading: leading, y: y, width: width)
        }
        return y
    }

    /// Adds a laid-out paragraph whose layout box has its top-left corner at `origin`, and its report
    /// entry with `frame`; it is read by VoiceOver in the order added.
    mutating func add(_ role: TextRole, text: String, layout: TextLayout, origin: Point, frame: Rect,
                      trait: AccessibilityElement.Trait = .staticText) {
        let color = colors.text(role) ?? TextColor(role: role, preferred: .black, background: .white)
        items.append(.text(layout, origin: origin, color: color.color, mirrorsLines: mirrorsLines(text)))
        texts.append(TextReport(role: role, text: text, shownText: layout.shownText, lineTexts: layout.lineTexts,
                                breaks: layout.breaks.map(\.rawValue), lines: layout.lineCount,
                                maxLines: kind.lineLimit(role) ?? 1, truncated: layout.truncated,
                                fontSize: Typography.of(role, in: kind).size(at: environment.textSize),
                                frame: frame, color: color,
                                missingCharacters: layout.missingCharacters.map(TextReport.codePoint),
                                privateUseCharacters: layout.privateUseCharacters.map(TextReport.codePoint)))
        accessibility.append(AccessibilityElement(label: text, trait: trait))
    }

    /// Adds a one-line paragraph centred in `frame` (button labels, the offer code). The layout
    /// aligns its line to its own leading edge, so the line's ink box is what gets centred.
    mutating func addCentred(_ role: TextRole, text: String, layout laidOut: TextLayout, in frame: Rect,
                             trait: AccessibilityElement.Trait = .staticText) {
        let line = laidOut.lines.first
        let lineX = line.map { laidOut.drawnX(of: $0, mirrored: mirrorsLines(text)) } ?? 0
        let lineCentre = (lineX + (line?.width ?? 0) / 2) / scale
        let origin = Point(x: frame.x + frame.width / 2 - lineCentre,
                           y: frame.y + (frame.height - laidOut.heightInPoints) / 2)
        let labelFrame = Rect(x: frame.x + (frame.width - laidOut.widthInPoints) / 2, y: origin.y,
                              width: laidOut.widthInPoints, height: laidOut.heightInPoints)
        add(role, text: text, layout: laidOut, origin: origin, frame: labelFrame, trait: trait)
    }

    mutating func fill(_ frame: Rect, radius: Double, _ color: Color) {
        items.append(.fill(RoundedRect(rect: frame, radius: radius), color))
    }

    mutating func draw(_ item: SceneItem) { items.append(item) }

    /// The card as seen, which fills and texts on it are measured against.
    var seenBackground: Color { colors.seenBackground ?? Contrast.composite(colors.background, over: .white) }

    /// Records a graphic's contrast against what it is drawn over, for the report and its findings.
    mutating func measure(_ role: GraphicContrast.Role, _ color: Color, against background: Color) {
        graphics.append(GraphicContrast(role: role, color: color, background: background))
    }

    mutating func addTouchTarget(_ role: TextRole, around frame: Rect) {
        // Apple's minimum: 44 × 44 pt, grown evenly around the visible control.
        let width = max(44, frame.width), height = max(44, frame.height)
        touchTargets.append(TouchTarget(role: role, frame: Rect(x: frame.x - (width - frame.width) / 2,
                                                                 y: frame.y - (height - frame.height) / 2,
                                                                 width: width, height: height)))
    }

    /// A button: a filled rounded rectangle at least 44 pt tall, its label centred, leading-aligned
    /// in a column `columnWidth` wide. Returns the button's height.
    mutating func button(_ label: String, color: Color, leading: Double, y: Double, columnWidth: Double) throws -> Double {
        let horizontalPadding = 16.0, verticalPadding = 10.0
        let laidOut = try layout(.button, label, width: max(1, columnWidth - 2 * horizontalPadding))
        let labelWidth = laidOut.widthInPoints
        let buttonWidth = min(columnWidth, max(44, labelWidth + 2 * horizontalPadding))
        let buttonHeight = max(44, laidOut.heightInPoints + 2 * verticalPadding)
        let frame = flow.frame(leading: leading, y: y, width: buttonWidth, height: buttonHeight)
        fill(frame, radius: min(10, buttonHeight / 2), color)
        measure(.button, color, against: seenBackground)
        addCentred(.button, text: label, layout: laidOut, in: frame, trait: .button)
        addTouchTarget(.button, around: frame)
        return buttonHeight
    }
}
