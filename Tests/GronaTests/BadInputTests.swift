import Foundation
import Grona
import PNG
import XCTest

// The bad-input corpus, driven through the real command line as a preview service would run it:
// `grona-snap render NAME.json -o OUT.png --report OUT.json --assets-root CORPUS`, from the corpus
// folder. Every input either fails with exit status 2 and exactly one line on stderr, the message
// below, with nothing written; or, where the input is odd but tolerable, renders. Each run must
// finish (10 s hang guard) within bounded memory (300 MB).
//
// The corpus files live in Tests/GronaTests/Corpus (made by its make-corpus.py); the inputs too big
// to commit and the symbolic links are made here, in a temporary copy of the corpus.
// `{corpus}` and `{outside}` in a message stand for the real paths of the copy and of a folder
// beside it.

final class BadInputTests: XCTestCase {
    enum Outcome {
        /// Exit status 2 and `error: <this>` on stderr.
        case fails(String)
        /// Exit status 0 and a snapshot `width` pixels wide.
        case renders(width: Int)
    }

    static let corpus: [(file: String, outcome: Outcome)] = [
        // JSON syntax: located by line and column, with the JSON path of the enclosing value.
        ("syntax-empty.json", .fails("syntax-empty.json: line 1, column 1: unexpected end of input, expected a value")),
        ("syntax-trailing-comma.json", .fails("syntax-trailing-comma.json: line 1, column 48: unexpected character '}', expected a key in double quotes (in $.component)")),
        ("syntax-truncated.json", .fails("syntax-truncated.json: line 1, column 43: unterminated string (in $.component.title)")),
        ("syntax-nan.json", .fails("syntax-nan.json: line 1, column 67: NaN and Infinity are not JSON numbers; numbers must be finite (in $.component.value)")),
        ("syntax-number-overflow.json", .fails("syntax-number-overflow.json: line 1, column 27: number 1e999 is out of range for a double (in $.environment.width)")),
        ("syntax-lone-surrogate.json", .fails(#"syntax-lone-surrogate.json: line 1, column 47: lone surrogate \uD800 in string (in $.component.title)"#)),
        ("syntax-invalid-utf8.json", .fails("syntax-invalid-utf8.json: line 1, column 43: string is not valid UTF-8 (in $.component.title)")),
        ("syntax-duplicate-key.json", .fails(#"syntax-duplicate-key.json: line 1, column 48: duplicate key "title" (in $.component)"#)),
        ("syntax-deep-nesting.json", .fails("syntax-deep-nesting.json: line 1, column 78: nesting deeper than 64 levels (in $.component"
                                            + String(repeating: "[0]", count: 63) + ")")),
        ("file-too-large.json", .fails("file-too-large.json: file is larger than the limit of 4194304 bytes (4 MiB)")),
        // Types, keys, values.
        ("type-top-level-array.json", .fails("type-top-level-array.json: $: expected an object, found an array")),
        ("type-title-number.json", .fails("type-title-number.json: $.component.title: expected a string, found 42")),
        ("type-width-string.json", .fails(#"type-width-string.json: $.environment.width: expected a number, found "wide""#)),
        ("type-tiers-object.json", .fails("type-tiers-object.json: $.component.tiers: expected an array, found an object")),
        ("key-typo.json", .fails(#"key-typo.json: $.component: unknown key "titel"; expected one of: type, eyebrow, title, body, button, image, style"#)),
        ("key-unknown-section.json", .fails(#"key-unknown-section.json: $: unknown key "colours"; expected one of: theme, component, environment, variants, localizations"#)),
        ("key-missing-title.json", .fails("key-missing-title.json: $.component.title: missing required field")),
        ("locale-underscore.json", .fails(#"locale-underscore.json: $.environment.locale: "pt_BR" is not a BCP 47 language tag: subtags are separated by "-", as in "pt-BR""#)),
        ("locale-unknown-field.json", .fails(#"locale-unknown-field.json: $.localizations.de: unknown key "image"; expected one of: eyebrow, title, body, button"#)),
        ("locale-tier-out-of-range.json", .fails("locale-tier-out-of-range.json: $.localizations.de.tiers[2]: the progress bar has 2 tiers; there is no tier 2 to label (tier labels go by position, from 0)")),
        ("value-unknown-type.json", .fails(#"value-unknown-type.json: $.component.type: "carousel" is not one of: banner, progressBar, offer, message"#)),
        ("value-bad-colour.json", .fails(##"value-bad-colour.json: $.theme.primary: "#12345" is not a colour; expected #RGB, #RRGGBB or #RRGGBBAA"##)),
        // Numbers and sizes.
        ("number-width-huge.json", .fails("number-width-huge.json: $.environment.width: 1000000000 is not within 44…2048 points")),
        ("number-width-negative.json", .fails("number-width-negative.json: $.environment.width: -320 is not within 44…2048 points")),
        ("number-scale-fraction.json", .fails("number-scale-fraction.json: $.environment.scale: 2.5 is not one of 1, 2, 3")),
        ("number-tier-descending.json", .fails("number-tier-descending.json: $.component.tiers[1].at: 20 is not greater than the previous tier's 50; tiers must be strictly ascending")),
        ("number-tiers-too-many.json", .fails("number-tiers-too-many.json: $.component.tiers: 101 tiers; the limit is 100")),
        ("number-variants-too-many.json", .fails("number-variants-too-many.json: $.variants.width: 1025 values; the limit is 1024")),
        ("number-radius-huge.json", .renders(width: 358 * 3)),  // clamped to half the card's height
        ("number-value-huge.json", .renders(width: 358 * 3)),   // the bar is full
        ("size-long-copy-narrow-ax5.json", .renders(width: 44 * 3)),  // 2,000 words, 44 pt wide, AX5
        // Text.
        ("text-megabyte.json", .fails("text-megabyte.json: $.component.title: text is 1048576 characters long; the limit is 10000 characters")),
        ("text-nul.json", .fails("text-nul.json: $.component.title: text contains a NUL character (U+0000)")),
        ("text-combining-marks.json", .renders(width: 358 * 3)),  // 4,500 marks on one letter
        ("text-bidi-controls.json", .renders(width: 358 * 3)),    // unbalanced embeddings, overrides, isolates
        // Fonts.
        ("font-text-file.json", .fails("font-text-file.json: $.theme.regularFont: not a readable font file: {corpus}/fonts/not-a-font.otf (FreeType's FT_New_Memory_Face failed: invalid stream operation (error 0x55))")),
        ("font-truncated.json", .fails("font-truncated.json: $.theme.boldFont: not a readable font file: {corpus}/fonts/truncated.otf (FreeType's FT_New_Memory_Face failed: horizontal metrics (hmtx) table missing (error 0x93))")),
        ("font-missing.json", .fails(#"font-missing.json: $.theme.regularFont: "fonts/Missing.otf" is not a readable file (looked in {corpus})"#)),
        ("font-nul-in-path.json", .fails("font-nul-in-path.json: $.theme.regularFont: path contains a NUL character (U+0000)")),
        ("font-huge-file.json", .fails("font-huge-file.json: $.theme.regularFont: {corpus}/fonts/huge-file.otf: the font file is 209715200 bytes, over the limit of 67108864 bytes (64 MiB)")),
        ("font-bold-symlink-outside.json", .fails("font-bold-symlink-outside.json: $.theme.boldFont: the bold face of {corpus}/fonts-linked/Inter-Regular.otf is {outside}/Inter-Bold.otf, outside the allowed asset roots; name a boldFont inside them")),
        ("font-bare-name.json", .renders(width: 358 * 3)),  // found in the fonts folder, which stays allowed
        // Images.
        ("image-truncated.json", .fails("image-truncated.json: $.component.image: {corpus}/images/truncated.png: invalid PNG: file is truncated")),
        ("image-corrupt-data.json", .fails("image-corrupt-data.json: $.component.image: {corpus}/images/corrupt-data.png: invalid PNG: IDAT: incorrect data check")),
        ("image-not-png.json", .fails("image-not-png.json: $.component.image: {corpus}/images/text.png: invalid PNG: not a PNG file (bad signature)")),
        ("image-huge-header.json", .fails("image-huge-header.json: $.component.image: {corpus}/images/huge-header.png: PNG is 20000 × 20000 pixels, over the limit of 16777216 pixels")),
        ("image-missing.json", .fails(#"image-missing.json: $.component.image: "images/missing.png" is not a readable file (looked in {corpus})"#)),
        ("image-huge-file.json", .fails("image-huge-file.json: $.component.image: {corpus}/images/huge-file.png: the file is 209715200 bytes, over the limit of 67108864 bytes (64 MiB)")),
        ("image-bomb-4096.json", .renders(width: 358 * 3)),  // 64 MiB inflated from 65 KB: within the cap
        // Paths, confined to the corpus folder by --assets-root.
        ("path-dotdot-outside.json", .fails(#"path-dotdot-outside.json: $.component.image: "../outside/secret.png" resolves to {outside}/secret.png, outside the allowed asset roots"#)),
        ("path-absolute.json", .fails(#"path-absolute.json: $.theme.regularFont: "/etc/passwd" resolves to /etc/passwd, outside the allowed asset roots"#)),
        ("path-symlink-outside.json", .fails(#"path-symlink-outside.json: $.component.image: "images/link-outside.png" resolves to {outside}/secret.png, outside the allowed asset roots"#)),
        ("path-font-climb.json", .fails(#"path-font-climb.json: $.theme.boldFont: "../outside/secret.png" resolves to {outside}/secret.png, outside the allowed asset roots"#)),
        ("path-dotdot-inside.json", .renders(width: 358 * 3)),
    ]

    /// A fresh copy of the corpus with the generated inputs, and the folders around it.
    struct Workspace {
        let root: String, corpus: String, outside: String, out: String, logs: String
        let binary: String

        init() throws {
            guard let binary = GronaSnapBinary.locate() else {
                throw CLIRunError("grona-snap is not built beside the tests; run `swift build` first")
            }
            self.binary = binary
            let fm = FileManager.default
            let temporary = NSTemporaryDirectory() + "grona-bad-input-" + UUID().uuidString
            try fm.createDirectory(atPath: temporary, withIntermediateDirectories: true)
            root = URL(fileURLWithPath: temporary).resolvingSymlinksInPath().path
            corpus = root + "/corpus"; outside = root + "/outside"; out = root + "/out"; logs = root + "/logs"
            try fm.copyItem(atPath: GronaSnapBinary.packageRoot + "/Tests/GronaTests/Corpus", toPath: corpus)
            for folder in [outside, out, logs] { try fm.createDirectory(atPath: folder, withIntermediateDirectories: false) }
            try fm.copyItem(atPath: corpus + "/images/small.png", toPath: outside + "/secret.png")
            try fm.createSymbolicLink(atPath: corpus + "/images/link-outside.png", withDestinationPath: "../../outside/secret.png")
            // A regular face inside the root whose bold face, beside it, links outside.
            let fonts = GronaSnapBinary.packageRoot + "/Fonts"
            try fm.createDirectory(atPath: corpus + "/fonts-linked", withIntermediateDirectories: false)
            try fm.copyItem(atPath: fonts + "/Inter-Regular.otf", toPath: corpus + "/fonts-linked/Inter-Regular.otf")
            try fm.copyItem(atPath: fonts + "/Inter-Bold.otf", toPath: outside + "/Inter-Bold.otf")
            try fm.createSymbolicLink(atPath: corpus + "/fonts-linked/Inter-Bold.otf", withDestinationPath: "../../outside/Inter-Bold.otf")
            // 200 MiB image and font files, sparse (no disk used): refused unread.
            for path in [corpus + "/images/huge-file.png", corpus + "/fonts/huge-file.otf"] {
                XCTAssertTrue(fm.createFile(atPath: path, contents: nil))
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
                try handle.truncate(atOffset: 200 << 20)
                try handle.close()
            }
            // A megabyte of text in one field, and a file over the 4 MiB cap.
            let megabyte = String(repeating: "a", count: 1 << 20)
            try Data(#"{"component": {"type": "banner", "title": "\#(megabyte)"}}"#.utf8)
                .write(to: URL(fileURLWithPath: corpus + "/text-megabyte.json"))
            try Data(#"{"component": {"type": "banner", "title": "Hi"}}"#.utf8 + Array(repeating: UInt8(ascii: " "), count: 4 << 20))
                .write(to: URL(fileURLWithPath: corpus + "/file-too-large.json"))
        }

        func expand(_ message: String) -> String {
            message.replacingOccurrences(of: "{corpus}", with: corpus).replacingOccurrences(of: "{outside}", with: outside)
        }

        /// Renders `file` from the corpus folder, as a confined service would.
        func render(_ file: String) throws -> CLIRun {
            let stem = String(file.dropLast(5))
            return try GronaSnapBinary.run(binary, ["render", file, "-o", "\(out)/\(stem).png",
                                                    "--report", "\(out)/\(stem).report.json",
                                                    "--assets-root", corpus],
                                           in: corpus, logs: logs, deadline: BadInputTests.maximumSeconds)
        }

        func outputs() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).sorted() }
        func clearOutputs() { for name in outputs() { try? FileManager.default.removeItem(atPath: out + "/" + name) } }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    /// The hang guard: 10 s, times GRONA_TEST_SLOWDOWN under sanitizers (scripts/sanitize sets it),
    /// where a debug build instrumented on every memory access decodes a 64 MiB image far slower.
    static let maximumSeconds = 10.0 * (ProcessInfo.processInfo.environment["GRONA_TEST_SLOWDOWN"].flatMap(Double.init) ?? 1)
    static let maximumMemory = 300 << 20

    func testEveryCorpusInputFailsCleanlyOrRenders() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // Every corpus file is in the table, and every table entry is a file.
        let files = try FileManager.default.contentsOfDirectory(atPath: workspace.corpus).filter { $0.hasSuffix(".json") }
        XCTAssertEqual(Set(files), Set(Self.corpus.map(\.file)))

        for (file, outcome) in Self.corpus {
            let run = try workspace.render(file)
            XCTAssertFalse(run.timedOut, "\(file): still running after \(Self.maximumSeconds) s")
            XCTAssertLessThan(run.seconds, Self.maximumSeconds, file)
            XCTAssertLessThan(run.peakMemory, Self.maximumMemory, "\(file): peak memory \(run.peakMemory >> 20) MB")
            XCTAssertEqual(run.stdout, "", file)
            switch outcome {
            case .fails(let message):
                XCTAssertEqual(run.status, 2, file)
                XCTAssertEqual(run.stderr, "error: \(workspace.expand(message))\n")
                // Nothing written: no snapshot, no report, no temporary file.
                XCTAssertEqual(workspace.outputs(), [], file)
            case .renders(let width):
                XCTAssertEqual(run.status, 0, "\(file): \(run.stderr)")
                // A render lasts long enough for its memory to be read (see GronaSnapBinary.run).
                XCTAssertGreaterThan(run.peakMemory, 0, file)
                // A render that works may print its findings, one line each, but never an error.
                for line in run.stderr.split(separator: "\n") {
                    XCTAssertTrue(Finding.Kind.allCases.contains { line.hasPrefix("\(file): \($0.rawValue): ") }, "\(file): \(line)")
                }
                let stem = String(file.dropLast(5))
                XCTAssertEqual(workspace.outputs(), ["\(stem).png", "\(stem).report.json"], file)
                let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(workspace.out)/\(stem).png")))
                XCTAssertEqual(try decodePNG(png).pixmap.width, width, file)
            }
            workspace.clearOutputs()
        }
        // The corpus folder itself is untouched: no stray temporary files.
        let after = try FileManager.default.contentsOfDirectory(atPath: workspace.corpus)
        XCTAssertEqual(after.filter { $0.hasPrefix(".") || $0.hasSuffix(".tmp") }, [])
    }

    func testAssetRootsThatAreNotFoldersAreRefused() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let missing = try GronaSnapBinary.run(workspace.binary, ["render", "path-dotdot-inside.json", "-o", workspace.out + "/x.png",
                                                                 "--assets-root", workspace.corpus + ":" + workspace.root + "/nowhere"],
                                              in: workspace.corpus, logs: workspace.logs)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "error: --assets-root: \(workspace.root)/nowhere is not a folder\n")
        let empty = try GronaSnapBinary.run(workspace.binary, ["render", "path-dotdot-inside.json", "-o", workspace.out + "/x.png",
                                                               "--assets-root", ":"],
                                            in: workspace.corpus, logs: workspace.logs)
        XCTAssertEqual(empty.status, 2)
        XCTAssertEqual(empty.stderr, "error: --assets-root: no folder given\n")
        XCTAssertEqual(workspace.outputs(), [])
        // Two roots, the second one holding the image: allowed.
        let two = try GronaSnapBinary.run(workspace.binary, ["render", workspace.corpus + "/path-dotdot-outside.json", "-o", workspace.out + "/x.png",
                                                             "--assets-root", workspace.out + ":" + workspace.outside],
                                          in: workspace.root, logs: workspace.logs)
        XCTAssertEqual(two.status, 0, two.stderr)
        XCTAssertEqual(workspace.outputs(), ["x.png"])
    }

    func testAFailedReportTakesTheSnapshotBack() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let run = try GronaSnapBinary.run(workspace.binary, ["render", "path-dotdot-inside.json", "-o", workspace.out + "/x.png",
                                                             "--report", workspace.root + "/nowhere/x.json"],
                                          in: workspace.corpus, logs: workspace.logs)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "error: \(workspace.root)/nowhere/x.json: cannot write: No such file or directory\n")
        XCTAssertEqual(workspace.outputs(), [])
    }
}
