import Foundation

/// Finds GronaSnap's pinned fonts, in this order:
///
/// 1. `$GRONA_FONTS`, if set;
/// 2. `<prefix>/share/grona-snap/Fonts` beside an installed binary `<prefix>/bin/grona-snap`
///    (`scripts/install PREFIX` puts them there), so a copied installation keeps working;
/// 3. the nearest `Fonts` folder holding Inter above the running executable (a checkout's
///    `.build/…/grona-snap`);
/// 4. with `checkout`, the `Fonts` folder of the checkout this file was compiled from: a package
///    that depends on GronaSnap runs its tests from its own `.build`, with GronaSnap's checkout
///    elsewhere (an installed binary leaves it out: it must work with the checkout gone);
/// 5. `./Fonts`.
package enum FontsFolder {
    /// Where `scripts/install` puts the fonts, relative to the folder holding the binary.
    package static let installedRelativePath = "../share/grona-snap/Fonts"

    package static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              checkout: Bool = false) -> String? {
        let fm = FileManager.default
        func holdsFonts(_ folder: String) -> Bool { fm.fileExists(atPath: folder + "/Inter-Regular.otf") }
        if let configured = environment["GRONA_FONTS"], !configured.isEmpty {
            return configured
        }
        // The executable's real location: argv[0] may be a bare name found through PATH, or a
        // symlink (/usr/local/bin/grona-snap → /opt/grona-snap/bin/grona-snap).
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? ".")
        let binFolder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        let installed = binFolder.appendingPathComponent(installedRelativePath).standardizedFileURL.path
        if holdsFonts(installed) { return installed }
        var folder = binFolder
        for _ in 0..<8 {
            let candidate = folder.appendingPathComponent("Fonts").path
            if holdsFonts(candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        // Sources/Grona/FontsFolder.swift → the checkout's Fonts.
        let compiled = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fonts").path
        if checkout, holdsFonts(compiled) { return compiled }
        let local = fm.currentDirectoryPath + "/Fonts"
        return holdsFonts(local) ? local : nil
    }
}
