import Foundation
import Grona
import GronaRequests
import Text

// The studio page draws every script with GronaSnap's own pinned fonts, served as web fonts, so
// Japanese, Thai or Hindi copy in the editor reads on a machine that has no font for it (and looks as
// it will in the snapshot). `WebFonts` makes the rules from the Fonts folder, so they cannot drift
// from it; the files are served by their exact names only.
extension StudioAPI {
    /// The Fonts folder's web fonts, read once (each family's characters come from its file's cmap).
    static let webFonts: WebFonts? = (try? Specs.fontsFolder()).map { WebFonts(folder: $0) }

    static let fontPrefix = "/studio/fonts/"

    /// GET /studio/fonts.css: the @font-face rules, and the families in order as `--studio-fonts`.
    func fontFaces() throws -> HTTPResponse {
        guard let fonts = StudioAPI.webFonts else { throw RequestError(.notFound, "GronaSnap's Fonts folder was not found") }
        return HTTPResponse(status: 200, contentType: "text/css; charset=utf-8",
                            body: Array(fonts.css(prefix: StudioAPI.fontPrefix).utf8))
    }

    /// GET /studio/fonts/NAME: a font file of the folder, or a face of its CJK collection. Its address carries its version (`v`), so
    /// it may be kept for a year.
    func font(_ name: String, _ request: HTTPRequest, _ route: Route) throws -> HTTPResponse {
        for (key, value) in request.query {
            guard key == "v", !value.isEmpty, value.count <= 32,
                  value.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }) else {
                throw RequestError(.badInput, "unknown query parameter \(key) (this route takes v)")
            }
        }
        guard let fonts = StudioAPI.webFonts, let face = fonts.face(named: name), let bytes = fonts.contents(of: face) else {
            throw RequestError(.notFound, "no font named \(quoted(name, limit: 80)) in GronaSnap's Fonts folder")
        }
        return HTTPResponse(status: 200, contentType: face.contentType,
                            headers: [("Cache-Control", "public, max-age=31536000, immutable")], body: bytes)
    }
}
