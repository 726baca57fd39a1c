import XCTest
import PNG
import Raster
@testable import GronaSnapshotTesting
@testable import GronaSnapshots

/// Record modes and outcomes, on small images checked directly (no rendering).
final class RecordModeTests: XCTestCase {
    let goldenName = "card/L-light-ltr@3x.png"

    func verifier(_ folder: String, _ mode: SnapshotRecordMode) -> SnapshotVerifier {
        SnapshotVerifier(snapshotsDirectory: folder + "/Snapshots", artifactsDirectory: folder + "/Artifacts",
                         record: mode, fontsFolder: fontsFolder)
    }

    func run(_ verifier: SnapshotVerifier, _ image: Pixmap) -> SnapshotOutcome {
        var outcomes = [verifier.check(image, goldenName: goldenName)]
        verifier.write(&outcomes)
        return outcomes[0]
    }

    func testMissingRecordsANewGoldenAndFails() throws {
        let folder = try temporaryFolder()
        let golden = folder + "/Snapshots/" + goldenName
        let outcome = run(verifier(folder, .missing), sampleImage())
        XCTAssertEqual(outcome.status, .recorded)
        XCTAssertFalse(outcome.passed)
        XCTAssertTrue(outcome.message.contains("recorded the golden at \(golden) (there was none)"), outcome.message)
        XCTAssertEqual(try decodePNG(readBytes(golden)).pixmap, sampleImage())

        let again = run(verifier(folder, .missing), sampleImage())
        XCTAssertEqual(again.status, .matched)
        XCTAssertTrue(again.matchedByDigest)
        XCTAssertEqual(again.message, "")
        XCTAssertNil(failureMessage([again]))
    }

    func testAllRecordsEveryTimeAndSaysWhetherPixelsChanged() throws {
        let folder = try temporaryFolder()
        _ = run(verifier(folder, .missing), sampleImage())
        let same = run(verifier(folder, .all), sampleImage())
        XCTAssertEqual(same.status, .recorded)
        XCTAssertTrue(same.message.contains("record mode all; the pixels are unchanged"), same.message)

        let other = sampleImage(shade: 120)
        let changed = run(verifier(folder, .all), other)
        XCTAssertEqual(changed.status, .recorded)
        XCTAssertTrue(changed.message.contains("the pixels changed"), changed.message)
        XCTAssertEqual(try decodePNG(readBytes(folder + "/Snapshots/" + goldenName)).pixmap, other)
    }

    func testFailedRecordsOverADifferingGoldenWithArtifacts() throws {
        let folder = try temporaryFolder()
        _ = run(verifier(folder, .missing), sampleImage())
        XCTAssertEqual(run(verifier(folder, .failed), sampleImage()).status, .matched)

        let other = sampleImage(shade: 120)
        let outcome = run(verifier(folder, .failed), other)
        XCTAssertEqual(outcome.status, .recorded)
        XCTAssertEqual(outcome.comparison?.differingPixelCount, 1046)
        XCTAssertTrue(outcome.message.contains("differs from the golden: 1,046 pixels differ"), outcome.message)
        XCTAssertTrue(outcome.message.contains("recorded the fresh image over the golden (record mode failed)"), outcome.message)
        XCTAssertEqual(try decodePNG(readBytes(folder + "/Snapshots/" + goldenName)).pixmap, other)
        XCTAssertEqual(try decodePNG(readBytes(folder + "/Artifacts/actual/" + goldenName)).pixmap, other)
        XCTAssertEqual(try decodePNG(readBytes(folder + "/Artifacts/difference/" + goldenName)).pixmap.width, 40 * 3 + 8)

        // Matching again removes the failure's artifacts.
        XCTAssertEqual(run(verifier(folder, .failed), other).status, .matched)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/Artifacts/actual/" + goldenName))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/Artifacts/difference/" + goldenName))
    }

    func testNeverWritesNoGolden() throws {
        let folder = try temporaryFolder()
        let missing = run(verifier(folder, .never), sampleImage())
        XCTAssertEqual(missing.status, .missing)
        XCTAssertTrue(missing.message.hasPrefix("\(goldenName): no golden at \(folder)/Snapshots/\(goldenName) (record mode never)"), missing.message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/Snapshots/" + goldenName))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/Artifacts/actual/" + goldenName))

        _ = run(verifier(folder, .missing), sampleImage())
        let before = try readBytes(folder + "/Snapshots/" + goldenName)
        let differs = run(verifier(folder, .never), sampleImage(shade: 120))
        XCTAssertEqual(differs.status, .differs)
        XCTAssertEqual(try readBytes(folder + "/Snapshots/" + goldenName), before)
    }

    func testUnreadableGoldenFailsAndFailedModeReplacesIt() throws {
        let folder = try temporaryFolder()
        try writeBytes(Array("not a png".utf8), folder + "/Snapshots/" + goldenName)
        let outcome = run(verifier(folder, .missing), sampleImage())
        XCTAssertEqual(outcome.status, .differs)
        XCTAssertTrue(outcome.message.contains("the golden is unreadable"), outcome.message)
        XCTAssertEqual(run(verifier(folder, .failed), sampleImage()).status, .recorded)
        XCTAssertEqual(run(verifier(folder, .never), sampleImage()).status, .matched)
    }

    func testModeFromTheEnvironment() throws {
        XCTAssertEqual(try SnapshotRecordMode.fromEnvironment([:]), .missing)
        XCTAssertEqual(try SnapshotRecordMode.fromEnvironment(["GRONA_RECORD": ""]), .missing)
        for mode in SnapshotRecordMode.allCases {
            XCTAssertEqual(try SnapshotRecordMode.fromEnvironment(["GRONA_RECORD": mode.rawValue]), mode)
        }
        XCTAssertThrowsError(try SnapshotRecordMode.fromEnvironment(["GRONA_RECORD": "yes"])) { error in
            XCTAssertEqual("\(error)", "GRONA_RECORD: \"yes\" is not a record mode; expected one of: missing, all, failed, never")
        }
        // A per-call mode wins over the environment.
        let context = try SnapshotContext(testFile: #filePath, record: .never, snapshotDirectory: nil,
                                          artifactDirectory: nil, environment: ["GRONA_RECORD": "all"])
        XCTAssertEqual(context.record, .never)
        let fromEnvironment = try SnapshotContext(testFile: #filePath, record: nil, snapshotDirectory: nil,
                                                  artifactDirectory: nil, environment: ["GRONA_RECORD": "all", "GRONA_ARTIFACTS": "out/a"])
        XCTAssertEqual(fromEnvironment.record, .all)
        XCTAssertEqual(fromEnvironment.snapshots, packageRoot + "/Snapshots")
        XCTAssertEqual(fromEnvironment.artifacts, packageRoot + "/out/a")
    }

    func testGoldenNamesOfTheVerifyLayout() {
        for good in ["L-light-ltr@3x.png", "AX5-dark-rtl@1x.png", "xxxL-light-rtl-320pt@2x.png", "xS-dark-ltr-358.5pt@3x.png",
                     "L-light-ltr-pseudo-accented@3x.png", "L-light-rtl-pseudo-rtl@2x.png", "L-light-ltr-320pt-pseudo-double@1x.png"] {
            XCTAssertTrue(isGoldenFileName(good), good)
        }
        for other in ["arabic.png", "L-light-ltr@4x.png", "large-light-ltr@3x.png", "L-light-ltr@3x.jpg", "L-grey-ltr@3x.png", "L-light-ltr-wide@3x.png",
                      "L-light-ltr-pseudo-long@3x.png", "L-light-ltr-pseudo@3x.png", "L-light-pseudo-rtl@3x.png"] {
            XCTAssertFalse(isGoldenFileName(other), other)
        }
    }

    func testLocaleFoldersOfTheVerifyLayout() {
        for good in ["en", "de", "zh-Hant", "pt-BR", "base"] { XCTAssertTrue(isLocaleFolderName(good), good) }
        // Not canonical, not a tag, or another suite's folder: never looked into.
        for other in ["pt-br", "EN", "Text", "Scales", "english", ""] { XCTAssertFalse(isLocaleFolderName(other), other) }
    }
}
