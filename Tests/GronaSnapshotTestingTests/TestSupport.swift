import Foundation
import XCTest
import Grona
import PNG
import Raster
@testable import GronaSnapshotTesting
@testable import GronaSnapshots

/// The package root, found from this file.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

let fontsFolder = packageRoot + "/Fonts"

/// A fresh empty folder under the system's temporary folder; the caller removes it.
func makeTemporaryFolder(_ name: String = #function) throws -> String {
    let folder = NSTemporaryDirectory() + "grona-snapshot-tests-\(getpid())-\(name.filter { $0.isLetter || $0.isNumber })-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}

extension XCTestCase {
    /// A fresh empty folder, removed when the test ends.
    func temporaryFolder(_ name: String = #function) throws -> String {
        let folder = try makeTemporaryFolder(name)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }
}

func fixture(_ name: String) throws -> Spec {
    try SpecDecoder(fontsFolder: fontsFolder).decode(fileAt: packageRoot + "/Fixtures/\(name).json")
}

func readBytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

func writeBytes(_ bytes: [UInt8], _ path: String) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                            withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// `pixmap` with a `size` × `size` block at (x, y) painted opaque magenta.
func paintBlock(_ pixmap: Pixmap, x: Int, y: Int, size: Int = 10) -> Pixmap {
    var copy = pixmap
    for row in y..<(y + size) {
        for column in x..<(x + size) {
            let i = (row * pixmap.width + column) * 4
            copy.pixels[i] = 255; copy.pixels[i + 1] = 0; copy.pixels[i + 2] = 255; copy.pixels[i + 3] = 255
        }
    }
    return copy
}

/// A small test image: a flat colour with a darker disc-ish square, so it is not uniform.
func sampleImage(width: Int = 40, height: Int = 30, shade: UInt8 = 200) -> Pixmap {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let i = (y * width + x) * 4
            let inside = x > 10 && x < 25 && y > 8 && y < 20
            pixels[i] = inside ? 30 : shade; pixels[i + 1] = inside ? 60 : shade / 2
            pixels[i + 2] = inside ? 90 : 40; pixels[i + 3] = 255
        }
    }
    return Pixmap(width: width, height: height, premultipliedPixels: pixels)!
}
