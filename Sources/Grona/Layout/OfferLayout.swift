import Raster

/// The offer: an optional image across the top of the card, then eyebrow, title, body, the code on
/// a chip outlined in the accent, and the button.
///
///     ┌────────────────────────────────────────┐
///     │               image                    │
///     ├────────────────────────────────────────┤
///     │ EYEBROW                                │
///     │ Title, up to two lines                 │
///     │ Body copy, up to three lines           │
///     │ ┌ ─ ─ ─ ─ ┐                            │
///     │   CODE15                               │
///     │ └ ─ ─ ─ ─ ┘                            │
///     │ ┌───────────┐                          │
///     │ │ Copy code │                          │
///     │ └───────────┘                          │
///     └────────────────────────────────────────┘
enum OfferLayout {
    static let padding = 16.0
    /// The image band's height as a fraction of the card's width (a wide, photo-like band).
    static let imageAspect = 0.42

    static func layout(_ offer: Offer, image: Pixmap?, in context: inout LayoutContext) throws -> Double {
        let inner = context.width - 2 * padding
        var y = 0.0
        if let image {
            let band = Rect(x: 0, y: 0, width: context.width, height: (context.width * imageAspect).rounded())
            let radius = context.cornerRadius
            context.draw(.image(image, frame: aspectFill(image, band),
                                clip: RoundedRect(rect: band, radii: CornerRadii(topLeft: radius, topRight: radius,
                                                                                  bottomRight: 0, bottomLeft: 0))))
            y = band.height
        }
        y += padding
        y = try context.placeCopy(eyebrow: offer.eyebrow, title: offer.title, body: offer.body,
                                  leading: padding, y: y, width: inner)
        if let code = offer.code, !code.isEmpty {
            y += 12
            y += try codeChip(code, y: y, columnWidth: inner, in: &context)
        }
        if let label = offer.button, !label.isEmpty {
            y += 12
            y += try context.button(label, color: context.colors.buttonBackground ?? context.colors.accent,
                                    leading: padding, y: y, columnWidth: inner)
        }
        return y + padding
    }

    /// The code on a plain surface chip with a 1.5 pt accent outline; returns its height.
    private static func codeChip(_ code: String, y: Double, columnWidth: Double,
                                 in context: inout LayoutContext) throws -> Double {
        let horizontalPadding = 14.0, verticalPadding = 8.0, outline = 1.5
        let laidOut = try context.layout(.code, code, width: columnWidth - 2 * horizontalPadding)
        let width = min(columnWidth, laidOut.widthInPoints + 2 * horizontalPadding)
        let height = laidOut.heightInPoints + 2 * verticalPadding
        let frame = context.flow.frame(leading: padding, y: y, width: width, height: height)
        context.fill(frame, radius: 8, context.colors.accent)
        context.fill(Rect(x: frame.x + outline, y: frame.y + outline,
                          width: frame.width - 2 * outline, height: frame.height - 2 * outline),
                     radius: 8 - outline, context.colors.codeBackground ?? .white)
        context.addCentred(.code, text: code, layout: laidOut, in: frame)
        return height
    }
}
