import XCTest
@testable import Raster

final class CompositeTests: XCTestCase {
    private func pixel(_ p: Pixmap, _ x: Int, _ y: Int) -> [UInt8] {
        Array(p.pixels[(y * p.width + x) * 4 ..< (y * p.width + x) * 4 + 4])
    }

    /// Float source-over of straight colours, premultiplied, the expected bytes rounded.
    private func expectedOver(_ s: Color, _ d: Color) -> [Double] {
        let sa = Double(s.a) / 255, da = Double(d.a) / 255
        func ch(_ sc: UInt8, _ dc: UInt8) -> Double { Double(sc) * sa + Double(dc) * da * (1 - sa) }
        return [ch(s.r, d.r), ch(s.g, d.g), ch(s.b, d.b), (sa + da * (1 - sa)) * 255]
    }

    func testSourceOverOfHalfTransparentColours() {
        let cases: [(Color, Color)] = [
            (Color(r: 0, g: 0, b: 0, a: 128), .white),
            (Color(r: 255, g: 0, b: 0, a: 128), Color(r: 0, g: 0, b: 255, a: 128)),
            (Color(r: 10, g: 200, b: 90, a: 77), Color(r: 250, g: 128, b: 3, a: 200)),
            (Color(r: 255, g: 255, b: 255, a: 255), Color(r: 0, g: 0, b: 0, a: 60)),
        ]
        for (src, dst) in cases {
            guard var p = Pixmap(width: 4, height: 4) else { return XCTFail() }
            p.fill(Rect(x: 0, y: 0, width: 4, height: 4), color: dst)
            p.fill(Rect(x: 0, y: 0, width: 4, height: 4), color: src)
            let got = pixel(p, 2, 2), want = expectedOver(src, dst)
            for c in 0..<4 { XCTAssertEqual(Double(got[c]), want[c], accuracy: 1.0, "\(src) over \(dst), channel \(c)") }
        }
        // The textbook numbers: black at alpha 128 over white is grey 127, opaque.
        guard var p = Pixmap(width: 1, height: 1) else { return XCTFail() }
        p.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: .white)
        p.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: Color(r: 0, g: 0, b: 0, a: 128))
        XCTAssertEqual(p.pixels, [127, 127, 127, 255])
    }

    /// The two-channels-per-multiply blend agrees with the per-channel formula on valid premultiplied pixels.
    func testPackedBlendMatchesPerChannelArithmetic() {
        var pixel: [UInt8] = [0, 0, 0, 0]
        for sa in stride(from: 0, through: 255, by: 5) {
            for da in stride(from: 0, through: 255, by: 3) {
                let src = PremultipliedColor(r: UInt32(sa), g: UInt32(sa / 2), b: UInt32(sa / 7), a: UInt32(sa))
                let dst: [UInt8] = [UInt8(da), UInt8(da / 3), UInt8(da), UInt8(da)]
                pixel = dst
                pixel.withUnsafeMutableBufferPointer { blend($0.baseAddress!, src) }
                let inv = 255 - UInt32(sa)
                let want = zip([src.r, src.g, src.b, src.a], dst).map { UInt8($0 + div255(UInt32($1) * inv)) }
                XCTAssertEqual(pixel, want, "src alpha \(sa), dst alpha \(da)")
            }
        }
        XCTAssertEqual(div255(255 * 255), 255)
        XCTAssertEqual(div255(128 * 255), 128)
        XCTAssertEqual(div255(127), 0)
        XCTAssertEqual(div255(128), 1)
    }

    func testPartialCoverageScalesTheSource() {
        guard var p = Pixmap(width: 4, height: 1) else { return XCTFail() }
        // Half of pixel 0 and all of pixels 1…2; pixel 3 untouched.
        p.fill(Rect(x: 0.5, y: 0, width: 2.5, height: 1), color: Color(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(pixel(p, 0, 0), [128, 0, 0, 128])
        XCTAssertEqual(pixel(p, 1, 0), [255, 0, 0, 255])
        XCTAssertEqual(pixel(p, 3, 0), [0, 0, 0, 0])
        // A translucent colour at half coverage: alpha 200 · 0.5.
        guard var q = Pixmap(width: 1, height: 1) else { return XCTFail() }
        q.fill(Rect(x: 0, y: 0, width: 1, height: 0.5), color: Color(r: 255, g: 255, b: 255, a: 200))
        XCTAssertEqual(pixel(q, 0, 0), [100, 100, 100, 100])
    }

    func testTransparentColourLeavesPixelsAlone() {
        guard var p = Pixmap(width: 3, height: 3) else { return XCTFail() }
        p.fill(Rect(x: 0, y: 0, width: 3, height: 3), color: Color(r: 9, g: 8, b: 7, a: 255))
        let before = p
        p.fillRoundedRect(Rect(x: 0, y: 0, width: 3, height: 3), radii: CornerRadii(1), color: .transparent)
        XCTAssertEqual(p, before)
    }

    func testMaskBlitClipsAtEveryEdge() {
        // A 3×3 mask of coverage 255 with a 128 centre, placed so it hangs over each side in turn.
        let mask = CoverageMask(width: 3, height: 3, coverage: [255, 255, 255, 255, 128, 255, 255, 255, 255])
        let red = Color(r: 255, g: 0, b: 0)
        for (x, y) in [(-1, -1), (3, -2), (-2, 3), (3, 3), (1, 1)] {
            guard var p = Pixmap(width: 5, height: 5) else { return XCTFail() }
            p.blit(mask: mask, at: x, y: y, color: red)
            for py in 0..<5 {
                for px in 0..<5 {
                    let mx = px - x, my = py - y
                    let inside = (0..<3).contains(mx) && (0..<3).contains(my)
                    let a: UInt8 = !inside ? 0 : (mx == 1 && my == 1 ? 128 : 255)
                    XCTAssertEqual(pixel(p, px, py), [a, 0, 0, a], "mask at (\(x), \(y)), pixel (\(px), \(py))")
                }
            }
        }
        // Far away or at extreme offsets: nothing drawn, nothing trapped.
        guard var p = Pixmap(width: 5, height: 5) else { return XCTFail() }
        p.blit(mask: mask, at: Int.max - 1, y: 0, color: red)
        p.blit(mask: mask, at: Int.min, y: Int.min, color: red)
        p.blit(mask: mask, at: -3, y: 0, color: red)
        XCTAssertEqual(p.pixels.max(), 0)
    }

    func testMaskBlitBlendsTranslucentColour() {
        guard var p = Pixmap(width: 1, height: 1) else { return XCTFail() }
        p.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: .white)
        p.blit(mask: CoverageMask(width: 1, height: 1, coverage: [128]), at: 0, y: 0, color: .black)
        XCTAssertEqual(p.pixels, [127, 127, 127, 255])
    }
}
