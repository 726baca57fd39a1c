import Raster
import Text

/// A contact sheet: snapshots in one labelled grid, for reviewing a campaign across text sizes,
/// appearances and directions at a glance.
///
/// Layout, in points at `scale` pixels per point: a neutral background; each snapshot sits in a
/// rounded tile with its label above it; tiles in a column share the column's widest snapshot and
/// tiles in a row the row's tallest one, so rows and columns line up. Tiles of dark-appearance
/// snapshots are dark, so a dark card reads as clearly as a light card on a light tile. When the
/// cells are a 2-D product, row headers go to the left of the rows and column headers above the
/// columns. Every word is laid out with GronaSnap's own text engine (Inter).
///
/// The sheet paints nothing itself: it builds a `Scene` of the same items a card is made of (filled
/// rounded rectangles, laid-out text, and its snapshots as `.pixels`), which `SceneRenderer` draws.
///
/// Findings: a cell's tile carries one small badge per kind of finding its snapshot has (a coloured
/// pill with a short code, "T" for truncated, …), at the trailing end of its label row, and a legend
/// under the grid lists the codes used on the sheet, each with its kind in plain words
/// (`Finding.Kind.phrase`: "colour replaced for contrast"). A sheet without findings has
/// neither.
package struct ContactSheet {
    package struct Cell {
        package var image: Pixmap
        package var label: String
        /// Drawn on a dark tile.
        package var isDark: Bool
        /// The kinds of finding the snapshot has, one badge each, in `Finding.Kind` order.
        package var badges: [Finding.Kind]
        package init(image: Pixmap, label: String, isDark: Bool, findings: [Finding] = []) {
            self.image = image; self.label = label; self.isDark = isDark
            let kinds = Set(findings.map(\.kind))
            badges = Finding.Kind.allCases.filter(kinds.contains)
        }
    }

    /// Row-major.
    package var cells: [Cell]
    package var columns: Int
    /// Empty for none; otherwise one per row.
    package var rowHeaders: [String]
    /// Empty for none; otherwise one per column.
    package var columnHeaders: [String]
    /// Pixels per point for the sheet's own spacing and text (the snapshots keep their pixels).
    package var scale: Int
    /// Space around the grid, in points (`sheet --padding`).
    package var margin: Double = ContactSheet.defaultMargin
    /// The page behind the tiles (`sheet --background`); headers are drawn in whichever of a dark and
    /// a light grey reads better on it.
    package var background: Color = ContactSheet.page

    package init(cells: [Cell], columns: Int, rowHeaders: [String] = [], columnHeaders: [String] = [], scale: Int) {
        self.cells = cells; self.columns = max(1, columns); self.rowHeaders = rowHeaders
        self.columnHeaders = columnHeaders; self.scale = max(1, scale)
    }

    package struct TooLarge: Error, CustomStringConvertible {
        package let width: Int, height: Int
        package var description: String {
            "the sheet would be \(width) × \(height) pixels, over the limit of \(Pixmap.maximumPixelCount) pixels; try --scale 1 or fewer variants"
        }
    }

    // Metrics in points.
    package static let defaultMargin = 24.0
    static let gap = 16.0, tilePadding = 12.0, labelGap = 8.0, tileRadius = 10.0
    static let labelSize = 13.0, headerSize = 15.0, headerGap = 12.0

    // Colours: a mid-light neutral page; light tiles a shade darker than a white card, dark tiles a
    // few shades lighter than a near-black card, so both cards' edges show.
    package static let page = Color(r: 0xD4, g: 0xD4, b: 0xD9)
    static let lightTile = Color(r: 0xE6, g: 0xE6, b: 0xEB)
    static let darkTile = Color(r: 0x3C, g: 0x3C, b: 0x41)
    static let lightLabel = Color(r: 0x3C, g: 0x3C, b: 0x43)
    static let darkLabel = Color(r: 0xEB, g: 0xEB, b: 0xF0)
    static let header = Color(r: 0x1C, g: 0x1C, b: 0x1E)

    // Badges: a short code in white on a colour of its own (each at least 4.5:1 with white).
    static let badgeSize = 10.0, badgePadding = 4.0, badgeGap = 3.0, legendGap = 6.0
    static func badge(_ kind: Finding.Kind) -> (code: String, color: Color) {
        switch kind {
        case .truncated: return ("T", Color(r: 0x9C, g: 0x4A, b: 0x00))
        case .contrastReplaced: return ("R", Color(r: 0x1D, g: 0x5F, b: 0xB8))
        case .contrastBelowMinimum: return ("C", Color(r: 0xB3, g: 0x26, b: 0x1E))
        case .nonTextContrast: return ("N", Color(r: 0x6B, g: 0x3F, b: 0xB0))
        case .emptyText: return ("E", Color(r: 0x4F, g: 0x56, b: 0x60))
        case .touchTarget: return ("44", Color(r: 0x00, g: 0x69, b: 0x5C))
        case .missingCharacters: return ("M", Color(r: 0x8E, g: 0x1F, b: 0x66))
        case .privateUseCharacters: return ("P", Color(r: 0x7A, g: 0x3E, b: 0x1D))
        }
    }

    package var rows: Int { (cells.count + columns - 1) / columns }

    /// Draws the sheet. Throws `TooLarge` past `Pixmap.maximumPixelCount`, or the text engine's errors.
    package func draw(engine: TextEngine) throws -> Pixmap {
        let scene = try self.scene(engine: engine)
        guard let sheet = try SceneRenderer(engine: engine).draw(scene) else {
            throw TooLarge(width: scene.pixelWidth, height: scene.pixelHeight)
        }
        return sheet
    }

    /// The sheet as a scene for `SceneRenderer`, the renderer that draws every card: the page, then
    /// headers, tiles with their badges, labels and snapshots, and the legend, back to front.
    ///
    /// The snapshots keep their pixels, so the grid is worked out in whole pixels of the sheet and
    /// each position handed to the scene in points as `pixels / scale`; the renderer's `× scale`
    /// gives the same whole pixels back (exactly, for the scales a snapshot can have), so text
    /// baselines and snapshot corners land where the grid put them. A snapshot is a `.pixels` item:
    /// it shares the cell's pixel buffer, so the scene holds no copy of it.
    func scene(engine: TextEngine) throws -> Scene {
        let s = Double(scale)
        func px(_ points: Double) -> Int { Int((points * s).rounded()) }
        func pt(_ pixels: Int) -> Double { Double(pixels) / s }
        func rect(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> Rect {
            Rect(x: pt(x), y: pt(y), width: pt(width), height: pt(height))
        }
        let labelFont = try engine.font(named: "Inter-Medium.otf")
        let headerFont = try engine.font(named: "Inter-SemiBold.otf")
        func layout(_ text: String, _ font: Font, _ size: Double, maxWidth: Double = .infinity) throws -> TextLayout {
            try engine.layoutParagraph(text: text, font: font, sizeInPoints: size, scale: s,
                                       maxWidthInPoints: maxWidth, maxLines: 1, direction: .leftToRight)
        }
        /// A paragraph with its top-left corner at (`x`, `y`) pixels; `x` is whole, `y` is rounded
        /// here, so the renderer puts the baselines on the rows the grid chose.
        func text(_ layout: TextLayout, x: Double, y: Double, color: Color) -> SceneItem {
            .text(layout, origin: Point(x: x / s, y: y.rounded() / s), color: color, mirrorsLines: false)
        }

        // Column widths and row heights from the snapshots, in pixels.
        let rowCount = rows
        var columnWidth = [Int](repeating: 0, count: columns)
        var rowHeight = [Int](repeating: 0, count: rowCount)
        for (i, cell) in cells.enumerated() {
            columnWidth[i % columns] = max(columnWidth[i % columns], cell.image.width)
            rowHeight[i / columns] = max(rowHeight[i / columns], cell.image.height)
        }
        let labelHeight = px(try layout("Ag", labelFont, Self.labelSize).heightInPoints)
        let pad = px(Self.tilePadding), gap = px(Self.gap), margin = px(self.margin)
        let tileWidths = columnWidth.map { $0 + 2 * pad }
        let tileHeights = rowHeight.map { $0 + 2 * pad + labelHeight + px(Self.labelGap) }

        let rowHeaderLayouts = try rowHeaders.map { try layout($0, headerFont, Self.headerSize) }
        let columnHeaderLayouts = try columnHeaders.enumerated().map { index, text in
            try layout(text, headerFont, Self.headerSize,
                       maxWidth: index < columns ? Double(tileWidths[index]) / s : .infinity)
        }
        let headerColumn = rowHeaderLayouts.isEmpty ? 0 : Int(rowHeaderLayouts.map(\.width).max() ?? 0) + px(Self.headerGap)
        let headerRow = columnHeaderLayouts.isEmpty ? 0 : Int((columnHeaderLayouts.map(\.height).max() ?? 0).rounded(.up)) + px(Self.headerGap) / 2

        var xs: [Int] = [], ys: [Int] = []
        var x = margin + headerColumn
        for width in tileWidths { xs.append(x); x += width + gap }
        var y = margin + headerRow
        for height in tileHeights { ys.append(y); y += height + gap }

        // The badges' codes, and a legend line per kind used on the sheet.
        let badgeFont = headerFont
        var codes: [Finding.Kind: TextLayout] = [:]
        for kind in Set(cells.flatMap(\.badges)) { codes[kind] = try layout(Self.badge(kind).code, badgeFont, Self.badgeSize) }
        func badgeWidth(_ kind: Finding.Kind) -> Int {
            max(labelHeight, Int((codes[kind]?.width ?? 0).rounded(.up)) + 2 * px(Self.badgePadding))
        }
        /// A badge: the kind's colour in a pill `width` × `height` pixels, its code centred in white.
        func badge(_ kind: Finding.Kind, x: Int, y: Int, width: Int, height: Int) -> [SceneItem] {
            let pill = SceneItem.fill(RoundedRect(rect: rect(x, y, width, height), radius: pt(height) / 2), Self.badge(kind).color)
            guard let code = codes[kind] else { return [pill] }
            return [pill, text(code, x: (Double(x) + (Double(width) - code.width) / 2).rounded(),
                               y: Double(y) + (Double(height) - code.height) / 2, color: .white)]
        }
        let legendKinds = Finding.Kind.allCases.filter { codes[$0] != nil }
        let legend = try legendKinds.map { try layout($0.phrase, labelFont, Self.labelSize) }
        let legendWidth = zip(legendKinds, legend).map { badgeWidth($0) + px(Self.legendGap) + Int($1.width.rounded(.up)) }.max() ?? 0
        let legendTop = y - gap + margin / 2
        if !legend.isEmpty { y += margin / 2 + legend.count * (labelHeight + px(Self.badgeGap)) }
        let width = max(x - gap + margin, 2 * margin + legendWidth), height = y - gap + margin
        guard width > 0, height > 0 else { throw TooLarge(width: width, height: height) }

        // The page first: the renderer paints it as it makes the pixmap (transparent stays clear).
        var items: [SceneItem] = [.fill(RoundedRect(rect: rect(0, 0, width, height), radius: 0), background)]
        // Over a transparent page the headers stay dark, as on the default page.
        let page = Contrast.composite(background, over: Self.page)
        let headerColor = Contrast.ratio(Self.header, page) >= Contrast.ratio(Self.darkLabel, page) ? Self.header : Self.darkLabel

        for (index, layout) in columnHeaderLayouts.enumerated() where index < columns {
            let left = Double(xs[index]) + (Double(tileWidths[index]) - layout.width) / 2
            items.append(text(layout, x: left.rounded(), y: Double(margin), color: headerColor))
        }
        for (index, layout) in rowHeaderLayouts.enumerated() where index < rowCount {
            // Level with the row's cell labels.
            items.append(text(layout, x: Double(margin), y: Double(ys[index] + pad) + Double(labelHeight) - layout.height,
                              color: headerColor))
        }
        for (index, cell) in cells.enumerated() {
            let (column, row) = (index % columns, index / columns)
            items.append(.fill(RoundedRect(rect: rect(xs[column], ys[row], tileWidths[column], tileHeights[row]),
                                           radius: Self.tileRadius),
                               cell.isDark ? Self.darkTile : Self.lightTile))
            // Badges from the tile's trailing edge; the label gets what is left.
            var badgeX = xs[column] + pad + columnWidth[column]
            for kind in cell.badges.reversed() {
                badgeX -= badgeWidth(kind)
                items += badge(kind, x: badgeX, y: ys[row] + pad, width: badgeWidth(kind), height: labelHeight)
                badgeX -= px(Self.badgeGap)
            }
            let labelRoom = badgeX - (xs[column] + pad) - (cell.badges.isEmpty ? 0 : px(Self.legendGap))
            let label = try layout(cell.label, labelFont, Self.labelSize, maxWidth: Double(max(1, labelRoom)) / s)
            items.append(text(label, x: Double(xs[column] + pad), y: Double(ys[row] + pad),
                              color: cell.isDark ? Self.darkLabel : Self.lightLabel))
            items.append(.pixels(cell.image, origin: Point(x: pt(xs[column] + pad),
                                                           y: pt(ys[row] + pad + labelHeight + px(Self.labelGap)))))
        }
        for (index, (kind, line)) in zip(legendKinds, legend).enumerated() {
            let top = legendTop + index * (labelHeight + px(Self.badgeGap))
            items += badge(kind, x: margin, y: top, width: badgeWidth(kind), height: labelHeight)
            items.append(text(line, x: Double(margin + badgeWidth(kind) + px(Self.legendGap)),
                              y: Double(top) + (Double(labelHeight) - line.height) / 2, color: Self.header))
        }
        return Scene(width: pt(width), height: pt(height), scale: scale, items: items)
    }
}
