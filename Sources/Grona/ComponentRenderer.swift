import Foundation
import PNG
import Raster
import Text

/// One rendered snapshot: the pixels, the report, and the scene they were drawn from.
public struct Snapshot: Sendable {
    public var pixmap: Pixmap
    package var report: RenderReport
    package var scene: Scene
    /// The animation's slide, in points, when it was left for a canvas to apply (see `render`'s
    /// `slidesOnCanvas`); 0 when the pixels already show it.
    package var canvasOffsetY: Double = 0
}

/// Renders one spec's component, as the SDK's view would draw it, in any environment.
///
/// A renderer plays the part of one app process: colours with a `{light, dark}` variant are resolved
/// in the appearance of its first render and kept for its life (SDK page, "Light and dark
/// appearance"). To render a variant as a freshly launched app would, use a fresh renderer.
/// Not thread-safe; the text engine belongs to the calling thread.
public final class ComponentRenderer {
    public let spec: Spec
    private let engine: TextEngine
    private let colors: ColorResolver
    private var image: Pixmap?
    private var fonts: (regular: Font, bold: Font)?

    public init(spec: Spec, engine: TextEngine) {
        self.spec = spec
        self.engine = engine
        self.colors = ColorResolver(theme: spec.theme)
    }

    /// Renders in the spec's own environment.
    public func render() throws -> Snapshot { try render(spec.environment) }

    /// Renders in `environment`. The card fills the image, so the reveal's slide (the card 16 pt
    /// above its place, moving down) clips the card's top; with `slidesOnCanvas` the card is drawn in
    /// place and the slide returned in `canvasOffsetY`, for a canvas with padding to draw the card
    /// moving through its padding (`Canvas.compose(_:)`).
    public func render(_ environment: Environment, slidesOnCanvas: Bool = false) throws -> Snapshot {
        let (scene, report, slide) = try layOut(environment, slidesOnCanvas: slidesOnCanvas)
        return Snapshot(pixmap: try draw(scene), report: report, scene: scene, canvasOffsetY: slide)
    }

    /// Renders with an overlay: the snapshot's `pixmap` and `scene` are then the overlay's picture
    /// (see `AccessibilityOverlay`), drawn by the same renderer from the card's scene and report; the
    /// report still describes the card. Without one, the same as `render(_:)`.
    package func render(_ environment: Environment, overlay: Overlay?) throws -> Snapshot {
        guard let overlay else { return try render(environment) }
        let (card, report, _) = try layOut(environment, slidesOnCanvas: false)
        // `environment.direction` follows the locale unless set, as the locale stage's does.
        let scene: Scene
        switch overlay {
        case .accessibility: scene = try AccessibilityOverlay(engine: engine).scene(of: card, report: report,
                                                                              direction: environment.direction)
        }
        return Snapshot(pixmap: try draw(scene), report: report, scene: scene)
    }

    /// What `render(environment, overlay:)` would cost, found by laying the card out without drawing
    /// it. The layout is kept, so a render of the same environment that follows does not repeat it.
    package func cost(_ environment: Environment, overlay: Overlay? = nil, canvas: Canvas = Canvas()) throws -> RenderCost {
        let (card, report, _) = try layOut(environment, slidesOnCanvas: false)
        var scene = card
        if overlay == .accessibility {
            scene = try AccessibilityOverlay(engine: engine).scene(of: card, report: report, direction: environment.direction)
        }
        let padding = Int((canvas.padding * Double(scene.scale)).rounded(.up)) * 2
        let characters = report.texts.reduce(0) { $0 + $1.text.unicodeScalars.count }
        let image = self.image.map { RenderCost(heldPixels: $0.width * $0.height) } ?? RenderCost()
        return RenderCost.picture(width: scene.pixelWidth + padding, height: scene.pixelHeight + padding,
                                  characters: characters) + image
    }

    /// The size in pixels of the card `render(environment)` draws, from the layout alone (kept for
    /// the render that follows).
    package func pixelSize(_ environment: Environment) throws -> (width: Int, height: Int) {
        let scene = try layOut(environment, slidesOnCanvas: false).0
        return (scene.pixelWidth, scene.pixelHeight)
    }

    /// The report `render(environment)` would give, from the layout alone (nothing is drawn); the
    /// layout is kept for a render of the same environment that follows.
    package func report(_ environment: Environment) throws -> RenderReport {
        try layOut(environment, slidesOnCanvas: false).1
    }

    /// The card's scene and report, and the slide left for a canvas, for the last environment laid out.
    private var lastLayout: (environment: Environment, slidesOnCanvas: Bool, layout: (Scene, RenderReport, Double))?

    /// The card's scene and report, and the slide left for a canvas: colours resolved, every
    /// component laid out, nothing drawn.
    private func layOut(_ requested: Environment, slidesOnCanvas: Bool) throws -> (Scene, RenderReport, Double) {
        if let last = lastLayout, last.environment == requested, last.slidesOnCanvas == slidesOnCanvas { return last.layout }
        let layout = try layOutAnew(requested, slidesOnCanvas: slidesOnCanvas)
        lastLayout = (requested, slidesOnCanvas, layout)
        return layout
    }

    private func layOutAnew(_ requested: Environment, slidesOnCanvas: Bool) throws -> (Scene, RenderReport, Double) {
        let fonts = try loadFonts()
        // The locale stage (Locale/Localization.swift): the copy of the environment's language, and
        // its direction, before anything is laid out.
        let localized = spec.localized(for: requested)
        let environment = localized.environment
        let motion = Motion(time: environment.time, reduceMotion: environment.reduceMotion,
                            kind: spec.component.kind, animation: environment.animation)
        // A progress bar mid-fill is drawn as a bar whose value is the animated one, so the fill and
        // its colour (primary before a tier is met, accent after) follow the animation.
        var component = localized.component
        if case .progressBar(var bar) = component, motion.fillProgress < 1 {
            bar.value = bar.value * motion.fillProgress
            component = .progressBar(bar)
        }
        let componentColors = colors.colors(for: component, appearance: environment.appearance)
        var context = LayoutContext(engine: engine, environment: environment, colors: componentColors,
                                    kind: component.kind, regularFont: fonts.regular, boldFont: fonts.bold,
                                    cornerRadius: spec.theme.cornerRadius)
        let contentHeight: Double
        switch component {
        case .banner(let banner):
            contentHeight = try BannerLayout.layout(banner, image: try loadImage(banner.image), in: &context)
        case .progressBar(let bar):
            contentHeight = try ProgressBarLayout.layout(bar, in: &context)
        case .offer(let offer):
            contentHeight = try OfferLayout.layout(offer, image: try loadImage(offer.image), in: &context)
        case .message(let message):
            contentHeight = try MessageLayout.layout(message, in: &context)
        }
        // The card's height is rounded up to whole pixels: the card fills the image (SPEC §2), so its
        // bottom edge must not fall inside the last row and leave it half transparent.
        let scale = Double(environment.scale)
        let height = (contentHeight * scale - 1e-6).rounded(.up) / scale
        // The card is the image: its rounded rectangle is painted first, everything else over it.
        let card = RoundedRect(rect: Rect(x: 0, y: 0, width: environment.width, height: height),
                               radius: spec.theme.cornerRadius)
        var scene = Scene(width: environment.width, height: height, scale: environment.scale,
                          items: [.fill(card, componentColors.background)] + context.items)
        scene.offsetY = slidesOnCanvas ? 0 : motion.offsetY
        scene.opacity = motion.opacity
        var report = RenderReport(width: environment.width, height: height, scale: environment.scale)
        report.texts = context.texts
        report.accessibility = context.accessibility
        report.touchTargets = context.touchTargets
        report.graphics = context.graphics
        report.findings = Findings.of(report)
        return (scene, report, slidesOnCanvas ? motion.offsetY : 0)
    }

    private func draw(_ scene: Scene) throws -> Pixmap {
        guard let pixmap = try SceneRenderer(engine: engine).draw(scene) else {
            throw SpecError(file: spec.file, location: "$.environment",
                            message: "the snapshot would be \(scene.pixelWidth) × \(scene.pixelHeight) pixels, over the limit of \(Pixmap.maximumPixelCount) pixels")
        }
        return pixmap
    }

    private func loadFonts() throws -> (regular: Font, bold: Font) {
        if let fonts { return fonts }
        let regular: Font
        do {
            regular = try spec.theme.regularFont.map { try engine.font(atPath: $0) } ?? engine.systemFont()
        } catch {
            throw SpecError(file: spec.file, location: "$.theme.regularFont", message: "\(error)")
        }
        let bold: Font
        do {
            bold = try spec.theme.boldFont.map { try engine.font(atPath: $0) } ?? engine.boldFont(of: regular)
        } catch {
            throw SpecError(file: spec.file, location: "$.theme.boldFont", message: "\(error)")
        }
        // The bold face found beside the regular font may be a symbolic link to anywhere: under asset
        // roots it must be inside them like any font the spec names.
        if spec.theme.boldFont == nil, let confinement = spec.confinement, bold.path != regular.path {
            let real = AssetPaths.realFile(bold.path) ?? bold.path
            if !confinement.isAllowed(real, isFont: true) {
                throw SpecError(file: spec.file, location: "$.theme.boldFont", message: confinement.disclosesPaths
                    ? "the bold face of \(regular.path) is \(real), outside the allowed asset roots; name a boldFont inside them"
                    : "the bold face beside the regular font is not allowed: name a boldFont inside the allowed folders")
            }
        }
        fonts = (regular, bold)
        return (regular, bold)
    }

    /// The component's image, decoded once per version of the file in this process (`DecodedImages`).
    private func loadImage(_ path: String?) throws -> Pixmap? {
        guard let path else { return nil }
        if let image { return image }
        let shown = spec.confinement?.shown(path) ?? path
        do {
            // An image path can name any file; a huge one is refused before it is read, not after.
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let size = attributes?[.size] as? Int ?? 0
            if size > ComponentRenderer.maximumImageFileSize {
                throw SpecError(file: spec.file, location: "$.component.image", message: "\(shown): the file is "
                    + "\(size) bytes, over the limit of \(ComponentRenderer.maximumImageFileSize) bytes (64 MiB)")
            }
            // Read every time: the decoded picture is found by what the file holds now (`ImageContent`).
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let decoded = try DecodedImages.image(at: path, content: ImageContent(bytes)) {
                try decodePNG(bytes, maximumPixelCount: ComponentRenderer.maximumImagePixels).pixmap
            }
            image = decoded
            return decoded
        } catch let error as SpecError {
            throw error
        } catch let error as PNGError {
            throw SpecError(file: spec.file, location: "$.component.image", message: "\(shown): \(error.message)")
        } catch {
            throw SpecError(file: spec.file, location: "$.component.image", message: "\(shown): cannot read the file")
        }
    }

    /// Images larger than this (4096 × 4096) are refused: a banner image is a few hundred points wide.
    package static let maximumImagePixels = 4096 * 4096
    /// Image files larger than this (64 MiB) are refused unread; a 4096 × 4096 PNG is rarely a tenth of it.
    package static let maximumImageFileSize = 64 << 20
}
