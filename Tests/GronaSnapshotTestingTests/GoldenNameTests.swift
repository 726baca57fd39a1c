import Foundation
import Grona
import Testing
import XCTest
@testable import GronaSnapshotTesting

// Goldens of components built in code are named after the test's suite and the test, so two suites
// with a test of the same name keep two goldens. Each pair below records into one shared folder
// (one per test process): with names from the test function alone, the second test of a pair would
// find the first one's golden and fail against it.

let sharedGoldenFolder: String = {
    let folder = NSTemporaryDirectory() + "grona-golden-names-\(getpid())"
    try? FileManager.default.removeItem(atPath: folder)
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}()

/// A banner whose title says who drew it, so the two goldens of a pair differ.
func namedBanner(_ title: String) -> Component {
    .banner(Banner(title: title))
}

let oneVariant = Variants(textSizes: [.large], appearances: [.light], directions: [.ltr])

extension XCTestCase {
    /// Records a banner titled `title` through `verifySnapshot` (the call's test name passed on, as
    /// the test's own call would pass it), and checks where it went and that it then passes.
    func assertRecordsUnderItsClass(_ title: String, testName: String = #function,
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let message = try XCTUnwrap(verifySnapshot(of: namedBanner(title),
                                                   as: .image(variants: oneVariant, snapshotDirectory: sharedGoldenFolder,
                                                              artifactDirectory: sharedGoldenFolder + "/Artifacts"),
                                                   testName: testName),
                                    file: file, line: line)
        let golden = "\(sharedGoldenFolder)/\(type(of: self))/\(testName.prefix { $0 != "(" })/L-light-ltr@3x.png"
        XCTAssertTrue(message.contains("recorded the golden at \(golden)"), message, file: file, line: line)
        XCTAssertNil(verifySnapshot(of: namedBanner(title), as: .image(variants: oneVariant, snapshotDirectory: sharedGoldenFolder),
                                    testName: testName), file: file, line: line)
    }
}

final class GoldenNamesFirstSuite: XCTestCase {
    func testSameName() throws { try assertRecordsUnderItsClass("First suite") }
}

final class GoldenNamesSecondSuite: XCTestCase {
    func testSameName() throws { try assertRecordsUnderItsClass("Second suite") }

    func testFolderWithoutSuiteIsTheFileName() {
        XCTAssertEqual(componentGoldenFolder(suite: nil, file: "/p/Tests/AppTests/OfferTests.swift", testName: "banner()"),
                       "OfferTests/banner")
        XCTAssertEqual(componentGoldenFolder(suite: "Outer.Inner", file: "/p/x.swift", testName: "testCard()"),
                       "Outer.Inner/testCard")
    }
}

// Swift Testing: `assertSnapshot` takes the suite from the running test. Recording fails the test,
// which is the known issue each expects; its message names the path.
/// Records a banner titled `title` with `assertSnapshot`, expecting it under `<suite>/banner/`.
func expectRecordingUnder(_ suite: String, _ title: String) {
    withKnownIssue {
        assertSnapshot(of: namedBanner(title), as: .image(variants: oneVariant, snapshotDirectory: sharedGoldenFolder,
                                                          artifactDirectory: sharedGoldenFolder + "/Artifacts"),
                       testName: "banner()")
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("recorded the golden at \(sharedGoldenFolder)/\(suite)/banner/L-light-ltr@3x.png") }
    }
}

@Suite struct GoldenNamesFirstSwiftSuite {
    @Test func banner() { expectRecordingUnder("GoldenNamesFirstSwiftSuite", "First Swift suite") }
}

@Suite struct GoldenNamesSecondSwiftSuite {
    @Test func banner() { expectRecordingUnder("GoldenNamesSecondSwiftSuite", "Second Swift suite") }
}
