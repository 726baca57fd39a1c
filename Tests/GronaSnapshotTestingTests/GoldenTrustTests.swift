import Foundation
import Grona
import PNG
import Raster
import Testing
import XCTest
@testable import GronaSnapshotTesting
@testable import GronaSnapshots

// Goldens a team can trust: one per case, named by the framework; exact when nothing drifted;
// strategies as values; scoped record modes; the SDK's theme carried over.

/// One folder per test process, shared by the Swift Testing suites below.
let trustFolder: String = {
    let folder = NSTemporaryDirectory() + "grona-golden-trust-\(getpid())"
    try? FileManager.default.removeItem(atPath: folder)
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}()

let trustVariant = Variants(textSizes: [.large], appearances: [.light], directions: [.ltr], scales: [1])

/// The SDK's theming page's `acmeTheme`, with only the UIKit types swapped (Inter stands in for
/// AcmeSans, by bare name as in a spec file).
let carriedOverTheme = GronaTheme(
    regularFont: ThemeFont(name: "Inter-Regular", size: 15),
    boldFont: ThemeFont(name: "Inter-Bold", size: 15),
    primary: ThemeColor(red: 0.04, green: 0.25, blue: 0.55, alpha: 1),
    onPrimary: .white,
    accent: ThemeColor(red: 1.00, green: 0.76, blue: 0.20, alpha: 1),
    cornerRadius: 12
)

func progress(_ value: Double) -> Component {
    .progressBar(ProgressBar(title: "Points to gold", value: value, tiers: [Tier(at: 50, label: "Silver"), Tier(at: 100, label: "Gold")]))
}

/// Checks a component as a test would, from a helper: the golden must be named after the test.
func recordsThenPasses(_ component: Component, expecting folder: String) {
    let first = verifySnapshot(of: component, as: .image(theme: carriedOverTheme, variants: trustVariant,
                                                         snapshotDirectory: trustFolder, artifactDirectory: trustFolder + "/Artifacts"))
    #expect(first?.contains("recorded the golden at \(trustFolder)/\(folder)/L-light-ltr@1x.png") == true, "\(first ?? "nil")")
    // The second check, as a second run would make it, passes.
    #expect(verifySnapshot(of: component, as: .image(theme: carriedOverTheme, variants: trustVariant,
                                                     snapshotDirectory: trustFolder)) == nil)
}

@Suite struct ParameterizedGoldens {
    @Test(arguments: [10.0, 50.0, 90.0]) func fill(value: Double) {
        recordsThenPasses(progress(value), expecting: "ParameterizedGoldens/fill-\(String(describingForTest: value))")
    }

    @Test(arguments: ["en", "de"], [TextSize.large, .accessibilityExtraExtraExtraLarge])
    func copy(locale: String, size: TextSize) {
        recordsThenPasses(.banner(Banner(title: "\(locale) \(size)")), expecting: "ParameterizedGoldens/copy-\(locale)-\(size.rawValue)")
    }

    @Test func twoSnapshots() {
        recordsThenPasses(progress(20), expecting: "ParameterizedGoldens/twoSnapshots")
        recordsThenPasses(progress(80), expecting: "ParameterizedGoldens/twoSnapshots.2")
    }

    @Test(.snapshots(record: .never)) func traitSetsTheRecordMode() {
        let message = verifySnapshot(of: progress(33), as: .image(variants: trustVariant, snapshotDirectory: trustFolder))
        #expect(message?.contains("(record mode never)") == true, "\(message ?? "nil")")
        // A call's own mode wins over the trait's.
        let recorded = verifySnapshot(of: progress(33), as: .image(variants: trustVariant, snapshotDirectory: trustFolder,
                                                                   artifactDirectory: trustFolder + "/Artifacts"),
                                      record: .missing)
        #expect(recorded?.contains("recorded the golden") == true)
    }

    @Test func withSnapshotTestingScopesTheRecordMode() {
        withSnapshotTesting(record: .never) {
            let message = verifySnapshot(of: progress(44), as: .image(variants: trustVariant, snapshotDirectory: trustFolder))
            #expect(message?.contains("(record mode never)") == true, "\(message ?? "nil")")
        }
        let outside = verifySnapshot(of: progress(44), as: .image(variants: trustVariant, snapshotDirectory: trustFolder,
                                                                  artifactDirectory: trustFolder + "/Artifacts"))
        #expect(outside?.contains("recorded the golden") == true)
    }
}

final class GoldenTrustTests: XCTestCase {
    let banner = Component.banner(Banner(eyebrow: "ACME", title: "Double points this week", button: "See points"))

    func theme(primary: UInt32) -> Theme { Theme(primary: .hex(primary), accent: .hex(0xFFC233), cornerRadius: 12) }

    func testTheSDKsThemeCarriesOver() {
        XCTAssertEqual(carriedOverTheme.primary, .hex(0x0A408C))
        XCTAssertEqual(carriedOverTheme.accent, .hex(0xFFC233))
        XCTAssertEqual(carriedOverTheme.onPrimary, .hex(0xFFFFFF))
        XCTAssertEqual(carriedOverTheme.cornerRadius, 12)
        let folder = (try? temporaryFolder()) ?? trustFolder
        let message = verifySnapshot(of: banner, as: .image(theme: carriedOverTheme, variants: trustVariant,
                                                            snapshotDirectory: folder, artifactDirectory: folder + "/Artifacts"))
        XCTAssertTrue(message?.contains("recorded the golden at \(folder)/GoldenTrustTests/testTheSDKsThemeCarriesOver/") == true, message ?? "nil")
        XCTAssertNil(verifySnapshot(of: banner, as: .image(theme: carriedOverTheme, variants: trustVariant, snapshotDirectory: folder)))
    }

    func testAMissingFontIsSaidOnceNamingTheSwiftCall() throws {
        let folder = try temporaryFolder()
        let message = try XCTUnwrap(verifySnapshot(of: banner, as: .image(theme: Theme(regularFont: "AcmeSans-Regular"),
                                                                          variants: Variants(textSizes: [.small, .large, .accessibilityExtraExtraExtraLarge]),
                                                                          snapshotDirectory: folder)))
        XCTAssertTrue(message.hasPrefix("verifySnapshot(of:as:): Theme.regularFont: no font file \"AcmeSans-Regular\"; a bare name is looked up in \(packageRoot)/Fonts, \(packageRoot), "), message)
        XCTAssertEqual(message.components(separatedBy: "Theme.regularFont").count, 2, message)
        XCTAssertFalse(message.contains("$."), message)
    }

    func testAnUnreadableFontIsSaidOnceInSwiftTerms() throws {
        let folder = try temporaryFolder()
        let message = try XCTUnwrap(verifySnapshot(of: banner, as: .image(theme: Theme(regularFont: "Fonts/README.md"),
                                                                          variants: Variants(textSizes: [.small, .large]), snapshotDirectory: folder)))
        XCTAssertTrue(message.hasPrefix("2 of 2 snapshots failed: cannot render: verifySnapshot(of:as:): Theme.regularFont: "), message)
        XCTAssertFalse(message.contains("$."), message)
    }

    func testAChangedBrandColourFailsOnTheSameMachineAndAReencodedGoldenPasses() throws {
        let folder = try temporaryFolder()
        let check = { (primary: UInt32) in
            verifySnapshot(of: self.banner, as: .image(theme: self.theme(primary: primary), variants: trustVariant,
                                                       snapshotDirectory: folder, artifactDirectory: folder + "/Artifacts"),
                           named: "acme")
        }
        XCTAssertNotNil(check(0x0A408C))   // recorded
        XCTAssertNil(check(0x0A408C))
        // #0A408C → #0A458C is below the perceptual tolerance, but this machine rendered the golden.
        let changed = try XCTUnwrap(check(0x0A458C))
        XCTAssertTrue(changed.contains("acme/L-light-ltr@1x.png: differs from the golden: "), changed)
        XCTAssertTrue(changed.contains("rule: exact, since the golden was rendered with this machine's GronaSnap, FreeType, HarfBuzz, ICU and fonts"), changed)
        XCTAssertTrue(changed.contains("GRONA_RECORD=failed"), changed)
        // What changed, named: the theme's token and both colours, though ΔE is below the tolerance.
        XCTAssertTrue(changed.contains("; primary #0A408C → #0A458C ("), changed)
        // The difference image marks every changed pixel, as the exact rule failed them.
        let panels = try decodePNG(readBytes(folder + "/Artifacts/difference/acme/L-light-ltr@1x.png")).pixmap
        let red = stride(from: 0, to: panels.pixels.count, by: 4).filter { panels.pixels[$0..<($0 + 4)] == [255, 0, 0, 255] }.count
        let differing = Int(changed.split(separator: " pixels differ").first?.split(separator: " ").last?.filter(\.isNumber) ?? "") ?? -1
        XCTAssertEqual(red, differing, changed)
        // The run's review page, as verify's: the difference, a wipe between the golden and the
        // fresh image, and how to accept; one entry per golden (the recording was replaced).
        XCTAssertTrue(changed.hasSuffix("Review this run's snapshots: \(folder)/Artifacts/index.html"), changed)
        let page = try String(contentsOfFile: folder + "/Artifacts/index.html", encoding: .utf8)
        for part in ["src=\"difference/acme/L-light-ltr@1x.png\"", "src=\"expected/acme/L-light-ltr@1x.png\"",
                     "src=\"actual/acme/L-light-ltr@1x.png\"", "1 differ, 0 recorded",
                     // CI's artifacts folder, downloaded, gives CI's pixels; recording again is the second choice.
                     "<code>grona-snap accept \(folder)/Artifacts --snapshots \(folder)</code>Or render them again",
                     "<code>GRONA_RECORD=failed swift test</code>"] {
            XCTAssertTrue(page.contains(part), part)
        }
        XCTAssertEqual(try SnapshotRecord.read(reportFolder: folder + "/Artifacts").map(\.golden), ["acme/L-light-ltr@1x.png"])
        // The same change against a golden that does not record its versions: the tolerance applies, and says so.
        let golden = folder + "/acme/L-light-ltr@1x.png"
        let original = try readBytes(golden)
        let pixels = try decodePNG(original).pixmap
        try writeBytes(try encodePNG(pixels, options: PNGEncodingOptions(filter: .paeth, level: 9)), golden)
        XCTAssertNotEqual(try readBytes(golden), original)
        XCTAssertNil(check(0x0A408C), "a golden re-encoded by another tool (same pixels) must pass")
        XCTAssertNil(check(0x0A458C), "across unknown versions the perceptual tolerance applies")
        // Re-encoded with its provenance chunk kept: exact again, and the same pixels still pass.
        let provenance = try XCTUnwrap(readPNGInfo(original).chunks.first { $0.name == "grVR" })
        try writeBytes(try encodePNG(pixels, chunks: [try PNGChunk(name: provenance.name, data: provenance.data)],
                                     options: PNGEncodingOptions(filter: .sub, level: 6)), golden)
        XCTAssertNil(check(0x0A408C))
        XCTAssertTrue(check(0x0A458C)?.contains("rule: exact") == true)
    }

    func testTheReportStrategyKeepsTheRenderReportAsAGolden() throws {
        let folder = try temporaryFolder()
        let first = try XCTUnwrap(verifySnapshot(of: banner, as: .report(variants: trustVariant, snapshotDirectory: folder)))
        let golden = folder + "/GoldenTrustTests/testTheReportStrategyKeepsTheRenderReportAsAGolden/L-light-ltr@1x.json"
        XCTAssertTrue(first.contains("recorded the golden report at \(golden)"), first)
        XCTAssertTrue(try String(contentsOfFile: golden, encoding: .utf8).contains("\"lines\""))
        XCTAssertNil(verifySnapshot(of: banner, as: .report(variants: trustVariant, snapshotDirectory: folder)))
        let longer = Component.banner(Banner(eyebrow: "ACME", title: "Double points this week on every order", button: "See points"))
        let changed = try XCTUnwrap(verifySnapshot(of: longer, as: .report(variants: trustVariant, snapshotDirectory: folder,
                                                                           artifactDirectory: folder + "/Artifacts"),
                                                   named: "GoldenTrustTests/testTheReportStrategyKeepsTheRenderReportAsAGolden",
                                                   record: .never))
        XCTAssertTrue(changed.contains("the render report differs from the golden at line"), changed)
    }

    /// A checkout without `git lfs pull` has pointer files where the goldens are: named as such, in
    /// every record mode, and never recorded over (that would commit PNGs over the pointers).
    func testAGitLFSPointerIsNamedAndNeverRecordedOver() throws {
        let folder = try temporaryFolder()
        let golden = folder + "/acme/L-light-ltr@1x.png"
        let pointer = Array("version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 48213\n".utf8)
        try writeBytes(pointer, golden)
        for record in [SnapshotRecordMode.missing, .failed, .all, .never] {
            let options = SnapshotOptions(.image, trustVariant, record, .default, folder, folder + "/Artifacts")
            let check = options.check(.component(banner, theme: Theme(), environment: .default, name: "acme", call: "assertSnapshot(of:as:)"),
                                      file: #filePath, identity: TestIdentity(module: "AppTests", suite: "A", test: "testA", fromFramework: true))
            let expected = "acme/L-light-ltr@1x.png: \(golden) is a Git LFS pointer, not the image of 48213 "
                + "bytes; run git lfs pull (nothing was compared or recorded: a recording would put a PNG where the pointer is)"
            XCTAssertTrue(check.failure?.message.hasPrefix(expected) == true, "record mode \(record): \(check.failure?.message ?? "nil")")
            XCTAssertNil(check.notice)
            XCTAssertEqual(try readBytes(golden), pointer, "record mode \(record) wrote over the pointer")
        }
    }

    /// A golden that cannot be decoded (truncated, empty, random bytes) is unreadable: it fails, and
    /// is never counted as a golden without provenance compared under the tolerance.
    func testAnUnreadableGoldenFailsAndIsNotComparedUnderTolerance() throws {
        let folder = try temporaryFolder()
        let options = SnapshotOptions(.image, trustVariant, nil, .default, folder, folder + "/Artifacts")
        let subject = SnapshotSubject.component(banner, theme: Theme(), environment: .default, name: "acme", call: "assertSnapshot(of:as:)")
        let identity = TestIdentity(module: "AppTests", suite: "A", test: "testA", fromFramework: true)
        XCTAssertNotNil(options.verify(subject, file: #filePath, identity: identity))   // recorded
        let golden = folder + "/acme/L-light-ltr@1x.png"
        let whole = try readBytes(golden)
        var generator = SystemRandomNumberGenerator()
        for (damage, bytes) in [("truncated", Array(whole.prefix(whole.count / 2))), ("empty", []),
                                ("random bytes", (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })] {
            try writeBytes(bytes, golden)
            let check = options.check(subject, file: #filePath, identity: identity)
            let message = try XCTUnwrap(check.failure?.message, damage)
            XCTAssertTrue(message.hasPrefix("acme/L-light-ltr@1x.png: the golden is unreadable ("), "\(damage): \(message)")
            XCTAssertTrue(message.contains("nothing was compared; restore it from version control, or record it again"), message)
            XCTAssertFalse(message.contains("tolerance"), "\(damage): \(message)")
            XCTAssertNil(check.notice, "\(damage): counted as compared under the tolerance")
        }
        try writeBytes([], golden)
        XCTAssertTrue(try XCTUnwrap(options.verify(subject, file: #filePath, identity: identity)).contains("unreadable (an empty file)"))
    }

    /// A snapshots folder that cannot be written: the check fails and says nothing was recorded.
    func testAGoldenThatCannotBeWrittenSaysNothingWasRecorded() throws {
        let folder = try temporaryFolder()
        // A file where the golden's folder would go fails the write for any user (root ignores a
        // folder's permissions); the folder is made read-only too.
        try writeBytes(Array("not a folder".utf8), folder + "/acme")
        chmod(folder, 0o555)
        defer { chmod(folder, 0o755) }
        let options = SnapshotOptions(.image, trustVariant, nil, .default, folder, NSTemporaryDirectory() + "grona-artifacts-\(getpid())")
        let message = try XCTUnwrap(options.verify(.component(banner, theme: Theme(), environment: .default, name: "acme", call: "assertSnapshot(of:as:)"),
                                                   file: #filePath, identity: TestIdentity(module: "AppTests", suite: "A", test: "testA", fromFramework: true)))
        XCTAssertTrue(message.hasPrefix("acme/L-light-ltr@1x.png: nothing recorded: \(folder)/acme"), message)
        XCTAssertFalse(message.contains("recorded the golden at"), message)
    }

    /// A render report golden checked out with CRLF line endings is the same text.
    func testAReportGoldenWithCRLFLineEndingsMatches() throws {
        let folder = try temporaryFolder()
        let strategy = Snapshotting<Component>.report(variants: trustVariant, snapshotDirectory: folder, artifactDirectory: folder + "/Artifacts")
        XCTAssertNotNil(verifySnapshot(of: banner, as: strategy, named: "crlf"))   // recorded
        let golden = folder + "/crlf/L-light-ltr@1x.json"
        let text = try String(contentsOfFile: golden, encoding: .utf8)
        XCTAssertTrue(text.contains("\n") && !text.contains("\r"))
        try text.replacingOccurrences(of: "\n", with: "\r\n").write(toFile: golden, atomically: true, encoding: .utf8)
        XCTAssertNil(verifySnapshot(of: banner, as: strategy, named: "crlf", record: .never))
    }

    func testTwoTestsClaimingOneGoldenInOneRunFailNamingBoth() throws {
        let folder = try temporaryFolder()
        func identity(_ module: String) -> TestIdentity {
            TestIdentity(module: module, suite: "CampaignSnapshots", test: "testOffer", fromFramework: true)
        }
        let options = SnapshotOptions(.image, trustVariant, nil, .default, folder, folder + "/Artifacts")
        let subject = SnapshotSubject.component(banner, theme: Theme(), environment: .default, name: nil, call: "assertSnapshot(of:as:)")
        let first = options.verify(subject, file: #filePath, identity: identity("AppTests"))
        XCTAssertTrue(first?.contains("recorded the golden at \(folder)/CampaignSnapshots/testOffer/") == true, first ?? "nil")
        let second = try XCTUnwrap(options.verify(subject, file: #filePath, identity: identity("MoreTests")))
        XCTAssertTrue(second.contains("this golden is already AppTests.CampaignSnapshots/testOffer's in this run, and MoreTests.CampaignSnapshots/testOffer would use it too"), second)
    }

    /// `swift test --filter A`, then `--filter B`: two runs, one golden (`named: "acme"` in both).
    /// The second claim is checked against the ledger as it is written, fails naming the first,
    /// and is not recorded; a spec's goldens may still be checked by any number of tests.
    func testTwoRunsClaimingOneGoldenFailOnWrite() throws {
        let folder = try temporaryFolder()
        let options = SnapshotOptions(.image, trustVariant, nil, .default, folder, folder + "/Artifacts")
        func check(_ suite: String, run: String) -> String? {
            setenv(GoldenLedger.runVariable, run, 1)
            defer { unsetenv(GoldenLedger.runVariable) }
            return options.verify(.component(banner, theme: Theme(), environment: .default, name: "acme", call: "assertSnapshot(of:as:)"),
                                  file: #filePath, identity: TestIdentity(module: "AppTests", suite: suite, test: "testOffer", fromFramework: true))
        }
        XCTAssertTrue(check("OfferTests", run: "run-1")?.contains("recorded the golden") == true)
        XCTAssertNil(check("OfferTests", run: "run-1b"))
        let second = try XCTUnwrap(check("PromoTests", run: "run-2"))
        XCTAssertTrue(second.hasPrefix("\(folder)/acme/L-light-ltr@1x.png: this golden is already AppTests.OfferTests/testOffer's "
            + "from an earlier run, and AppTests.PromoTests/testOffer would use it too; two tests cannot share a golden"), second)
        XCTAssertTrue(second.hasSuffix("if AppTests.OfferTests/testOffer no longer exists, remove its lines from \(folder)/.grona-ledger/AppTests.tsv"), second)
        XCTAssertEqual(GoldenLedger.entries(under: folder).map(\.test), ["AppTests.OfferTests/testOffer"])
        // Spec goldens are shared: many tests may check one spec.
        XCTAssertEqual(GoldenLedger.claim(["acme/L-light-ltr@1x.png"], test: "AppTests.Specs/testAll", module: "AppTests",
                                          snapshotsFolder: folder, run: "run-3"), [])
        XCTAssertEqual(GoldenLedger.entries(under: folder).count, 2)
    }

    /// Whether a run was the whole suite comes from the `swift test` command line that started it
    /// (the test process's parent), the test binary's own when run by hand, or a CI engine's shard.
    func testARunsNarrowingComesFromItsCommandLine() {
        func narrowing(_ parent: [String], own: [String] = ["/app/.build/debug/AppPackageTests.xctest"],
                       _ environment: [String: String] = [:]) -> String? {
            GoldenLedger.narrowing(parent: parent, own: own, environment: environment)
        }
        XCTAssertNil(narrowing(["/usr/bin/swift-test"]))
        XCTAssertNil(narrowing(["/usr/bin/swift-test", "--parallel", "--xunit-output", "out.xml"]))
        // A --parallel worker runs one test, but its parent runs them all.
        XCTAssertNil(narrowing(["/usr/bin/swift-test", "--parallel"], own: ["/app/AppPackageTests.xctest", "AppTests.Promos/testOne"]))
        XCTAssertEqual(narrowing(["/usr/bin/swift-test", "--filter", "OneSuite"]), "swift test --filter OneSuite")
        XCTAssertEqual(narrowing(["swift", "test", "--skip", "Slow Tests", "--skip-build"]), "swift test --skip 'Slow Tests'")
        XCTAssertEqual(narrowing(["swift-test", "--filter=OneSuite"]), "swift test --filter=OneSuite")
        XCTAssertEqual(narrowing(["/bin/bash"], own: ["/app/AppPackageTests.xctest", "AppTests.Promos/testOne"]),
                       "/app/AppPackageTests.xctest AppTests.Promos/testOne")
        XCTAssertNil(narrowing(["/bin/bash"], own: ["/app/AppPackageTests.xctest"]))
        XCTAssertEqual(narrowing(["/usr/bin/swift-test"], ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "4"]),
                       "shard 2/4 (from CI_NODE_INDEX/CI_NODE_TOTAL)")
        XCTAssertNil(narrowing(["/usr/bin/swift-test"], ["CI_NODE_TOTAL": "1"]))
        // Noted once per run in the ledger's runs.txt, and read back for `unused`.
        let folder = (try? temporaryFolder()) ?? "/tmp"
        GoldenLedger.claim(["a/L-light-ltr@1x.png"], test: "AppTests.A/testA", module: "AppTests", snapshotsFolder: folder,
                           run: "r1", narrowing: "swift test --filter A")
        GoldenLedger.claim(["b/L-light-ltr@1x.png"], test: "AppTests.B/testB", module: "AppTests", snapshotsFolder: folder,
                           run: "r2", narrowing: nil)
        XCTAssertEqual(GoldenLedger.narrowing(of: "r1", under: folder), "swift test --filter A")
        XCTAssertNil(GoldenLedger.narrowing(of: "r2", under: folder))
    }

    func testASpecInASubfolderKeepsVerifysGoldenFolder() {
        let snapshots = packageRoot + "/Snapshots"
        XCTAssertEqual(SpecGoldenName.of(specAt: packageRoot + "/Fixtures/banners/summer.json", snapshotsFolder: snapshots), "banners/summer")
        XCTAssertEqual(SpecGoldenName.of(specAt: packageRoot + "/Fixtures/seasonal-banner.json", snapshotsFolder: snapshots), "seasonal-banner")
        XCTAssertEqual(SpecGoldenName.of(specAt: packageRoot + "/Tests/Specs/points2.json", snapshotsFolder: snapshots), "Specs/points2")
        // Pointed at a deeper folder, the name stays the spec's place in the package.
        XCTAssertEqual(SpecGoldenName.of(specAt: packageRoot + "/Fixtures/banners/summer.json", snapshotsFolder: snapshots,
                                         searched: packageRoot + "/Fixtures/banners"), "banners/summer")
        XCTAssertEqual(SpecGoldenName.projectRoot(snapshotsFolder: snapshots + "/Accessibility"), packageRoot)
        // Outside the project: below the folder searched, else the file's name.
        XCTAssertEqual(SpecGoldenName.of(specAt: "/abs/Fixtures/banners/summer.json", snapshotsFolder: snapshots,
                                         searched: "/abs/Fixtures"), "banners/summer")
        XCTAssertEqual(SpecGoldenName.of(specAt: "/abs/Fixtures/banners/summer.json", snapshotsFolder: snapshots), "summer")
    }

    /// `ofSpecAt: "Tests/Specs/points2.json"` in an app package records where `grona-snap verify
    /// Tests/Specs` (or `verify Tests`) looks: `Snapshots/Specs/points2/` (CLITests checks verify's side).
    func testASpecFileIsNamedAsVerifyNamesIt() throws {
        let app = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: app + "/Tests/Specs", withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.0\n".utf8).write(to: URL(fileURLWithPath: app + "/Package.swift"))
        try FileManager.default.copyItem(atPath: packageRoot + "/Fixtures/message-gift.json", toPath: app + "/Tests/Specs/points2.json")
        let options = SnapshotOptions(.image, trustVariant, nil, .default, nil, app + "/Artifacts")
        let identity = TestIdentity(module: "AppTests", suite: "Points", test: "testPoints", fromFramework: true)
        let message = options.verify(.specFile("Tests/Specs/points2.json"), file: app + "/Tests/AppTests/Points.swift", identity: identity)
        XCTAssertTrue(message?.contains("recorded the golden at \(app)/Snapshots/Specs/points2/L-light-ltr@1x.png") == true, message ?? "nil")
        XCTAssertNil(options.verify(.specFile("Tests/Specs/points2.json"), file: app + "/Tests/AppTests/Points.swift", identity: identity))
    }

    func testXCTestIdentityComesFromTheRunningTestCase() {
        let identity = TestIdentity.current(testCase: self, file: #filePath, function: "helper()")
        XCTAssertEqual(identity.module, "GronaSnapshotTestingTests")
        XCTAssertEqual(identity.suite, "GoldenTrustTests")
        XCTAssertEqual(identity.test, "testXCTestIdentityComesFromTheRunningTestCase")
        XCTAssertEqual(xcTestMethodName("-[GoldenTrustTests testOffer]"), "testOffer")
        XCTAssertEqual(folderSafe("\"a b\"/c"), "_a_b_c")
        let long = folderSafe(String(repeating: "x", count: 200))
        XCTAssertTrue(long.count <= 97 && long.hasPrefix(String(repeating: "x", count: 80) + "~"), long)
    }
}
