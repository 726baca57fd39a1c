import XCTest
import Grona
@testable import GronaSnapshotTesting
@testable import GronaSnapshots

/// The project's own golden images: every fixture in each of its variants (xS, L, AX5 × light,
/// dark × ltr, rtl at @3x), and the seasonal banner at @1x and @2x. Record with
/// `GRONA_RECORD=all swift test --filter FixtureSnapshotTests` (then look at the images).
final class FixtureSnapshotTests: XCTestCase {
    func testEveryFixtureMatchesItsGoldens() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Fixtures")
            .filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 19)
        for name in names {
            assertSnapshot(of: SpecFile("Fixtures/" + name), as: .image)
        }
    }

    /// Kept in their own folder: `grona-snap verify Fixtures --snapshots Snapshots` renders only the
    /// fixtures' own variants and would call these unused if they sat beside them.
    func testSeasonalBannerAtOneAndTwoX() throws {
        let variants = Variants(textSizes: [.extraSmall, .large, .accessibilityExtraExtraExtraLarge],
                                appearances: [.light, .dark], directions: [.ltr, .rtl], scales: [1, 2])
        assertSnapshot(of: try fixture("seasonal-banner"), as: .image(variants: variants, snapshotDirectory: "Snapshots/Scales"))
    }
}
