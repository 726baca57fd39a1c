import Foundation
import XCTest
import TestSupport

// A folder of specs may hold other JSON (a --report saved beside them): a file whose top level has no
// `component` key is skipped by batch and verify with one note line; a spec that is invalid is still
// an error, and so is a likely typo of `component`.
final class SpecFilesTests: XCTestCase {
    /// A folder with two fixtures and the render report of one of them.
    func specsWithAReport() throws -> String {
        let folder = try temporaryFolder("specfiles-" + #function + UUID().uuidString.prefix(6))
        let specs = folder + "/specs"
        try FileManager.default.createDirectory(atPath: specs, withIntermediateDirectories: true)
        for name in ["message-info", "message-star"] {
            try FileManager.default.copyItem(atPath: fixtures + "/\(name).json", toPath: specs + "/\(name).json")
        }
        let render = try snap("render", specs + "/message-info.json", "-o", folder + "/shot.png",
                              "--report", specs + "/message-info.report.json")
        XCTAssertEqual(render.status, 0, render.stderr)
        return folder
    }

    func testBatchSkipsAReportBesideTheSpecsWithANote() throws {
        let folder = try specsWithAReport()
        let run = try snap("batch", folder + "/specs", "-o", folder + "/out", "--scale", "1", "--text-size", "L",
                           "--appearance", "light", "--direction", "ltr")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "note: \(folder)/specs/message-info.report.json: skipped, not a spec (its top level has no \"component\" key)\n")
        XCTAssertTrue(run.stdout.hasPrefix("rendered 2 snapshots from 2 specs"), run.stdout)
        XCTAssertEqual(files(under: folder + "/out"), ["message-info/L-light-ltr@1x.png", "message-star/L-light-ltr@1x.png"])
    }

    func testVerifySkipsAReportBesideTheSpecsWithANote() throws {
        let folder = try specsWithAReport()
        let record = try snap("verify", folder + "/specs", "--snapshots", folder + "/goldens", "--record", "all")
        XCTAssertEqual(record.status, 1)
        let notes = record.stderr.split(separator: "\n").filter { $0.hasPrefix("note: ") }
        XCTAssertEqual(notes, ["note: \(folder)/specs/message-info.report.json: skipped, not a spec (its top level has no \"component\" key)"])
        let check = try snap("verify", folder + "/specs", "--snapshots", folder + "/goldens")
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.contains("0 differ"), check.stdout)
    }

    func testSheetOfAReportSaysWhy() throws {
        let folder = try specsWithAReport()
        let run = try snap("sheet", folder + "/specs/message-info.report.json", "-o", folder + "/sheet.png")
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "error: \(folder)/specs/message-info.report.json: skipped, not a spec (its top level has no \"component\" key); nothing to draw\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/sheet.png"))
    }

    func testASpecWithAComponentKeyIsStillCheckedAndATypoIsNotSkipped() throws {
        let folder = try specsWithAReport()
        let bad = folder + "/specs/zz-bad.json"
        try Data(#"{"component": {"type": "banner"}}"#.utf8).write(to: URL(fileURLWithPath: bad))
        let invalid = try snap("batch", folder + "/specs", "-o", folder + "/out")
        XCTAssertEqual(invalid.status, 2)
        XCTAssertTrue(invalid.stderr.hasSuffix("error: \(bad): $.component.title: missing required field\n"), invalid.stderr)

        try Data(#"{"componnet": {"type": "banner", "title": "Hi"}}"#.utf8).write(to: URL(fileURLWithPath: bad))
        let typo = try snap("batch", folder + "/specs", "-o", folder + "/out")
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.hasSuffix(#"error: \#(bad): $: unknown key "componnet" (did you mean "component"?)"# + "\n"), typo.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/out"))
    }
}
