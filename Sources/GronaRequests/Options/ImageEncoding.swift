import Grona
import PNG
import Raster
import WebP

/// The one place an output path's extension becomes an encoder: `.png` → PNG, `.webp` → lossless
/// WebP, no extension (`-`, `/dev/null`) → PNG, anything else refused before any work is done.
extension ImageFormat {
    /// The format `path` asks for, or the refusal naming the option it was given to.
    package static func of(output path: String, option: String) throws -> ImageFormat {
        guard let format = ImageFormat(path: path) else {
            let name = path.split(separator: "/").last ?? ""
            throw RequestError("\(option): \(path): GronaSnap writes " + allCases.map { "." + $0.fileExtension }.joined(separator: " and ")
                + " images, not " + name[name.lastIndex(of: ".")!...])
        }
        return format
    }

    /// The pixmap as a file of this format.
    package func encode(_ pixmap: Pixmap) throws -> [UInt8] {
        switch self {
        case .png: return try encodePNG(pixmap)
        case .webp: return try encodeWebP(pixmap)
        }
    }
}
