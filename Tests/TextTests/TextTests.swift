import XCTest
@testable import Text
final class TextSmokeTests: XCTestCase { func testModuleLoads() {} }
