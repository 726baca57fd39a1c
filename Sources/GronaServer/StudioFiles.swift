import Foundation
import GronaRequests

/// The studio page: plain HTML, CSS and JavaScript modules in `Sources/GronaServer/Studio/`, compiled
/// into the binary by SwiftPM (`.embedInCode`, as `PackageResources`). There is no build step of our
/// own and nothing is fetched from elsewhere; the page calls only the documented API. Only the paths
/// below are served, each looked up whole, so no path reaches a file by a name of its own.
package struct StudioFiles: Sendable {
    package init() {}

    /// The page's JavaScript: ES modules (`<script type="module">`), one per part of the page; the
    /// list is Package.swift's `studioModules`.
    static let modules: [String: [UInt8]] = [
        "/studio/api.js": PackageResources.api_js,
        "/studio/axes.js": PackageResources.axes_js,
        "/studio/campaigns.js": PackageResources.campaigns_js,
        "/studio/closer.js": PackageResources.closer_js,
        "/studio/connection.js": PackageResources.connection_js,
        "/studio/contrast.js": PackageResources.contrast_js,
        "/studio/dom.js": PackageResources.dom_js,
        "/studio/downloads.js": PackageResources.downloads_js,
        "/studio/drafts.js": PackageResources.drafts_js,
        "/studio/editor.js": PackageResources.editor_js,
        "/studio/errors.js": PackageResources.errors_js,
        "/studio/findings.js": PackageResources.findings_js,
        "/studio/history.js": PackageResources.history_js,
        "/studio/images.js": PackageResources.images_js,
        "/studio/languages.js": PackageResources.languages_js,
        "/studio/links.js": PackageResources.links_js,
        "/studio/main.js": PackageResources.main_js,
        "/studio/phone.js": PackageResources.phone_js,
        "/studio/plan.js": PackageResources.plan_js,
        "/studio/rawerror.js": PackageResources.rawerror_js,
        "/studio/saving.js": PackageResources.saving_js,
        "/studio/state.js": PackageResources.state_js,
        "/studio/tiles.js": PackageResources.tiles_js,
        "/studio/translations.js": PackageResources.translations_js,
        "/studio/versions.js": PackageResources.versions_js,
    ]

    private let files: [String: (contentType: String, bytes: [UInt8])] = {
        var files: [String: (contentType: String, bytes: [UInt8])] = [
            "/": ("text/html; charset=utf-8", PackageResources.studio_html),
            "/studio.css": ("text/css; charset=utf-8", PackageResources.studio_css),
        ]
        for (path, bytes) in StudioFiles.modules { files[path] = ("text/javascript; charset=utf-8", bytes) }
        return files
    }()

    /// The page's files; everything it loads comes from this server (Content-Security-Policy).
    func response(for path: String) -> (() throws -> HTTPResponse)? {
        guard let file = files[path] else { return nil }
        return {
            HTTPResponse(status: 200, contentType: file.contentType,
                         headers: [("Content-Security-Policy", "default-src 'self'; img-src 'self' blob: data:; font-src 'self'; connect-src 'self' blob:; frame-ancestors 'none'"),
                                   ("Referrer-Policy", "no-referrer")],
                         body: file.bytes)
        }
    }
}
