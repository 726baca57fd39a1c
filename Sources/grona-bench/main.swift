import Foundation
import Grona
import PNG
import Raster
import Text

// grona-bench: how fast GronaSnap renders, encodes and verifies snapshots.
//
//   grona-bench [--iterations N] [--json]
//   grona-bench --table-from FIGURES.json     (the table of a run saved with --json)
//   grona-bench --first-snapshot OUT.png     (internal: one snapshot in a fresh process)
//   grona-bench --interactivity [--edits N]  (the studio's 12-variant grid after an edit, through
//                                            grona-snap serve; see Interactivity.swift)
//   grona-bench --batch-memory [--sizes 200,2000,20000] [--jobs N] [--grona-snap PATH] [--record]
//                                            (peak memory of `grona-snap batch`, or of `verify --record
//                                            all`, by number of snapshots)
//   grona-bench --encoders [N] [--pillow PYTHON] | --encoder-peak   (the PNG encoder table against
//                                            libpng, and Pillow with a Python that has it; peak memory
//                                            encoding 64 megapixels of noise; Encoders.swift)
//   grona-bench --digests | --png-options | --profile-render N [--encode] | --profile-matrix JOBS [--passes N]
//              | --profile-encode IMAGE [--count N] [--libpng] | --profile-tiles [N]
//                                            (tools for profiling and checking, see Explore.swift)
//
// The reference banner is bench/reference-banner.json: the scene the peers render (scene.py in the
// peers' folder) with the same fonts, sizes, colours and texts at 390 pt, @3x. GronaSnap lays the
// banner out as the SDK does, so it differs in details from scene.py's fixed geometry: the card is
// as tall as its content (259 pt, 1170 × 777 px, where scene.py draws a fixed 300 pt, 1170 × 900 px),
// paragraphs are 4 pt apart (scene.py: 6 pt) with 14 pt before the button, the button is sized to
// its label (label + 2 × 16 pt, at least 44 pt tall; scene.py: a fixed 120 × 44 pt) and its label
// takes the banner's primary colour by the SDK's contrast rules (scene.py: #1A1C1A), and
// line-height comes from Inter's own metrics.

let start = Clock.now()
let arguments = Array(CommandLine.arguments.dropFirst())

func value(after flag: String) -> String? {
    guard let i = arguments.firstIndex(of: flag), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}

do {
    if let file = value(after: "--table-from") {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        print(try JSONDecoder().decode(Figures.self, from: data).table)
        exit(0)
    }
    let checkout = try Checkout.locate()
    if let output = value(after: "--first-snapshot") {
        try FirstSnapshot.run(checkout: checkout, output: output, processStart: start)
        exit(0)
    }
    if let n = value(after: "--profile-render") {
        try Explore.render(checkout: checkout, count: Int(n) ?? 1, encode: arguments.contains("--encode"))
        exit(0)
    }
    if let n = value(after: "--profile-matrix") {
        try Explore.matrix(checkout: checkout, jobs: Int(n) ?? 1, passes: Int(value(after: "--passes") ?? "") ?? 1)
        exit(0)
    }
    if let prefix = value(after: "--profile-encode") {
        try Explore.encode(checkout: checkout, prefix: prefix, count: Int(value(after: "--count") ?? "") ?? 1,
                           libpng: arguments.contains("--libpng"))
        exit(0)
    }
    if arguments.contains("--profile-tiles") {
        try Explore.tiles(checkout: checkout, rounds: Int(value(after: "--profile-tiles") ?? "") ?? 9)
        exit(0)
    }
    if arguments.contains("--interactivity") {
        try Interactivity.run(checkout: checkout, edits: Int(value(after: "--edits") ?? "") ?? 100)
        exit(0)
    }
    if arguments.contains("--batch-memory") {
        let sizes = (value(after: "--sizes") ?? "200,2000,20000").split(separator: ",").compactMap { Int($0) }
        let jobs = Int(value(after: "--jobs") ?? "") ?? ParallelRenderer.defaultJobs
        let sibling = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("grona-snap").path
        let record = arguments.contains("--record")
        let runs = try BatchMemory.run(checkout: checkout, sizes: sizes, jobs: jobs,
                                       gronaSnap: value(after: "--grona-snap") ?? sibling, record: record)
        print(BatchMemory.table(runs, jobs: jobs, record: record))
        exit(0)
    }
    if arguments.contains("--encoder-peak") { print(try Encoders.peak()); exit(0) }
    if arguments.contains("--encoders") {
        print(try Encoders.table(checkout: checkout, iterations: Int(value(after: "--encoders") ?? "") ?? 20,
                                pillow: value(after: "--pillow")))
        exit(0)
    }
    if arguments.contains("--digests") { try Explore.digests(checkout: checkout); exit(0) }
    if arguments.contains("--png-options") { try Explore.pngOptions(checkout: checkout); exit(0) }
    let iterations = Int(value(after: "--iterations") ?? "") ?? 200
    let figures = try Benchmark(checkout: checkout, iterations: max(1, iterations)).run()
    print(arguments.contains("--json") ? try figures.json() : figures.table)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}
