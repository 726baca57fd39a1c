import Foundation
import Raster
import Text
import XCTest
@testable import Grona

/// The contact sheet is a scene drawn by the renderer that draws every card: its snapshots are
/// `.pixels` items sharing the cells' pixels, placed on whole pixels at any scale.
final class ContactSheetSceneTests: XCTestCase {
    var engine: TextEngine!

    override func setUpWithError() throws {
        engine = try TextEngine(fontsDirectory: Package.fonts)
    }

    /// dark-banner in light and dark at L and AX5, each cell with its findings (badges and a legend).
    private func sheet(scale: Int) throws -> ContactSheet {
        let spec = try Package.fixture("dark-banner")
        var cells: [ContactSheet.Cell] = []
        for size in [TextSize.large, .accessibilityExtraExtraExtraLarge] {
            for appearance in [Appearance.light, .dark] {
                let snapshot = try renderFresh(spec, environment(size, appearance, .ltr, scale: scale), engine: engine)
                cells.append(ContactSheet.Cell(image: snapshot.pixmap, label: "\(size.shortName) · \(appearance.rawValue)",
                                               isDark: appearance == .dark, findings: snapshot.report.findings))
            }
        }
        return ContactSheet(cells: cells, columns: 2, rowHeaders: ["L", "AX5"], columnHeaders: ["light", "dark"],
                            scale: scale)
    }

    func testTheSheetIsDrawnFromItsScene() throws {
        for scale in Environment.scales {
            let sheet = try sheet(scale: scale)
            let scene = try sheet.scene(engine: engine)
            XCTAssertEqual(scene.scale, scale)
            guard case .fill(let page, let colour)? = scene.items.first else { return XCTFail("the page comes first") }
            XCTAssertEqual(colour, ContactSheet.page)
            XCTAssertEqual(page.rect, Rect(x: 0, y: 0, width: scene.width, height: scene.height))
            let drawn = try sheet.draw(engine: engine)
            XCTAssertEqual(drawn, try SceneRenderer(engine: engine).draw(scene), "@\(scale)x")
            XCTAssertEqual([drawn.width, drawn.height], [scene.pixelWidth, scene.pixelHeight])
            XCTAssertTrue(sheet.cells.contains { !$0.badges.isEmpty }, "the fixture has findings, so badges and a legend")
        }
    }

    func testSnapshotsShareTheCellsPixelsAndLandOnWholePixels() throws {
        for scale in Environment.scales {
            let sheet = try sheet(scale: scale)
            let scene = try sheet.scene(engine: engine)
            let placed = scene.items.compactMap { item -> (Pixmap, Point)? in
                if case .pixels(let image, let origin) = item { return (image, origin) } else { return nil }
            }
            XCTAssertEqual(placed.count, sheet.cells.count, "one snapshot per cell")
            let drawn = try sheet.draw(engine: engine)
            let s = Double(scale)
            for ((image, origin), cell) in zip(placed, sheet.cells) {
                // The scene holds the cell's buffer, not a copy of it.
                let shared = image.pixels.withUnsafeBufferPointer { a in
                    cell.image.pixels.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
                }
                XCTAssertTrue(shared, "@\(scale)x: \(cell.label)")
                // Points × scale is a whole pixel exactly: the grid is in pixels.
                let x = origin.x * s, y = origin.y * s
                XCTAssertEqual(x, x.rounded()); XCTAssertEqual(y, y.rounded())
                // The snapshot's rows are on the sheet unchanged (copied, not resampled): its middle
                // rows, where the card is opaque from edge to edge, byte for byte.
                let (x0, y0) = (Int(x), Int(y)), rowBytes = image.width * 4
                var differing = 0
                for row in (image.height / 4)..<(3 * image.height / 4) {
                    let same = image.pixels.withUnsafeBytes { a in
                        drawn.pixels.withUnsafeBytes { b in
                            memcmp(a.baseAddress! + row * rowBytes, b.baseAddress! + ((y0 + row) * drawn.width + x0) * 4,
                                   rowBytes) == 0
                        }
                    }
                    if !same { differing += 1 }
                }
                XCTAssertEqual(differing, 0, "@\(scale)x: \(cell.label): rows that differ")
            }
        }
    }
}
