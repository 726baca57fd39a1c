// libFuzzer target: arbitrary bytes as a translation file in each import format. The first byte
// picks the format (CSV, XLIFF 1.2, XLIFF 2.0) and the campaign (a banner with localizations, a
// progress bar with tiers); the rest is the file's bytes, read as POST /api/translations/import
// reads them: encoding detected, parsed, and what it would change worked out against the campaign.
// A thrown TranslationError is a correct outcome; a crash, a sanitizer report, a hang or an
// allocation over -rss_limit_mb is a finding.
import FuzzDriver
import Foundation
import Grona

/// The package root: GRONA_ROOT, else two levels above this source file (Fuzz/Sources/FuzzTranslations).
private let root: String = {
    if let configured = ProcessInfo.processInfo.environment["GRONA_ROOT"], !configured.isEmpty { return configured }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
}()

private let campaigns: [Translations] = ["weekend-campaign", "progress-after-tier"].map { name in
    let folder = root + "/Fixtures"
    do {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name + ".json")))
        let spec = try SpecDecoder(fontsFolder: root + "/Fonts").decode(bytes, file: name + ".json", name: name, folder: folder)
        return Translations(spec)
    } catch { fatalError("cannot read Fixtures/\(name).json: \(error)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTranslations(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let choice = Int(data[0])
    let format = TranslationFormat.allCases[choice % TranslationFormat.allCases.count]
    let copy = campaigns[(choice / TranslationFormat.allCases.count) % campaigns.count]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    guard let read = try? Translations.read(bytes: bytes, format: format) else { return 0 }
    // What is read is languages in canonical form and texts that are not blank.
    for (language, texts) in read {
        precondition((try? LanguageTag(choosing: language).description) == language, "language \(language) not canonical")
        precondition(!texts.values.contains { $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) }, "a blank text was read")
    }
    guard let result = try? copy.importing(read) else { return 0 }
    // The copy afterwards is the campaign's own with the added and changed fields, and JSON a spec takes.
    for change in result.changes {
        precondition(result.localizations[change.language]?[change.key] == (change.after ?? change.before), "\(change) not applied as said")
    }
    if let json = try? copy.localizationsJSON(result.localizations) {
        precondition((try? JSONParser.parse(Array(json.utf8))) != nil, "the localizations are not JSON: \(json)")
    }
    return 0
}

/// The executable's entry point (SwiftPM aliases main to it); libFuzzer takes over from here.
@_cdecl("FuzzTranslations_main")
public func fuzzTranslationsMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    grona_fuzz_main(argc, argv)
}
