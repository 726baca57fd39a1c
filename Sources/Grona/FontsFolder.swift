import Foundation

/// Finds GronaSnap's pinned fonts (`Fonts/`): `$GRONA_FONTS` if set, else the nearest `Fonts` folder
/// holding Inter above the running executable (a checkout's `.build/…/grona-snap`), else `./Fonts`.
public enum FontsFolder {
    public static func locate() -> String? {
        let fm = FileManager.default
        func holdsFonts(_ folder: String) -> Bool { fm.fileExists(atPath: folder + "/Inter-Regular.otf") }
        if let configured = ProcessInfo.processInfo.environment["GRONA_FONTS"], !configured.isEmpty {
            return configured
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<8 {
            let candidate = folder.appendingPathComponent("Fonts").path
            if holdsFonts(candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        let local = fm.currentDirectoryPath + "/Fonts"
        return holdsFonts(local) ? local : nil
    }
}
