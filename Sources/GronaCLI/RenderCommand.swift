import Foundation
import Grona
import GronaRequests
import PNG
import Text
import GronaOutput

/// `grona-snap render SPEC.json -o OUT.png [--report R.json] [overrides]`
enum RenderCommand {
    static let command = Command(
        name: "render", synopsis: "SPEC.json -o OUT.png [--report R.json] [overrides]", summary: "render one snapshot",
        arguments: "SPEC.json",
        about: """
            Renders the spec's component into a PNG snapshot, as the Grona SDK draws it on iOS.

            The snapshot's findings (text cut at its line limit, colours replaced for contrast, …; see
            grona-snap check --help) are printed to stderr, one line each: SPEC: KIND: what happened.
            """,
        options: [
            CommandOption(flag: "--output", short: "-o", placeholder: "OUT.png", required: true,
                          summary: "where to write the snapshot (required; - for standard output); OUT.webp writes a lossless WebP"),
            CommandOption(flag: "--report", placeholder: "REPORT.json",
                          summary: "also write the render report: texts, lines, contrast, VoiceOver reading order, touch targets (- for standard output)"),
            CommandOption(flag: "--quiet", summary: "do not print the findings"),
            CommandOption(flag: "--version", placeholder: "ID",
                          summary: "draw the spec as it was in that version of its git history (grona-snap history SPEC.json lists them), "
                            + "with its folder's images as they were then"),
        ],
        positionals: 1...1, run: run)

    static func run(_ words: ArraySlice<String>) throws {
        let args = try Arguments(words, for: command)
        let output = try args.output(placeholder: "OUT.png")
        if output == AtomicFile.standardOutputName, args.value("--report") == AtomicFile.standardOutputName {
            throw RequestError("render: -o and --report cannot both be standard output (-)")
        }
        let options = try args.options()
        let format = try ImageFormat.of(output: output, option: "-o")
        let roots = try AssetRoots.parse(args.value("--assets-root"))
        // A version is drawn from a scratch folder holding it and its images as they were.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("grona-version-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let spec: Spec = try args.value("--version").map { id in
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false)
            return try HistoryCommand.spec(args.positionals[0], version: id, scratch: scratch, assetRoots: roots)
        } ?? Specs.decode(args.positionals[0], assetRoots: roots)
        let request = try RenderRequest(spec: spec, options: options)
        let (image, snapshot) = try request.draw(in: try RenderSession())
        // Boxes are what an iPhone would not draw: say so, but the snapshot is still made (exit 0).
        for message in snapshot.report.missingCharacterMessages(spec: spec.file) {
            FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
        }
        // Both files are complete before either is put in place, so a failed command leaves neither.
        try AtomicFile.writeTogether([(try format.encode(image), output)]
                                     + (args.value("--report").map { [(Array(snapshot.report.json().utf8), $0)] } ?? []))
        if !args.has("--quiet") {
            // Missing and private-use characters are said above as a warning, which --quiet does not
            // silence: the picture itself cannot be trusted, so they are not repeated here.
            let lines = snapshot.report.findings.filter { ![.missingCharacters, .privateUseCharacters].contains($0.kind) }
                .map { "\(args.positionals[0]): \($0.kind.rawValue): \($0.message)\n" }
            FileHandle.standardError.write(Data(lines.joined().utf8))
        }
    }
}
