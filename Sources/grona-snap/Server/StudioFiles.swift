import Foundation

/// The studio page: plain HTML, CSS and JavaScript in `Sources/grona-snap/Studio/`, shipped as the
/// package's resources and read once at start-up. There is no build step and nothing is fetched from
/// elsewhere; the page calls only the documented API.
struct StudioFiles: Sendable {
    private let files: [String: (contentType: String, bytes: [UInt8])]

    /// URL path → file in Studio/.
    private static let routes: [String: (file: String, contentType: String)] = [
        "/": ("studio.html", "text/html; charset=utf-8"),
        "/studio.css": ("studio.css", "text/css; charset=utf-8"),
        "/studio.js": ("studio.js", "text/javascript; charset=utf-8"),
    ]

    init() throws {
        var files: [String: (String, [UInt8])] = [:]
        for (path, entry) in StudioFiles.routes {
            guard let url = Bundle.module.url(forResource: entry.file, withExtension: nil, subdirectory: "Studio"),
                  let data = FileManager.default.contents(atPath: url.path) else {
                throw UsageError("serve: the studio's \(entry.file) is missing from the package's resources")
            }
            files[path] = (entry.contentType, [UInt8](data))
        }
        self.files = files
    }

    /// The page's files; everything it loads comes from this server (Content-Security-Policy).
    func response(for path: String) -> (() throws -> HTTPResponse)? {
        guard let file = files[path] else { return nil }
        return {
            HTTPResponse(status: 200, contentType: file.contentType,
                         headers: [("Content-Security-Policy", "default-src 'self'; img-src 'self' blob: data:; connect-src 'self' blob:; frame-ancestors 'none'"),
                                   ("Referrer-Policy", "no-referrer")],
                         body: file.bytes)
        }
    }
}
