// The picture shown when a snapshot test fails: expected | difference | actual, side by side.
//
// The middle panel is a faded grey copy of the expected image (so the layout stays recognisable)
// with differing pixels in strong red and pixels ignored as anti-aliasing in yellow. Pixels that
// changed by less than the tolerance are pink: amplified, so a change far below a visible
// difference (a brand colour nudged one step) still shows where it is, beside what failed. When the sizes
// differ, the middle panel covers both images: the area they share (aligned top-leading) is
// compared pixel by pixel as above, so text that moved is marked there too, and where only one of
// them has pixels it is red.
// Panels are separated by a mid-grey gutter; the expected and actual panels are the images
// unchanged (transparent stays transparent).
import Raster

/// Gap between panels, in pixels.
let differencePanelGutter = 4

/// Builds the three-panel image; nil only when it would exceed `Pixmap.maximumPixelCount`.
package func makeDifferenceImage(expected: Pixmap, actual: Pixmap,
                                tolerance: ComparisonTolerance = .default) -> Pixmap? {
    let middleWidth = max(expected.width, actual.width), height = max(expected.height, actual.height)
    let gutter = differencePanelGutter
    let width = expected.width + gutter + middleWidth + gutter + actual.width
    guard var canvas = Pixmap(width: width, height: height) else { return nil }

    // Pixel classes over the shared area, `sharedWidth` wide (all of both images when they agree).
    let shared = SharedArea(expected, actual)
    let classes = shared.map { PixelComparison(expected: $0.expected, actual: $0.actual, tolerance: tolerance).classes }
    let sharedWidth = min(expected.width, actual.width)
    let middleX = expected.width + gutter
    canvas.pixels.withUnsafeMutableBufferPointer { out in
        func put(_ x: Int, _ y: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) {
            let i = (y * width + x) * 4
            out[i] = rgba.0; out[i + 1] = rgba.1; out[i + 2] = rgba.2; out[i + 3] = rgba.3
        }
        let gutterColour: (UInt8, UInt8, UInt8, UInt8) = (128, 128, 128, 255)
        for y in 0..<height {
            for x in expected.width..<middleX { put(x, y, gutterColour) }
            for x in (middleX + middleWidth)..<(middleX + middleWidth + gutter) { put(x, y, gutterColour) }
        }
        copy(expected, into: out, canvasWidth: width, atX: 0)
        copy(actual, into: out, canvasWidth: width, atX: middleX + middleWidth + gutter)

        expected.pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                for x in 0..<middleWidth {
                    let inExpected = x < expected.width && y < expected.height
                    let inActual = x < actual.width && y < actual.height
                    if !inExpected && !inActual { continue }   // outside both: transparent
                    if inExpected != inActual { put(middleX + x, y, (255, 0, 0, 255)); continue }
                    switch classes.map({ PixelClass(rawValue: $0[y * sharedWidth + x]) }) ?? .same {
                    case .different: put(middleX + x, y, (255, 0, 0, 255))
                    case .antialiased: put(middleX + x, y, (255, 214, 0, 255))
                    case .withinTolerance: put(middleX + x, y, (255, 150, 220, 255))
                    default:
                        let i = (y * expected.width + x) * 4
                        let grey = fadedGrey(source[i], source[i + 1], source[i + 2], source[i + 3])
                        put(middleX + x, y, (grey, grey, grey, 255))
                    }
                }
            }
        }
    }
    return canvas
}

/// Copies `image` row by row into the canvas at column `x`, row 0.
private func copy(_ image: Pixmap, into canvas: UnsafeMutableBufferPointer<UInt8>, canvasWidth: Int, atX x: Int) {
    image.pixels.withUnsafeBufferPointer { source in
        let rowBytes = image.width * 4
        for y in 0..<image.height {
            let target = canvas.baseAddress! + (y * canvasWidth + x) * 4
            target.update(from: source.baseAddress! + y * rowBytes, count: rowBytes)
        }
    }
}

/// The pixel over white, reduced to luma and pulled three quarters of the way to white.
private func fadedGrey(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt8 {
    let white = 255 - Int(a)
    let luma = (54 * min(255, Int(r) + white) + 183 * min(255, Int(g) + white) + 19 * min(255, Int(b) + white)) / 256
    return UInt8(255 - (255 - luma) / 4)
}
