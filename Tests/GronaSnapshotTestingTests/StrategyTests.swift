import Foundation
import Grona
import PNG
import Testing
import XCTest
@testable import GronaSnapshotTesting
@testable import GronaSnapshots

// `Snapshotting<Value>`: strategies for a spec, a spec file and a component, `pullback` to an app's
// own type, and `named:`; and goldens without provenance, which `assertSnapshot` says it compared
// under the tolerance (a notice) or fails when provenance is required, as `verify` does.

/// An app's own type, snapshotted through a pulled-back strategy.
struct AppOffer {
    var headline: String
    var code: String
    var component: Component { .offer(Offer(title: headline, code: code)) }
}

struct NoOffer: Error, CustomStringConvertible {
    var description: String { "this offer has expired" }
}

extension Snapshotting where Value == AppOffer {
    /// The app's strategy, as a team would write it.
    static func card(in folder: String) -> Snapshotting {
        Snapshotting<Component>.image(variants: trustVariant, snapshotDirectory: folder, artifactDirectory: folder + "/Artifacts")
            .pullback { (offer: AppOffer) in offer.component }
    }
}

final class StrategyTests: XCTestCase {
    func testAPulledBackStrategyChecksTheValueItMapsTo() throws {
        let folder = try temporaryFolder()
        let offer = AppOffer(headline: "10% off your first order", code: "ACME10")
        let recorded = try XCTUnwrap(verifySnapshot(of: offer, as: .card(in: folder)))
        XCTAssertTrue(recorded.contains("recorded the golden at \(folder)/StrategyTests/testAPulledBackStrategyChecksTheValueItMapsTo/L-light-ltr@1x.png"),
                      recorded)
        XCTAssertNil(verifySnapshot(of: offer, as: .card(in: folder)))
        // The component itself, through the strategy it was pulled back from, is the same golden.
        XCTAssertNil(verifySnapshot(of: offer.component, as: .image(variants: trustVariant, snapshotDirectory: folder)))
        // A transform that throws fails the call with its words; nothing is drawn.
        let expired = Snapshotting<Component>.image(variants: trustVariant, snapshotDirectory: folder)
            .pullback { (_: AppOffer) throws -> Component in throw NoOffer() }
        XCTAssertEqual(verifySnapshot(of: offer, as: expired), "verifySnapshot(of:as:): this offer has expired")
    }

    func testStrategiesOfASpecAndASpecFileAndTheirNames() throws {
        let one = Variants(textSizes: [.large], appearances: [.light], directions: [.ltr])
        // The project's own goldens, by the names verify gives them.
        XCTAssertNil(verifySnapshot(of: SpecFile("Fixtures/message-info.json"), as: .image(variants: one), record: .never))
        XCTAssertNil(verifySnapshot(of: "Fixtures/message-gift.json" as SpecFile,
                                    as: .accessibility(variants: Variants(textSizes: [.large], appearances: [.light],
                                                                          directions: [.rtl], scales: [2])),
                                    record: .never))
        XCTAssertNil(verifySnapshot(of: try fixture("message-info"), as: .image(variants: one), record: .never))
        // `named:` replaces a spec's name and a spec file's.
        let folder = try temporaryFolder()
        for (value, name) in [(verifySnapshot(of: try fixture("message-info"), as: .image(variants: one, snapshotDirectory: folder),
                                              named: "renamed-spec"), "renamed-spec"),
                              (verifySnapshot(of: SpecFile("Fixtures/message-info.json"), as: .report(variants: one, snapshotDirectory: folder),
                                              named: "renamed-file"), "renamed-file")] {
            XCTAssertTrue(value?.contains("\(folder)/\(name)/L-light-ltr@3x.") == true, value ?? "nil")
        }
        // A spec file that cannot be decoded fails naming the problem.
        let bad = folder + "/bad.json"
        try writeBytes(Array(#"{"component": {"type": "banner"}}"#.utf8), bad)
        let message = try XCTUnwrap(verifySnapshot(of: SpecFile(bad), as: .image(snapshotDirectory: folder), record: .never))
        XCTAssertTrue(message.hasPrefix(bad + ": $.component"), message)
    }

    // MARK: Provenance

    /// A copy of the project's golden `message-info/L-light-ltr@3x.png` re-saved by another tool:
    /// the same pixels without GronaSnap's chunks. Returns the snapshots folder.
    func goldenWithoutProvenance() throws -> String {
        let folder = try temporaryFolder()
        let golden = try readBytes(packageRoot + "/Snapshots/message-info/L-light-ltr@3x.png")
        let resaved = try encodePNG(decodePNG(golden).pixmap, options: PNGEncodingOptions(filter: .paeth, level: 9))
        XCTAssertFalse(GoldenProvenance.isPresent(in: resaved))
        try writeBytes(resaved, folder + "/Snapshots/message-info/L-light-ltr@3x.png")
        return folder
    }

    static let one = Variants(textSizes: [.large], appearances: [.light], directions: [.ltr])

    func testAGoldenWithoutProvenanceGivesANoticeAndPasses() throws {
        let folder = try goldenWithoutProvenance()
        let strategy = Snapshotting<Spec>.image(variants: Self.one, snapshotDirectory: folder + "/Snapshots",
                                                artifactDirectory: folder + "/Artifacts")
        // Whatever GRONA_REQUIRE_PROVENANCE the suite runs with.
        let result = withSnapshotTesting(requireProvenance: false) {
            strategy.check({ try fixture("message-info") }, named: nil, record: .never, file: #filePath,
                           testName: #function, call: "assertSnapshot(of:as:)")
        }
        XCTAssertNil(result.failure?.message)
        XCTAssertEqual(result.notice, "1 golden carries no provenance; compared under tolerance (a change below a visible "
            + "difference passes; record it again, or fail it with GRONA_REQUIRE_PROVENANCE=1): "
            + "\(folder)/Snapshots/message-info/L-light-ltr@3x.png")
        // The words are verify's, in the test library's terms.
        XCTAssertEqual(provenanceNoticeText(1), "1 golden carries no provenance; compared under tolerance (a change below a "
            + "visible difference passes; record it again, or fail it with verify --require-provenance)")
        // The project's own goldens carry it: no notice.
        XCTAssertNil(Snapshotting<Spec>.image(variants: Self.one)
            .check({ try fixture("message-info") }, named: nil, record: .never, file: #filePath, testName: #function, call: "")
            .notice)
    }

    func testRequiringProvenanceFailsAGoldenWithoutIt() throws {
        let folder = try goldenWithoutProvenance()
        let strategy = Snapshotting<Spec>.image(variants: Self.one, snapshotDirectory: folder + "/Snapshots",
                                                artifactDirectory: folder + "/Artifacts")
        let spec = try fixture("message-info")
        XCTAssertNil(withSnapshotTesting(requireProvenance: false) { verifySnapshot(of: spec, as: strategy, record: .never) })
        let message = try XCTUnwrap(withSnapshotTesting(requireProvenance: true) { verifySnapshot(of: spec, as: strategy, record: .never) })
        XCTAssertTrue(message.hasPrefix("message-info/L-light-ltr@3x.png: the golden carries no provenance (no grVR chunk: re-saved by "
            + "another tool, or recorded before GronaSnap wrote one), so only the tolerance could compare it, and "
            + "GRONA_REQUIRE_PROVENANCE refuses that; record it again on this machine (GRONA_RECORD=failed records over it)"), message)
        // An inner scope may turn it off again; the environment variable says the same as the scope.
        XCTAssertNil(withSnapshotTesting(requireProvenance: true) {
            withSnapshotTesting(record: .never, requireProvenance: false) { verifySnapshot(of: spec, as: strategy) }
        })
        let fromEnvironment = try SnapshotContext(testFile: #filePath, record: nil, snapshotDirectory: nil, artifactDirectory: nil,
                                                  environment: ["GRONA_REQUIRE_PROVENANCE": "1"])
        XCTAssertTrue(fromEnvironment.requireProvenance)
        let scoped = try SnapshotContext(testFile: #filePath, record: nil, snapshotDirectory: nil, artifactDirectory: nil,
                                         requireProvenance: false, environment: ["GRONA_REQUIRE_PROVENANCE": "1"])
        XCTAssertFalse(scoped.requireProvenance)
        // Recording over it gives it provenance again.
        XCTAssertNotNil(withSnapshotTesting(record: .failed, requireProvenance: true) { verifySnapshot(of: spec, as: strategy) })
        XCTAssertTrue(GoldenProvenance.isPresent(in: try readBytes(folder + "/Snapshots/message-info/L-light-ltr@3x.png")))
        XCTAssertNil(withSnapshotTesting(requireProvenance: true) { verifySnapshot(of: spec, as: strategy, record: .never) })
    }

    func testTheRequireProvenanceVariable() throws {
        for on in ["1", "true", "YES"] { XCTAssertTrue(try requiresProvenance(["GRONA_REQUIRE_PROVENANCE": on]), on) }
        for off in ["", "0", "false", "no"] { XCTAssertFalse(try requiresProvenance(["GRONA_REQUIRE_PROVENANCE": off]), off) }
        XCTAssertFalse(try requiresProvenance([:]))
        XCTAssertThrowsError(try requiresProvenance(["GRONA_REQUIRE_PROVENANCE": "maybe"])) { error in
            XCTAssertEqual("\(error)", "GRONA_REQUIRE_PROVENANCE: \"maybe\" is not a switch; expected 1 or 0 (true, false)")
        }
    }

    #if os(Linux)
    /// The notice as a person sees it in `swift test`'s output: a line on standard error under
    /// XCTest, a warning under Swift Testing, the test passing; with GRONA_REQUIRE_PROVENANCE=1 the
    /// test fails instead. Each run is this test binary in a process of its own, running the
    /// demonstration tests below on a golden without provenance.
    func testTheNoticeIsInTheTestOutputAndTheVariableFailsTheTest() throws {
        let folder = try goldenWithoutProvenance()
        let xctest = ["GronaSnapshotTestingTests.ProvenanceNoticeDemo"]
        let swiftTesting = ["--testing-library", "swift-testing", "--filter", "ProvenanceNoticeSwiftDemo"]
        for arguments in [xctest, swiftTesting] {
            let (status, text) = try runThisTestBinary(arguments, environment: [ProvenanceNoticeDemo.folderVariable: folder,
                                                                                "GRONA_REQUIRE_PROVENANCE": "0"])
            XCTAssertEqual(status, 0, text)
            XCTAssertTrue(text.contains("notice: 1 golden carries no provenance; compared under tolerance"), text)
            XCTAssertTrue(text.contains("StrategyTests.swift"), text)   // where the call is
            let (required, refused) = try runThisTestBinary(arguments, environment: [ProvenanceNoticeDemo.folderVariable: folder,
                                                                                    "GRONA_REQUIRE_PROVENANCE": "1"])
            XCTAssertNotEqual(required, 0, refused)
            XCTAssertTrue(refused.contains("GRONA_REQUIRE_PROVENANCE refuses that"), refused)
        }
    }
    #endif
}

/// Checks the golden without provenance in `$GRONA_PROVENANCE_DEMO`; does nothing in an ordinary run.
final class ProvenanceNoticeDemo: XCTestCase {
    static let folderVariable = "GRONA_PROVENANCE_DEMO"

    func testAGoldenWithoutProvenance() throws {
        guard let folder = ProcessInfo.processInfo.environment[Self.folderVariable] else { return }
        assertSnapshot(of: try fixture("message-info"),
                       as: .image(variants: StrategyTests.one, snapshotDirectory: folder + "/Snapshots",
                                  artifactDirectory: folder + "/Artifacts"), record: .never)
    }
}

@Suite struct ProvenanceNoticeSwiftDemo {
    @Test func aGoldenWithoutProvenance() throws {
        guard let folder = ProcessInfo.processInfo.environment[ProvenanceNoticeDemo.folderVariable] else { return }
        assertSnapshot(of: try fixture("message-info"),
                       as: .image(variants: StrategyTests.one, snapshotDirectory: folder + "/Snapshots",
                                  artifactDirectory: folder + "/Artifacts"), record: .never)
    }

    @Test(.snapshots(requireProvenance: true)) func theTraitRequiresProvenance() throws {
        #expect(SnapshotTestingConfiguration.current?.requireProvenance == true)
    }
}
