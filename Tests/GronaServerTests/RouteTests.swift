import Foundation
import XCTest
import TestSupport

/// The API's routes, called in-process on the service `serve` makes: renders, reports and checks are
/// the command line's bytes, refusals its words, and who may ask what (Host, Origin, methods).
final class RouteTests: XCTestCase {
    /// The API renders the bytes `grona-snap render` writes, for every fixture, in its own
    /// environment and under overrides.
    func testRenderAnswersTheBytesTheCommandLineWrites() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        let out = try temporaryFolder()
        let specs = try FileManager.default.contentsOfDirectory(atPath: fixtures).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(specs.count, 19)
        let cases: [(query: String, flags: [String])] = [
            ("", []),
            ("textSize=AX5&appearance=dark&direction=rtl&scale=2", ["--text-size", "AX5", "--appearance", "dark", "--direction", "rtl", "--scale", "2"]),
            ("overlay=accessibility&scale=1", ["--overlay", "accessibility", "--scale", "1"]),
            ("frame=phone&padding=24&background=%23FFFFFF&scale=1", ["--frame", "phone", "--padding", "24", "--background", "#FFFFFF", "--scale", "1"]),
        ]
        // Every fixture as it is, every third one under overrides, with the accessibility overlay and on the phone too.
        let jobs: [(spec: String, query: String, flags: [String])] = specs.enumerated().flatMap { number, spec in
            (number % 3 == 0 ? cases : [cases[0]]).map { (spec, $0.query, $0.flags) }
        }
        // The command line's files, four processes at a time.
        let expected = Expected(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: 4) { lane in
            for index in stride(from: lane, to: jobs.count, by: 4) {
                let job = jobs[index], png = out + "/expected-\(index).png"
                let cli = try? snap(arguments: ["render", fixtures + "/" + job.spec, "-o", png] + job.flags)
                expected.set(index, cli?.status == 0 ? try? bytes(png) : nil)
            }
        }
        for (index, job) in jobs.enumerated() {
            let answer = try server.request("POST", "/api/render?name=\(job.spec)" + (job.query.isEmpty ? "" : "&" + job.query),
                                            body: try bytes(fixtures + "/" + job.spec))
            XCTAssertEqual(answer.status, 200, "\(job.spec) \(job.query): \(answer.text)")
            XCTAssertEqual(answer.header("Content-Type"), "image/png")
            let cli = try XCTUnwrap(expected.get(index), "grona-snap render \(job.spec) \(job.flags) failed")
            XCTAssertEqual(answer.body, cli, "\(job.spec) \(job.query): /api/render differs from grona-snap render")
        }
    }

    func testReportIsTheCommandLinesReport() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        let out = try temporaryFolder()
        let answer = try server.request("POST", "/api/report?name=long-copy-banner.json&textSize=AX3",
                                        body: try bytes(fixtures + "/long-copy-banner.json"))
        XCTAssertEqual(answer.status, 200)
        let cli = try snap("render", fixtures + "/long-copy-banner.json", "-o", out + "/x.png", "--report", out + "/r.json", "--text-size", "AX3")
        XCTAssertEqual(cli.status, 0, cli.stderr)
        XCTAssertEqual(answer.body, try bytes(out + "/r.json"))
        XCTAssertTrue(answer.text.contains("\"truncated\": true"))
    }

    /// /api/check answers what `grona-snap check --format json` prints, under the same axes and
    /// overrides (the spec named as posted); a title cut at its line limit is a `truncated` finding.
    func testCheckAnswersTheCommandLinesFindings() throws {
        let folder = try temporaryFolder()
        let spec = #"{"component": {"type": "banner", "title": "A title far too long for three lines at the largest accessibility sizes, so the reader never sees how it ends", "body": "Short."}}"#
        try Data(spec.utf8).write(to: URL(fileURLWithPath: folder + "/cut.json"))
        let server = try InProcessStudio(folder: folder)
        defer { server.stop() }
        for (query, flags) in [("textSizes=xS,AX5&appearances=light,dark", ["--text-sizes", "xS,AX5", "--appearances", "light,dark"]),
                               ("textSize=AX5&pseudo=double", ["--text-size", "AX5", "--pseudo", "double"]),
                               ("textSize=AX5&appearance=dark&pseudos=accented,double", ["--text-size", "AX5", "--appearance", "dark", "--pseudos", "accented,double"])] {
            let answer = try server.request("POST", "/api/check?name=cut.json&" + query, body: Array(spec.utf8))
            XCTAssertEqual(answer.status, 200, answer.text)
            XCTAssertEqual(answer.header("Content-Type"), "application/json")
            let cli = try snap(arguments: ["check", folder + "/cut.json", "--format", "json"] + flags)
            XCTAssertEqual(cli.status, 1, cli.stderr)
            XCTAssertEqual(answer.text, cli.stdout.replacingOccurrences(of: "\"" + folder + "/cut.json\"", with: "\"cut.json\""), query)
            let findings = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.body)) as? [[String: Any]])
            XCTAssertTrue(findings.contains { $0["kind"] as? String == "truncated" && $0["role"] as? String == "title" }, answer.text)
        }
        let clean = try server.request("POST", "/api/check?name=cut.json&textSize=xS&ignore=truncated", body: Array(spec.utf8))
        XCTAssertEqual(clean.text, "[]\n")
        let bad = #"{"component": {"type": "banner", "title": "Hi", "titel": "typo"}}"#
        try Data(bad.utf8).write(to: URL(fileURLWithPath: folder + "/bad.json"))
        let cli = try snap("check", folder + "/bad.json", "--format", "json")
        XCTAssertEqual(cli.status, 2)
        let refused = try server.request("POST", "/api/check?name=bad.json", body: Array(bad.utf8))
        XCTAssertEqual(refused.status, 400)
        XCTAssertEqual("error: " + folder + "/" + (refused.errorMessage ?? ""), cli.stderr.trimmingCharacters(in: .newlines))
        let ignore = try server.request("POST", "/api/check?name=cut.json&ignore=bogus", body: Array(spec.utf8))
        XCTAssertEqual(ignore.status, 400)
        XCTAssertEqual(ignore.errorMessage?.hasPrefix("ignore: \"bogus\" is not a finding kind"), true, ignore.text)
    }

    /// A bad spec is a 400 whose message is the command line's line (naming the spec as posted), and the
    /// server keeps serving.
    func testBadSpecsAreRefusedWithTheCommandLinesMessage() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        let folder = try temporaryFolder()
        let bad = [
            ##"{"theme": {"primary": "#12345"}, "component": {"type": "banner", "title": "Hi"}}"##,
            #"{"component": {"type": "banner"}}"#,
            #"{"component": {"type": "banner", "title": "Hi", "titel": "typo"}}"#,
            #"{"component": {"type": "banner", "title": "Hi"}, "environment": {"textSize": "XXXXL"}}"#,
            #"{"component": {"type": "banner", "title": "Hi"},"#,
            #"{"component": {"type": "progressBar", "title": "Hi", "value": 1, "tiers": [{"at": 1}]}}"#,
        ]
        for (index, text) in bad.enumerated() {
            let path = folder + "/bad.json"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let cli = try snap("render", path, "-o", folder + "/out.png")
            XCTAssertEqual(cli.status, 2)
            let answer = try server.request("POST", "/api/render?name=bad.json", body: Array(text.utf8))
            XCTAssertEqual(answer.status, 400, "case \(index)")
            XCTAssertEqual(answer.header("Content-Type"), "application/json")
            let message = try XCTUnwrap(answer.errorMessage, "case \(index): \(answer.text)")
            XCTAssertEqual("error: " + folder + "/" + message, cli.stderr.trimmingCharacters(in: .newlines), "case \(index)")
        }
        let query = try server.request("POST", "/api/render?textSize=huge", body: try bytes(fixtures + "/acme-banner.json"))
        XCTAssertEqual(query.status, 400)
        XCTAssertEqual(query.errorMessage?.hasPrefix("textSize: "), true, query.text)
        let unknown = try server.request("POST", "/api/render?colour=red", body: try bytes(fixtures + "/acme-banner.json"))
        XCTAssertEqual(unknown.status, 400)
        // A frame is render's alone, never with the overlay, and only the frames there are.
        for (query, message) in [("frame=phone&overlay=accessibility", "frame and overlay cannot be combined: a frame shows the card, not the accessibility picture"),
                                 ("frame=tablet", "frame: \"tablet\" is not a frame; expected one of: phone")] {
            let refused = try server.request("POST", "/api/render?" + query, body: try bytes(fixtures + "/acme-banner.json"))
            XCTAssertEqual(refused.status, 400, query)
            XCTAssertEqual(refused.errorMessage, message)
        }
        XCTAssertEqual(try server.request("POST", "/api/report?frame=phone", body: try bytes(fixtures + "/acme-banner.json")).status, 400)
        XCTAssertEqual(try server.request("GET", "/healthz").status, 200)
    }

    /// A refusal says where, as the command line does, in fields a page can use without parsing the
    /// message: the file and the JSON path; a refusal about no place in a file has neither.
    func testRefusalsNameTheFileAndTheJSONPathAsFields() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        let colour = try server.request("POST", "/api/render?name=summer.json",
                                        body: Array(##"{"theme": {"primary": "#12345"}, "component": {"type": "banner", "title": "Hi"}}"##.utf8))
        XCTAssertEqual(colour.status, 400)
        let fields = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(colour.body)) as? [String: String], colour.text)
        XCTAssertEqual(fields["file"], "summer.json")
        XCTAssertEqual(fields["path"], "$.theme.primary")
        XCTAssertEqual(fields["error"], "summer.json: $.theme.primary: " + (fields["error"]?.components(separatedBy: ": ").dropFirst(2).joined(separator: ": ") ?? ""))
        let locale = try server.request("POST", "/api/report?name=summer.json", body: Array(#"{"component": {"type": "banner", "title": "Hi"}, "localizations": {"en US": {"title": "Hi"}}}"#.utf8))
        XCTAssertEqual(locale.status, 400)
        let localeFields = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(locale.body)) as? [String: String], locale.text)
        XCTAssertEqual(localeFields["path"], #"$.localizations["en US"]"#, locale.text)
        let query = try server.request("POST", "/api/render?textSize=huge", body: try bytes(fixtures + "/acme-banner.json"))
        let queryFields = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(query.body)) as? [String: String], query.text)
        XCTAssertNil(queryFields["file"])
        XCTAssertNil(queryFields["path"])
        XCTAssertEqual(try server.request("GET", "/api/specs/nothing-here.json").status, 404)
    }

    /// DNS rebinding: only the exact loopback names pass the Host check, and a request with none is refused.
    func testOnlyExactLoopbackHostsAreAnswered() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        for host in ["127.0.0.1.evil.example", "127.evil.example", "[::1].evil.example", "localhost.evil.example", "localhost:80x"] {
            XCTAssertEqual(try server.request("GET", "/api/specs", headers: ["Host": host]).status, 403, host)
        }
        for host in ["localhost", "127.0.0.1", "[::1]", "localhost:8080", "127.0.0.1:1", "[::1]:65535"] {
            XCTAssertEqual(try server.request("GET", "/api/specs", headers: ["Host": host]).status, 200, host)
        }
    }

    /// Over the budget is 422 before anything is drawn, saying what to lower; within it, served.
    func testRequestsOverTheBudgetAreRefusedSayingWhatToLower() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        let body = try bytes(fixtures + "/dark-progress.json")
        let animate = try server.request("POST", "/api/animate?name=dark-progress.json&width=2048&scale=3&textSize=AX5&fps=30&padding=512", body: body)
        XCTAssertEqual(animate.status, 422, animate.text)
        XCTAssertEqual(animate.errorMessage?.contains("lower fps, width, scale, textSize or padding"), true, animate.text)
        let sheet = try server.request("POST", "/api/sheet?name=dark-progress.json&width=2048&scale=3&textSizes=all&appearances=light,dark&directions=ltr,rtl", body: body)
        XCTAssertEqual(sheet.status, 422, sheet.text)
        XCTAssertEqual(try server.request("POST", "/api/animate?name=dark-progress.json&scale=1&fps=5", body: body).status, 200)
    }

    /// /api/openapi.json describes every route the server answers, with the command line's overrides.
    func testTheOpenAPIDescriptionListsEveryRouteAndOverride() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        let answer = try server.request("GET", "/api/openapi.json")
        XCTAssertEqual(answer.status, 200)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        XCTAssertEqual(document["openapi"] as? String, "3.1.0")
        let paths = try XCTUnwrap(document["paths"] as? [String: [String: Any]])
        XCTAssertEqual(Set(paths.keys), ["/healthz", "/readyz", "/metrics", "/api/openapi.json", "/api/specs", "/api/specs/{name}", "/api/render",
                                         "/api/specs/{name}/history", "/api/specs/{name}/versions/{version}",
                                         "/api/specs/{name}/versions/{version}/compare", "/api/specs/{name}/restore",
                                         "/api/report", "/api/check", "/api/sheet", "/api/animate",
                                         "/api/specs/{name}/merge", "/api/specs/{name}/duplicate", "/api/specs/{name}/rename",
                                         "/api/specs/{name}/trash", "/api/trash", "/api/trash/{name}/restore",
                                         "/api/images", "/api/images/{name}",
                                         "/studio/fonts.css", "/studio/fonts/{name}",
                                         "/api/schema", "/api/locale", "/api/preview", "/api/translations", "/api/translations/import"])
        let render = try XCTUnwrap(paths["/api/render"]?["post"] as? [String: Any])
        let names = Set((render["parameters"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        for option in ["width", "scale", "textSize", "appearance", "direction", "time", "animation", "locale", "pseudo",
                       "reduceMotion", "padding", "background", "overlay", "name"] {
            XCTAssertTrue(names.contains(option), option)
        }
        XCTAssertEqual(try server.request("GET", "/api/openapi.json").body, answer.body, "the same bytes every time")
    }

    func testWrongMethodsAre405() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        let render = try server.request("GET", "/api/render")
        XCTAssertEqual(render.status, 405)
        XCTAssertEqual(render.header("Allow"), "POST")
        XCTAssertEqual(try server.request("DELETE", "/api/specs/acme-banner.json").status, 405)
        XCTAssertEqual(try server.request("POST", "/api/specs").status, 405)
        XCTAssertEqual(try server.request("POST", "/healthz").status, 405)
    }

    /// Saving: only a spec that decodes, only over the version opened (If-Match), never over a change on disk.
    func testSavingRefusesBadSpecsAndChangesOnDisk() throws {
        let folder = try temporaryFolder()
        let path = folder + "/acme-banner.json"
        try FileManager.default.copyItem(atPath: fixtures + "/acme-banner.json", toPath: path)
        let server = try InProcessStudio(folder: folder)
        defer { server.stop() }

        let opened = try server.request("GET", "/api/specs/acme-banner.json")
        let etag = try XCTUnwrap(opened.header("ETag"))
        let edited = Array(opened.text.replacingOccurrences(of: "Double points", with: "Triple points").utf8)
        XCTAssertNotEqual(edited, opened.body)

        let bad = try server.request("PUT", "/api/specs/acme-banner.json", body: Array(#"{"component": {}}"#.utf8), headers: ["If-Match": etag])
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(bad.errorMessage, "acme-banner.json: $.component.type: missing required field")
        // The file and the JSON path come on their own too, so a page points at the field without
        // reading the message.
        let fields = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bad.body)) as? [String: String])
        XCTAssertEqual(fields, ["error": "acme-banner.json: $.component.type: missing required field", "file": "acme-banner.json",
                                "path": "$.component.type"])
        XCTAssertEqual(try bytes(path), opened.body, "a spec that does not decode is not written")

        let saved = try server.request("PUT", "/api/specs/acme-banner.json", body: edited, headers: ["If-Match": etag])
        XCTAssertEqual(saved.status, 200, saved.text)
        XCTAssertEqual(try bytes(path), edited)
        XCTAssertNotEqual(saved.header("ETag"), etag)

        // The editor still holds the first version: its next save is refused.
        let stale = try server.request("PUT", "/api/specs/acme-banner.json", body: opened.body, headers: ["If-Match": etag])
        XCTAssertEqual(stale.status, 409)
        XCTAssertEqual(stale.errorMessage?.contains("changed on disk"), true)
        XCTAssertEqual(try bytes(path), edited)
        let blind = try server.request("PUT", "/api/specs/acme-banner.json", body: opened.body)
        XCTAssertEqual(blind.status, 409, "an existing file is not overwritten without If-Match")

        let created = try server.request("PUT", "/api/specs/new-message.json", body: try bytes(fixtures + "/message-gift.json"))
        XCTAssertEqual(created.status, 200, created.text)
        XCTAssertEqual(try bytes(folder + "/new-message.json"), try bytes(fixtures + "/message-gift.json"))
        XCTAssertEqual(campaignFiles(under: folder), ["acme-banner.json", "new-message.json"], "no temporary file is left behind")
    }

    /// A web page the marketer visits cannot make the studio render or save, nor reach it by DNS rebinding.
    func testCrossSiteRequestsAreRefused() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        let spec = try bytes(fixtures + "/acme-banner.json")
        XCTAssertEqual(try server.request("POST", "/api/render", body: spec, headers: ["Origin": "http://evil.example"]).status, 403)
        XCTAssertEqual(try server.request("POST", "/api/render", body: spec, headers: ["Sec-Fetch-Site": "cross-site"]).status, 403)
        XCTAssertEqual(try server.request("PUT", "/api/specs/acme-banner.json", body: spec, headers: ["Origin": "http://evil.example"]).status, 403)
        XCTAssertEqual(try server.request("GET", "/api/specs", headers: ["Host": "evil.example"]).status, 403)
        XCTAssertEqual(try server.request("POST", "/api/render", body: spec,
                                          headers: ["Origin": "http://127.0.0.1:\(server.port)", "Sec-Fetch-Site": "same-origin"]).status, 200)
    }

    func testTheStudioPageIsServedWithSafeHeaders() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        let page = try server.request("GET", "/")
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.header("Content-Type"), "text/html; charset=utf-8")
        XCTAssertEqual(page.header("X-Content-Type-Options"), "nosniff")
        XCTAssertEqual(page.header("Content-Security-Policy")?.hasPrefix("default-src 'self'"), true)
        XCTAssertTrue(page.text.contains("<script type=\"module\" src=\"/studio/main.js\">"))
        // Every module of the page (Package.swift's studioModules must name each file of the folder),
        // as JavaScript, byte for byte; a name that is not one is not found.
        let folder = packageRoot + "/Sources/GronaServer/Studio/studio"
        let modules = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".js") }.sorted()
        XCTAssertTrue(modules.contains("main.js"))
        XCTAssertEqual(try server.request("GET", "/studio/nothing.js").status, 404)
        for module in modules {
            let script = try server.request("GET", "/studio/" + module)
            XCTAssertEqual(script.status, 200, module)
            XCTAssertEqual(script.header("Content-Type"), "text/javascript; charset=utf-8", module)
            XCTAssertEqual(script.body, Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + module))), module)
        }
        let sheet = try server.request("POST", "/api/sheet?textSizes=xS,AX5&appearances=light,dark&scale=1", body: try bytes(fixtures + "/acme-banner.json"))
        XCTAssertEqual(sheet.status, 200)
        XCTAssertEqual(Array(sheet.body.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let tooBig = try server.request("POST", "/api/sheet?textSizes=all&appearances=light,dark&directions=ltr,rtl&scale=1",
                                        body: Array(#"{"component": {"type": "banner", "title": "x"}, "variants": {"widths": [300, 358]}}"#.utf8))
        XCTAssertEqual(tooBig.status, 400, "96 cells at most")
    }
}

/// The command line's PNGs, filled in by several threads, each slot by one, behind a lock.
private final class Expected: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [[UInt8]?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: [UInt8]?) { lock.lock(); slots[index] = value; lock.unlock() }
    func get(_ index: Int) -> [UInt8]? { lock.lock(); defer { lock.unlock() }; return slots[index] }
}
