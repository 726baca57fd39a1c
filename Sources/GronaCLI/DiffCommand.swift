import Foundation
import GronaSnapshots
import Grona
import GronaRequests
import PNG
import Raster
import GronaOutput

/// `grona-snap diff EXPECTED.png ACTUAL.png [-o DIFF.png] [--tolerance ΔE] [--max-pixels N] [--exact]`
enum DiffCommand {
    static let command = Command(
        name: "diff", synopsis: "EXPECTED.png ACTUAL.png [-o DIFF.png]", summary: "compare two PNGs (exit 1 if they differ)",
        arguments: "EXPECTED.png ACTUAL.png",
        about: """
            Compares two PNGs the way the snapshot tests do (perceptual OKLab difference per pixel,
            anti-aliasing detection) and prints the result. Exit status: 0 when they match, 1 when they
            differ, 2 when a file cannot be read or is not a valid PNG.
            """,
        options: [
            CommandOption(flag: "--output", short: "-o", placeholder: "DIFF.png",
                          summary: "when they differ, write expected | difference | actual side by side (differing pixels red, "
                            + "ignored anti-aliasing yellow; - for standard output)"),
            CommandOption(flag: "--tolerance", placeholder: "ΔE", schema: .number(0...1),
                          summary: "per-pixel colour difference that still counts as equal (OKLab ΔE, 0…1; default 0.02)"),
            CommandOption(flag: "--max-pixels", placeholder: "N", schema: .integer(0...Int(Int32.max)),
                          summary: "how many pixels may differ (default 0)"),
            CommandOption(flag: "--max-fraction", placeholder: "F", schema: .number(0...1),
                          summary: "what share of the pixels may differ, 0…1 (default 0)"),
            CommandOption(flag: "--exact", summary: "every byte must match (no tolerance, no anti-aliasing allowance)"),
        ],
        positionals: 2...2, run: run)

    static func run(_ words: ArraySlice<String>) throws {
        let args = try Arguments(words, for: command)
        var tolerance = args.has("--exact") ? ComparisonTolerance.exact : .default
        if let value = try args.number("--tolerance") { tolerance.perPixel = value }
        if let value = try args.integer("--max-pixels") { tolerance.maximumDifferingPixels = value }
        if let value = try args.number("--max-fraction") { tolerance.maximumDifferingFraction = value }

        let format = try (args.value("-o") ?? args.value("--output")).map { try ImageFormat.of(output: $0, option: "-o") }
        let expected = try read(args.positionals[0])
        let actual = try read(args.positionals[1])
        let result = compare(expected: expected, actual: actual, tolerance: tolerance)
        let output = args.value("-o") ?? args.value("--output")
        // With the difference image on standard output, the verdict goes to stderr instead.
        if output == AtomicFile.standardOutputName {
            FileHandle.standardError.write(Data((result.message + "\n").utf8))
        } else {
            print(result.message)
        }
        guard !result.matches else { return }
        var note = ""
        if let output, let format,
           let difference = makeDifferenceImage(expected: expected, actual: actual, tolerance: tolerance) {
            try AtomicFile.write(try format.encode(difference), to: output)
            note = output == AtomicFile.standardOutputName ? "" : "; difference image: \(output)"
        }
        throw SnapshotsDiffer(description: "\(args.positionals[0]) and \(args.positionals[1]) differ\(note)")
    }

    static func read(_ path: String) throws -> Pixmap {
        if AtomicFile.isFolder(path) { throw RequestError("\(path): is a folder, not a PNG file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RequestError("\(path): cannot read the file")
        }
        do {
            return try decodePNG([UInt8](data), maximumPixelCount: Pixmap.maximumPixelCount).pixmap
        } catch let error as PNGError {
            throw RequestError("\(path): \(error.message)")
        }
    }
}
