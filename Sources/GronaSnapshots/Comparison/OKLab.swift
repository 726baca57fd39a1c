// Perceptual colour difference: ΔE in OKLab (Björn Ottosson, 2020).
//
// OKLab is a perceptually uniform space with L from 0 (black) to 1 (white); the Euclidean distance
// between two colours in it, ΔE_OK, is about 0.02 for a just-noticeable difference. It is cheap
// (a 3×3 matrix, three cube roots, another 3×3 matrix) and behaves better than CIELAB's ΔE76 in
// blues, and it needs no white point adaptation for sRGB.
//
// Alpha: a snapshot pixel is premultiplied RGBA and may be translucent (card corners, shadows). Two
// pixels look alike only if they look alike over whatever is behind them, so each is composited
// over black and over white (in 8-bit sRGB, as the platform composites) and the larger of the two
// differences is taken. Over black, the composite is the premultiplied colour itself; over white
// it is c + 255 − a.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct OKLab {
    var l: Double, a: Double, b: Double

    /// sRGB 8-bit to linear light, precomputed.
    private static let linear: [Double] = (0...255).map { value in
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    init(red: Int, green: Int, blue: Int) {
        let table = OKLab.linear
        let r = table[red], g = table[green], b = table[blue]
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        self.l = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        self.a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        self.b = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    }

    func distance(to other: OKLab) -> Double {
        let dl = l - other.l, da = a - other.a, db = b - other.b
        return (dl * dl + da * da + db * db).squareRoot()
    }
}

/// One premultiplied RGBA pixel packed as r | g << 8 | b << 16 | a << 24 (memory order on
/// little-endian machines; the packing is only ever unpacked by these helpers).
@inline(__always) func channel(_ pixel: UInt32, _ index: UInt32) -> Int { Int((pixel >> (index * 8)) & 0xFF) }

extension OKLab {
    /// A premultiplied pixel over black: its colour channels as they are.
    init(overBlack pixel: UInt32) {
        self.init(red: channel(pixel, 0), green: channel(pixel, 1), blue: channel(pixel, 2))
    }

    /// A premultiplied pixel over white: c + 255 − a. Premultiplied channels never exceed alpha in
    /// a valid pixmap; the clamp keeps bad input from indexing past the table.
    init(overWhite pixel: UInt32) {
        let white = 255 - channel(pixel, 3)
        self.init(red: min(255, channel(pixel, 0) + white), green: min(255, channel(pixel, 1) + white),
                  blue: min(255, channel(pixel, 2) + white))
    }
}

/// ΔE_OK between two premultiplied pixels: the larger of the differences over black and over white.
func perceptualDifference(_ first: UInt32, _ second: UInt32) -> Double {
    if first == second { return 0 }
    return max(OKLab(overBlack: first).distance(to: OKLab(overBlack: second)),
               OKLab(overWhite: first).distance(to: OKLab(overWhite: second)))
}

/// OKLab lightness of a premultiplied pixel over white: the brightness used to tell darker from
/// brighter neighbours when looking for anti-aliasing.
func lightness(_ pixel: UInt32) -> Double {
    OKLab(overWhite: pixel).l
}
