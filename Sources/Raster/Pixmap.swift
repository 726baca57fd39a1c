/// A straight-alpha sRGB colour, 8 bits per channel: what themes and specs speak in.
public struct Color: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    public static let transparent = Color(r: 0, g: 0, b: 0, a: 0)
    public static let white = Color(r: 255, g: 255, b: 255)
    public static let black = Color(r: 0, g: 0, b: 0)
}

/// An RGBA image with 8-bit premultiplied channels, rows top to bottom, no padding between rows.
/// Pixels stay premultiplied while drawing and are un-premultiplied only when encoding.
/// A pixmap is never empty: the initialiser fails for a zero or negative size, or one too large to address.
public struct Pixmap: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// Premultiplied RGBA, `width * height * 4` bytes.
    public var pixels: [UInt8]

    /// The largest pixmap GronaSnap will allocate (64 megapixels, 256 MiB).
    public static let maximumPixelCount = 64 * 1024 * 1024

    /// A transparent pixmap, or nil when the size is empty or over `maximumPixelCount`.
    public init?(width: Int, height: Int) {
        guard width > 0, height > 0, width <= Pixmap.maximumPixelCount / height else { return nil }
        self.width = width
        self.height = height
        // Zeroed with memset: `Array(repeating:count:)` stores byte by byte.
        self.pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, initialized in
            buffer.initialize(repeating: 0)
            initialized = buffer.count
        }
    }

    /// Wraps existing premultiplied pixels; nil when the byte count does not match the size.
    public init?(width: Int, height: Int, premultipliedPixels: [UInt8]) {
        guard width > 0, height > 0, width <= Pixmap.maximumPixelCount / height,
              premultipliedPixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = premultipliedPixels
    }
}

/// An 8-bit coverage mask (0 = untouched, 255 = fully covered): a rasterized path or a glyph.
package struct CoverageMask: Equatable, Sendable {
    package let width: Int
    package let height: Int
    /// One byte per pixel, rows top to bottom.
    package var coverage: [UInt8]

    package init(width: Int, height: Int, coverage: [UInt8]) {
        precondition(width >= 0 && height >= 0 && coverage.count == width * height,
                     "coverage must hold width × height bytes")
        self.width = width
        self.height = height
        self.coverage = coverage
    }
}
