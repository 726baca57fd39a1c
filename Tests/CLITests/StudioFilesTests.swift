import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// The studio's file routes: saves that rewrite only what changed, merges over a file changed on
/// disk, duplicate / rename / trash / restore, and the folder's images — each confined to DIR.
final class StudioFilesTests: XCTestCase {
    private func json(_ answer: StudioServer.Answer) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any], answer.text)
    }

    private func data(_ object: Any) throws -> [UInt8] { [UInt8](try JSONSerialization.data(withJSONObject: object)) }

    /// `spec` with one field of its component set.
    private func setting(_ spec: [String: Any], _ key: String, _ value: String) -> [String: Any] {
        var spec = spec, component = spec["component"] as! [String: Any]
        component[key] = value
        spec["component"] = component
        return spec
    }

    /// The page sends the whole spec; only the edited line of the file changes.
    func testASaveRewritesOnlyTheEditedValue() throws {
        let folder = try folderWithAcme()
        let server = try StudioServer(folder: folder)
        defer { server.stop() }
        let opened = try server.request("GET", "/api/specs/acme-banner.json")
        let spec = setting(try json(opened), "title", "Triple points on every order")
        // As JSON.stringify writes it: one key a line, arrays unfolded, another layout entirely.
        let posted = try JSONSerialization.data(withJSONObject: spec, options: [.prettyPrinted])
        let saved = try server.request("PUT", "/api/specs/acme-banner.json", body: [UInt8](posted), headers: ["If-Match": opened.header("ETag")!])
        XCTAssertEqual(saved.status, 200, saved.text)
        let after = try String(contentsOfFile: folder + "/acme-banner.json", encoding: .utf8)
        XCTAssertEqual(after, opened.text.replacingOccurrences(of: "Double points on every order this week", with: "Triple points on every order"))
        XCTAssertEqual(saved.header("ETag"), try server.request("GET", "/api/specs/acme-banner.json").header("ETag"))
    }

    /// Two tabs opened one campaign: different fields merge; the same field is offered as a choice.
    func testSavesOverAChangedFileMergeFieldByField() throws {
        let folder = try folderWithAcme()
        let server = try StudioServer(folder: folder)
        defer { server.stop() }
        let opened = try server.request("GET", "/api/specs/acme-banner.json")
        let base = try json(opened)
        func edited(_ key: String, _ value: String) -> [String: Any] { setting(base, key, value) }
        let first = try server.request("PUT", "/api/specs/acme-banner.json", body: try data(edited("button", "Show me")), headers: ["If-Match": opened.header("ETag")!])
        XCTAssertEqual(first.status, 200)
        let stale = try server.request("PUT", "/api/specs/acme-banner.json", body: try data(edited("body", "Twice the points.")), headers: ["If-Match": opened.header("ETag")!])
        XCTAssertEqual(stale.status, 409)
        let merged = try server.request("POST", "/api/specs/acme-banner.json/merge", body: try data(["base": base, "mine": edited("body", "Twice the points.")]))
        XCTAssertEqual(merged.status, 200, merged.text)
        let both = try String(contentsOfFile: folder + "/acme-banner.json", encoding: .utf8)
        XCTAssertEqual(both, opened.text.replacingOccurrences(of: "\"See my points\"", with: "\"Show me\"")
            .replacingOccurrences(of: "Spend as usual and watch your balance grow twice as fast. Points land in your account within a day.", with: "Twice the points."))

        // Now both change the title.
        let now = try server.request("GET", "/api/specs/acme-banner.json")
        let current = try json(now)
        let theirs = setting(current, "title", "Theirs"), mine = setting(current, "title", "Mine")
        XCTAssertEqual(try server.request("PUT", "/api/specs/acme-banner.json", body: try data(theirs), headers: ["If-Match": now.header("ETag")!]).status, 200)
        let clash = try server.request("POST", "/api/specs/acme-banner.json/merge", body: try data(["base": current, "mine": mine]))
        XCTAssertEqual(clash.status, 409, clash.text)
        let answer = try json(clash)
        let conflicts = try XCTUnwrap(answer["conflicts"] as? [[String: Any]])
        XCTAssertEqual(conflicts.count, 1)
        XCTAssertEqual(conflicts[0]["path"] as? [String], ["component", "title"])
        XCTAssertEqual(conflicts[0]["mine"] as? String, "Mine")
        XCTAssertEqual(conflicts[0]["theirs"] as? String, "Theirs")
        XCTAssertTrue(try String(contentsOfFile: folder + "/acme-banner.json", encoding: .utf8).contains("\"Theirs\""), "nothing is written on a conflict")
        // Keeping mine: saved over the ETag the conflict named.
        let chosen = setting(try XCTUnwrap(answer["merged"] as? [String: Any]), "title", "Mine")
        let resolved = try server.request("PUT", "/api/specs/acme-banner.json", body: try data(chosen), headers: ["If-Match": answer["etag"] as! String])
        XCTAssertEqual(resolved.status, 200, resolved.text)
        XCTAssertTrue(try String(contentsOfFile: folder + "/acme-banner.json", encoding: .utf8).contains("\"title\": \"Mine\",\n"))
        // A merge body that is not one is refused; a spec that is not in the folder is not found.
        XCTAssertEqual(try server.request("POST", "/api/specs/acme-banner.json/merge", body: Array("[]".utf8)).status, 400)
        // A name with a slash is no route's {name}: no route has that path.
        XCTAssertEqual(try server.request("POST", "/api/specs/..%2Fx.json/merge", body: try data(["base": base, "mine": base])).status, 404)
        // Nor does a spec's {name} swallow a route's last segment: a PUT there is the wrong method.
        let wrongMethod = try server.request("PUT", "/api/specs/acme-banner.json/duplicate", body: Array("{}".utf8))
        XCTAssertEqual(wrongMethod.status, 405, wrongMethod.text)
        XCTAssertEqual(wrongMethod.header("Allow"), "POST")
        XCTAssertEqual(try server.request("POST", "/api/specs/nothing.json/merge", body: try data(["base": base, "mine": base])).status, 409,
                       "a spec deleted since it was opened cannot be merged with")
    }

    func testDuplicateRenameTrashAndRestore() throws {
        let folder = try folderWithAcme()
        let server = try StudioServer(folder: folder)
        defer { server.stop() }
        let original = try bytes(folder + "/acme-banner.json")
        let copy = try server.request("POST", "/api/specs/acme-banner.json/duplicate")
        XCTAssertEqual(copy.status, 200, copy.text)
        XCTAssertEqual(try json(copy)["created"] as? String, "acme-banner copy.json")
        XCTAssertEqual(try bytes(folder + "/acme-banner copy.json"), original, "a duplicate is the file byte for byte")
        XCTAssertEqual(try json(try server.request("POST", "/api/specs/acme-banner.json/duplicate"))["created"] as? String, "acme-banner copy 2.json")
        XCTAssertEqual(try server.request("POST", "/api/specs/acme-banner.json/duplicate", body: Array(#"{"to": "acme-banner copy.json"}"#.utf8)).status, 409,
                       "a duplicate never replaces a file")

        let renamed = try server.request("POST", "/api/specs/acme-banner%20copy.json/rename", body: Array(#"{"to": "spring.json"}"#.utf8))
        XCTAssertEqual(renamed.status, 200, renamed.text)
        XCTAssertEqual(try bytes(folder + "/spring.json"), original)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/acme-banner copy.json"))
        XCTAssertEqual(try server.request("POST", "/api/specs/spring.json/rename", body: Array(#"{"to": "acme-banner.json"}"#.utf8)).status, 409,
                       "a rename never replaces a file")
        XCTAssertEqual(try server.request("POST", "/api/specs/spring.json/rename", body: Array(#"{"to": "x.json"}"#.utf8), headers: ["If-Match": "\"0\""]).status, 409,
                       "a rename of a version other than the one opened is refused")

        let trashed = try server.request("POST", "/api/specs/spring.json/trash")
        XCTAssertEqual(trashed.status, 200, trashed.text)
        let entry = try XCTUnwrap(try json(trashed)["entry"] as? String)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/spring.json"))
        XCTAssertEqual(try bytes(folder + "/.grona-trash/" + entry), original, "the trash keeps the file")
        XCTAssertFalse(try server.request("GET", "/api/specs").text.contains("spring"), "the trash is not listed among the specs")
        XCTAssertTrue(try server.request("GET", "/api/trash").text.contains(entry))
        let restored = try server.request("POST", "/api/trash/\(entry.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!)/restore")
        XCTAssertEqual(restored.status, 200, restored.text)
        XCTAssertEqual(try bytes(folder + "/spring.json"), original)
        XCTAssertEqual(try server.request("POST", "/api/trash/\(entry)/restore").status, 404, "restored once")
    }

    /// Names that reach out of DIR, links out of it and a trash that is a link are all refused.
    func testFileRoutesStayInsideTheFolder() throws {
        let folder = try folderWithAcme()
        let outside = try temporaryFolder("outside-files")
        try Data(#"{"component": {"type": "banner", "title": "secret"}}"#.utf8).write(to: URL(fileURLWithPath: outside + "/secret.json"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/escape.json", withDestinationPath: outside + "/secret.json")
        try FileManager.default.createSymbolicLink(atPath: folder + "/linked", withDestinationPath: outside)
        try FileManager.default.copyItem(atPath: fixtures + "/images/coffee.png", toPath: outside + "/out.png")
        try FileManager.default.createSymbolicLink(atPath: folder + "/images/out.png", withDestinationPath: outside + "/out.png")
        let server = try StudioServer(folder: folder)
        defer { server.stop() }
        for path in ["/api/specs/escape.json/duplicate", "/api/specs/escape.json/rename", "/api/specs/escape.json/trash",
                     "/api/specs/..%2F..%2Fetc%2Fpasswd/trash", "/api/specs/.hidden.json/duplicate", "/api/trash/..%2Facme-banner.json/restore"] {
            let answer = try server.request("POST", path, body: Array(#"{"to": "got.json"}"#.utf8))
            XCTAssertTrue([400, 404, 405].contains(answer.status), "\(path): \(answer.status) \(answer.text)")
        }
        for to in ["../out.json", "/tmp/x.json", ".hidden.json", "a/b.json", "x.txt"] {
            let answer = try server.request("POST", "/api/specs/acme-banner.json/rename", body: try data(["to": to]))
            XCTAssertEqual(answer.status, 400, to)
            XCTAssertEqual(try server.request("POST", "/api/specs/acme-banner.json/duplicate", body: try data(["to": to])).status, 400, to)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: outside + "/secret.json"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside).sorted(), ["out.png", "secret.json"])
        // Images: a link out is neither listed nor served, and uploads cannot go through one.
        let listing = try server.request("GET", "/api/images").text
        XCTAssertTrue(listing.contains("images/coffee.png"), listing)
        XCTAssertFalse(listing.contains("out.png"), listing)
        XCTAssertEqual(try server.request("GET", "/api/images/images/out.png").status, 404)
        XCTAssertEqual(try server.request("GET", "/api/images/images/coffee.png").body, try bytes(folder + "/images/coffee.png"))
        let png = try bytes(fixtures + "/images/croissant.png")
        for path in ["..%2Fup.png", "linked/in.png", "images/sub/deep.png", ".hidden.png", "images/x.svg", "%2Ftmp%2Fx.png", "images/out.png"] {
            let answer = try server.request("PUT", "/api/images/" + path, body: png)
            XCTAssertTrue([400, 404, 409].contains(answer.status), "\(path): \(answer.status) \(answer.text)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside).sorted(), ["out.png", "secret.json"])
        // A trash that is a link out is not used.
        try FileManager.default.createSymbolicLink(atPath: folder + "/.grona-trash", withDestinationPath: outside)
        XCTAssertEqual(try server.request("POST", "/api/specs/acme-banner.json/trash").status, 409)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/acme-banner.json"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside).sorted(), ["out.png", "secret.json"])
    }

    func testUploadsAreCheckedPNGsThatNeverReplaceAFile() throws {
        let folder = try folderWithAcme()
        let server = try StudioServer(folder: folder)
        defer { server.stop() }
        let png = try bytes(fixtures + "/images/croissant.png")
        let uploaded = try server.request("PUT", "/api/images/images/croissant.png", body: png, headers: ["Content-Type": "image/png"])
        XCTAssertEqual(uploaded.status, 200, uploaded.text)
        XCTAssertEqual(try bytes(folder + "/images/croissant.png"), png)
        XCTAssertEqual(try server.request("PUT", "/api/images/images/coffee.png", body: png).status, 409, "never over an existing file")
        XCTAssertEqual(try bytes(folder + "/images/coffee.png"), try bytes(fixtures + "/images/coffee.png"))
        // Not an image, a truncated one, a GIF: refused, nothing written.
        for body in [Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8), Array(png.prefix(200)), Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 64)] {
            XCTAssertEqual(try server.request("PUT", "/api/images/bad.png", body: body).status, 415)
        }
        // Over the image limit (below the request limit): 413.
        XCTAssertEqual(try server.request("PUT", "/api/images/huge.png", body: png + [UInt8](repeating: 0, count: 3 << 20)).status, 413)
        // A small file announcing a huge image is refused before the pixels are allocated.
        var bomb = png
        bomb.replaceSubrange(16..<24, with: [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0])  // 100 000 × 100 000
        XCTAssertEqual(try server.request("PUT", "/api/images/bomb.png", body: bomb).status, 415)
        XCTAssertEqual(campaignFiles(under: folder), ["acme-banner.json", "images/coffee.png", "images/croissant.png"], "no temporary file is left behind")
        // Cross-site uploads and file changes are refused like saves.
        XCTAssertEqual(try server.request("PUT", "/api/images/x.png", body: png, headers: ["Origin": "http://evil.example"]).status, 403)
        XCTAssertEqual(try server.request("POST", "/api/specs/acme-banner.json/trash", headers: ["Sec-Fetch-Site": "cross-site"]).status, 403)
        XCTAssertEqual(try server.request("POST", "/api/specs/acme-banner.json/duplicate", headers: ["Host": "evil.example"]).status, 403)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/acme-banner.json"))
    }

    /// The image quota: an upload that would pass the count is 507 and writes nothing.
    func testUploadsRespectTheImageQuota() throws {
        let folder = try folderWithAcme()
        let png = try bytes(fixtures + "/images/coffee.png")
        for index in 0..<499 { try Data(png).write(to: URL(fileURLWithPath: folder + "/images/fill-\(index).png")) }
        let server = try StudioServer(folder: folder)
        defer { server.stop() }
        XCTAssertEqual(try server.request("PUT", "/api/images/images/one-more.png", body: png).status, 507)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/images/one-more.png"))
        try FileManager.default.removeItem(atPath: folder + "/images/fill-0.png")
        XCTAssertEqual(try server.request("PUT", "/api/images/images/one-more.png", body: png).status, 200)
    }

    /// With a token, every new route wants it.
    func testFileRoutesNeedTheToken() throws {
        let folder = try folderWithAcme()
        let tokenFile = folder + "-token"
        try "s3cret-token-for-tests\n".write(toFile: tokenFile, atomically: true, encoding: .utf8)
        let server = try StudioServer(folder: folder, arguments: ["--token-file", tokenFile])
        defer { server.stop() }
        let png = try bytes(fixtures + "/images/coffee.png")
        for (method, path) in [("GET", "/api/images"), ("GET", "/api/images/images/coffee.png"), ("PUT", "/api/images/x.png"),
                               ("GET", "/api/trash"), ("POST", "/api/specs/acme-banner.json/duplicate"),
                               ("POST", "/api/specs/acme-banner.json/rename"), ("POST", "/api/specs/acme-banner.json/trash"),
                               ("POST", "/api/specs/acme-banner.json/merge")] {
            XCTAssertEqual(try server.request(method, path, body: method == "GET" ? nil : png).status, 401, path)
        }
        XCTAssertEqual(try server.request("GET", "/api/images", headers: ["Authorization": "Bearer s3cret-token-for-tests"]).status, 200)
        XCTAssertEqual(campaignFiles(under: folder), ["acme-banner.json", "images/coffee.png"])
    }
}
