import Foundation
import XCTest
import TestSupport

/// A spec file's bare font name is looked up as a Swift theme's is: the app's own `Fonts/` (found
/// from the spec's folder up to the project's root), with `.otf`, `.ttf` or `.ttc` added.
final class AppFontsTests: XCTestCase {
    func testABareFontNameIsFoundInTheAppsFonts() throws {
        let app = try temporaryFolder()
        let fm = FileManager.default
        try fm.createDirectory(atPath: app + "/Fonts", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: app + "/Tests/Specs", withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.0\n".utf8).write(to: URL(fileURLWithPath: app + "/Package.swift"))
        // The app's brand face: Inter Bold under the app's own name for it.
        try fm.copyItem(atPath: packageRoot + "/Fonts/Inter-Bold.otf", toPath: app + "/Fonts/AcmeSans-Regular.otf")
        func spec(_ font: String) -> String {
            """
            {"theme": {"regularFont": "\(font)", "primary": "#0A408C"},
             "component": {"type": "banner", "title": "Double points this week", "button": "See points"}}
            """
        }
        try spec("AcmeSans-Regular").write(toFile: app + "/Tests/Specs/acme.json", atomically: true, encoding: .utf8)
        try spec(packageRoot + "/Fonts/Inter-Bold.otf").write(toFile: app + "/Tests/Specs/inter.json", atomically: true, encoding: .utf8)
        let acme = try snap("render", app + "/Tests/Specs/acme.json", "-o", app + "/acme.png", "--scale", "1")
        XCTAssertEqual(acme.status, 0, acme.stderr)
        XCTAssertEqual(try snap("render", app + "/Tests/Specs/inter.json", "-o", app + "/inter.png", "--scale", "1").status, 0)
        XCTAssertEqual(try bytes(app + "/acme.png"), try bytes(app + "/inter.png"), "the app's AcmeSans-Regular.otf was not the face drawn")
        // Without a project marker above, a folder's ancestors' fonts are not searched.
        try fm.removeItem(atPath: app + "/Package.swift")
        let lost = try snap("render", app + "/Tests/Specs/acme.json", "-o", app + "/lost.png")
        XCTAssertEqual(lost.status, 2)
        XCTAssertTrue(lost.stderr.contains("$.theme.regularFont") && lost.stderr.contains("\"AcmeSans-Regular\" is not a readable file"), lost.stderr)
        XCTAssertFalse(fm.fileExists(atPath: app + "/lost.png"))
    }
}
