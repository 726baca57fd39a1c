import Foundation
import Raster
import Text
import XCTest
@testable import Grona

// Shared by the component, report and motion tests: the package's folders, the fixtures decoded, a
// render helper, pixel access, and the SPEC §2 tables written out again here, independently of the
// code under test, so that a change to either side shows up as a failure.

enum Package {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fonts = root.appendingPathComponent("Fonts").path
    static let fixtures = root.appendingPathComponent("Fixtures").path

    /// Every fixture spec, decoded, sorted by name.
    static func fixtureSpecs() throws -> [Spec] {
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures).filter { $0.hasSuffix(".json") }.sorted()
        let decoder = SpecDecoder(fontsFolder: fonts)
        return try names.map { try decoder.decode(fileAt: fixtures + "/" + $0) }
    }

    static func fixture(_ name: String) throws -> Spec {
        try SpecDecoder(fontsFolder: fonts).decode(fileAt: fixtures + "/" + name + ".json")
    }
}

/// One render with a fresh renderer (a freshly launched app), as `verify` does for each variant.
func renderFresh(_ spec: Spec, _ environment: Environment, engine: TextEngine) throws -> Snapshot {
    try ComponentRenderer(spec: spec, engine: engine).render(environment)
}

func environment(_ textSize: TextSize, _ appearance: Appearance, _ direction: LayoutDirection,
                 scale: Int = 3, width: Double = 358, time: Double? = nil, reduceMotion: Bool = false) -> Environment {
    Environment(width: width, scale: scale, textSize: textSize, appearance: appearance, direction: direction,
                reduceMotion: reduceMotion, time: time)
}

/// The variants the brief and every fixture use: xS, L, AX5 × light, dark × ltr, rtl at @3x.
let fixtureTextSizes: [TextSize] = [.extraSmall, .large, .accessibilityExtraExtraExtraLarge]

extension Pixmap {
    /// Straight (un-premultiplied) colour of the pixel at (x, y); transparent outside the image.
    func color(_ x: Int, _ y: Int) -> Color {
        guard x >= 0, y >= 0, x < width, y < height else { return .transparent }
        let i = (y * width + x) * 4
        let a = Int(pixels[i + 3])
        guard a > 0 else { return .transparent }
        func straight(_ c: UInt8) -> UInt8 { UInt8(min(255, (Int(c) * 255 + a / 2) / a)) }
        return Color(r: straight(pixels[i]), g: straight(pixels[i + 1]), b: straight(pixels[i + 2]), a: UInt8(a))
    }

    /// The pixel under a point given in points.
    func color(atPoint x: Double, _ y: Double, scale: Int) -> Color {
        color(Int(x * Double(scale)), Int(y * Double(scale)))
    }

    func alpha(_ x: Int, _ y: Int) -> UInt8 { pixels[(y * width + x) * 4 + 3] }
}

func hex(_ rgb: UInt32) -> Color {
    Color(r: UInt8(rgb >> 16 & 0xFF), g: UInt8(rgb >> 8 & 0xFF), b: UInt8(rgb & 0xFF))
}

/// Whether two colours are within `tolerance` per channel (anti-aliasing and premultiplied rounding).
func close(_ a: Color, _ b: Color, _ tolerance: Int = 2) -> Bool {
    abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance
        && abs(Int(a.b) - Int(b.b)) <= tolerance && abs(Int(a.a) - Int(b.a)) <= tolerance
}

/// SPEC §2's table: the line limit of each field.
func specLineLimit(_ kind: Component.Kind, _ role: TextRole) -> Int? {
    let table: [Component.Kind: [TextRole: Int]] = [
        .banner: [.eyebrow: 1, .title: 3, .body: 4, .button: 1],
        .progressBar: [.title: 2, .body: 3, .tierLabel: 1, .footnote: 2],
        .offer: [.eyebrow: 1, .title: 2, .body: 3, .code: 1, .button: 1],
        .message: [.title: 2, .body: 4],
    ]
    return table[kind]?[role]
}

/// SPEC §2's table: the contrast each field needs.
func specMinimumContrast(_ role: TextRole) -> Double {
    role == .eyebrow || role == .footnote ? 3 : 4.5
}

/// The texts VoiceOver should read, in reading order: the component's fields top to bottom, a
/// progress bar's tier labels between its body and its footnote.
func expectedReadingOrder(_ component: Component) -> [(role: TextRole, text: String)] {
    func present(_ pairs: [(TextRole, String?)]) -> [(role: TextRole, text: String)] {
        pairs.compactMap { role, text in text.flatMap { $0.isEmpty ? nil : (role, $0) } }
    }
    switch component {
    case .banner(let b): return present([(.eyebrow, b.eyebrow), (.title, b.title), (.body, b.body), (.button, b.button)])
    case .progressBar(let p):
        return present([(.title, p.title), (.body, p.body)]) + p.tiers.map { (TextRole.tierLabel, $0.label) }
            + present([(.footnote, p.footnote)])
    case .offer(let o):
        return present([(.eyebrow, o.eyebrow), (.title, o.title), (.body, o.body), (.code, o.code), (.button, o.button)])
    case .message(let m): return present([(.title, m.title), (.body, m.body)])
    }
}

extension Rect {
    func intersects(_ other: Rect, by epsilon: Double = 0.01) -> Bool {
        x < other.maxX - epsilon && other.x < maxX - epsilon && y < other.maxY - epsilon && other.y < maxY - epsilon
    }
}

/// The scene's text items in painting order: they are added together with the report's texts, so
/// the n-th text item draws the n-th report text.
func textLayouts(_ scene: Scene) -> [(layout: TextLayout, origin: Point, color: Color)] {
    scene.items.compactMap { item in
        if case .text(let layout, let origin, let color, _) = item { return (layout, origin, color) }
        return nil
    }
}

/// The scene's filled rounded rectangles in painting order.
func fills(_ scene: Scene) -> [(shape: RoundedRect, color: Color)] {
    scene.items.compactMap { item in
        if case .fill(let shape, let color) = item { return (shape, color) }
        return nil
    }
}
