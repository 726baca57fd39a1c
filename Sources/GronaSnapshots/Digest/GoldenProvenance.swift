// What a golden was rendered with, so that a failure on another machine can say why.
//
// The same spec renders to the same pixels only with the same code, text libraries and fonts:
// FreeType rasterizes the glyphs, HarfBuzz shapes them, ICU finds where lines may break (ICU 76
// breaks French spaced guillemets differently from ICU 72), and the pinned fonts are the outlines.
// Every golden GronaSnap writes carries a private chunk, `grVR`, listing them; when a comparison
// fails, the golden's list is compared with this machine's and the message names what differs
// ("ICU 76.1 here, 72.1 in the golden"). Goldens without the chunk (recorded before it existed, or
// by another tool) are as valid as ever: they just give no hint.
//
// Chunk data: UTF-8 lines `key=value`, in this order:
//   gronasnap=0.1.0
//   freetype=2.12.1
//   harfbuzz=6.0.0
//   icu=72.1
//   fonts=<16 hex digits: XXH64 of every font file's name and bytes, chained in name order>
//   font.<file name>=<8 hex digits: the first half of that file's XXH64>   (one line per font file)
// Readers ignore keys they do not know. Like `grDG`, the name's fourth letter is upper case ("not
// safe to copy"): an editor that changes the pixels should drop it.
import Foundation
import Grona
import PNG
import Locking
import Text

struct GoldenProvenance: Equatable, Sendable {
    static let chunkName = "grVR"

    /// `key=value` pairs in chunk order.
    var entries: [(key: String, value: String)]

    static func == (a: GoldenProvenance, b: GoldenProvenance) -> Bool {
        a.entries.map(\.key) == b.entries.map(\.key) && a.entries.map(\.value) == b.entries.map(\.value)
    }

    var chunkData: [UInt8] { Array(entries.map { "\($0.key)=\($0.value)\n" }.joined().utf8) }

    init(entries: [(key: String, value: String)]) { self.entries = entries }

    /// Reads the chunk's data; lines without `=` are skipped.
    init(chunkData: [UInt8]) {
        entries = String(decoding: chunkData, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard let equals = line.firstIndex(of: "=") else { return nil }
            return (String(line[..<equals]), String(line[line.index(after: equals)...]))
        }
    }

    /// The golden's provenance, or nil when it has none (or the file cannot be read).
    init?(golden bytes: [UInt8]) {
        guard let info = try? readPNGInfo(bytes),
              let chunk = info.chunks.first(where: { $0.name == GoldenProvenance.chunkName }) else { return nil }
        self.init(chunkData: chunk.data)
    }

    /// Whether the file has a provenance chunk, from its chunks' headers alone (no CRC, no parse):
    /// asked of every golden a run checks, including the ones its digest passes at once.
    static func isPresent(in bytes: [UInt8]) -> Bool {
        let name = Array(chunkName.utf8)
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if bytes[(offset + 4)..<(offset + 8)].elementsEqual(name) { return true }
            guard length >= 0, length <= bytes.count else { return false }
            offset += 12 + length
        }
        return false
    }

    /// This process's provenance with the fonts in `fontsFolder` (computed once per folder: the
    /// fonts are hashed, a few milliseconds).
    static func current(fontsFolder: String) -> GoldenProvenance {
        cache.withLock { byFolder in
            if let known = byFolder[fontsFolder] { return known }
            let provenance = computed(fontsFolder: fontsFolder)
            byFolder[fontsFolder] = provenance
            return provenance
        }
    }

    private static func computed(fontsFolder: String) -> GoldenProvenance {
        let fonts = fontHashes(in: fontsFolder)
        var entries: [(key: String, value: String)] = [
            ("gronasnap", gronaSnapVersion), ("freetype", TextModule.freeTypeVersion),
            ("harfbuzz", TextModule.harfBuzzVersion), ("icu", TextModule.icuVersion),
            ("fonts", fonts.combined),
        ]
        entries += fonts.files.map { ("font." + $0.name, $0.hash) }
        return GoldenProvenance(entries: entries)
    }

    /// For a person: what differs between the golden's provenance (`self`) and this machine's, e.g.
    /// ["ICU 76.1 in the golden, 72.1 here", "fonts: Inter-Regular.otf differs"]. Empty when
    /// nothing that shapes pixels differs.
    func differences(from here: GoldenProvenance) -> [String] {
        let golden = Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let local = Dictionary(here.entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        var found: [String] = []
        for (key, name) in [("gronasnap", "GronaSnap"), ("freetype", "FreeType"), ("harfbuzz", "HarfBuzz"), ("icu", "ICU")] {
            guard let then = golden[key], let now = local[key], then != now else { continue }
            found.append("\(name) \(then) in the golden, \(now) here")
        }
        if let then = golden["fonts"], let now = local["fonts"], then != now {
            let names = Set(golden.keys.filter { $0.hasPrefix("font.") }).union(local.keys.filter { $0.hasPrefix("font.") })
            let changed = names.filter { golden[$0] != local[$0] }.sorted().map { String($0.dropFirst(5)) }
            found.append(changed.isEmpty ? "fonts differ" : "fonts differ: " + changed.joined(separator: ", "))
        }
        return found
    }

    // MARK: - Fonts

    /// By fonts folder. Held while a folder's fonts are hashed, so each is hashed once.
    private static let cache = Mutex<[String: GoldenProvenance]>([:])

    /// The font files directly in the folder (`.otf`, `.ttf`, `.ttc`), by name in byte order.
    private static func fontHashes(in folder: String) -> (combined: String, files: [(name: String, hash: String)]) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { [".otf", ".ttf", ".ttc"].contains(where: $0.lowercased().hasSuffix) && !$0.hasPrefix(".") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var combined: UInt64 = 0
        var files: [(name: String, hash: String)] = []
        for name in names {
            guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { continue }
            let hash = data.withUnsafeBytes { xxHash64($0) }
            combined = xxHash64(Array(name.utf8), seed: combined ^ hash)
            files.append((name, hex(hash >> 32, digits: 8)))
        }
        return (hex(combined, digits: 16), files)
    }
}

private func hex(_ value: UInt64, digits: Int) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}

/// Which comparison a golden gets, from what it was rendered with: exact when its provenance is
/// this machine's (nothing that shapes pixels drifted, so the same input gives the same bytes),
/// else the caller's tolerance. `explanation` says which, for the failure message.
struct ComparisonRule {
    var tolerance: ComparisonTolerance
    var explanation: String
    /// What the golden was rendered with that differs from this machine.
    var versionDifferences: [String]

    /// The keys that must be present, and equal, for the exact rule.
    static let shapingKeys = ["gronasnap", "freetype", "harfbuzz", "icu", "fonts"]

    init(golden: GoldenProvenance?, here: GoldenProvenance, tolerance: ComparisonTolerance) {
        versionDifferences = golden?.differences(from: here) ?? []
        let budget = tolerance.maximumDifferingPixels == 0 && tolerance.maximumDifferingFraction == 0
            ? "no visibly different pixel allowed" : "a budget of differing pixels"
        let tolerated = "the tolerance (ΔE \(fixed(tolerance.perPixel, decimals: 2)) per pixel, \(budget))"
        guard let golden else {
            self.tolerance = tolerance
            explanation = tolerated + ", since the golden does not record what it was rendered with"
            return
        }
        let recorded = Set(golden.entries.map(\.key)), local = Set(here.entries.map(\.key))
        let complete = ComparisonRule.shapingKeys.allSatisfy { recorded.contains($0) && local.contains($0) }
        if versionDifferences.isEmpty && complete && tolerance.exactWhenNothingDrifted {
            self.tolerance = .exact
            explanation = "exact, since the golden was rendered with this machine's GronaSnap, FreeType, HarfBuzz, "
                + "ICU and fonts: any changed pixel fails"
        } else if !versionDifferences.isEmpty {
            self.tolerance = tolerance
            explanation = tolerated + ", since the golden was rendered with other versions"
        } else {
            self.tolerance = tolerance
            explanation = tolerated + (tolerance.exactWhenNothingDrifted
                ? ", since the golden does not record every version that shapes its pixels"
                : ", as asked (exactWhenNothingDrifted is off)")
        }
    }
}
