import Grona
import PNG
import Raster
import Text

/// One snapshot: `grona-snap render`, `POST /api/render` and `/api/report`. The spec's environment
/// with the overrides applied, drawn on the canvas (or as the accessibility picture).
package struct RenderRequest {
    package var spec: Spec
    package var overrides = EnvironmentOverrides()
    package var canvas = Canvas()
    package var overlay: Overlay?
    /// Show the card on a device (`render --frame phone`, `frame=phone`); the canvas is then around
    /// the device.
    package var frame: DeviceFrame?

    /// Refuses a frame with an overlay: the frame shows the card, not the accessibility picture.
    package init(spec: Spec, overrides: EnvironmentOverrides = EnvironmentOverrides(), canvas: Canvas = Canvas(),
                overlay: Overlay? = nil, frame: DeviceFrame? = nil) throws {
        if frame != nil, overlay != nil {
            throw RequestError("frame and overlay cannot be combined: a frame shows the card, not the accessibility picture")
        }
        self.spec = spec; self.overrides = overrides; self.canvas = canvas; self.overlay = overlay; self.frame = frame
    }

    /// The request `options` ask for (`render`'s flags, `/api/render`'s query): the one way both
    /// front ends build it, so the same words draw the same bytes.
    package init(spec: Spec, options: OptionSource) throws {
        try self.init(spec: spec, overrides: try EnvironmentOverrides(options), canvas: try Canvas(options),
                      overlay: try options.value(OptionTable.overlay), frame: try options.value(OptionTable.frame))
    }

    package var environment: Environment { spec.environment.applying(overrides) }

    /// The snapshot and the PNG bytes `render` writes (the server answers with exactly these).
    package struct Result {
        package var png: [UInt8]
        package var snapshot: Snapshot
    }

    /// A renderer for this request that has laid the card out to learn its cost; `run(on:)` then
    /// draws with the layout it kept, so nothing is laid out twice.
    /// The session's engine draws: `costed` and `run(on:in:)` must be given the same session.
    package func costed(in session: RenderSession) throws -> (cost: RenderCost, renderer: ComponentRenderer) {
        let renderer = ComponentRenderer(spec: spec, engine: session.engine)
        switch frame {
        case nil:
            return (try renderer.cost(environment, overlay: overlay, canvas: canvas), renderer)
        case .phone:
            // The card alone (kept while the phone is drawn around it), then the phone's picture.
            let card = try renderer.cost(environment)
            let size = try renderer.pixelSize(environment)
            let phone = PhoneFrame(margin: canvas.padding, background: canvas.background)
            return (card + phone.cost(cardWidth: size.width, cardHeight: size.height, scale: environment.scale), renderer)
        }
    }

    package func run(in session: RenderSession) throws -> Result {
        try run(on: ComponentRenderer(spec: spec, engine: session.engine), in: session)
    }

    /// The picture and its snapshot, not yet encoded: `render -o x.webp` encodes it as its path asks.
    package func draw(in session: RenderSession) throws -> (image: Pixmap, snapshot: Snapshot) {
        try draw(on: ComponentRenderer(spec: spec, engine: session.engine), in: session)
    }

    /// Renders with `renderer` (one made by `costed(in:)` with the same session), encoding the PNG.
    package func run(on renderer: ComponentRenderer, in session: RenderSession) throws -> Result {
        let (image, snapshot) = try draw(on: renderer, in: session)
        return Result(png: try encodePNG(image), snapshot: snapshot)
    }

    private func draw(on renderer: ComponentRenderer, in session: RenderSession) throws -> (image: Pixmap, snapshot: Snapshot) {
        switch frame {
        case nil: return try CanvasComposition.render(renderer, environment, on: canvas, overlay: overlay)
        case .phone: return try CanvasComposition.phone(renderer, environment, on: canvas, engine: session.engine)
        }
    }

    /// The report alone (`/api/report`): the card is rendered as `run` renders it, without the PNG.
    package func report(on renderer: ComponentRenderer) throws -> RenderReport {
        try renderer.render(environment, slidesOnCanvas: !canvas.isIdentity).report
    }
}

/// The canvas around a rendered card (`--padding`, `--background`), for every request that draws one.
package enum CanvasComposition {
    /// Renders `environment` and puts the card on the canvas: the image to write, and the snapshot
    /// (whose report describes the card itself). With a canvas, an animation's slide is drawn on
    /// the canvas, so the card moves through the padding rather than being clipped at its top.
    /// With an overlay, its picture goes on the canvas (the picture leaves the slide out).
    package static func render(_ renderer: ComponentRenderer, _ environment: Environment, on canvas: Canvas,
                              overlay: Overlay? = nil) throws -> (image: Pixmap, snapshot: Snapshot) {
        let snapshot = overlay == nil ? try renderer.render(environment, slidesOnCanvas: !canvas.isIdentity)
            : try renderer.render(environment, overlay: overlay)
        return (try apply(canvas) { $0.compose(snapshot) }, snapshot)
    }

    /// Renders `environment` and shows the card on an iPhone (`PhoneFrame`): the canvas's padding is
    /// the space around the device and its background the page the device sits on. The snapshot
    /// is the card's own.
    package static func phone(_ renderer: ComponentRenderer, _ environment: Environment,
                             on canvas: Canvas, engine: TextEngine) throws -> (image: Pixmap, snapshot: Snapshot) {
        let snapshot = try renderer.render(environment)
        let frame = PhoneFrame(margin: canvas.padding, background: canvas.background)
        do {
            return (try frame.draw(snapshot.pixmap, scale: environment.scale, appearance: environment.appearance,
                                   direction: environment.direction, engine: engine), snapshot)
        } catch let error as PhoneFrame.TooLarge {
            throw RequestError(.frame, "\(error)")
        }
    }

    /// `compose` on the canvas, or the error for a canvas over the pixel limit.
    package static func apply(_ canvas: Canvas, _ compose: (Canvas) -> Pixmap?) throws -> Pixmap {
        guard let composed = compose(canvas) else {
            throw RequestError(.padding, "the canvas would be over the limit of \(Pixmap.maximumPixelCount) pixels")
        }
        return composed
    }
}
