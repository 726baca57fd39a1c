import Foundation
import Grona
import GronaRequests
import PNG
import Raster
import GronaOutput
import GronaServer

/// `grona-snap animate SPEC.json -o OUT.png [--fps N] [--frames-dir DIR] [canvas] [overrides]`
enum AnimateCommand {
    static let command = Command(
        name: "animate", synopsis: "SPEC.json -o OUT.png [--fps N] [--frames-dir DIR]", summary: "the reveal and fill as an animated PNG",
        arguments: "SPEC.json",
        about: """
            Renders the component's animation, as the SDK plays it: by default the reveal when the
            card appears (slide down 16 pt and fade in, 0.35 s) and, for a progress bar, the fill
            (0.8 s more); with --animation collapse, the collapse when it is dismissed (0.3 s).
            Frames are evenly spaced from 0 s to the end, the last one the final state. They are
            written as one animated PNG (APNG, looping; browsers and most image viewers play it, other
            PNG readers show the first frame) and, with --frames-dir, as frame-000.png, frame-001.png, ….

            With --reduce-motion every frame is the final state, as the SDK skips the animations when
            Reduce Motion is on.
            """,
        options: [
            CommandOption(flag: "--output", short: "-o", placeholder: "OUT.png", required: true, summary: "the animated PNG (required; - for standard output)"),
            CommandOption(flag: "--frames-dir", placeholder: "DIR", summary: "also write each frame as a PNG into DIR (created if missing)"),
        ],
        headings: [.overrides: "overrides"],
        positionals: 1...1, run: run)

    static func run(_ words: ArraySlice<String>) throws {
        let args = try Arguments(words, for: command)
        let output = try args.output(placeholder: "OUT.png")
        guard try ImageFormat.of(output: output, option: "-o") == .png else {
            throw RequestError("-o: \(output): an animation is an animated PNG; name it .png")
        }
        let options = try args.options()
        let jobs = try Work.jobs(from: args)
        let spec = try Specs.decode(args.positionals[0], assetRoots: try AssetRoots.parse(args.value("--assets-root")))
        let animate = try AnimateRequest(spec: spec, options: options)
        let frames = try animate.frames(jobs: jobs)
        let apng = try animate.encode(frames)
        let stills = try args.value("--frames-dir").map { _ in try frames.map { try encodePNG($0) } }

        // The animation and its frames are all staged before any is put in place; the frames'
        // folder is made only once the animation itself staged.
        let folder = args.value("--frames-dir")
        try AtomicFile.writeTogether([(apng, output)] + (stills ?? []).enumerated().map { index, bytes in
            (bytes, folder! + "/" + AnimateRequest.frameName(index))
        }, creating: folder.map { [$0] } ?? [])
    }
}
