import Foundation
import Raster
import Text
import XCTest
@testable import Grona

/// Frames of the reveal and progress-fill animations, and Reduce Motion, through the renderer.
final class MotionRenderTests: XCTestCase {
    var engine: TextEngine!

    override func setUpWithError() throws {
        engine = try TextEngine(fontsDirectory: Package.fonts)
    }

    private func frame(_ spec: Spec, time: Double?, reduceMotion: Bool = false) throws -> Snapshot {
        try renderFresh(spec, environment(.large, .light, .ltr, time: time, reduceMotion: reduceMotion), engine: engine)
    }

    func testRevealFadesAndSlidesIntoTheFinalFrame() throws {
        let spec = try Package.fixture("default-banner")
        let final = try frame(spec, time: nil)
        let frames = try [0, 0.1, 0.2, 1.0].map { try frame(spec, time: $0) }
        // t = 0: nothing is visible yet.
        XCTAssertFalse(frames[0].pixmap.pixels.contains { $0 != 0 }, "the first frame is fully transparent")
        XCTAssertEqual(frames[0].scene.opacity, 0)
        XCTAssertEqual(frames[0].scene.offsetY, -Motion.revealDistance)
        // Mid-reveal frames differ from each other and from the end, fading in and sliding down.
        XCTAssertNotEqual(frames[1].pixmap, frames[2].pixmap)
        XCTAssertNotEqual(frames[2].pixmap, final.pixmap)
        let opacities = frames.map(\.scene.opacity), offsets = frames.map(\.scene.offsetY)
        XCTAssertEqual(opacities, opacities.sorted())
        XCTAssertEqual(offsets, offsets.sorted())
        XCTAssertTrue(0 < opacities[1] && opacities[1] < opacities[2] && opacities[2] < 1, "\(opacities)")
        XCTAssertTrue(-16 < offsets[1] && offsets[1] < offsets[2] && offsets[2] < 0, "\(offsets)")
        // In pixels: the card's centre is partly transparent, and its bottom row has moved up out of sight.
        let (cx, cy) = (final.pixmap.width / 2, final.pixmap.height / 2)
        let alphas = frames.map { $0.pixmap.alpha(cx, cy) }
        XCTAssertTrue(alphas[1] > 0 && alphas[1] < alphas[2] && alphas[2] < 255, "\(alphas)")
        XCTAssertEqual(frames[1].pixmap.alpha(cx, final.pixmap.height - 1), 0)
        XCTAssertEqual(final.pixmap.alpha(cx, final.pixmap.height - 1), 255)
        // The reveal is over by 0.35 s: t = 1 is the final frame, pixel for pixel, with the same report.
        XCTAssertEqual(frames[3].pixmap, final.pixmap)
        XCTAssertEqual(frames[3].report, final.report)
    }

    func testProgressFillGrowsAndTurnsToTheAccentAtTheFirstTier() throws {
        // Value 42 of 60, first tier at 30: primary #0A408C until the animated fill passes 30, then accent #FFC233.
        let spec = try Package.fixture("progress-after-tier")
        let primary = hex(0x0A408C), accent = hex(0xFFC233)
        var previous = -1
        var colours: [Color] = []
        for time in [0.35, 0.6, 0.8, 1.0, 1.2] {
            let snapshot = try frame(spec, time: time)
            let track = try XCTUnwrap(fills(snapshot.scene).first { $0.shape.rect.height == ProgressBarLayout.trackHeight })
            let row = Int((track.shape.rect.y + track.shape.rect.height / 2) * 3)
            let filled = (0..<snapshot.pixmap.width).filter {
                let c = snapshot.pixmap.color($0, row)
                return close(c, primary, 0) || close(c, accent, 0)
            }
            XCTAssertGreaterThan(filled.count, previous, "t = \(time): the fill grows")
            previous = filled.count
            if let first = filled.first { colours.append(snapshot.pixmap.color(first, row)) } else { colours.append(.transparent) }
        }
        XCTAssertEqual(colours[0], .transparent, "nothing is filled when the fill starts")
        XCTAssertEqual(colours[1], primary)
        XCTAssertEqual(colours[2], primary)
        XCTAssertEqual(colours[3], accent)
        XCTAssertEqual(colours[4], accent)
        // The fill lasts until 1.15 s: 1.2 s is the final frame.
        XCTAssertEqual(try frame(spec, time: 1.2).pixmap, try frame(spec, time: nil).pixmap)
        XCTAssertNotEqual(try frame(spec, time: 1.0).pixmap, try frame(spec, time: nil).pixmap)
    }

    func testReduceMotionDrawsTheFinalFrameAtEveryTime() throws {
        for name in ["default-banner", "progress-after-tier", "message-star"] {
            let spec = try Package.fixture(name)
            let final = try frame(spec, time: nil)
            for time in [0, 0.1, 0.2, 0.5, 1.0] {
                let reduced = try frame(spec, time: time, reduceMotion: true)
                XCTAssertEqual(reduced.pixmap, final.pixmap, "\(name) at \(time) s with Reduce Motion")
                XCTAssertEqual(reduced.scene.opacity, 1)
                XCTAssertEqual(reduced.scene.offsetY, 0)
            }
            // Without Reduce Motion the same times are animation frames.
            XCTAssertNotEqual(try frame(spec, time: 0.1).pixmap, final.pixmap, name)
        }
    }
}
