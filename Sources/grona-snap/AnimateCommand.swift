import Foundation
import Grona
import PNG
import Raster

/// `grona-snap animate SPEC.json -o OUT.png [--fps N] [--frames-dir DIR] [canvas] [overrides]`
enum AnimateCommand {
    static let help = """
        usage: grona-snap animate SPEC.json -o OUT.png [--fps N] [--frames-dir DIR] [--hold MS]
                                  [canvas] [overrides]

        Renders the component's animation, as the SDK plays it: by default the reveal when the
        card appears (slide down 16 pt and fade in, 0.35 s) and, for a progress bar, the fill
        (0.8 s more); with --animation collapse, the collapse when it is dismissed (0.3 s).
        Frames are evenly spaced from 0 s to the end, the last one the final state. They are
        written as one animated PNG (APNG, looping; browsers and most image viewers play it, other
        PNG readers show the first frame) and, with --frames-dir, as frame-000.png, frame-001.png, ….

        With --reduce-motion every frame is the final state, as the SDK skips the animations when
        Reduce Motion is on.

        options:
          -o, --output OUT.png      the animated PNG (required; - for standard output)
          --fps N                   frames per second, 1…120 (default 30)
          --frames-dir DIR          also write each frame as a PNG into DIR (created if missing)
          --hold MS                 how long the last frame stays before the loop restarts
                                    (default 1500 ms)
          --jobs N                  render on N threads (default: one per core)
          --assets-root DIR         refuse fonts and images outside DIR
        \(CanvasOptions.help)

        overrides: --width PT  --scale N  --text-size CAT  --appearance light|dark
                   --direction ltr|rtl  --reduce-motion  --animation reveal|collapse
                   --locale TAG  --pseudo accented|double|bounded|rtl
        """

    static let grammar = Arguments.Grammar(
        valued: EnvironmentOptions.valued.subtracting(["--time"]).union(CanvasOptions.valued)
            .union(["-o", "--output", "--fps", "--frames-dir", "--hold", "--jobs", "--assets-root"]),
        flags: EnvironmentOptions.flags, positionals: 1...1)

    static func run(_ words: ArraySlice<String>) throws {
        let args = try Arguments(words, grammar: grammar, command: "animate")
        let output = try args.output(placeholder: "OUT.png")
        let fps = try args.integer("--fps", in: 1...120) ?? 30
        let hold = try args.integer("--hold", in: 0...60_000) ?? 1500
        let overrides = try EnvironmentOptions.overrides(from: args)
        let canvas = try CanvasOptions.canvas(from: args)
        let jobs = try Work.jobs(from: args)
        let spec = try Specs.decode(args.positionals[0], assetRoots: args.value("--assets-root"))
        let frames = try self.frames(spec, overrides: overrides, canvas: canvas, fps: fps, jobs: jobs)
        let apng = try encode(frames, fps: fps, hold: hold)
        let stills = try args.value("--frames-dir").map { _ in try frames.map { try encodePNG($0) } }

        // The animation and its frames are all staged before any is put in place.
        var staged = [try AtomicFile.stage(apng, to: output)]
        do {
            if let folder = args.value("--frames-dir"), let stills {
                try AtomicFile.createFolder(folder)
                for (index, bytes) in stills.enumerated() {
                    staged.append(try AtomicFile.stage(bytes, to: folder + "/" + frameName(index)))
                }
            }
        } catch {
            staged.forEach { $0.discard() }
            throw error
        }
        try AtomicFile.commitAll(staged)
    }

    /// The animation's frames, evenly spaced at `fps` from 0 s to the end.
    /// `stop` is asked before each frame; once it says yes the rest are not drawn (`Work.Stopped`).
    static func frames(_ spec: Spec, overrides: EnvironmentOverrides, canvas: Canvas, fps: Int, jobs: Int,
                       stop: (@Sendable () -> Bool)? = nil) throws -> [Pixmap] {
        let base = spec.environment.applying(overrides)
        let times = base.animation.frameTimes(of: spec.component.kind, fps: fps)

        let results = ParallelRenderer.map(count: times.count, jobs: jobs, fontsFolder: try Specs.fontsFolder()) { index, engine in
            try Work.checkStop(stop)
            var env = base
            env.time = times[index]
            return try CanvasOptions.render(ComponentRenderer(spec: spec, engine: engine), env, on: canvas).image
        }
        return try Work.values(results)
    }

    /// The animated PNG `animate` writes (and `serve`'s /api/animate answers with): every frame shown
    /// 1/fps s, the last held `hold` ms.
    static func encode(_ frames: [Pixmap], fps: Int, hold: Int) throws -> [UInt8] {
        // The card's height can change while a progress bar fills (never in practice, but a frame
        // of another size would make an invalid APNG): refuse rather than write one.
        guard let first = frames.first, frames.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
            throw UsageError("animate: the frames differ in size")
        }
        let frameDelay = UInt16(max(1, (1000.0 / Double(fps)).rounded()))
        let delays = frames.indices.map { $0 == frames.count - 1 ? UInt16(max(Int(frameDelay), hold)) : frameDelay }
        return try encodeAPNG(frames, delaysInMilliseconds: delays)
    }

    /// frame-000.png, frame-001.png, …
    static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits + ".png"
    }
}
