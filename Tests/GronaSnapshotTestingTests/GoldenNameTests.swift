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

final class GoldenNamesFirstSuite: XCTestCase {
    func testSameName() throws {
        let message = try XCTUnwrap(verifySnapshot(component: namedBanner("First suite"), variants: oneVariant,
                                                   snapshotDirectory: sharedGoldenFolder,
                                                   artifactDirectory: sharedGoldenFolder + "/Artifacts"))
        XCTAssertTrue(message.contains("recorded the golden at \(sharedGoldenFolder)/GoldenNamesFirstSuite/testSameName/L-light-ltr@3x.png"), message)
        XCTAssertNil(verifySnapshot(component: namedBanner("First suite"), variants: oneVariant,
                                    snapshotDirectory: sharedGoldenFolder))
    }
}

final class GoldenNamesSecondSuite: XCTestCase {
    func testSameName() throws {
        let message = try XCTUnwrap(verifySnapshot(component: namedBanner("Second suite"), variants: oneVariant,
                                                   snapshotDirectory: sharedGoldenFolder,
                                                   artifactDirectory: sharedGoldenFolder + "/Artifacts"))
        XCTAssertTrue(message.contains("recorded the golden at \(sharedGoldenFolder)/GoldenNamesSecondSuite/testSameName/L-light-ltr@3x.png"), message)
        XCTAssertNil(verifySnapshot(component: namedBanner("Second suite"), variants: oneVariant,
                                    snapshotDirectory: sharedGoldenFolder))
    }

    func testFolderWithoutSuiteIsTheFileName() {
        XCTAssertEqual(componentGoldenFolder(suite: nil, file: "/p/Tests/AppTests/OfferTests.swift", testName: "banner()"),
                       "OfferTests/banner")
        XCTAssertEqual(componentGoldenFolder(suite: "Outer.Inner", file: "/p/x.swift", testName: "testCard()"),
                       "Outer.Inner/testCard")
    }
}

// Swift Testing: `assertSnapshot` takes the suite from the running test. Recording fails the test,
// which is the known issue each expects; its message names the path.
@Suite struct GoldenNamesFirstSwiftSuite {
    @Test func banner() {
        withKnownIssue {
            assertSnapshot(component: namedBanner("First Swift suite"), variants: oneVariant,
                           snapshotDirectory: sharedGoldenFolder, artifactDirectory: sharedGoldenFolder + "/Artifacts")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("recorded the golden at \(sharedGoldenFolder)/GoldenNamesFirstSwiftSuite/banner/L-light-ltr@3x.png") }
        }
    }
}

@Suite struct GoldenNamesSecondSwiftSuite {
    @Test func banner() {
        withKnownIssue {
            assertSnapshot(component: namedBanner("Second Swift suite"), variants: oneVariant,
                           snapshotDirectory: sharedGoldenFolder, artifactDirectory: sharedGoldenFolder + "/Artifacts")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("recorded the golden at \(sharedGoldenFolder)/GoldenNamesSecondSwiftSuite/banner/L-light-ltr@3x.png") }
        }
    }
}
