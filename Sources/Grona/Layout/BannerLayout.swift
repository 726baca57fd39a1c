import Raster

/// The banner: eyebrow, title and body in a column at the leading edge, an optional square image at
/// the trailing edge, and the call-to-action button under the copy.
///
///     ┌────────────────────────────────────────┐
///     │ EYEBROW                       ┌──────┐ │
///     │ Title, up to three lines      │image │ │
///     │ Body copy, up to four lines   └──────┘ │
///     │ ┌───────────┐                          │
///     │ │ Order now │                          │
///     │ └───────────┘                          │
///     └────────────────────────────────────────┘
///
/// At the accessibility text sizes the image sits above the copy, at the leading edge.
enum BannerLayout {
    static let padding = 16.0
    static let imageSize = 72.0
    static let imageGap = 12.0

    static func layout(_ banner: Banner, image: Pixmap?, in context: inout LayoutContext) throws -> Double {
        let inner = context.width - 2 * padding
        // At the accessibility text sizes the image moves above the copy, as UIKit layouts stack at
        // those sizes: beside it, a 55-pt title gets a column so narrow that words break in two.
        let stacked = image != nil && context.environment.textSize.isAccessibilitySize
        let columnWidth = image == nil || stacked ? inner : inner - imageSize - imageGap
        var y = padding
        if stacked { y += imageSize + imageGap }
        y = try context.placeCopy(eyebrow: banner.eyebrow, title: banner.title, body: banner.body,
                                  leading: padding, y: y, width: columnWidth)
        if let image {
            let frame = context.flow.frame(leading: stacked ? padding : padding + inner - imageSize, y: padding,
                                           width: imageSize, height: imageSize)
            context.draw(.image(image, frame: aspectFill(image, frame),
                                clip: RoundedRect(rect: frame, radius: min(10, context.cornerRadius))))
            y = max(y, padding + imageSize)
        }
        if let label = banner.button, !label.isEmpty {
            // The button sits below the image, so it may use the card's whole inner width: at large
            // text sizes the copy column beside the image is too narrow for a one-line label.
            y += 14
            y += try context.button(label, color: context.colors.buttonBackground ?? context.colors.accent,
                                    leading: padding, y: y, columnWidth: inner)
        }
        return y + padding
    }
}

/// The frame that covers `frame` with the image at its own aspect ratio, centred (UIKit's
/// `.scaleAspectFill`); the caller clips it to `frame`.
func aspectFill(_ image: Pixmap, _ frame: Rect) -> Rect {
    let imageAspect = Double(image.width) / Double(image.height)
    let frameAspect = frame.width / frame.height
    if imageAspect > frameAspect {
        let width = frame.height * imageAspect
        return Rect(x: frame.x - (width - frame.width) / 2, y: frame.y, width: width, height: frame.height)
    } else {
        let height = frame.width / imageAspect
        return Rect(x: frame.x, y: frame.y - (height - frame.height) / 2, width: frame.width, height: height)
    }
}
