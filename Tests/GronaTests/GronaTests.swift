import XCTest
@testable import Grona
final class GronaSmokeTests: XCTestCase { func testModuleLoads() {} }
