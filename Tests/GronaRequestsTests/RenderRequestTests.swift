import Grona
import GronaRequests
import Raster
import XCTest

/// One snapshot's request as `render` and `POST /api/render` make it.
final class RenderRequestTests: XCTestCase {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// The service weighs a request before drawing it: with a phone frame, what it counts is the bare
    /// card's cost and the phone's picture, exactly as large as drawn, whatever the card's size,
    /// scale and margin.
    func testAPhoneFramesCostIsThePicturesDrawn() throws {
        let session = try RenderSession()
        for (name, overrides, padding) in [("acme-banner.json", EnvironmentOverrides(), 0.0),
                                           ("banner-image.json", EnvironmentOverrides(width: 600, scale: 2, textSize: .accessibilityExtraExtraExtraLarge), 40),
                                           ("dark-progress.json", EnvironmentOverrides(scale: 1, direction: .rtl), 12.5)] {
            let spec = try Specs.decode(fixtures + "/" + name, assetRoots: nil)
            var canvas = Canvas()
            canvas.padding = padding
            let request = try RenderRequest(spec: spec, overrides: overrides, canvas: canvas, frame: .phone)
            let (cost, renderer) = try request.costed(in: session)
            let drawn = try request.run(on: renderer, in: session)
            let card = drawn.snapshot.pixmap, picture = try decodePNGSize(drawn.png)
            // The bare card's cost (its pixels, and a decoded image's), and the phone's picture on top.
            let bare = try RenderRequest(spec: spec, overrides: overrides).costed(in: session).cost
            XCTAssertGreaterThanOrEqual(bare.heldPixels, card.width * card.height, name)
            XCTAssertEqual(cost.heldPixels, bare.heldPixels + picture.width * picture.height, name)
            XCTAssertGreaterThan(picture.width, card.width + Int(2 * padding), name)
            XCTAssertEqual(drawn.png, try request.run(in: session).png, "\(name): drawn with the kept layout or afresh, the same bytes")
        }
    }

    func testAFrameAndAnOverlayAreRefusedTogether() throws {
        let spec = try Specs.decode(fixtures + "/acme-banner.json", assetRoots: nil)
        XCTAssertThrowsError(try RenderRequest(spec: spec, overlay: .accessibility, frame: .phone)) { error in
            XCTAssertEqual("\(error)", "frame and overlay cannot be combined: a frame shows the card, not the accessibility picture")
        }
        XCTAssertThrowsError(try DeviceFrame.parse("tablet")) { error in
            XCTAssertEqual("\(error)", "\"tablet\" is not a frame; expected one of: phone")
        }
    }

    /// A request's own refusal of an option names the option, and each front end spells it: the
    /// command line `--padding: …`, the HTTP API `padding: …` (its query parameter), never the other's.
    /// (Through the service, the budget refuses such a canvas first: 48 Mpx held, the limit 64 Mpx.)
    func testARefusedOptionIsSpelledByEachFrontEnd() throws {
        XCTAssertThrowsError(try CanvasComposition.apply(Canvas(padding: 512)) { _ -> Pixmap? in nil }) { error in
            guard let refusal = error as? RequestError else { return XCTFail("\(error)") }
            XCTAssertEqual(refusal.description, "--padding: the canvas would be over the limit of \(Pixmap.maximumPixelCount) pixels")
            XCTAssertEqual(refusal.spelled(for: .http), "padding: the canvas would be over the limit of \(Pixmap.maximumPixelCount) pixels")
        }
        // A refusal about a place in a spec keeps its file and path before the option.
        var placed = RequestError(.frame, "too wide")
        placed.file = "a.json"
        XCTAssertEqual(placed.spelled(for: .http), "a.json: frame: too wide")
        XCTAssertEqual(placed.description, "a.json: --frame: too wide")
    }

    /// The width and height an encoded PNG's header gives.
    private func decodePNGSize(_ png: [UInt8]) throws -> (width: Int, height: Int) {
        XCTAssertEqual(Array(png[12..<16]), Array("IHDR".utf8))
        func word(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }
}
