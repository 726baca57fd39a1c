import Foundation
import GronaRequests

/// The studio page: plain HTML, CSS and JavaScript in `Sources/grona-snap/Studio/`, compiled into the
/// binary by SwiftPM (`.embedInCode`, as `PackageResources`). There is no build step of our own and
/// nothing is fetched from elsewhere; the page calls only the documented API.
struct StudioFiles: Sendable {
    private let files: [String: (contentType: String, bytes: [UInt8])] = [
        "/": ("text/html; charset=utf-8", PackageResources.studio_html),
        "/studio.css": ("text/css; charset=utf-8", PackageResources.studio_css),
        "/studio.js": ("text/javascript; charset=utf-8", PackageResources.studio_js),
    ]

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
