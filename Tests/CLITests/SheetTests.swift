import Foundation
import Grona
import Raster
import Text
import XCTest
import TestSupport

/// Contact sheets: the grid's geometry, labels and headers, and the `sheet` command.
final class SheetTests: XCTestCase {
    /// A solid, opaque cell whose colour says which it is.
    func cell(_ index: Int, dark: Bool) -> ContactSheet.Cell {
        var pixels = [UInt8](repeating: 255, count: 100 * 50 * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = UInt8(index * 10); pixels[i + 1] = 7; pixels[i + 2] = 201
        }
        return ContactSheet.Cell(image: Pixmap(width: 100, height: 50, premultipliedPixels: pixels)!,
                                 label: "cell \(index)", isDark: dark)
    }

    struct Box { var x = 0, y = 0, width = 0, height = 0, count = 0 }

    /// For each cell, the bounding box of the pixels of its colour, and how many there are.
    func find(_ count: Int, in sheet: Pixmap) -> [Box] {
        var x0 = [Int](repeating: Int.max, count: count), y0 = x0
        var x1 = [Int](repeating: -1, count: count), y1 = x1, found = [Int](repeating: 0, count: count)
        for y in 0..<sheet.height {
            for x in 0..<sheet.width {
                let p = pixel(sheet, x, y)
                guard p[1] == 7, p[2] == 201, p[3] == 255, p[0] % 10 == 0, Int(p[0]) / 10 < count else { continue }
                let i = Int(p[0]) / 10
                x0[i] = min(x0[i], x); y0[i] = min(y0[i], y); x1[i] = max(x1[i], x); y1[i] = max(y1[i], y)
                found[i] += 1
            }
        }
        return (0..<count).map { Box(x: x0[$0], y: y0[$0], width: x1[$0] - x0[$0] + 1, height: y1[$0] - y0[$0] + 1, count: found[$0]) }
    }

    /// Pixels in a rectangle that are not `background` (ink of labels and headers).
    func ink(_ sheet: Pixmap, x: Int, y: Int, width: Int, height: Int, background: [UInt8]) -> [[UInt8]] {
        var found: [[UInt8]] = []
        for yy in y..<(y + height) { for xx in x..<(x + width) where pixel(sheet, xx, yy) != background { found.append(pixel(sheet, xx, yy)) } }
        return found
    }

    func testTwelveByTwoGrid() throws {
        let engine = try TextEngine(fontsDirectory: packageRoot + "/Fonts")
        let cells = (0..<24).map { cell($0, dark: $0 % 2 == 1) }
        let sheet = try ContactSheet(cells: cells, columns: 2, scale: 1).draw(engine: engine)
        let boxes = find(24, in: sheet)
        // Every snapshot is there whole and unscaled.
        for box in boxes { XCTAssertEqual([box.width, box.height, box.count], [100, 50, 5000]) }
        // Margin 24 + tile padding 12; the second column one tile (100 + 2 × 12) and a gap (16) on.
        XCTAssertEqual(Set(boxes.enumerated().filter { $0.offset % 2 == 0 }.map(\.element.x)), [36])
        XCTAssertEqual(Set(boxes.enumerated().filter { $0.offset % 2 == 1 }.map(\.element.x)), [176])
        XCTAssertEqual(sheet.width, 176 + 100 + 12 + 24)
        let rowStep = boxes[2].y - boxes[0].y
        for row in 0..<12 {
            XCTAssertEqual(boxes[2 * row].y, boxes[0].y + row * rowStep)
            XCTAssertEqual(boxes[2 * row + 1].y, boxes[2 * row].y)
        }
        XCTAssertEqual(sheet.height, boxes[22].y + 50 + 12 + 24)
        // Each label sits between the tile's top padding and its snapshot: ink on the tile colour,
        // dark on light tiles and light on dark ones.
        for (index, box) in boxes.enumerated() {
            let dark = index % 2 == 1
            let tile: [UInt8] = dark ? [0x3C, 0x3C, 0x41, 255] : [0xE6, 0xE6, 0xEB, 255]
            XCTAssertEqual(pixel(sheet, box.x - 6, box.y + 20), tile)
            // The label line (13 pt Inter, 16 px tall at @1x) ends 8 px above the snapshot.
            let labelInk = ink(sheet, x: box.x, y: box.y - 8 - 16, width: 100, height: 16, background: tile)
            XCTAssertGreaterThan(labelInk.count, 40, "cell \(index)")
            let brightest = labelInk.map { Int($0[0]) + Int($0[1]) + Int($0[2]) }
            if dark { XCTAssertGreaterThan(brightest.max() ?? 0, 3 * 0xC0) } else { XCTAssertLessThan(brightest.min() ?? 999, 3 * 0x70) }
        }
    }

    func testHeadersMoveTheGridAndHaveInk() throws {
        let engine = try TextEngine(fontsDirectory: packageRoot + "/Fonts")
        let cells = (0..<4).map { cell($0, dark: $0 % 2 == 1) }
        let plain = try ContactSheet(cells: cells, columns: 2, scale: 1).draw(engine: engine)
        let headed = try ContactSheet(cells: cells, columns: 2, rowHeaders: ["xS", "AX5"],
                                      columnHeaders: ["light", "dark"], scale: 1).draw(engine: engine)
        let a = find(1, in: plain)[0], b = find(1, in: headed)[0]
        XCTAssertGreaterThan(b.x, a.x)
        XCTAssertGreaterThan(b.y, a.y)
        let page: [UInt8] = [0xD4, 0xD4, 0xD9, 255]
        // Row headers left of the tiles, column headers above them.
        XCTAssertGreaterThan(ink(headed, x: 0, y: b.y - 40, width: b.x - 12, height: 40, background: page).count, 20)
        XCTAssertGreaterThan(ink(headed, x: b.x, y: 0, width: 100, height: b.y - 12 - 30, background: page).count, 20)
        XCTAssertEqual(ink(plain, x: 0, y: 0, width: plain.width, height: 24, background: page).count, 0)
    }

    func testSheetCommand() throws {
        let root = try temporaryFolder()
        let spec = fixtures + "/dark-progress.json"
        let grid = try snap("sheet", spec, "-o", root + "/grid.png", "--text-sizes", "all",
                            "--appearances", "light,dark", "--directions", "ltr", "--scale", "1")
        XCTAssertEqual(grid.status, 0, grid.stderr)
        let sheet = try image(root + "/grid.png")
        // Two columns of 358 pt tiles (+ 2 × 12 padding), a gap, margins, and a row-header column.
        let headerColumn = sheet.width - (24 + 2 * 382 + 16 + 24)
        XCTAssertTrue((12...60).contains(headerColumn), "header column \(headerColumn)")
        XCTAssertGreaterThan(sheet.height, 12 * 150)

        // Four to a row, no headers: the width is exact.
        let wrapped = try snap("sheet", spec, "-o", root + "/wrapped.png", "--text-sizes", "xS,L,AX5",
                               "--columns", "4", "--scale", "1")
        XCTAssertEqual(wrapped.status, 0, wrapped.stderr)
        XCTAssertEqual(try image(root + "/wrapped.png").width, 24 + 4 * 382 + 3 * 16 + 24)

        let conflict = try snap("sheet", spec, "-o", root + "/x.png", "--text-sizes", "all", "--text-size", "L")
        XCTAssertEqual(conflict.status, 2)
        let badSize = try snap("sheet", spec, "-o", root + "/x.png", "--text-sizes", "xS,huge")
        XCTAssertEqual(badSize.status, 2)
        XCTAssertTrue(badSize.stderr.contains("--text-sizes"), badSize.stderr)
        XCTAssertEqual(files(under: root), ["grid.png", "wrapped.png"])
    }

    /// How many pixels of exactly `rgb` are in a rectangle (the inside of a badge is its flat colour).
    func count(_ rgb: UInt32, in sheet: Pixmap, x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil) -> Int {
        let want = [UInt8(rgb >> 16), UInt8(rgb >> 8 & 0xFF), UInt8(rgb & 0xFF), 255]
        var found = 0
        for yy in y..<min(sheet.height, y + (height ?? sheet.height)) {
            var i = (yy * sheet.width + x) * 4
            for _ in x..<min(sheet.width, x + (width ?? sheet.width)) {
                if sheet.pixels[i] == want[0] && sheet.pixels[i + 1] == want[1] && sheet.pixels[i + 2] == want[2]
                    && sheet.pixels[i + 3] == 255 { found += 1 }
                i += 4
            }
        }
        return found
    }

    static let truncatedBadge: UInt32 = 0x9C4A00, replacedBadge: UInt32 = 0x1D5FB8, nonTextBadge: UInt32 = 0x6B3FB0

    func testBadgesOnTilesWithFindingsAndALegend() throws {
        let engine = try TextEngine(fontsDirectory: packageRoot + "/Fonts")
        let cut = Finding(role: "title", text: "Copy", detail: .truncated(shownText: "Co…", lines: 3, maxLines: 3))
        let faint = Finding(role: "button", text: nil, detail: .nonTextContrast(color: .white, background: .white,
                                                                                 contrast: 1, minimumContrast: 3))
        var cells = [cell(0, dark: false), cell(1, dark: true), cell(2, dark: false)]
        cells[0] = ContactSheet.Cell(image: cells[0].image, label: "cell 0", isDark: false, findings: [faint, cut, cut])
        cells[1] = ContactSheet.Cell(image: cells[1].image, label: "cell 1", isDark: true, findings: [cut])
        XCTAssertEqual(cells[0].badges, [.truncated, .nonTextContrast], "one badge per kind, in kind order")
        let sheet = try ContactSheet(cells: cells, columns: 3, scale: 1).draw(engine: engine)
        let plain = try ContactSheet(cells: [cell(0, dark: false), cell(1, dark: true), cell(2, dark: false)],
                                     columns: 3, scale: 1).draw(engine: engine)
        let boxes = find(3, in: sheet)
        // Snapshots sit where they would without badges; the legend adds two lines under the grid.
        XCTAssertEqual(boxes.map(\.x), find(3, in: plain).map(\.x))
        XCTAssertEqual(boxes.map(\.y), find(3, in: plain).map(\.y))
        XCTAssertEqual(sheet.height - plain.height, 12 + 2 * (16 + 3))

        // The label row of each tile: 16 px above the snapshot's 8 px gap.
        func row(_ box: Box) -> (x: Int, y: Int, width: Int, height: Int) { (box.x, box.y - 8 - 16, 100, 16) }
        for (index, box) in boxes.enumerated() {
            let r = row(box)
            let truncated = count(Self.truncatedBadge, in: sheet, x: r.x, y: r.y, width: r.width, height: r.height)
            let nonText = count(Self.nonTextBadge, in: sheet, x: r.x, y: r.y, width: r.width, height: r.height)
            switch index {
            case 0: XCTAssertGreaterThan(truncated, 60); XCTAssertGreaterThan(nonText, 60)
            case 1: XCTAssertGreaterThan(truncated, 60); XCTAssertEqual(nonText, 0)
            default: XCTAssertEqual(truncated + nonText, 0, "no findings, no badge")
            }
            // Badges sit at the tile's trailing end, the label at its leading end.
            if index < 2 {
                XCTAssertEqual(count(Self.truncatedBadge, in: sheet, x: r.x, y: r.y, width: 50, height: r.height), 0)
            }
        }
        // The legend under the grid: one badge of each kind used, none of a kind not used.
        let below = boxes[0].y + 50 + 12
        XCTAssertGreaterThan(count(Self.truncatedBadge, in: sheet, y: below), 60)
        XCTAssertGreaterThan(count(Self.nonTextBadge, in: sheet, y: below), 60)
        XCTAssertEqual(count(Self.replacedBadge, in: sheet), 0)
        let page: [UInt8] = [0xD4, 0xD4, 0xD9, 255]
        XCTAssertGreaterThan(ink(sheet, x: 24 + 20, y: below, width: 200, height: sheet.height - below, background: page).count, 200,
                             "legend text beside the badges")
        // A sheet without findings has no legend and no badges.
        XCTAssertEqual(count(Self.truncatedBadge, in: plain) + count(Self.nonTextBadge, in: plain), 0)
    }

    func testSheetCommandBadgesFollowTheFindings() throws {
        let root = try temporaryFolder()
        // dark-banner: the button label is recoloured in dark only, and AX5 cuts the copy.
        let run = try snap("sheet", fixtures + "/dark-banner.json", "-o", root + "/sheet.png", "--text-sizes", "L,AX5",
                           "--appearances", "light,dark", "--directions", "ltr", "--scale", "1")
        XCTAssertEqual(run.status, 0, run.stderr)
        let sheet = try image(root + "/sheet.png")
        // Rows L, AX5; columns light, dark. The badges are in each tile's label row (before the
        // snapshot), the legend after the last row.
        let replaced = count(Self.replacedBadge, in: sheet), truncated = count(Self.truncatedBadge, in: sheet)
        XCTAssertGreaterThan(replaced, 3 * 60, "two dark tiles and the legend")
        XCTAssertGreaterThan(truncated, 3 * 60, "two AX5 tiles and the legend")
        XCTAssertEqual(count(Self.nonTextBadge, in: sheet), 0)
        // The light column (left half) has no recoloured badge above its legend.
        let legendTop = sheet.height - 24 - 2 * (16 + 3)
        XCTAssertEqual(count(Self.replacedBadge, in: sheet, x: 0, y: 0, width: sheet.width / 2, height: legendTop - 12), 0)
        XCTAssertGreaterThan(count(Self.replacedBadge, in: sheet, x: sheet.width / 2, y: 0, width: sheet.width / 2,
                                   height: legendTop - 12), 2 * 60)
    }
}
