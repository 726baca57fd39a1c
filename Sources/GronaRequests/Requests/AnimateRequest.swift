import Grona
import PNG
import Raster
import Text

/// The reveal (and a progress bar's fill) as an animated PNG: `grona-snap animate` and
/// `POST /api/animate`. Frames evenly spaced at `fps` from 0 s to the end, the last held `hold` ms.
package struct AnimateRequest {
    package var spec: Spec
    package var overrides = EnvironmentOverrides()
    package var canvas = Canvas()
    /// Frames per second, and how long the last frame stays (ms): `OptionTable.fps` and `.hold`
    /// give their one default and bound (and the service's lower cap on fps).
    package var fps: Int
    package var hold: Int

    package init(spec: Spec, overrides: EnvironmentOverrides = EnvironmentOverrides(), canvas: Canvas = Canvas(),
                fps: Int, hold: Int) {
        self.spec = spec; self.overrides = overrides; self.canvas = canvas; self.fps = fps; self.hold = hold
    }

    /// The request `options` ask for (`animate`'s flags, `/api/animate`'s query), each option the
    /// row's default where it was not given.
    package init(spec: Spec, options: OptionSource) throws {
        self.init(spec: spec, overrides: try EnvironmentOverrides(options), canvas: try Canvas(options),
                  fps: try options.resolved(OptionTable.fps), hold: try options.resolved(OptionTable.hold))
    }

    private var base: Environment { spec.environment.applying(overrides) }
    package var frameTimes: [Double] { base.animation.frameTimes(of: spec.component.kind, fps: fps) }

    /// Every frame is kept until the animated PNG is encoded; they all have the card's final size.
    package func cost(in session: RenderSession) throws -> RenderCost {
        try ComponentRenderer(spec: spec, engine: session.engine).cost(base, canvas: canvas).kept(frameTimes.count)
    }

    /// The frames, each drawn on one of `jobs` threads with an engine of its own, or with one job
    /// and a `session`, on this thread with its warm engine. `stop` is asked before each frame;
    /// once it says yes the rest are not drawn (`RequestError.Stopped`).
    package func frames(jobs: Int, session: RenderSession? = nil, stop: (@Sendable () -> Bool)? = nil) throws -> [Pixmap] {
        let base = self.base, times = frameTimes, spec = self.spec, canvas = self.canvas
        @Sendable func frame(_ index: Int, _ engine: TextEngine) throws -> Pixmap {
            try RequestError.checkStop(stop)
            var env = base
            env.time = times[index]
            return try CanvasComposition.render(ComponentRenderer(spec: spec, engine: engine), env, on: canvas).image
        }
        if jobs <= 1, let session { return try times.indices.map { try frame($0, session.engine) } }
        let results = ParallelRenderer.map(count: times.count, jobs: jobs, fontsFolder: try Specs.fontsFolder(), frame)
        return try results.map { try $0.get() }
    }

    /// The animated PNG of `frames`: every frame shown 1/fps s, the last held `hold` ms.
    package func encode(_ frames: [Pixmap]) throws -> [UInt8] {
        // The card's height can change while a progress bar fills (never in practice, but a frame
        // of another size would make an invalid APNG): refuse rather than write one.
        guard let first = frames.first, frames.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
            throw RequestError("animate: the frames differ in size")
        }
        let frameDelay = UInt16(max(1, (1000.0 / Double(fps)).rounded()))
        let delays = frames.indices.map { $0 == frames.count - 1 ? UInt16(max(Int(frameDelay), hold)) : frameDelay }
        return try encodeAPNG(frames, delaysInMilliseconds: delays)
    }

    /// frame-000.png, frame-001.png, …
    package static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits + ".png"
    }
}
