import Foundation
import Grona
import GronaRequests
import GronaOutput

/// `grona-snap shots SHOTLIST.json [--out DIR] [--watch]`: every image a docs page needs, from one
/// shot list (`ShotList`, rendered by `ShotsRequest`).
enum ShotsCommand {
    static let command = Command(
        name: "shots", synopsis: "SHOTLIST.json [--out DIR] [--watch]", summary: "every image a docs page needs, and a manifest",
        arguments: "SHOTLIST.json",
        about: """
            Renders every image a shot list names, and manifest.json beside them: each shot is a spec
            (relative to the shot list) × its variants (the spec's own, or the shot's "variants", in a
            spec's variants syntax) × its kinds: snapshot (the card on the page), accessibility (what
            VoiceOver reads), sheet (one contact sheet of the variants), animation (an animated PNG)
            and phone (the card on an iPhone screen with its frame, status bar and app content;
            "padding" is the space around the device).
            "background" is one colour or {"light": …, "dark": …}, so a dark card sits on a dark page;
            "name" is a file-name template ({component} {kind} {appearance} {size} {direction} {locale}
            {scale} {width} {format}); "format" is png or webp (lossless). The manifest lists each file
            with its size in points and pixels, scale, variant and alt text made from the VoiceOver
            labels. Everything is written together or not at all; a file in DIR that an earlier run's
            manifest does not list is never replaced.
            """,
        options: [
            CommandOption(flag: RequestError.OptionName.outputFolder.flag, placeholder: "DIR",
                          summary: "the output folder (default: the shot list's \"out\", relative to it)"),
            CommandOption(flag: "--watch",
                          summary: "render again whenever the shot list, a spec or one of its images or fonts changes, one line "
                            + "per render (a save made during a render renders again after it); a bad edit is reported and the "
                            + "next save is waited for (Ctrl-C ends it)"),
        ],
        takes: ["--assets-root"],
        positionals: 1...1, run: run)

    static func run(_ words: ArraySlice<String>) throws {
        let args = try Arguments(words, for: command)
        let file = args.positionals[0]
        let assetRoots = try AssetRoots.parse(args.value("--assets-root"))
        guard args.has("--watch") else {
            print(try render(file, out: args.value("--out"), assetRoots: assetRoots).line)
            return
        }
        // Poll the inputs' modification times: no dependency, and a save is seen within ~300 ms.
        // The times are read before each render, so a save made while it runs (after its files
        // were read) differs from them and renders again at once: no save is lost.
        var inputs = [file]
        while true {
            let start = DispatchTime.now()
            // The files this render will read, as far as they can be known before it: the last
            // run's, and the shot list's specs now.
            let named = (try? ShotList.decode(fileAt: file)).map { ShotsRequest.inputs(of: $0, specs: []) } ?? []
            var seen = stamps(Array(Set(inputs + named + [file])))
            do {
                let done = try render(file, out: args.value("--out"), assetRoots: assetRoots)
                inputs = done.inputs
                say(done.line + " in \(Work.seconds(since: start))")
            } catch {
                StagedFiles.waitIfInterrupted()
                say("error: \(RequestError.from(error).description)")
                // Keep watching the last good run's files, and the specs the shot list names now (a
                // bad spec is fixed by a save to the spec); a shot list that cannot be read names none.
                inputs = Array(Set(inputs + named + [file])).sorted()
            }
            // A file first known from this render (a font a spec names) was read by it just now.
            for (input, stamp) in stamps(inputs) where seen[input] == nil { seen[input] = stamp }
            seen = seen.filter { inputs.contains($0.key) }
            while stamps(inputs) == seen { usleep(300_000) }
        }
    }

    /// One run: the shot list read, every image rendered, then all written.
    static func render(_ file: String, out: String?, assetRoots: [String]?) throws -> (line: String, inputs: [String]) {
        let list = try ShotList.decode(fileAt: file)
        guard let output = out ?? list.out else {
            throw RequestError(.badInput, "no output folder; give --out DIR, or \"out\" in the shot list", file: file, path: "$")
        }
        let result = try ShotsRequest(list: list, output: output, assetRoots: assetRoots).run(in: try RenderSession())
        do {
            try ShotsRequest.write(result, to: output)
        } catch var refusal as RequestError where refusal.option == .outputFolder && out == nil {
            // The folder is the shot list's "out": the refusal points there, not at an option not given.
            refusal.option = nil
            (refusal.file, refusal.path) = (file, "$.out")
            throw refusal
        }
        let count = result.images.count
        return ("wrote \(count) image\(count == 1 ? "" : "s") and \(ShotsRequest.manifestName) to \(output)", result.inputs)
    }

    /// A line on standard output now, not when a buffer fills: a watcher reads them as they come.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Each input's modification time and size (nil when it is missing), to notice a save.
    static func stamps(_ files: [String]) -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        for file in files {
            var info = stat()
            guard stat(file, &info) == 0 else { result[file] = []; continue }
            #if canImport(Darwin)
            let modified = info.st_mtimespec
            #else
            let modified = info.st_mtim
            #endif
            result[file] = [Int(modified.tv_sec), Int(modified.tv_nsec), Int(info.st_size), Int(info.st_ino)]
        }
        return result
    }
}
