import Foundation
import Raster

// WCAG 2.x contrast. Relative luminance linearizes each sRGB channel (c ≤ 0.04045 → c / 12.92, else
// ((c + 0.055) / 1.055)^2.4 — the threshold of IEC 61966-2-1, which SPEC §2 fixes), weights it
// 0.2126 R + 0.7152 G + 0.0722 B, and the ratio of two luminances is (L1 + 0.05) / (L2 + 0.05), lighter
// over darker, from 1 to 21. Semi-transparent colours are first composited over what is behind them
// (in sRGB, as the renderer blends), because a colour's contrast is the contrast of what is seen.

package enum Contrast {
    /// The SDK's "near-black" for readable-contrast fixes: #1A1C1A, the default `text` token, so a fixed
    /// text looks like the theme's own text colour rather than pure black.
    package static let nearBlack = Color(r: 0x1A, g: 0x1C, b: 0x1A)

    /// WCAG relative luminance of an opaque colour (alpha is ignored), 0…1.
    package static func relativeLuminance(_ color: Color) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b)
    }

    /// WCAG contrast ratio, 1…21, of two colours; `a` is composited over `b`, `b` over white if needed.
    package static func ratio(_ a: Color, _ b: Color) -> Double {
        let back = b.a == 255 ? b : composite(b, over: .white)
        let front = composite(a, over: back)
        let la = relativeLuminance(front), lb = relativeLuminance(back)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `top` drawn over opaque `bottom` with source-over in sRGB, rounded to 8 bits; opaque result.
    package static func composite(_ top: Color, over bottom: Color) -> Color {
        if top.a == 255 { return top }
        let a = Double(top.a) / 255
        func mix(_ t: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(t) * a + Double(b) * (1 - a)).rounded()) }
        return Color(r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b))
    }

    /// `a` blended toward `b` by `amount` (0 = a, 1 = b), in sRGB; alpha blends too.
    package static func blend(_ a: Color, _ b: Color, _ amount: Double) -> Color {
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) * (1 - amount) + Double(y) * amount).rounded()) }
        return Color(r: mix(a.r, b.r), g: mix(a.g, b.g), b: mix(a.b, b.b), a: mix(a.a, b.a))
    }
}

/// One text role's colour decision, as the render report prints it (SPEC §4).
package struct TextColor: Equatable, Sendable {
    package var role: TextRole
    /// What the theme or campaign asked for (as resolved; may be semi-transparent).
    package var preferred: Color
    /// The opaque colour behind the text.
    package var background: Color
    /// The colour drawn: `preferred`, or white / near-black when it did not reach `minimumContrast`.
    package var color: Color
    /// Contrast of `preferred` (composited) on `background`, whether or not it was kept.
    package var preferredContrast: Double
    /// Contrast of `color` (composited) on `background`.
    package var contrast: Double
    package var minimumContrast: Double

    /// Whether the readable-contrast fix replaced the preferred colour.
    package var isAdjusted: Bool { color != preferred }

    /// Checks `preferred` over `background` against the role's threshold; below it, switches to white or
    /// near-black, whichever contrasts more (white on a tie).
    package init(role: TextRole, preferred: Color, background: Color, minimumContrast: Double? = nil) {
        let threshold = minimumContrast ?? role.minimumContrast
        let opaqueBackground = Contrast.composite(background, over: .white)
        self.role = role
        self.preferred = preferred
        self.background = opaqueBackground
        self.minimumContrast = threshold
        let preferredContrast = Contrast.ratio(preferred, opaqueBackground)
        self.preferredContrast = preferredContrast
        if preferredContrast >= threshold {
            color = preferred
            contrast = preferredContrast
        } else {
            let white = Contrast.ratio(.white, opaqueBackground)
            let dark = Contrast.ratio(Contrast.nearBlack, opaqueBackground)
            color = white >= dark ? .white : Contrast.nearBlack
            contrast = max(white, dark)
        }
    }
}
