import XCTest
@testable import GronaSnapshotTesting
final class GronaSnapshotTestingSmokeTests: XCTestCase { func testModuleLoads() {} }
