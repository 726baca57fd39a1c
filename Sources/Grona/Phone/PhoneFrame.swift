import Raster
import Text

/// What a snapshot can be shown on instead of a bare canvas (`render --frame`, `/api/render?frame=`).
package enum DeviceFrame: String, CaseIterable, Sendable {
    /// `PhoneFrame`: the card on an iPhone's screen.
    case phone

    /// Parses a command-line or query value.
    package static func parse(_ text: String) throws -> DeviceFrame {
        guard let frame = DeviceFrame(rawValue: text) else {
            throw OverrideError("\"\(text)\" is not a frame; expected one of: " + allCases.map(\.rawValue).joined(separator: ", "))
        }
        return frame
    }
}

/// The card as it appears on an iPhone: a device frame (a dark bezel with rounded corners, the
/// screen with its own, the Dynamic Island), the status bar ("9:41", signal, Wi-Fi and battery in
/// the appearance's ink), neutral app content (a large title, placeholder rows, a tab bar and the
/// home indicator on the system grouped background) and the card where the SDK shows it: at the top
/// of the content, below the navigation title, with the standard 16 pt margins. It is the studio's
/// phone view (`studio.css`, `.phone`) drawn in Swift: a 390 × 844 pt screen in a 414 × 868 pt frame
/// with radii 58 and 46; a card wider or narrower than 358 pt makes the screen as much wider, and a
/// card too tall for the screen makes it taller.
///
/// Like the contact sheet, it paints nothing itself: it builds a `Scene` of fills, laid-out text and
/// the card's own pixels (a `.pixels` item at whole pixels, never resampled), which `SceneRenderer`
/// draws. The soft shadow around the device is a few stacked translucent rounded rectangles, since
/// the rasterizer has no blur; the Wi-Fi fan is rings cut to a quarter by rows of background fills.
///
/// The status bar's text does not follow Dynamic Type, as on iOS. Right to left, the status bar and
/// the content mirror (the time on the right, the indicators on the left; the indicators themselves
/// keep their drawing), as iOS lays them out.
package struct PhoneFrame {
    /// Space around the device, in points (a shot's `padding`); the shadow takes up to 24 pt of it.
    package var margin: Double
    /// The page behind the device (straight sRGB; transparent by default).
    package var background: Color
    /// Whether the device casts a soft shadow on the page.
    package var shadow: Bool

    package init(margin: Double = 0, background: Color = .transparent, shadow: Bool = true) {
        self.margin = max(0, margin); self.background = background; self.shadow = shadow
    }

    // Metrics in points, as the studio's phone has them.
    package static let bezel = 12.0, frameRadius = 58.0, screenRadius = 46.0, screenHeight = 844.0
    package static let statusBarHeight = 54.0, navigationHeight = 52.0, sideMargin = 16.0
    static let islandWidth = 124.0, islandHeight = 36.0, islandTop = 11.0
    static let timeSize = 17.0, titleSize = 32.0
    /// The words on the phone: the app screen's large title and the status bar's time.
    static let title = "Home", time = "9:41"
    static let rowHeight = 86.0, rowGap = 12.0, rowRadius = 14.0, rowPadding = 14.0, thumbnail = 58.0
    static let tabBarHeight = 84.0, tabIcon = 26.0
    static let maximumShadow = 24.0

    /// Where the card's top-left corner is in the picture, in points: inside the screen, 16 pt in
    /// from its side and below the status bar and the navigation title.
    package var cardOrigin: Point {
        Point(x: margin + Self.bezel + Self.sideMargin, y: margin + Self.bezel + Self.statusBarHeight + Self.navigationHeight)
    }

    struct Palette {
        var screen, ink, row, placeholder, tabBar, tabBarEdge, tabIcon: Color
        init(_ appearance: Appearance) {
            if appearance == .dark {
                screen = .black; ink = .white
                row = Color(r: 0x1C, g: 0x1C, b: 0x1E); placeholder = Color(r: 0x3A, g: 0x3A, b: 0x3C)
                tabBar = Color(r: 22, g: 22, b: 22, a: 240); tabBarEdge = Color(r: 0x38, g: 0x38, b: 0x3A)
                tabIcon = Color(r: 0x63, g: 0x63, b: 0x66)
            } else {
                screen = Color(r: 0xF2, g: 0xF2, b: 0xF7); ink = .black
                row = .white; placeholder = Color(r: 0xE5, g: 0xE5, b: 0xEA)
                tabBar = Color(r: 249, g: 249, b: 249, a: 240); tabBarEdge = Color(r: 0xD1, g: 0xD1, b: 0xD6)
                tabIcon = Color(r: 0xC7, g: 0xC7, b: 0xCC)
            }
        }
    }
    static let frameRim = Color(r: 0x3A, g: 0x3A, b: 0x3C), frameBody = Color(r: 0x11, g: 0x11, b: 0x11)
    static let tint = Color(r: 0x00, g: 0x7A, b: 0xFF)

    package struct TooLarge: Error, CustomStringConvertible {
        package let width: Int, height: Int
        package var description: String {
            "the phone would be \(width) × \(height) pixels, over the limit of \(Pixmap.maximumPixelCount) pixels"
        }
    }

    /// The picture of `card` (a snapshot's pixels at `scale` pixels per point) on the phone.
    package func draw(_ card: Pixmap, scale: Int, appearance: Appearance, direction: LayoutDirection,
                     engine: TextEngine) throws -> Pixmap {
        let scene = try self.scene(card, scale: scale, appearance: appearance, direction: direction, engine: engine)
        guard let picture = try SceneRenderer(engine: engine).draw(scene) else {
            throw TooLarge(width: scene.pixelWidth, height: scene.pixelHeight)
        }
        return picture
    }

    /// The sizes, in points, of the screen, the device and the whole picture around a card of
    /// `cardWidth` × `cardHeight` points.
    struct Sizes {
        var screenWidth, screenHeight, frameWidth, frameHeight, width, height: Double
    }

    func sizes(cardWidth: Double, cardHeight: Double) -> Sizes {
        let screenWidth = cardWidth + 2 * Self.sideMargin
        let contentTop = Self.statusBarHeight + Self.navigationHeight
        let screenHeight = max(Self.screenHeight, contentTop + cardHeight + Self.rowGap + Self.tabBarHeight + Self.frameRadius)
        let frameWidth = screenWidth + 2 * Self.bezel, frameHeight = screenHeight + 2 * Self.bezel
        return Sizes(screenWidth: screenWidth, screenHeight: screenHeight, frameWidth: frameWidth, frameHeight: frameHeight,
                     width: frameWidth + 2 * margin, height: frameHeight + 2 * margin)
    }

    /// What drawing the phone around a card of `cardWidth` × `cardHeight` pixels costs, known before
    /// anything is drawn (the service weighs a request by it): the picture, and its few words.
    package func cost(cardWidth: Int, cardHeight: Int, scale: Int) -> RenderCost {
        let s = Double(max(1, scale))
        let sizes = self.sizes(cardWidth: Double(cardWidth) / s, cardHeight: Double(cardHeight) / s)
        return .picture(width: Int((sizes.width * s).rounded()), height: Int((sizes.height * s).rounded()),
                        characters: (Self.title + Self.time).count)
    }

    /// The phone as a scene for `SceneRenderer`, back to front: the page, the shadow, the frame, the
    /// screen and its content, the card, the tab bar, the status bar and the Dynamic Island.
    func scene(_ card: Pixmap, scale: Int, appearance: Appearance, direction: LayoutDirection,
               engine: TextEngine) throws -> Scene {
        let s = Double(max(1, scale))
        let colors = Palette(appearance)
        let rtl = direction == .rtl
        let cardHeight = Double(card.height) / s
        let sizes = self.sizes(cardWidth: Double(card.width) / s, cardHeight: cardHeight)
        let (screenWidth, screenHeight) = (sizes.screenWidth, sizes.screenHeight)
        let (frameWidth, frameHeight, width, height) = (sizes.frameWidth, sizes.frameHeight, sizes.width, sizes.height)
        let contentTop = Self.statusBarHeight + Self.navigationHeight
        let frameX = margin, frameY = margin
        let screenX = frameX + Self.bezel, screenY = frameY + Self.bezel
        func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }
        func fill(_ r: Rect, _ radius: Double, _ color: Color) -> SceneItem { .fill(RoundedRect(rect: r, radius: radius), color) }
        /// A box `x`…`x + w` from the screen's leading edge, turned into the picture's left edge.
        func leading(_ x: Double, _ w: Double) -> Double { rtl ? screenX + screenWidth - x - w : screenX + x }

        var items: [SceneItem] = [fill(rect(0, 0, width, height), 0, background)]

        // The shadow: rings of faint black, each a little larger, offset down as light from above
        // casts it; where they overlap they add up to about 17 % under the device's edge, in steps too
        // small to see.
        let blur = shadow ? min(Self.maximumShadow, margin) : 0
        if blur >= 2 {
            let layers = 16, drop = blur / 3
            for i in (1...layers).reversed() {
                let spread = blur * Double(i) / Double(layers)
                items.append(fill(rect(frameX - spread, frameY + drop - spread, frameWidth + 2 * spread, frameHeight + 2 * spread),
                                  Self.frameRadius + spread, Color(r: 0, g: 0, b: 0, a: 3)))
            }
        }

        // The frame: a lighter rim, the dark bezel, the screen.
        items.append(fill(rect(frameX, frameY, frameWidth, frameHeight), Self.frameRadius, Self.frameRim))
        items.append(fill(rect(frameX + 1.5, frameY + 1.5, frameWidth - 3, frameHeight - 3), Self.frameRadius - 1.5, Self.frameBody))
        items.append(fill(rect(screenX, screenY, screenWidth, screenHeight), Self.screenRadius, colors.screen))

        // The large title, as an app's first screen has one.
        let titleFont = try engine.font(named: "Inter-Bold.otf")
        let title = try engine.layoutParagraph(text: Self.title, font: titleFont, sizeInPoints: Self.titleSize, scale: s,
                                               maxWidthInPoints: .infinity, maxLines: 1, direction: .leftToRight)
        items.append(.text(title, origin: Point(x: leading(Self.sideMargin, title.widthInPoints),
                                                y: screenY + Self.statusBarHeight + (Self.navigationHeight - title.heightInPoints) / 2),
                           color: colors.ink, mirrorsLines: false))

        // The card, pixel for pixel, at whole pixels (the screen is the card's width and both margins,
        // so the card is in the same place in either direction).
        let origin = cardOrigin
        items.append(.pixels(card, origin: Point(x: (origin.x * s).rounded() / s, y: (origin.y * s).rounded() / s)))

        // Placeholder rows under it, as many as fit above the bottom corners.
        var rowY = contentTop + cardHeight + Self.sideMargin
        let rowWidth = screenWidth - 2 * Self.sideMargin
        while rowY + Self.rowHeight <= screenHeight - Self.screenRadius {
            let y = screenY + rowY
            items.append(fill(rect(leading(Self.sideMargin, rowWidth), y, rowWidth, Self.rowHeight), Self.rowRadius, colors.row))
            items.append(fill(rect(leading(Self.sideMargin + Self.rowPadding, Self.thumbnail), y + Self.rowPadding,
                                   Self.thumbnail, Self.thumbnail), 12, colors.placeholder))
            let linesX = Self.sideMargin + Self.rowPadding + Self.thumbnail + 12
            let linesWidth = rowWidth - Self.rowPadding * 2 - Self.thumbnail - 12
            for (top, fraction) in [(20.0, 0.7), (42.0, 0.45)] {
                items.append(fill(rect(leading(linesX, linesWidth * fraction), y + top, linesWidth * fraction, 12), 6, colors.placeholder))
            }
            rowY += Self.rowHeight + Self.rowGap
        }

        // The tab bar over the content's bottom, following the screen's corners; the home indicator.
        let barY = screenY + screenHeight - Self.tabBarHeight
        items.append(.fill(RoundedRect(rect: rect(screenX, barY, screenWidth, Self.tabBarHeight),
                                       radii: CornerRadii(topLeft: 0, topRight: 0, bottomRight: Self.screenRadius,
                                                          bottomLeft: Self.screenRadius)), colors.tabBar))
        items.append(fill(rect(screenX, barY, screenWidth, 1 / s), 0, colors.tabBarEdge))
        let slot = screenWidth / 4
        for i in 0..<4 {
            items.append(fill(rect(leading(slot * Double(i) + (slot - Self.tabIcon) / 2, Self.tabIcon), barY + 10,
                                   Self.tabIcon, Self.tabIcon), 7, i == 0 ? Self.tint : colors.tabIcon))
        }
        items.append(fill(rect(screenX + (screenWidth - 134) / 2, screenY + screenHeight - 13, 134, 5), 2.5, colors.ink))

        // The status bar: the time centred in one ear beside the island, the indicators in the other.
        let islandX = screenX + (screenWidth - Self.islandWidth) / 2
        let ear = (screenWidth - Self.islandWidth) / 2
        let middle = screenY + Self.islandTop + Self.islandHeight / 2
        let timeFont = try engine.font(named: "Inter-SemiBold.otf")
        let time = try engine.layoutParagraph(text: Self.time, font: timeFont, sizeInPoints: Self.timeSize, scale: s,
                                              maxWidthInPoints: .infinity, maxLines: 1, direction: .leftToRight)
        let timeEar = rtl ? islandX + Self.islandWidth : screenX
        items.append(.text(time, origin: Point(x: timeEar + (ear - time.widthInPoints) / 2, y: middle - time.heightInPoints / 2),
                           color: colors.ink, mirrorsLines: false))
        let iconsEar = rtl ? screenX : islandX + Self.islandWidth
        items += Self.indicators(x: iconsEar + (ear - Self.indicatorsWidth) / 2 + 2, y: middle - 7, ink: colors.ink,
                                 background: colors.screen, scale: s)
        items.append(fill(rect(islandX, screenY + Self.islandTop, Self.islandWidth, Self.islandHeight),
                          Self.islandHeight / 2, .black))

        return Scene(width: width, height: height, scale: max(1, scale), items: items)
    }

    static let indicatorsWidth = 77.0

    /// Signal bars, the Wi-Fi fan and the battery, 77 × 14 pt with the top-left corner at (`x`, `y`),
    /// as the studio's status bar draws them.
    static func indicators(x: Double, y: Double, ink: Color, background: Color, scale s: Double) -> [SceneItem] {
        func fill(_ x0: Double, _ y0: Double, _ w: Double, _ h: Double, _ radius: Double, _ color: Color) -> SceneItem {
            .fill(RoundedRect(rect: Rect(x: x + x0, y: y + y0, width: w, height: h), radius: radius), color)
        }
        func circle(_ cx: Double, _ cy: Double, _ r: Double, _ color: Color) -> SceneItem {
            fill(cx - r, cy - r, 2 * r, 2 * r, r, color)
        }
        var faint = ink
        faint.a = 102
        var items: [SceneItem] = []
        // Signal: four bars rising.
        for (i, h) in [4.0, 7, 10, 13].enumerated() { items.append(fill(Double(i) * 5, 13 - h, 3, h, 1, ink)) }
        // Wi-Fi: two rings and a dot around one centre, cut to a quarter fan pointing down: rows of
        // the background colour cover what lies outside the fan's two 45° edges, one pixel row at a
        // time (each row's edge falls within its pixel, so the coverage rasterizer smooths the edge).
        let (cx, cy) = (38.5, 12.2)
        items += [circle(cx, cy, 11, ink), circle(cx, cy, 8.6, background), circle(cx, cy, 6.6, ink),
                  circle(cx, cy, 4.2, background), circle(cx, cy, 2.4, ink)]
        let top = ((y + cy - 11.5) * s).rounded(.down), bottom = ((y + cy) * s).rounded(.up)
        let (left, right) = (x + cx - 12, x + cx + 12)
        var row = top
        while row < bottom {
            let rise = (y + cy) - (row + 0.5) / s   // how far above the centre, in points
            let half = max(0, rise)
            items.append(.fill(RoundedRect(rect: Rect(x: left, y: row / s, width: x + cx - half - left, height: 1 / s), radius: 0), background))
            items.append(.fill(RoundedRect(rect: Rect(x: x + cx + half, y: row / s, width: right - (x + cx + half), height: 1 / s), radius: 0),
                               background))
            row += 1
        }
        items.append(.fill(RoundedRect(rect: Rect(x: left, y: bottom / s, width: right - left, height: 11.5), radius: 0), background))
        // Battery: a faint outline, the charge, the faint cap.
        items += [fill(51.5, 0.5, 23, 13, 4, faint), fill(52.5, 1.5, 21, 11, 3, background), fill(54, 3, 16, 8, 2, ink),
                  fill(75.5, 4.5, 1.5, 5, 0.75, faint)]
        return items
    }
}
