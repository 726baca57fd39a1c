import Foundation
import XCTest
import TestSupport

// `scripts/install PREFIX` makes a grona-snap that works outside the checkout: the binary in
// PREFIX/bin finds its fonts in PREFIX/share/grona-snap/Fonts, wherever PREFIX is.
final class InstallTests: XCTestCase {
    func testInstalledBinaryRendersFromItsPrefix() throws {
        let folder = try temporaryFolder()
        let prefix = folder + "/prefix"
        let install = try runProgram("/bin/bash", [packageRoot + "/scripts/install", "--binary", try gronaSnapBinary(), prefix])
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(install.stdout, "installed \(prefix)/bin/grona-snap and \(prefix)/share/grona-snap/Fonts\n"
                       + "with its man page (share/man/man1) and bash and zsh completions (share/bash-completion, share/zsh)\n")
        for (path, arguments) in [("man/man1/grona-snap.1", ["help", "--man"]), ("bash-completion/completions/grona-snap", ["completion", "bash"]),
                                  ("zsh/site-functions/_grona-snap", ["completion", "zsh"])] {
            let installed = try String(contentsOfFile: prefix + "/share/" + path, encoding: .utf8)
            XCTAssertEqual(installed, try snap(arguments: arguments).stdout, path)
        }
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: prefix + "/bin/grona-snap"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: prefix + "/share/grona-snap/Fonts/LICENSE-Inter.txt"))

        // No GRONA_FONTS, run from a folder without Fonts/, the binary far from the checkout.
        let work = folder + "/work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let render = try runProgram(prefix + "/bin/grona-snap", ["render", fixtures + "/hebrew-offer.json", "-o", "shot.png"],
                                    environment: ["GRONA_FONTS": nil], in: work)
        XCTAssertEqual(render.status, 0, render.stderr)
        // The same pixels as the checkout's binary with the checkout's fonts.
        let reference = try snap("render", fixtures + "/hebrew-offer.json", "-o", folder + "/reference.png")
        XCTAssertEqual(reference.status, 0, reference.stderr)
        XCTAssertEqual(try image(work + "/shot.png").pixels, try image(folder + "/reference.png").pixels)

        // It was the prefix's fonts it used: without them it stops and says how to fix it.
        try FileManager.default.removeItem(atPath: prefix + "/share/grona-snap/Fonts")
        let lost = try runProgram(prefix + "/bin/grona-snap", ["render", fixtures + "/hebrew-offer.json", "-o", "again.png"],
                                  environment: ["GRONA_FONTS": nil], in: work)
        XCTAssertEqual(lost.status, 2)
        XCTAssertEqual(lost.stderr, "error: cannot find GronaSnap's Fonts folder; set GRONA_FONTS to its path\n")

        // GRONA_FONTS still overrides.
        let configured = try runProgram(prefix + "/bin/grona-snap", ["render", fixtures + "/hebrew-offer.json", "-o", "again.png"],
                                        environment: ["GRONA_FONTS": packageRoot + "/Fonts"], in: work)
        XCTAssertEqual(configured.status, 0, configured.stderr)
    }

    func testInstallRefusesAFileAsThePrefix() throws {
        let folder = try temporaryFolder()
        try Data().write(to: URL(fileURLWithPath: folder + "/file"))
        let install = try runProgram("/bin/bash", [packageRoot + "/scripts/install", "--binary", try gronaSnapBinary(), folder + "/file"])
        XCTAssertEqual(install.status, 2)
        XCTAssertEqual(install.stderr, "scripts/install: \(folder)/file is not a folder\n")
    }
}

// Every picture of README.md and docs/ is what its page's own command renders (scripts/docs-pictures).
final class DocsPicturesTests: XCTestCase {
    func testEveryPictureMatchesItsCommand() throws {
        let check = try runProgram("/bin/bash", [packageRoot + "/scripts/docs-pictures", "--check"],
                                   environment: ["GRONA_SNAP": try gronaSnapBinary()], in: packageRoot)
        XCTAssertEqual(check.stderr, "", "run scripts/docs-pictures, look at the pictures, commit them")
        XCTAssertEqual(check.stdout, "every documentation picture matches its command\n")
        XCTAssertEqual(check.status, 0)
    }

    func testEveryPictureInTheFolderHasACommand() throws {
        let list = try runProgram("/bin/bash", [packageRoot + "/scripts/docs-pictures", "--list"], in: packageRoot)
        XCTAssertEqual(list.status, 0, list.stderr)
        let listed = list.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.sorted()
        let committed = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/docs/images")
            .filter { $0.hasSuffix(".png") }.map { "docs/images/" + $0 }.sorted()
        XCTAssertEqual(listed, committed)
        XCTAssertTrue(list.stdout.contains("docs/images/sheet.png\tgrona-snap sheet Fixtures/dark-banner.json -o sheet.png "), list.stdout)
    }
}
