// libFuzzer target: arbitrary bytes as the body of POST /api/specs/NAME/merge, merged as the server
// merges it. The body is JSON, `{"base": …, "mine": …}` as the studio sends it, and may also carry
// `"theirs"`: the file on disk, as a string of its text (so the text editor meets any layout) or a
// value; without it, Fixtures/acme-banner.json is the file. The three are merged
// (`JSONTextEdit.merge`), the conflicts written as the answer writes them (`SpecEdits.json`'s
// shape, through `JSONTextEdit.serialize`), and the file edited to hold the merged value
// (`JSONTextEdit.edit`). A refusal (not JSON) is a correct outcome; a crash, a sanitizer report, a
// hang, an allocation over -rss_limit_mb, or an edited file that does not parse back to the merged
// value is a finding.
import FuzzDriver
import Foundation
import Grona
import GronaRequests

/// The package root: GRONA_ROOT, else two levels above this source file (Fuzz/Sources/FuzzMerge).
private let root: String = {
    if let configured = ProcessInfo.processInfo.environment["GRONA_ROOT"], !configured.isEmpty { return configured }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
}()

private let fixture: [UInt8] = {
    guard let data = FileManager.default.contents(atPath: root + "/Fixtures/acme-banner.json") else {
        fatalError("cannot read \(root)/Fixtures/acme-banner.json")
    }
    return [UInt8](data)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMerge(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let body = try? JSONParser.parse(bytes), let base = body["base"], let mine = body["mine"] else { return 0 }
    let file: [UInt8]
    switch body["theirs"] {
    case .string(let text)?: file = Array(text.utf8)
    case let value?: file = Array(JSONTextEdit.serialize(value).utf8)
    case nil: file = fixture
    }
    guard let theirs = try? JSONParser.parse(file) else { return 0 }
    let (merged, conflicts) = JSONTextEdit.merge(base: base, mine: mine, theirs: theirs)
    for conflict in conflicts {
        _ = [conflict.base, conflict.mine, conflict.theirs].compactMap { $0 }.map(JSONTextEdit.serialize)
    }
    _ = JSONTextEdit.serialize(merged)
    guard let edited = try? JSONTextEdit.edit(file, to: merged) else { fatalError("the file parsed, but could not be edited") }
    guard let back = try? JSONParser.parse(edited) else {
        fatalError("the edited file is not JSON: \(String(decoding: edited.prefix(400), as: UTF8.self))")
    }
    guard JSONTextEdit.equivalent(back, merged) else {
        fatalError("the edited file does not hold the merged value: \(String(decoding: edited.prefix(400), as: UTF8.self))")
    }
    return 0
}

/// The executable's entry point (SwiftPM aliases main to it); libFuzzer takes over from here.
@_cdecl("FuzzMerge_main")
public func fuzzMergeMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    grona_fuzz_main(argc, argv)
}
