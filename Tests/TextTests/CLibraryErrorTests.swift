import Foundation
import Raster
import XCTest
@testable import Text

/// The C libraries' failures, each made into a `TextError` in one place (`FreeType.check`,
/// `HarfBuzz.check`, `ICU.check`), reach the caller named: never an empty glyph or another layout.
final class CLibraryErrorTests: XCTestCase {
    private func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("c-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    func testEachHelperMapsAFailingStatusToAnErrorNamingTheCall() throws {
        XCTAssertNoThrow(try FreeType.check(0, "FT_Load_Glyph"))
        XCTAssertThrowsError(try FreeType.check(0x10, "FT_Load_Glyph")) { error in
            XCTAssertEqual(error as? TextError, .freeType(call: "FT_Load_Glyph", error: 0x10))
            XCTAssertEqual("\(error)", "FreeType's FT_Load_Glyph failed: invalid glyph index (error 0x10)")
        }
        XCTAssertEqual(FreeType.errorName(0x02), "unknown file format")
        XCTAssertEqual(FreeType.errorName(0x55), "invalid stream operation")
        XCTAssertEqual(FreeType.errorName(0xEE), "unknown error")

        XCTAssertNoThrow(try HarfBuzz.check(true, "hb_face_create"))
        XCTAssertThrowsError(try HarfBuzz.check(false, "hb_face_create")) { error in
            XCTAssertEqual(error as? TextError, .harfBuzz(call: "hb_face_create"))
            XCTAssertEqual("\(error)", "HarfBuzz's hb_face_create failed")
        }

        XCTAssertNoThrow(try ICU.check(0, "cu_bidi_levels"))
        XCTAssertThrowsError(try ICU.check(-3, "cu_bidi_levels")) { error in
            XCTAssertEqual(error as? TextError, .unicode(call: "cu_bidi_levels", status: -3))
            XCTAssertEqual("\(error)", "ICU's cu_bidi_levels failed (status -3)")
        }
    }

    func testAFileThatIsNoFontNamesFreeTypesCall() throws {
        let engine = try makeEngine()
        let path = try temporaryFile("not-a-font.otf", Array("just some text, no tables".utf8))
        XCTAssertThrowsError(try engine.font(atPath: path)) { error in
            // Each of FreeType's drivers refuses the file; the error is the last one's.
            XCTAssertEqual(error as? TextError, .unreadableFontFile(path, .freeType(call: "FT_New_Memory_Face", error: 0x55)))
            XCTAssertEqual("\(error)", "not a readable font file: \(path) (FreeType's FT_New_Memory_Face failed: invalid stream operation (error 0x55))")
        }
    }

    func testATruncatedFontNamesTheCallThatFailed() throws {
        let engine = try makeEngine()
        let inter = try Array(Data(contentsOf: URL(fileURLWithPath: fontsDirectory + "/Inter-Regular.otf")))
        let path = try temporaryFile("truncated.otf", Array(inter.prefix(600)))
        XCTAssertThrowsError(try engine.font(atPath: path)) { error in
            guard case .unreadableFontFile(path, let cause)? = error as? TextError else {
                return XCTFail("\(error)")
            }
            switch cause {
            case .freeType(let call, let code): XCTAssertEqual(call, "FT_New_Memory_Face"); XCTAssertNotEqual(code, 0)
            case .harfBuzz(let call): XCTAssertEqual(call, "hb_face_create")
            default: XCTFail("\(cause)")
            }
        }
    }

    /// A glyph FreeType cannot load is an error from `glyphImage` and `draw`, not an empty image
    /// that would pass for a space.
    func testAGlyphThatCannotBeRenderedIsAnError() throws {
        let engine = try makeEngine()
        let layout = try engine.layoutParagraph(text: "H", font: try engine.systemFont(), sizeInPoints: 17, scale: 2,
                                                maxWidthInPoints: .infinity, maxLines: 1, direction: .leftToRight)
        let h = try XCTUnwrap(layout.glyphs.first)
        XCTAssertNotNil(try engine.glyphImage(for: h))
        let beyond = PositionedGlyph(id: 60_000, x: h.x, y: h.y, face: h.face, pixelSize: h.pixelSize, isColor: false)
        XCTAssertThrowsError(try engine.glyphImage(for: beyond)) { error in
            // Inter is a CFF font: its driver calls a glyph index past the last one an invalid argument.
            XCTAssertEqual(error as? TextError, .freeType(call: "FT_Load_Glyph", error: 0x06))
        }
        var pixmap = try XCTUnwrap(Pixmap(width: 40, height: 40))
        XCTAssertThrowsError(try engine.draw(beyond, into: &pixmap, originX: 0, originY: 0, color: .black))
        // The failure is not remembered as an empty glyph: it fails again.
        XCTAssertThrowsError(try engine.glyphImage(for: beyond))
    }

    func testACodePointSetOfAMissingFileNamesHarfBuzzsCall() {
        XCTAssertThrowsError(try HarfBuzz.CodePointSet(charactersOfFileAt: "/nonexistent/font.otf")) { error in
            XCTAssertEqual(error as? TextError, .harfBuzz(call: "hb_blob_create_from_file_or_fail"))
        }
        XCTAssertEqual(WebFonts.characters(of: "/nonexistent/font.otf").ranges, [])
    }
}
