import Foundation
import XCTest
@testable import Grona

/// `allowedAssetRoots` against paths that try to climb out: symbolic links, `..`, absolute paths,
/// look-alike folder names, and the fonts folder (allowed for fonts, whatever the roots).
final class BadInputAssetRootsTests: XCTestCase {
    var fixture: FixtureFolder!
    override func setUpWithError() throws { fixture = try FixtureFolder() }
    override func tearDown() { fixture = nil }

    func decode(_ json: String, roots: [String]?) throws -> Spec {
        try SpecDecoder(fontsFolder: fixture.fontsFolder, allowedAssetRoots: roots)
            .decode(Array(json.utf8), file: "banner.json", name: "banner", folder: fixture.specFolder)
    }

    func problem(_ json: String, roots: [String]?) -> String? {
        do { _ = try decode(json, roots: roots); return nil } catch { return "\(error)" }
    }

    func image(_ path: String) -> String { #"{"component": {"type": "banner", "title": "t", "image": "\#(path)"}}"# }
    func font(_ path: String) -> String { #"{"theme": {"regularFont": "\#(path)"}, "component": {"type": "banner", "title": "t"}}"# }
    func outsideMessage(_ key: String, _ path: String, _ real: String) -> String {
        #"banner.json: $.\#(key): "\#(path)" resolves to \#(real), outside the allowed asset roots"#
    }

    func testTheFontsFolderStaysAllowedForFonts() throws {
        let roots = [fixture.specFolder]
        let spec = try decode(font("Inter-Bold.otf"), roots: roots)
        XCTAssertEqual(spec.theme.regularFont, fixture.real(fixture.fontsFolder + "/Inter-Bold.otf"))
        // A font symbolic link in the spec's folder that points into the fonts folder is a font there.
        try FileManager.default.createSymbolicLink(atPath: fixture.specFolder + "/Fonts/linked.otf",
                                                   withDestinationPath: fixture.fontsFolder + "/Inter-Bold.otf")
        XCTAssertNil(problem(font("Fonts/linked.otf"), roots: roots))
        // ... but only for fonts: an image cannot be read from the fonts folder.
        let real = fixture.real(fixture.fontsFolder + "/Inter-Bold.otf")
        XCTAssertEqual(problem(image("../fonts/Inter-Bold.otf"), roots: roots),
                       outsideMessage("component.image", "../fonts/Inter-Bold.otf", real))
        // A font outside both is refused, by symbolic link or by `..`.
        try FileManager.default.createSymbolicLink(atPath: fixture.specFolder + "/Fonts/escape.otf",
                                                   withDestinationPath: fixture.outside + "/secret.png")
        let secret = fixture.real(fixture.outside + "/secret.png")
        XCTAssertEqual(problem(font("Fonts/escape.otf"), roots: roots), outsideMessage("theme.regularFont", "Fonts/escape.otf", secret))
        XCTAssertEqual(problem(font("../outside/secret.png"), roots: roots),
                       outsideMessage("theme.regularFont", "../outside/secret.png", secret))
    }

    func testALookAlikeFolderIsNotInsideTheRoot() throws {
        // specs-evil starts with the root's name but is not inside it.
        let evil = fixture.root + "/specs-evil"
        try FileManager.default.createDirectory(atPath: evil, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: evil + "/x.png", contents: Data([1])))
        XCTAssertEqual(problem(image("../specs-evil/x.png"), roots: [fixture.specFolder]),
                       outsideMessage("component.image", "../specs-evil/x.png", fixture.real(evil + "/x.png")))
    }

    func testRootsAreCompared() throws {
        // Given with `..`, a trailing slash, or through a symbolic link, a root is its real folder.
        let link = fixture.root + "/specs-link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fixture.specFolder)
        for root in [fixture.specFolder + "/../specs/", link] {
            XCTAssertNil(problem(image("images/croissant.png"), roots: [root]), root)
            // An absolute path inside the root is as good as a relative one.
            XCTAssertNil(problem(image(fixture.specFolder + "/images/croissant.png"), roots: [root]), root)
            XCTAssertNotNil(problem(image("images/link.png"), roots: [root]), root)
        }
        // "/" allows everything; a root that does not exist allows nothing (the library fails closed;
        // the command line refuses such a root up front).
        XCTAssertNil(problem(image("images/link.png"), roots: ["/"]))
        let real = fixture.real(fixture.specFolder + "/images/croissant.png")
        XCTAssertEqual(problem(image("images/croissant.png"), roots: [fixture.root + "/nowhere"]),
                       outsideMessage("component.image", "images/croissant.png", real))
    }
}
