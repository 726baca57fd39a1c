// Comparing a rendered image with its golden.
//
// Same size and same bytes is a match at memcmp speed; that is the common case in a passing test
// suite. Otherwise every pixel whose bytes differ gets a perceptual difference (ΔE_OK, see
// OKLab.swift); pixels above the tolerance's threshold are checked for anti-aliasing
// (AntialiasingDetection.swift) and, unless they are edge blends that merely moved, counted as
// differing. The images match when the count stays within the budget.
//
// Images of different sizes never match, but their shared area (both aligned top-leading) is
// compared all the same, so the message and the difference image say what moved inside it.
//
// A failure is also sorted into one kind of change, for a reviewer facing hundreds of them: the
// size changed; or the differing pixels keep the golden's edges (an edge is a pixel whose OKLab
// lightness or opacity differs from a 4-neighbour's by more than 0.15 or a quarter) — colours
// changed; or the edges themselves moved in at least a tenth of them — text or shapes moved. When
// colours changed, the message names the change most differing pixels share, "mostly #0A408C →
// #0A458C (9,876 pixels)": a brand colour nudged below a visible difference shows no picture worth
// looking at, but its two hex values say it all (and a caller that knows the theme names the token).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster

/// How different two images may be and still match.
public struct ComparisonTolerance: Equatable, Sendable {
    /// ΔE_OK above which a pixel is visibly different. About 0.02 is a just-noticeable difference.
    public var perPixel: Double
    /// Differing pixels allowed: the larger of this count and `maximumDifferingFraction` of all pixels.
    public var maximumDifferingPixels: Int
    /// Differing pixels allowed as a fraction of all pixels (0.001 is one in a thousand).
    public var maximumDifferingFraction: Double
    /// Whether pixels that differ only because an anti-aliased edge moved are ignored.
    public var ignoresAntialiasing: Bool
    /// When the golden was rendered with exactly this machine's GronaSnap, FreeType, HarfBuzz, ICU
    /// and fonts (its `grVR` chunk, GoldenProvenance.swift), rendering is deterministic to the
    /// byte, so a golden check ignores the rest of this tolerance and fails on any changed pixel:
    /// a brand colour nudged by less than a just-noticeable difference still fails. The tolerance
    /// only absorbs what another version may legitimately vary. `grona-snap diff` compares files
    /// with no such knowledge and always uses the tolerance.
    public var exactWhenNothingDrifted = true

    /// A tolerance; with no arguments it is `default`.
    public init(perPixel: Double = 0.02, maximumDifferingPixels: Int = 0,
                maximumDifferingFraction: Double = 0, ignoresAntialiasing: Bool = true) {
        self.perPixel = perPixel
        self.maximumDifferingPixels = maximumDifferingPixels
        self.maximumDifferingFraction = maximumDifferingFraction
        self.ignoresAntialiasing = ignoresAntialiasing
    }

    /// Below a just-noticeable difference, no differing pixel allowed, anti-aliasing ignored.
    public static let `default` = ComparisonTolerance()
    /// Every byte must match.
    public static let exact = ComparisonTolerance(perPixel: 0, ignoresAntialiasing: false)

    func allowedPixels(of total: Int) -> Int {
        max(maximumDifferingPixels, Int((maximumDifferingFraction * Double(total)).rounded(.down)))
    }
}

package struct PixelLocation: Equatable, Sendable {
    package var x: Int, y: Int
    package init(x: Int, y: Int) { self.x = x; self.y = y }
}

/// What kind of change a failed comparison found (see the file comment).
package enum ChangeKind: String, CaseIterable, Sendable {
    case size = "sizes changed"
    case colour = "colours changed"
    case moved = "text or shapes moved"
}

/// The colour most differing opaque pixels changed from and to (`0xRRGGBB`), and how many did.
package struct ColourChange: Equatable, Sendable {
    package var from: UInt32
    package var to: UInt32
    package var pixels: Int

    /// "#0A408C → #0A458C (9,876 pixels)", after `name` ("primary") or "mostly".
    package func words(naming name: String? = nil) -> String {
        "\(name ?? "mostly") \(hexColour(from)) → \(hexColour(to)) (\(grouped(pixels)) pixel\(pixels == 1 ? "" : "s"))"
    }
}

/// 0x0A408C → "#0A408C".
func hexColour(_ rgb: UInt32) -> String {
    let text = String(rgb, radix: 16, uppercase: true)
    return "#" + String(repeating: "0", count: max(0, 6 - text.count)) + text
}

package struct ComparisonResult: Equatable, Sendable {
    package var matches: Bool
    /// The sizes differ; the counts below are of the shared area (aligned top-leading).
    package var sizeMismatch: Bool
    /// The kind of change, when the images do not match.
    package var change: ChangeKind?
    /// Differing pixels where an edge appeared or went (see the file comment).
    package var movedEdgePixelCount: Int
    package var expectedSize: (width: Int, height: Int) { (expectedWidth, expectedHeight) }
    package var actualSize: (width: Int, height: Int) { (actualWidth, actualHeight) }
    /// Pixels above the per-pixel threshold and not anti-aliasing.
    package var differingPixelCount: Int
    /// Pixels above the threshold that were ignored as anti-aliasing.
    package var antialiasedPixelCount: Int
    /// The largest ΔE_OK among pixels not ignored as anti-aliasing, and where (nil when none differ).
    package var largestDifference: Double
    package var largestDifferenceLocation: PixelLocation?
    /// One line for a person, e.g. "1,234 pixels differ (0.41%), largest ΔE 0.38 at (120, 44);
    /// 52 anti-aliased pixels ignored".
    package var message: String
    /// When colours changed, the change most differing pixels share.
    package var colourChange: ColourChange?

    let expectedWidth: Int, expectedHeight: Int, actualWidth: Int, actualHeight: Int
}

/// Compares `actual` with `expected` (see the file comment for the method).
package func compare(expected: Pixmap, actual: Pixmap,
                    tolerance: ComparisonTolerance = .default) -> ComparisonResult {
    var result = ComparisonResult(matches: false, sizeMismatch: false, change: nil, movedEdgePixelCount: 0,
                                  differingPixelCount: 0,
                                  antialiasedPixelCount: 0, largestDifference: 0,
                                  largestDifferenceLocation: nil, message: "",
                                  expectedWidth: expected.width, expectedHeight: expected.height,
                                  actualWidth: actual.width, actualHeight: actual.height)
    guard expected.width == actual.width, expected.height == actual.height else {
        result.sizeMismatch = true
        result.change = .size
        result.message = "sizes differ: expected \(expected.width) × \(expected.height), "
            + "actual \(actual.width) × \(actual.height)"
        guard let shared = SharedArea(expected, actual) else { return result }
        let comparison = PixelComparison(expected: shared.expected, actual: shared.actual, tolerance: tolerance)
        result.differingPixelCount = comparison.differing
        result.antialiasedPixelCount = comparison.antialiased
        result.movedEdgePixelCount = comparison.movedEdges
        result.largestDifference = comparison.largest
        result.largestDifferenceLocation = comparison.largestAt
        let area = "the shared \(shared.expected.width) × \(shared.expected.height) area"
        result.message += comparison.differing == 0 && comparison.antialiased == 0
            ? "; \(area) is the same"
            : "; in \(area) " + counts(comparison, total: shared.expected.width * shared.expected.height)
        return result
    }
    if sameBytes(expected.pixels, actual.pixels) {
        result.matches = true
        result.message = "images are identical"
        return result
    }
    let comparison = PixelComparison(expected: expected, actual: actual, tolerance: tolerance)
    let total = expected.width * expected.height
    result.differingPixelCount = comparison.differing
    result.antialiasedPixelCount = comparison.antialiased
    result.largestDifference = comparison.largest
    result.largestDifferenceLocation = comparison.largestAt
    result.movedEdgePixelCount = comparison.movedEdges
    result.matches = comparison.differing <= tolerance.allowedPixels(of: total)
    if !result.matches { result.change = comparison.movedEdges * 10 >= comparison.differing ? .moved : .colour }

    var message = counts(comparison, total: total)
    if result.change == .colour, let change = dominantColourChange(expected, actual, comparison.classes) {
        result.colourChange = change
        message += "; " + change.words()
    }
    result.message = result.matches ? "images match within tolerance: " + message : message
    return result
}

/// "1,234 pixels differ (0.41%), largest ΔE 0.38 at (120, 44); 52 anti-aliased pixels ignored"
private func counts(_ comparison: PixelComparison, total: Int) -> String {
    var message = "\(grouped(comparison.differing)) pixel\(comparison.differing == 1 ? "" : "s") differ"
        + "\(comparison.differing == 1 ? "s" : "") (\(percentage(comparison.differing, of: total)))"
    if let at = comparison.largestAt {
        message += ", largest ΔE \(fixed(comparison.largest, decimals: 2)) at (\(at.x), \(at.y))"
    }
    if comparison.antialiased > 0 {
        message += "; \(grouped(comparison.antialiased)) anti-aliased pixel\(comparison.antialiased == 1 ? "" : "s") ignored"
    }
    return message
}

/// The (from, to) pair most differing opaque pixels share, when one pair covers at least half of
/// the opaque differing pixels (else the change has no one colour to name).
private func dominantColourChange(_ expected: Pixmap, _ actual: Pixmap, _ classes: [UInt8]) -> ColourChange? {
    var pairs: [UInt64: Int] = [:]
    var opaque = 0
    expected.pixels.withUnsafeBufferPointer { e in
        actual.pixels.withUnsafeBufferPointer { a in
            for index in classes.indices where classes[index] == PixelClass.different.rawValue {
                let i = index * 4
                guard e[i + 3] == 255, a[i + 3] == 255 else { continue }
                opaque += 1
                let from = UInt32(e[i]) << 16 | UInt32(e[i + 1]) << 8 | UInt32(e[i + 2])
                let to = UInt32(a[i]) << 16 | UInt32(a[i + 1]) << 8 | UInt32(a[i + 2])
                pairs[UInt64(from) << 32 | UInt64(to), default: 0] += 1
            }
        }
    }
    // Ties broken by the pair's value, so the message is the same on every run.
    guard let top = pairs.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), top.value * 2 >= opaque else { return nil }
    return ColourChange(from: UInt32(top.key >> 32), to: UInt32(truncatingIfNeeded: top.key), pixels: top.value)
}

/// Two images of different sizes cut to the area they share, aligned top-leading (nil if the
/// images cannot be cut, which a valid pixmap never causes).
struct SharedArea {
    let expected: Pixmap
    let actual: Pixmap

    init?(_ expected: Pixmap, _ actual: Pixmap) {
        let width = min(expected.width, actual.width), height = min(expected.height, actual.height)
        guard let e = crop(expected, width: width, height: height), let a = crop(actual, width: width, height: height) else { return nil }
        self.expected = e
        self.actual = a
    }
}

/// The top-left `width` × `height` of `image` (the image itself when that is all of it).
private func crop(_ image: Pixmap, width: Int, height: Int) -> Pixmap? {
    if image.width == width && image.height == height { return image }
    var pixels = [UInt8]()
    pixels.reserveCapacity(width * height * 4)
    for y in 0..<height {
        let start = y * image.width * 4
        pixels += image.pixels[start..<(start + width * 4)]
    }
    return Pixmap(width: width, height: height, premultipliedPixels: pixels)
}

private func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.count == b.count && a.withUnsafeBytes { x in b.withUnsafeBytes { y in
        memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0
    } }
}

/// What happened to one pixel, as stored in `PixelComparison.classes`.
enum PixelClass: UInt8 {
    case same = 0, withinTolerance, antialiased, different
}

/// The per-pixel work shared by `compare` and the difference image. Both images have one size.
struct PixelComparison {
    var classes: [UInt8]
    var differing = 0
    var antialiased = 0
    /// Differing pixels that are an edge in one image and not in the other.
    var movedEdges = 0
    var largest = 0.0
    var largestAt: PixelLocation?

    init(expected: Pixmap, actual: Pixmap, tolerance: ComparisonTolerance) {
        let width = expected.width, height = expected.height
        var classes = [UInt8](repeating: PixelClass.same.rawValue, count: width * height)
        var differing = 0, antialiased = 0, movedEdges = 0, largest = 0.0
        var largestAt: PixelLocation?
        expected.pixels.withUnsafeBytes { expectedBytes in
            actual.pixels.withUnsafeBytes { actualBytes in
                expectedBytes.withMemoryRebound(to: UInt32.self) { e in
                    actualBytes.withMemoryRebound(to: UInt32.self) { a in
                        let one = PackedImage(pixels: e, width: width, height: height)
                        let other = PackedImage(pixels: a, width: width, height: height)
                        for i in 0..<e.count where e[i] != a[i] {
                            let difference = perceptualDifference(e[i], a[i])
                            let x = i % width, y = i / width
                            let kind: PixelClass
                            if difference <= tolerance.perPixel {
                                kind = .withinTolerance
                            } else if tolerance.ignoresAntialiasing
                                        && (isAntialiased(one, other, x: x, y: y) || isAntialiased(other, one, x: x, y: y)) {
                                kind = .antialiased
                                antialiased += 1
                            } else {
                                kind = .different
                                differing += 1
                                if isEdge(one, x: x, y: y) != isEdge(other, x: x, y: y) { movedEdges += 1 }
                            }
                            classes[i] = kind.rawValue
                            if kind != .antialiased && difference > largest {
                                largest = difference
                                largestAt = PixelLocation(x: x, y: y)
                            }
                        }
                    }
                }
            }
        }
        self.classes = classes; self.differing = differing; self.antialiased = antialiased
        self.movedEdges = movedEdges; self.largest = largest; self.largestAt = largestAt
    }
}

/// Whether a 4-neighbour's OKLab lightness differs from the pixel's by more than 0.15, or its
/// opacity by more than a quarter: an edge of text or of a shape (also a light card's outline on
/// transparency), rather than the inside of a flat area.
private func isEdge(_ image: PackedImage, x: Int, y: Int) -> Bool {
    let centre = image[x, y]
    let l = lightness(centre), alpha = channel(centre, 3)
    for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
    where nx >= 0 && ny >= 0 && nx < image.width && ny < image.height && image[nx, ny] != centre {
        let neighbour = image[nx, ny]
        if abs(channel(neighbour, 3) - alpha) > 64 || abs(lightness(neighbour) - l) > 0.15 { return true }
    }
    return false
}

// MARK: - Numbers for people (no Foundation formatters: the message must not depend on a locale)

/// 1234567 → "1,234,567".
func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
        out.append(digit)
    }
    return value < 0 ? "-" + out : out
}

/// 0.38149 → "0.38" (decimals ≥ 1, value ≥ 0).
func fixed(_ value: Double, decimals: Int) -> String {
    var scale = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    let fraction = String(scaled % scale)
    return "\(scaled / scale)." + String(repeating: "0", count: decimals - fraction.count) + fraction
}

/// "0.41%", or "<0.01%" for a non-zero share that would round to nothing.
func percentage(_ part: Int, of total: Int) -> String {
    let percent = total > 0 ? Double(part) * 100 / Double(total) : 0
    return part > 0 && percent < 0.005 ? "<0.01%" : fixed(percent, decimals: 2) + "%"
}
