import GronaSnapshots
import PNG
import Raster
import XCTest
@testable import Text

/// Golden images of text samples, in Snapshots/Text. A missing golden is recorded and the test fails
/// (so recording never passes silently); set TEXT_RECORD=1 to re-record all of them. Each golden
/// the test reads is claimed in the golden ledger, as `assertSnapshot` claims its own, so that
/// `grona-snap unused` never takes them for unused.
final class SampleImageTests: XCTestCase {
    static let samples: [(name: String, text: String, direction: TextDirection, width: Double, lines: Int, bold: Bool)] = [
        ("english", "Fresh croissants every weekend. Order now and get 20% off your first box!", .leftToRight, 240, 3, false),
        ("german-compound", "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen", .leftToRight, 150, 0, false),
        ("arabic", "مرحبا بكم في متجرنا! خصم عشرين بالمئة على طلبك الأول", .rightToLeft, 240, 3, false),
        ("hebrew", "ברוכים הבאים לחנות שלנו! הנחה של עשרים אחוז על ההזמנה הראשונה", .rightToLeft, 240, 3, false),
        ("mixed-bidi", "Sale: שלום 123 עולם and مرحبا 2024 — 50% off", .leftToRight, 300, 2, false),
        ("mixed-bidi-rtl", "מבצע: Order 3 items, שלם 2 בלבד ב-99.90 ₪", .rightToLeft, 300, 2, false),
        ("emoji", "Party 🎉 👩‍👩‍👧‍👦 👍🏽 🏳️‍🌈 🇩🇪 family time ❤️", .leftToRight, 300, 2, false),
        ("combining", "Zalgo: Z̴̢͖a̷͓̓l̶̬̈g̵̱̓ơ̸̙ — café résumé naïve ǹ̈ x̧̌", .leftToRight, 300, 2, false),
        ("truncated-rtl", "שלום עולם, זהו טקסט ארוך מאוד שצריך להיחתך בסוף השורה השנייה כי הוא ארוך מדי בשביל הבאנר הזה", .rightToLeft, 200, 2, false),
        ("bold", "Order now — اطلب الآن — הזמינו עכשיו 🛒", .leftToRight, 400, 1, true),
        ("truncated-ltr", "Fresh croissants every weekend. Order now and get 20% off your first box of pastries!", .leftToRight, 200, 2, false),
    ]

    func testSamples() throws {
        let engine = try makeEngine()
        let regular = try engine.systemFont()
        let bold = engine.boldFont(of: regular)
        let folder = packageRoot.appendingPathComponent("Snapshots/Text")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let recordAll = ProcessInfo.processInfo.environment["TEXT_RECORD"] == "1"
        let conflicts = GoldenLedger.claim(Self.samples.map { "Text/\($0.name).png" }, test: "TextTests.SampleImageTests/testSamples",
                                           module: "TextTests", snapshotsFolder: packageRoot.appendingPathComponent("Snapshots").path,
                                           exclusive: true)
        XCTAssertEqual(conflicts, [])
        for sample in Self.samples {
            let layout = try engine.layoutParagraph(text: sample.text, font: sample.bold ? bold : regular, sizeInPoints: 17, scale: 2,
                                                    maxWidthInPoints: sample.width, maxLines: sample.lines,
                                                    direction: sample.direction)
            let pixmap = try XCTUnwrap(render(layout, engine: engine))
            let png = Data(try encodePNG(pixmap))
            let url = folder.appendingPathComponent(sample.name + ".png")
            if recordAll || !FileManager.default.fileExists(atPath: url.path) {
                try png.write(to: url)
                XCTFail("recorded \(url.path)")
                continue
            }
            // Compared by decoded pixels, so a golden stays valid whichever encoder wrote it.
            let golden = try decodePNG([UInt8](try Data(contentsOf: url))).pixmap
            if golden != pixmap {
                let actual = folder.appendingPathComponent(sample.name + ".actual.png")
                try png.write(to: actual)
                XCTFail("\(sample.name) differs from its golden; wrote \(actual.path)")
            }
        }
    }
}
