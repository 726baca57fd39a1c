import Foundation
import XCTest
import Grona
@testable import GronaSnapshotTesting
@testable import GronaSnapshots

/// The accessibility pictures' own goldens: every component type (banner, progress bar, offer,
/// message), plus Arabic and Hebrew copy, left-to-right and right-to-left, at L and AX5, at @2x (the
/// pictures are twice a card's width). Record with
/// `GRONA_RECORD=all swift test --filter AccessibilitySnapshotTests` (then look at the images).
final class AccessibilitySnapshotTests: XCTestCase {
    static let fixtures = ["seasonal-banner", "progress-after-tier", "offer-code", "message-gift",
                           "arabic-banner", "hebrew-offer"]
    static let variants = Variants(textSizes: [.large, .accessibilityExtraExtraExtraLarge], appearances: [.light],
                                   directions: [.ltr, .rtl], scales: [2])

    func testEveryComponentsAccessibilityPictureMatchesItsGoldens() throws {
        for name in Self.fixtures {
            assertSnapshot(of: SpecFile("Fixtures/\(name).json"), as: .accessibility(variants: Self.variants))
        }
        // Each golden is there, in its own folder apart from the plain snapshots.
        for name in Self.fixtures {
            for variant in ["L-light-ltr@2x.png", "L-light-rtl@2x.png", "AX5-light-ltr@2x.png", "AX5-light-rtl@2x.png"] {
                XCTAssertTrue(FileManager.default.fileExists(atPath: "\(packageRoot)/Snapshots/Accessibility/\(name)/\(variant)"))
            }
        }
    }

    func testAChangedPictureFails() throws {
        // The plain card is not the accessibility picture: checked against the picture's golden, it fails.
        let folder = try temporaryFolder()
        let spec = try fixture("message-gift")
        let variants = Variants(textSizes: [.large], appearances: [.light], directions: [.ltr], scales: [2])
        try FileManager.default.createDirectory(atPath: folder + "/message-gift", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "\(packageRoot)/Snapshots/Accessibility/message-gift/L-light-ltr@2x.png",
                                        toPath: folder + "/message-gift/L-light-ltr@2x.png")
        XCTAssertNil(verifySnapshot(of: spec, as: .accessibility(variants: variants, snapshotDirectory: folder,
                                                                 artifactDirectory: folder + "/artifacts"), record: .never))
        let message = try XCTUnwrap(verifySnapshot(of: spec, as: .image(variants: variants, snapshotDirectory: folder,
                                                                        artifactDirectory: folder + "/artifacts"), record: .never))
        XCTAssertTrue(message.contains("message-gift/L-light-ltr@2x.png: differs from the golden"), message)
    }
}
