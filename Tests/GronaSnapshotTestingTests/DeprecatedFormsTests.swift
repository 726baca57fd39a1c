import Foundation
import Grona
import XCTest
@testable import GronaSnapshotTesting

/// The forms older than `assertSnapshot(of:as:)` call deprecated names on purpose: they must keep
/// compiling and checking the same goldens, by the same names, as the generic functions. (The
/// deprecation warnings of this file are expected.)
final class DeprecatedFormsTests: XCTestCase {
    let one = Variants(textSizes: [.large], appearances: [.light], directions: [.ltr])

    func testTheOlderFormsCheckTheProjectsGoldensByTheSameNames() throws {
        assertSnapshot(ofSpecAt: "Fixtures/message-info.json", variants: one, record: .never)
        assertSnapshot(of: try fixture("message-info"), variants: one, record: .never)
        let picture = Variants(textSizes: [.large], appearances: [.light], directions: [.rtl], scales: [2])
        assertAccessibilitySnapshot(ofSpecAt: "Fixtures/message-gift.json", variants: picture, record: .never)
        assertAccessibilitySnapshot(of: try fixture("message-gift"), variants: picture, record: .never)
        XCTAssertNil(verifySnapshot(ofSpecAt: "Fixtures/message-info.json", variants: one, record: .never))
    }

    func testAComponentRecordedByAnOlderFormPassesUnderTheGenericOne() throws {
        let folder = try temporaryFolder()
        let banner = Component.banner(Banner(title: "Summer sale"))
        let recorded = try XCTUnwrap(verifySnapshot(theme: Theme(), component: banner, variants: trustVariant,
                                                    snapshotDirectory: folder, artifactDirectory: folder + "/Artifacts"))
        let golden = "\(folder)/DeprecatedFormsTests/testAComponentRecordedByAnOlderFormPassesUnderTheGenericOne/L-light-ltr@1x.png"
        XCTAssertTrue(recorded.contains("recorded the golden at \(golden)"), recorded)
        XCTAssertNil(verifySnapshot(of: banner, as: .image(variants: trustVariant, snapshotDirectory: folder)))
        assertSnapshot(theme: Theme(), component: banner, variants: trustVariant, record: .never, snapshotDirectory: folder)
        assertSnapshot(of: banner, variants: trustVariant, record: .never, snapshotDirectory: folder)
        // `overlay:` of the oldest form: the accessibility picture, in the plain goldens' folder.
        let message = try XCTUnwrap(verifySnapshot(of: try fixture("message-gift"), variants: one, overlay: .accessibility,
                                                   snapshotDirectory: folder, artifactDirectory: folder + "/Artifacts"))
        XCTAssertTrue(message.contains("recorded the golden at \(folder)/message-gift/L-light-ltr@3x.png"), message)
        XCTAssertNil(verifySnapshot(of: try fixture("message-gift"), as: .accessibility(variants: one, snapshotDirectory: folder)))
    }
}
