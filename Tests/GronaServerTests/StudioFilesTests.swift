import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PNG
import Raster
import XCTest
import TestSupport

/// The studio's file routes: saves that rewrite only what changed, merges over a file changed on
/// disk, duplicate / rename / trash / restore, and the folder's images — each confined to DIR.
final class StudioFilesTests: XCTestCase {
    private func json(_ answer: InProcessStudio.Answer) throws -> [String: Any] {
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
        let server = try InProcessStudio(folder: folder)
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
        let server = try InProcessStudio(folder: folder)
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
        let server = try InProcessStudio(folder: folder)
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
        let server = try InProcessStudio(folder: folder)
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
        let server = try InProcessStudio(folder: folder)
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
        let server = try InProcessStudio(folder: folder)
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
        let server = try InProcessStudio(folder: folder, arguments: ["--token-file", tokenFile])
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

    /// A file of `bytes` bytes that takes no room on disk (its size is what quotas count).
    private func sparseFile(_ path: String, _ bytes: Int) throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(bytes))
        try handle.close()
    }

    /// The trash is part of the folder's quota: a save that would take specs and trash over 256 MiB
    /// first drops the oldest trashed files, and one the whole trash could not make room for is 507
    /// with the trash left as it was.
    func testTheTrashCountsInTheFolderQuota() throws {
        let folder = try folderWithAcme()
        let acme = try bytes(folder + "/acme-banner.json")
        try FileManager.default.createDirectory(atPath: folder + "/.grona-trash", withIntermediateDirectories: false)
        let old = folder + "/.grona-trash/20260101T000000000Z-old.json", newer = folder + "/.grona-trash/20260102T000000000Z-newer.json"
        try sparseFile(old, 200 << 20)
        try sparseFile(newer, (56 << 20) - acme.count - acme.count / 2)
        let server = try InProcessStudio(folder: folder)
        defer { server.stop() }
        let saved = try server.request("PUT", "/api/specs/another.json", body: acme)
        XCTAssertEqual(saved.status, 200, saved.text)
        XCTAssertFalse(FileManager.default.fileExists(atPath: old), "the oldest trashed file was kept: the folder holds more than 256 MiB")
        XCTAssertTrue(FileManager.default.fileExists(atPath: newer))
        try sparseFile(folder + "/huge.json", (256 << 20) - 1024)
        let refused = try server.request("PUT", "/api/specs/one-more.json", body: acme)
        XCTAssertEqual(refused.status, 507, refused.text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: newer), "the trash was emptied for a save it could not make room for")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/one-more.json"))
    }

    /// The temporary files a server killed mid-save left are removed when the next one starts;
    /// those of a process still running (another server on the folder) are not.
    func testLeftoverTemporaryFilesAreRemovedWhenServeStarts() throws {
        let folder = try folderWithAcme()
        try FileManager.default.createDirectory(atPath: folder + "/.grona-trash", withIntermediateDirectories: false)
        // 2147483646 is past any pid_max: no such process runs.
        // The service runs in this process, so the running one is the process that started the tests.
        let gone = ".grona-2147483646-1-12345.tmp", running = ".grona-\(getppid())-1-12345.tmp"
        let leftovers = [gone, "images/" + gone, ".grona-trash/" + gone]
        let kept = [running, "images/" + running, ".grona-notes.tmp", "draft.tmp"]
        for name in leftovers + kept { XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("{".utf8))) }
        let server = try InProcessStudio(folder: folder)
        defer { server.stop() }
        for name in leftovers { XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/" + name), name) }
        for name in kept { XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/" + name), name) }
    }

    /// A full disk is 507, not a refusal of the spec: the file on disk is as it was and no temporary
    /// file is left. Needs a small tmpfs (mounted as root); skipped where none can be mounted.
    func testAFullDiskIs507AndTheFileIsIntact() throws {
        let disk = try temporaryFolder()
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=512k", "tmpfs", disk]
        mount.standardError = FileHandle.nullDevice
        guard getuid() == 0, (try? mount.run()) != nil, { mount.waitUntilExit(); return mount.terminationStatus == 0 }() else {
            throw XCTSkip("no tmpfs can be mounted here (not root)")
        }
        defer {
            let unmount = Process()
            unmount.executableURL = URL(fileURLWithPath: "/bin/umount")
            unmount.arguments = [disk]
            try? unmount.run()
            unmount.waitUntilExit()
        }
        try FileManager.default.copyItem(atPath: fixtures + "/acme-banner.json", toPath: disk + "/acme-banner.json")
        let before = try bytes(disk + "/acme-banner.json")
        let server = try InProcessStudio(folder: disk)
        defer { server.stop() }
        let opened = try server.request("GET", "/api/specs/acme-banner.json")
        // The rest of the disk filled.
        let filler = try XCTUnwrap(FileHandle(forWritingAtPath: { FileManager.default.createFile(atPath: disk + "/filler", contents: nil); return disk + "/filler" }()))
        while (try? filler.write(contentsOf: Data(count: 4096))) != nil {}
        try? filler.close()
        let edited = setting(try json(opened), "title", String(repeating: "A much longer title ", count: 200))
        let saved = try server.request("PUT", "/api/specs/acme-banner.json", body: try data(edited), headers: ["If-Match": opened.header("ETag")!])
        XCTAssertEqual(saved.status, 507, saved.text)
        XCTAssertTrue(saved.errorMessage?.contains("disk") ?? false, saved.text)
        XCTAssertEqual(try bytes(disk + "/acme-banner.json"), before)
        let created = try server.request("PUT", "/api/specs/new.json", body: try data(edited))
        XCTAssertEqual(created.status, 507, created.text)
        // Nothing left behind (the folder's history, .git, is GronaSnap's own and was there before).
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk).sorted(), [".git", "acme-banner.json", "filler"])
    }

    /// An image replaced by one of the same size and modification time (a copy that keeps the
    /// date, a tool that restores it) shows its new pixels in renders and previews: the decoded
    /// images and the drawn tiles are found by what the file holds, not by its size and date.
    func testAnImageReplacedBySameSizeAndDateShowsItsNewPixels() throws {
        let folder = try temporaryFolder()
        func png(_ red: UInt8, _ blue: UInt8) throws -> [UInt8] {
            let pixels = [UInt8]((0..<(64 * 40)).flatMap { _ in [red, 40, blue, 255] })
            return try encodePNG(try XCTUnwrap(Pixmap(width: 64, height: 40, premultipliedPixels: pixels)))
        }
        let first = try png(220, 30), second = try png(30, 220)
        XCTAssertEqual(first.count, second.count, "the two images must have one size for this test")
        let path = folder + "/picture.png"
        try Data(first).write(to: URL(fileURLWithPath: path))
        var status = stat()
        XCTAssertEqual(stat(path, &status), 0)
        let spec = Array(#"{"component": {"type": "banner", "title": "Fresh bread", "image": "picture.png"}}"#.utf8)
        let server = try InProcessStudio(folder: folder)
        defer { server.stop() }
        let render = "/api/render?name=campaign.json"
        let preview = "/api/preview?name=campaign.json&textSizes=L&appearances=light&directions=ltr"
        let before = (try server.request("POST", render, body: spec), try server.request("POST", preview, body: spec))
        XCTAssertEqual(before.0.status, 200, before.0.text)
        XCTAssertEqual(before.1.status, 200, before.1.text)
        // Same bytes count, and the modification time put back to the nanosecond.
        try Data(second).write(to: URL(fileURLWithPath: path))
        var times = [status.st_atim, status.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
        var now = stat()
        XCTAssertEqual(stat(path, &now), 0)
        XCTAssertEqual([now.st_size, Int(now.st_mtim.tv_sec), now.st_mtim.tv_nsec], [status.st_size, Int(status.st_mtim.tv_sec), status.st_mtim.tv_nsec])
        let after = (try server.request("POST", render, body: spec), try server.request("POST", preview, body: spec))
        XCTAssertEqual(after.0.status, 200, after.0.text)
        XCTAssertNotEqual(after.0.body, before.0.body, "the render still shows the old image")
        XCTAssertNotEqual(after.1.text, before.1.text, "the preview still shows the old image")
    }
}
