import XCTest
import Grona
import PNG
import Raster
@testable import GronaSnapshotTesting
@testable import GronaSnapshots

/// What the checks must do on real snapshots: catch a small change, never flake, accept a golden
/// another encoder wrote, report through XCTest.
final class SnapshotBehaviourTests: XCTestCase {
    let variant = Variants(textSizes: [.large], appearances: [.light], directions: [.ltr], scales: [3])
    let goldenName = "seasonal-banner/L-light-ltr@3x.png"

    /// A snapshots folder holding a copy of one real golden, and the spec.
    func setUpGolden() throws -> (folder: String, spec: Spec, golden: [UInt8]) {
        let folder = try temporaryFolder()
        let golden = try readBytes(packageRoot + "/Snapshots/" + goldenName)
        try writeBytes(golden, folder + "/Snapshots/" + goldenName)
        return (folder, try fixture("seasonal-banner"), golden)
    }

    func verify(_ spec: Spec, in folder: String) -> String? {
        verifySnapshot(of: spec, as: .image(variants: variant, snapshotDirectory: folder + "/Snapshots",
                                            artifactDirectory: folder + "/Artifacts"), record: .never)
    }

    func testChangedTenPixelBlockFailsWithDifferenceImages() throws {
        let (folder, spec, golden) = try setUpGolden()
        let original = try decodePNG(golden).pixmap
        // Over the eyebrow's text, the title, the croissant image, the button, the body, a card corner.
        let places = [(48, 48), (70, 120), (1000, 100), (120, 520), (60, 380), (0, 0), (1064, 0)]
        let verifier = SnapshotVerifier(snapshotsDirectory: folder + "/Snapshots", artifactsDirectory: folder + "/Artifacts",
                                        record: .never, fontsFolder: fontsFolder)
        for (x, y) in places {
            try writeBytes(try encodePNG(paintBlock(original, x: x, y: y)), folder + "/Snapshots/" + goldenName)
            let outcome = verifier.check(original, goldenName: goldenName)
            XCTAssertEqual(outcome.status, .differs, "block at (\(x), \(y))")
            // Every pixel of the block counts, also where it covers anti-aliased text edges.
            XCTAssertEqual(outcome.comparison?.differingPixelCount, 100, "block at (\(x), \(y))")
            XCTAssertEqual(outcome.comparison?.antialiasedPixelCount, 0, "block at (\(x), \(y))")
        }

        // Through the public entry point: message with counts, largest difference, artifact paths.
        try writeBytes(try encodePNG(paintBlock(original, x: 70, y: 120)), folder + "/Snapshots/" + goldenName)
        let message = try XCTUnwrap(verify(spec, in: folder))
        XCTAssertTrue(message.hasPrefix("\(goldenName): differs from the golden: 100 pixels differ (0.01%), largest ΔE 0.43 at (70, 122)\n"), message)
        XCTAssertTrue(message.contains("largest ΔE"), message)
        let actualPath = folder + "/Artifacts/actual/" + goldenName
        let differencePath = folder + "/Artifacts/difference/" + goldenName
        XCTAssertTrue(message.contains("actual:     \(actualPath)"), message)
        XCTAssertTrue(message.contains("difference: \(differencePath) (expected | difference | actual)"), message)
        XCTAssertEqual(try decodePNG(readBytes(actualPath)).pixmap, original)
        let difference = try decodePNG(readBytes(differencePath)).pixmap
        XCTAssertEqual(difference.width, original.width * 3 + 8)
        XCTAssertEqual(difference.height, original.height)
        // The block is red in the middle panel.
        let i = ((125 * difference.width) + original.width + 4 + 75) * 4
        XCTAssertEqual(Array(difference.pixels[i..<(i + 4)]), [255, 0, 0, 255])
    }

    /// A golden whose pixels were edited by a tool that kept the digest chunk still fails.
    func testEditedGoldenWithItsOldDigestChunkFails() throws {
        let (folder, spec, golden) = try setUpGolden()
        let original = try decodePNG(golden).pixmap
        let chunk = try XCTUnwrap(readPNGInfo(golden).chunks.first { $0.name == "grDG" })
        let edited = try encodePNG(paintBlock(original, x: 70, y: 120), chunks: [chunk])
        XCTAssertNotEqual(edited, golden)
        try writeBytes(edited, folder + "/Snapshots/" + goldenName)
        XCTAssertNotNil(verify(spec, in: folder))
    }

    func testUnchangedInputPassesEveryTime() throws {
        let (folder, spec, golden) = try setUpGolden()
        XCTAssertNil(verify(spec, in: folder))
        XCTAssertNil(verify(spec, in: folder))
        XCTAssertEqual(try readBytes(folder + "/Snapshots/" + goldenName), golden)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/Artifacts"))

        // Rendering is deterministic to the byte, so the digest path is the one taken.
        let environment = try XCTUnwrap(SnapshotCase.cases(for: spec, variants: variant).first?.environment)
        let renders = try ParallelRenderer.map(count: 2, jobs: 2, fontsFolder: fontsFolder) { _, engine in
            try ComponentRenderer(spec: spec, engine: engine).render(environment).pixmap
        }.map { try $0.get() }
        let first = renders[0]
        XCTAssertEqual(renders[0], renders[1])
        let verifier = SnapshotVerifier(snapshotsDirectory: folder + "/Snapshots", artifactsDirectory: folder + "/Artifacts",
                                        record: .never, fontsFolder: fontsFolder)
        XCTAssertTrue(verifier.check(first, goldenName: goldenName).matchedByDigest)
    }

    func testGoldenReencodedByAnotherEncoderStillPasses() throws {
        let (folder, spec, golden) = try setUpGolden()
        let pixels = try decodePNG(golden).pixmap
        let reencoded = try encodePNG(pixels, options: PNGEncodingOptions(filter: .paeth, level: 9))
        XCTAssertNotEqual(reencoded, golden)
        XCTAssertNil(try readPNGInfo(reencoded).chunks.first { $0.name == "grDG" })
        try writeBytes(reencoded, folder + "/Snapshots/" + goldenName)

        XCTAssertNil(verify(spec, in: folder))
        let verifier = SnapshotVerifier(snapshotsDirectory: folder + "/Snapshots", artifactsDirectory: folder + "/Artifacts",
                                        record: .never, fontsFolder: fontsFolder)
        let outcome = verifier.check(pixels, goldenName: goldenName)
        XCTAssertEqual(outcome.status, .matched)
        XCTAssertFalse(outcome.matchedByDigest)
        XCTAssertEqual(try readBytes(folder + "/Snapshots/" + goldenName), reencoded)   // left as it was
    }

    func testSpecFileAndComponentEntryPoints() throws {
        let folder = try temporaryFolder()
        let bad = folder + "/bad.json"
        try writeBytes(Array(#"{"component": {"type": "banner"}}"#.utf8), bad)
        let message = try XCTUnwrap(verifySnapshot(of: SpecFile(bad), as: .image(snapshotDirectory: folder), record: .never))
        XCTAssertTrue(message.hasPrefix(bad + ": $.component"), message)

        let spec = try fixture("message-info")
        let recorded = try XCTUnwrap(verifySnapshot(of: spec.component, as: .image(theme: spec.theme, snapshotDirectory: folder,
                                                                                   artifactDirectory: folder + "/Artifacts")))
        let golden = folder + "/SnapshotBehaviourTests/testSpecFileAndComponentEntryPoints/L-light-ltr@3x.png"
        XCTAssertTrue(recorded.contains("recorded the golden at \(golden)"), recorded)
        XCTAssertNil(verifySnapshot(of: spec.component, as: .image(theme: spec.theme, snapshotDirectory: folder)))
    }
}

/// `assertSnapshot` under XCTest fails the test at the call's file and line.
final class XCTestReportingTests: XCTestCase {
    private var failures: [(description: String, file: String, line: Int)] = []
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing { failures.append((description, filePath, lineNumber)) } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testFailureIsReportedAtTheCall() throws {
        let folder = try temporaryFolder()
        let spec = try fixture("message-info")
        capturing = true
        let line = #line + 1
        assertSnapshot(of: spec, as: .image(variants: Variants(textSizes: [.large], appearances: [.light], directions: [.ltr]),
                                            snapshotDirectory: folder, artifactDirectory: folder), record: .never)
        capturing = false
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertEqual(failures.first?.file, #filePath)
        XCTAssertTrue(failures.first?.description.contains("message-info/L-light-ltr@3x.png: no golden at") ?? false,
                      failures.first?.description ?? "")
    }
}
