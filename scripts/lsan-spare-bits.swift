// Why LeakSanitizer reported the glyph cache's colour bitmaps (see scripts/sanitize). Run:
//   swiftc -sanitize=address scripts/lsan-spare-bits.swift -o /tmp/spare-bits
//   /tmp/spare-bits enum    # "Direct leak of 15099 byte(s) in 3 object(s)": the three .color bitmaps
//   /tmp/spare-bits struct  # no report: the same data in a struct of optionals
// Shaped like the old GlyphCache.Entry: an empty case and two payload cases holding (Int, Int, [UInt8]) and scalars, in a
// dictionary reachable from a global until exit. Swift keeps the case number in spare bits of the
// payload's array reference (bit 62 on x86-64 for case 1), which LeakSanitizer does not follow.
import Foundation

struct Mask { var width: Int; var height: Int; var bytes: [UInt8] }
struct Bitmap { var width: Int; var height: Int; var bytes: [UInt8] }

enum Entry {
    case empty
    case mask(Mask, left: Int, top: Int)
    case color(Bitmap, left: Int, top: Int, strike: Double)
}

struct PlainEntry { var mask: Mask?; var color: Bitmap?; var left: Int; var top: Int; var strike: Double }

final class Cache { var entries: [Int: Entry] = [:]; var plain: [Int: PlainEntry] = [:] }
let cache = Cache()

let useEnum = CommandLine.arguments.dropFirst().first != "struct"
for key in 0..<3 {
    // Masks are 1000 + key bytes, bitmaps 5000 + key: the report's sizes tell the cases apart.
    let mask = Mask(width: 1, height: 1, bytes: [UInt8](repeating: 1, count: 1000 + key))
    let bitmap = Bitmap(width: 1, height: 1, bytes: [UInt8](repeating: 2, count: 5000 + key))
    if useEnum {
        cache.entries[key] = .mask(mask, left: 0, top: 0)
        cache.entries[100 + key] = .color(bitmap, left: 0, top: 0, strike: 109)
    } else {
        cache.plain[key] = PlainEntry(mask: mask, color: nil, left: 0, top: 0, strike: 0)
        cache.plain[100 + key] = PlainEntry(mask: nil, color: bitmap, left: 0, top: 0, strike: 109)
    }
}
if useEnum {
    // The third word of each entry is the array reference as it sits in the dictionary's storage.
    for key in [0, 100] {
        var entry = cache.entries[key]!
        let word = withUnsafeBytes(of: &entry) { $0.load(fromByteOffset: 16, as: UInt.self) }
        print(key == 0 ? "mask " : "color", "entry stores the array reference as 0x" + String(word, radix: 16))
    }
}
fflush(stdout)
