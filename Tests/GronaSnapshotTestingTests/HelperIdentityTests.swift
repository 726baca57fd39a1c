import Foundation
import Grona
import Testing
import XCTest
@testable import GronaSnapshotTesting

// A free helper outside the test class, as an app's test files have them, names its goldens after
// the test that called it, in the first test of a process as in the last: `swift test --filter
// X/testBSecond` and `swift test --parallel` (a process per test) must give the names a full run
// gives. Where no test is running, a snapshot without `named:` fails saying so.

/// A free function: `verifySnapshot`'s `testName` here is this helper's own name.
func checkOfferFromHelper(in folder: String) -> String? {
    verifySnapshot(of: Component.offer(Offer(title: "10% off your first order", code: "ACME10")),
                   as: .image(variants: trustVariant, snapshotDirectory: folder, artifactDirectory: folder + "/Artifacts"))
}

final class HelperIdentityTests: XCTestCase {
    func expectNamedAfter(_ test: String) throws {
        let folder = try temporaryFolder()
        let message = try XCTUnwrap(checkOfferFromHelper(in: folder))
        XCTAssertTrue(message.contains("recorded the golden at \(folder)/HelperIdentityTests/\(test)/L-light-ltr@1x.png"), message)
        XCTAssertNil(checkOfferFromHelper(in: folder))
    }

    func testAFirst() throws { try expectNamedAfter("testAFirst") }
    func testBSecond() throws { try expectNamedAfter("testBSecond") }

    #if os(Linux)
    /// Each test alone in a process of its own, as `--filter` and `--parallel` run it: the test
    /// binary (this process's own program) with XCTest's filter.
    func testEachTestAloneInAProcessNamesItsGoldenAsAFullRunDoes() throws {
        for test in ["testBSecond", "testAFirst"] {
            let (status, text) = try runThisTestBinary(["GronaSnapshotTestingTests.HelperIdentityTests/\(test)"])
            XCTAssertEqual(status, 0, text)
            XCTAssertTrue(text.contains("Executed 1 test, with 0 failures"), text)
        }
    }
    #endif
}

final class HelperOutsideTestsTests: XCTestCase {
    /// What the helper said when called from the class's setUp, where no test runs.
    nonisolated(unsafe) static var fromClassSetUp: String?

    override class func setUp() {
        super.setUp()
        fromClassSetUp = checkOfferFromHelper(in: NSTemporaryDirectory() + "grona-helper-setup-\(getpid())")
    }

    func testOutsideAnyTestTheHelperFailsSayingSo() {
        XCTAssertEqual(Self.fromClassSetUp, TestIdentity(module: nil, suite: nil, test: "x", fromFramework: false)
            .unknownTestMessage(call: "verifySnapshot(of:as:)"))
        XCTAssertTrue(Self.fromClassSetUp?.hasPrefix("verifySnapshot(of:as:): cannot tell which test is running") == true)
    }
}

@Suite struct HelperIdentitySwiftTests {
    /// A detached task does not carry `Test.current`: its snapshot cannot know the test, and says so.
    @Test func aDetachedTaskCannotKnowItsTest() async throws {
        let folder = NSTemporaryDirectory() + "grona-helper-detached-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        let message = await Task.detached { checkOfferFromHelper(in: folder) }.value
        #expect(message?.hasPrefix("verifySnapshot(of:as:): cannot tell which test is running") == true, "\(message ?? "nil")")
        // In the test's own task, the helper's golden is named after the test.
        let named = checkOfferFromHelper(in: folder)
        #expect(named?.contains("\(folder)/HelperIdentitySwiftTests/aDetachedTaskCannotKnowItsTest/") == true, "\(named ?? "nil")")
    }
}

/// A failing snapshot under Swift Testing attaches the golden, the fresh image and the difference
/// image. The failure is a known issue here; `AttachmentTests` runs this suite in a process of its
/// own with `--attachments-path` and looks at what was saved.
@Suite struct SnapshotAttachments {
    @Test func aFailureAttachesItsImages() throws {
        let folder = NSTemporaryDirectory() + "grona-attachments-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        let banner = { (title: String) in Component.banner(Banner(title: title)) }
        withKnownIssue {
            assertSnapshot(of: banner("Summer sale"), as: .image(variants: trustVariant, snapshotDirectory: folder,
                                                                 artifactDirectory: folder + "/Artifacts"), named: "sale")   // recorded
        }
        withKnownIssue {
            assertSnapshot(of: banner("Winter sale"), as: .image(variants: trustVariant, snapshotDirectory: folder,
                                                                 artifactDirectory: folder + "/Artifacts"), named: "sale")   // differs
        } matching: { $0.comments.contains { $0.rawValue.contains("sale/L-light-ltr@1x.png: differs from the golden") } }
    }
}

#if os(Linux)
final class AttachmentTests: XCTestCase {
    func testSwiftTestingSavesTheFailuresImages() throws {
        let saved = try temporaryFolder()
        let (status, text) = try runThisTestBinary(["--testing-library", "swift-testing", "--filter", "SnapshotAttachments",
                                                    "--attachments-path", saved])
        XCTAssertEqual(status, 0, text)
        let names = (try FileManager.default.contentsOfDirectory(atPath: saved)).sorted()
        for role in ["recorded", "expected", "actual", "difference"] {
            XCTAssertTrue(names.contains { $0.hasPrefix("sale_L-light-ltr@1x-\(role)") && $0.hasSuffix(".png") }, "\(role): \(names)\n\(text)")
        }
        let difference = try XCTUnwrap(names.first { $0.contains("-difference") })
        XCTAssertEqual(Array(try readBytes(saved + "/" + difference).prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }
}
#endif

/// Runs this test binary (this process's own program) with `arguments`, and `environment` added
/// to this process's: the exit status and everything it printed.
func runThisTestBinary(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
}
