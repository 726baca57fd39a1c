/// The image files GronaSnap writes, by the extension that picks them: `.png` (the default, and the
/// only one an animation can be) and `.webp` (lossless). An output path without an extension
/// (`-`, `/dev/null`, a pipe) is a PNG; any other extension is refused rather than silently written
/// as a PNG. Which encoder makes each is `ImageFormat.encode` in GronaRequests.
package enum ImageFormat: String, CaseIterable, Sendable {
    case png, webp

    /// The format an output path asks for; nil when its extension is none of ours.
    package init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { self = .png; return }
        guard let format = ImageFormat(rawValue: name[name.index(after: dot)...].lowercased()) else { return nil }
        self = format
    }

    /// The extension this format's files are named with.
    package var fileExtension: String { rawValue }
}
