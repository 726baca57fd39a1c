// Telling anti-aliased edge pixels from real changes (the approach of pixelmatch, after
// "Anti-aliased Pixel and Intensity Slope Detector" by V. Vyšniauskas, 2009).
//
// When an edge moves by a fraction of a pixel, the pixels along it change colour although nothing
// visible changed. Such a pixel is a blend of the two sides of the edge: among its eight neighbours
// there are both darker and brighter ones, and no more than two neighbours of exactly its colour
// (an edge pixel is not inside a flat area). And the darkest or the brightest neighbour is itself
// part of a solid region — it has three or more identical neighbours — in BOTH images, i.e. the
// regions on either side of the edge exist in both and only the blend between them moved. A pixel
// that passes this test, seen from either image, is counted as anti-aliasing and not as a change.
//
// One more condition, which pixelmatch lacks: what the other image has at that pixel must also
// look like a moved edge — a blend (no more than two neighbours of its exact colour) or exactly the
// colour of one of the two sides. Without it, a flat patch pasted over text (a changed block, a
// badge drawn over a label) has its pixels on the text's edges excused, because the patch itself
// is a "solid region in both images"; with it, every pixel of the patch counts.
//
// The lightness used to order neighbours is OKLab L of the pixel over white.

/// Pixels as packed UInt32 (see `channel`), rows packed, with the image's size.
struct PackedImage {
    let pixels: UnsafeBufferPointer<UInt32>
    let width: Int
    let height: Int

    @inline(__always) subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }
}

/// Whether pixel (x, y) of `image` looks like an anti-aliased edge pixel, given `other` (same size).
func isAntialiased(_ image: PackedImage, _ other: PackedImage, x: Int, y: Int) -> Bool {
    let x0 = max(x - 1, 0), x1 = min(x + 1, image.width - 1)
    let y0 = max(y - 1, 0), y1 = min(y + 1, image.height - 1)
    // A pixel on the image border counts one missing neighbour as "same colour".
    var sameColour = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
    let centre = image[x, y]
    let centreLightness = lightness(centre)
    var darkest = 0.0, brightest = 0.0
    var darkestAt = (x, y), brightestAt = (x, y)

    for ny in y0...y1 {
        for nx in x0...x1 where nx != x || ny != y {
            let neighbour = image[nx, ny]
            let delta = neighbour == centre ? 0 : lightness(neighbour) - centreLightness
            if delta == 0 {
                sameColour += 1
                if sameColour > 2 { return false }
            } else if delta < darkest {
                darkest = delta
                darkestAt = (nx, ny)
            } else if delta > brightest {
                brightest = delta
                brightestAt = (nx, ny)
            }
        }
    }
    if darkest == 0 || brightest == 0 { return false }
    let counterpart = other[x, y]
    if hasManySiblings(other, x, y) && counterpart != image[darkestAt.0, darkestAt.1]
        && counterpart != image[brightestAt.0, brightestAt.1] {
        return false   // inside a flat patch of another colour: a change, not a moved edge
    }
    return (hasManySiblings(image, darkestAt.0, darkestAt.1) && hasManySiblings(other, darkestAt.0, darkestAt.1))
        || (hasManySiblings(image, brightestAt.0, brightestAt.1) && hasManySiblings(other, brightestAt.0, brightestAt.1))
}

/// Whether pixel (x, y) has three or more neighbours of exactly its colour (part of a flat region).
private func hasManySiblings(_ image: PackedImage, _ x: Int, _ y: Int) -> Bool {
    let x0 = max(x - 1, 0), x1 = min(x + 1, image.width - 1)
    let y0 = max(y - 1, 0), y1 = min(y + 1, image.height - 1)
    var same = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
    let centre = image[x, y]
    for ny in y0...y1 {
        for nx in x0...x1 where (nx != x || ny != y) && image[nx, ny] == centre {
            same += 1
            if same > 2 { return true }
        }
    }
    return false
}
