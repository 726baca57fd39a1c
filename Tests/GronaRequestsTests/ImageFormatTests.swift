import Grona
import GronaRequests
import XCTest

/// The one mapping from an output path to its image format.
final class ImageFormatTests: XCTestCase {
    func testTheExtensionPicksTheFormat() throws {
        for (path, format) in [("a.png", ImageFormat.png), ("out/A.PNG", .png), ("a.webp", .webp), ("docs/x.WebP", .webp),
                               ("-", .png), ("/dev/null", .png), ("folder.v2/card", .png), (".hidden", .png)] {
            XCTAssertEqual(try ImageFormat.of(output: path, option: "-o"), format, path)
        }
        for path in ["a.jpg", "a.png.bak", "card."] {
            XCTAssertThrowsError(try ImageFormat.of(output: path, option: "-o"), path) { error in
                XCTAssertEqual((error as? RequestError)?.exitStatus, 2)
                XCTAssertTrue("\(error)".hasPrefix("-o: \(path): GronaSnap writes .png and .webp images, not ."), "\(error)")
            }
        }
    }
}
