import XCTest
import Grona
import PNG
import Raster
import Text
@testable import GronaSnapshots

/// What a reviewer of a big change is told: what moved inside images whose size changed, and which
/// versions differ when a golden was rendered elsewhere.
final class ReviewAtScaleTests: XCTestCase {
    /// Two real goldens of one spec: at AX5 the text is larger, so the card is taller and every line
    /// of text moved. The difference marks the moved text inside the area both images share, not
    /// only the extra rows.
    func testSizeMismatchDifferenceMarksTheMovedText() throws {
        let expected = try decodePNG(readBytes(packageRoot + "/Snapshots/seasonal-banner/L-light-ltr@3x.png")).pixmap
        let actual = try decodePNG(readBytes(packageRoot + "/Snapshots/seasonal-banner/AX5-light-ltr@3x.png")).pixmap
        XCTAssertEqual(expected.width, actual.width)
        XCTAssertLessThan(expected.height, actual.height)

        let result = compare(expected: expected, actual: actual)
        XCTAssertEqual(result.change, .size)
        XCTAssertTrue(result.message.hasPrefix("sizes differ: expected \(expected.width) × \(expected.height), actual "
            + "\(actual.width) × \(actual.height); in the shared \(expected.width) × \(expected.height) area "), result.message)
        XCTAssertGreaterThan(result.differingPixelCount, expected.width * expected.height / 50, result.message)

        let panels = try XCTUnwrap(makeDifferenceImage(expected: expected, actual: actual))
        let middle = expected.width + differencePanelGutter
        // Red pixels in the middle panel inside the shared area: the text that moved.
        var redInShared = 0
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let i = (y * panels.width + middle + x) * 4
                if Array(panels.pixels[i..<(i + 4)]) == [255, 0, 0, 255] { redInShared += 1 }
            }
        }
        XCTAssertEqual(redInShared, result.differingPixelCount)
        // The rows only the actual image has are red throughout.
        let below = ((expected.height + 1) * panels.width + middle + 10) * 4
        XCTAssertEqual(Array(panels.pixels[below..<(below + 4)]), [255, 0, 0, 255])

        // The same top area, a few rows more: nothing is marked inside the shared area.
        let taller = try XCTUnwrap(Pixmap(width: expected.width, height: expected.height + 6,
                                          premultipliedPixels: expected.pixels + [UInt8](repeating: 255, count: expected.width * 6 * 4)))
        let same = compare(expected: expected, actual: taller)
        XCTAssertEqual(same.differingPixelCount, 0)
        XCTAssertTrue(same.message.hasSuffix("; the shared \(expected.width) × \(expected.height) area is the same"), same.message)
    }

    /// A golden recorded with another ICU and another Inter-Regular.otf: the failure names both; a
    /// golden recorded here names nothing; a golden without the chunk (recorded before it existed)
    /// is compared as ever and names nothing.
    func testVersionDifferencesAreNamedInTheFailure() throws {
        let folder = try temporaryFolder()
        let goldenName = "seasonal-banner/L-light-ltr@3x.png"
        let original = try decodePNG(readBytes(packageRoot + "/Snapshots/" + goldenName)).pixmap
        let changed = paintBlock(original, x: 70, y: 120)
        let here = GoldenProvenance.current(fontsFolder: fontsFolder)
        XCTAssertTrue(here.entries.contains { $0.key == "icu" && $0.value == TextModule.icuVersion })
        XCTAssertTrue(here.entries.contains { $0.key == "font.Inter-Regular.otf" })
        var elsewhere = here
        elsewhere.entries = here.entries.map { entry in
            switch entry.key {
            case "icu": return (entry.key, "76.1")
            case "fonts": return (entry.key, "0123456789abcdef")
            case "font.Inter-Regular.otf": return (entry.key, "01234567")
            default: return entry
            }
        }
        let verifier = SnapshotVerifier(snapshotsDirectory: folder + "/Snapshots", artifactsDirectory: folder + "/Artifacts",
                                        record: .never, fontsFolder: fontsFolder)
        let goldenPath = folder + "/Snapshots/" + goldenName

        try writeBytes(try encodeGolden(changed, provenance: elsewhere), goldenPath)
        let other = verifier.check(original, goldenName: goldenName)
        XCTAssertEqual(other.status, .differs)
        XCTAssertEqual(other.versionDifferences, ["ICU 76.1 in the golden, \(TextModule.icuVersion) here",
                                                  "fonts differ: Inter-Regular.otf"])
        XCTAssertTrue(other.message.contains("\n  the golden was rendered with other versions, which may explain it: "
            + "ICU 76.1 in the golden, \(TextModule.icuVersion) here; fonts differ: Inter-Regular.otf\n"), other.message)

        try writeBytes(try encodeGolden(changed, provenance: here), goldenPath)
        let same = verifier.check(original, goldenName: goldenName)
        XCTAssertEqual(same.status, .differs)
        XCTAssertEqual(same.versionDifferences, [])
        XCTAssertFalse(same.message.contains("other versions"), same.message)

        try writeBytes(try encodePNG(changed), goldenPath)   // no chunks at all, as an old golden
        let old = verifier.check(original, goldenName: goldenName)
        XCTAssertEqual(old.status, .differs)
        XCTAssertEqual(old.versionDifferences, [])

        // A recorded golden carries this machine's versions.
        let recorder = SnapshotVerifier(snapshotsDirectory: folder + "/Snapshots", artifactsDirectory: folder + "/Artifacts",
                                        record: .all, fontsFolder: fontsFolder)
        var recorded = [recorder.check(original, goldenName: goldenName)]
        recorder.write(&recorded)
        XCTAssertEqual(GoldenProvenance(golden: try readBytes(goldenPath)), here)
        XCTAssertTrue(recorded[0].message.contains("the pixels changed"), recorded[0].message)
        XCTAssertEqual(verifier.check(original, goldenName: goldenName).status, .matched)
    }

    /// A first recording of many goldens: the first 500 get a section with their image, the rest are
    /// listed by name in their spec's group, so the page stays bounded.
    func testReportShowsTheFirstSnapshotsInFullAndListsTheRest() {
        let outcomes = (0..<620).map { index -> SnapshotOutcome in
            let name = "spec\(index / 100)/L-light-ltr-\(index + 1)pt@3x.png"
            var outcome = SnapshotOutcome(goldenName: name, goldenPath: "/goldens/" + name, status: .recorded,
                                          message: "\(name): recorded the golden")
            outcome.recordedCopyPath = "/report/recorded/" + name
            outcome.width = 30
            outcome.height = 30
            return outcome
        }
        var tally = VerificationTally()
        for outcome in outcomes { tally.add(outcome) }
        XCTAssertEqual(tally.shown.count, reportSectionsInFull)
        XCTAssertEqual(tally.listed.count, 120)
        let result = FolderVerification.Result(tally: tally, unusedGoldens: [], pruned: false,
                                               reportPath: "/report/index.html")
        let html = htmlReport(for: result, fixturesFolder: "/fixtures", snapshotsFolder: "/goldens",
                              reportFolder: "/report", record: .all)
        XCTAssertEqual(html.components(separatedBy: "<section>").count - 1, reportSectionsInFull)
        XCTAssertEqual(html.components(separatedBy: "<img ").count - 1, reportSectionsInFull)
        XCTAssertTrue(html.contains("src=\"recorded/spec4/L-light-ltr-500pt@3x.png\""))
        XCTAssertFalse(html.contains("src=\"recorded/spec5/L-light-ltr-501pt@3x.png\""))
        XCTAssertEqual(html.components(separatedBy: "<li><code>spec").count - 1, 120)
        XCTAssertTrue(html.contains("<li><code>spec6/L-light-ltr-620pt@3x.png</code> — recorded</li>"))
        XCTAssertTrue(html.contains("<td>recorded</td><td class=\"n\">620</td>"))
        XCTAssertLessThan(html.utf8.count, 1_000_000)
    }
}
