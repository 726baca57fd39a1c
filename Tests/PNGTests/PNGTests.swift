import XCTest
@testable import PNG
final class PNGSmokeTests: XCTestCase { func testModuleLoads() {} }
