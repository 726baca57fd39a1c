import Foundation
import XCTest
import TestSupport

/// The campaigns folder's history in git: a folder becomes a repository without losing a file, each
/// change is one commit of its files by its author with its words, nothing else is ever committed,
/// and versions are listed, read, drawn and restored through the API.
final class CampaignHistoryTests: XCTestCase {
    /// People are named as an auth proxy in front names them: the test is the trusted proxy, and its
    /// X-Forwarded-User header is the person (`AccessPolicy.admit`).
    static let personHeader = "X-Forwarded-User"
    static let serverArguments = ["--trusted-proxy", "127.0.0.1"]


    private func json(_ answer: InProcessStudio.Answer) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any], answer.text)
    }

    private func data(_ object: Any) throws -> [UInt8] { [UInt8](try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted])) }

    /// The spec of `answer` with the component's `key` set (or a language's, with `language`).
    private func setting(_ spec: [String: Any], _ key: String, _ value: String, in language: String? = nil) -> [String: Any] {
        var spec = spec
        if let language {
            var localizations = spec["localizations"] as? [String: Any] ?? [:]
            var copy = localizations[language] as? [String: Any] ?? [:]
            copy[key] = value
            localizations[language] = copy
            spec["localizations"] = localizations
        } else {
            var component = spec["component"] as! [String: Any]
            component[key] = value
            spec["component"] = component
        }
        return spec
    }

    /// Saves `key = value` over the file as it is, as `person`.
    @discardableResult
    private func save(_ server: InProcessStudio, _ name: String, _ key: String, _ value: String, in language: String? = nil, as person: String? = nil) throws -> InProcessStudio.Answer {
        let opened = try server.request("GET", "/api/specs/\(name)")
        var headers = ["If-Match": opened.header("ETag")!]
        if let person { headers[CampaignHistoryTests.personHeader] = person }
        let saved = try server.request("PUT", "/api/specs/\(name)", body: try data(setting(try json(opened), key, value, in: language)), headers: headers)
        XCTAssertEqual(saved.status, 200, saved.text)
        return saved
    }

    func testAFolderBecomesARepositoryWithEveryFileKept() throws {
        let folder = try folderWithAcme()
        try "not a campaign\n".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
        let before = try files(under: folder).map { ($0, try bytes(folder + "/" + $0)) }
        let server = try InProcessStudio(folder: folder)
        defer { server.stop() }
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/.git/HEAD"))
        for (path, content) in before { XCTAssertEqual(try bytes(folder + "/" + path), content, path) }
        XCTAssertEqual(try git(["log", "--format=%an %s"], in: folder), "GronaSnap studio Started the campaigns' history with 2 files\n")
        XCTAssertEqual(try git(["ls-files"], in: folder), "acme-banner.json\nimages/coffee.png\n", "only the campaign files are committed")
        XCTAssertEqual(try git(["status", "--porcelain"], in: folder), "?? notes.txt\n")
    }

    /// The issue's figure: a save, a rename and a restore by two people, each a commit in words.
    func testASaveARenameAndARestoreByTwoPeopleAreThreeCommits() throws {
        let folder = try folderWithAcme()
        let server = try InProcessStudio(folder: folder, arguments: CampaignHistoryTests.serverArguments)
        defer { server.stop() }
        try save(server, "acme-banner.json", "title", "Triple points", as: "Ada Lindqvist")
        try save(server, "acme-banner.json", "title", "Triple points", as: "Ada Lindqvist")  // nothing changes: no commit
        let copy = try server.request("POST", "/api/specs/acme-banner.json/rename", body: Array(#"{"to": "acme-summer.json"}"#.utf8),
                                      headers: [CampaignHistoryTests.personHeader: "Ben Okafor"])
        XCTAssertEqual(copy.status, 200, copy.text)
        let history = try json(try server.request("GET", "/api/specs/acme-summer.json/history"))
        let versions = try XCTUnwrap(history["versions"] as? [[String: Any]])
        XCTAssertEqual(versions.map { $0["author"] as? String }, ["Ben Okafor", "Ada Lindqvist", "GronaSnap studio"])
        XCTAssertEqual(versions.map { $0["name"] as? String }, ["acme-summer.json", "acme-banner.json", "acme-banner.json"], "the history follows the rename")
        let first = try XCTUnwrap(versions.last?["id"] as? String)
        let old = try server.request("GET", "/api/specs/acme-summer.json/versions/\(first.prefix(10))")
        XCTAssertEqual(old.status, 200, old.text)
        XCTAssertEqual(old.body, try bytes(fixtures + "/acme-banner.json"), "a version is the file as it was")

        let current = try server.request("GET", "/api/specs/acme-summer.json")
        XCTAssertEqual(try server.request("POST", "/api/specs/acme-summer.json/restore?version=\(first)", headers: ["If-Match": "\"0\""]).status, 409,
                       "a restore over another version than the one opened is refused")
        let restored = try server.request("POST", "/api/specs/acme-summer.json/restore?version=\(first)",
                                          headers: ["If-Match": current.header("ETag")!, CampaignHistoryTests.personHeader: "Ben Okafor"])
        XCTAssertEqual(restored.status, 200, restored.text)
        XCTAssertEqual(try bytes(folder + "/acme-summer.json"), try bytes(fixtures + "/acme-banner.json"))
        XCTAssertEqual(try server.request("POST", "/api/specs/acme-summer.json/restore?version=0000000").status, 404)

        let log = try git(["log", "--format=%an %s"], in: folder)
        print("git log --format='%an %s':\n" + log)
        let lines = log.split(separator: "\n")
        XCTAssertEqual(lines.count, 4, log)
        XCTAssertEqual(lines[1], "Ben Okafor Renamed acme-banner.json to acme-summer.json")
        XCTAssertEqual(lines[2], "Ada Lindqvist acme-banner.json: Title changed")
        XCTAssertTrue(lines[0].hasPrefix("Ben Okafor acme-summer.json: restored the version of "), log)
        XCTAssertEqual(try git(["log", "-1", "--format=%ae"], in: folder), "ben.okafor@grona-snap.invalid\n")
        // An auth proxy that names people by their address (X-Forwarded-Email): the address is theirs.
        try save(server, "acme-summer.json", "button", "Show my points", as: "carla.reyes@team.example")
        XCTAssertEqual(try git(["log", "-1", "--format=%an <%ae>"], in: folder), "carla.reyes@team.example <carla.reyes@team.example>\n")
    }

    /// A repository with work of its own in progress: GronaSnap commits its file and nothing else.
    func testARepositoryWithUnrelatedChangesIsLeftAsItWas() throws {
        let folder = try folderWithAcme()
        try git(["init", "-q", "-b", "trunk"], in: folder)
        try "v1\n".write(toFile: folder + "/README.md", atomically: true, encoding: .utf8)
        try git(["add", "."], in: folder)
        try git(["commit", "-q", "-m", "The iOS team's specs"], in: folder)
        try "v2, not finished\n".write(toFile: folder + "/README.md", atomically: true, encoding: .utf8)
        try "draft\n".write(toFile: folder + "/draft.txt", atomically: true, encoding: .utf8)
        try "staged\n".write(toFile: folder + "/staged.txt", atomically: true, encoding: .utf8)
        try git(["add", "staged.txt"], in: folder)
        let status = try git(["status", "--porcelain"], in: folder)
        XCTAssertEqual(status, " M README.md\nA  staged.txt\n?? draft.txt\n")

        let server = try InProcessStudio(folder: folder, arguments: CampaignHistoryTests.serverArguments)
        defer { server.stop() }
        XCTAssertEqual(try git(["log", "--format=%s"], in: folder), "The iOS team's specs\n", "an existing repository gets no first commit")
        try save(server, "acme-banner.json", "button", "Show me", in: "de", as: "Ada Lindqvist")
        try save(server, "acme-banner.json", "title", "Zweimal", in: "de", as: "Ada Lindqvist")
        XCTAssertEqual(try git(["log", "--format=%an %s", "-2"], in: folder),
                       "Ada Lindqvist acme-banner.json: Title in de changed\nAda Lindqvist acme-banner.json: de copy added\n")
        XCTAssertEqual(try git(["show", "--format=", "--name-only", "HEAD"], in: folder), "acme-banner.json\n")
        XCTAssertEqual(try git(["symbolic-ref", "--short", "HEAD"], in: folder), "trunk\n", "the branch it was on")
        XCTAssertEqual(try git(["status", "--porcelain"], in: folder), status, "the other files are as they were: modified, staged, untracked")
        XCTAssertEqual(try String(contentsOfFile: folder + "/README.md", encoding: .utf8), "v2, not finished\n")
    }

    /// Every kind of change is one commit of its files, in words.
    func testEveryChangeIsACommitOfItsFiles() throws {
        let folder = try folderWithAcme()
        let server = try InProcessStudio(folder: folder)
        defer { server.stop() }
        let opened = try server.request("GET", "/api/specs/acme-banner.json")
        var spec = setting(setting(try json(opened), "title", "Zwei", in: "de"), "button", "Los", in: "de")
        spec = setting(spec, "button", "Go")
        XCTAssertEqual(try server.request("PUT", "/api/specs/acme-banner.json", body: try data(spec), headers: ["If-Match": opened.header("ETag")!]).status, 200)
        XCTAssertEqual(try server.request("POST", "/api/specs/acme-banner.json/duplicate").status, 200)
        let trashed = try json(try server.request("POST", "/api/specs/acme-banner%20copy.json/trash"))
        let entry = try XCTUnwrap(trashed["entry"] as? String)
        XCTAssertEqual(try server.request("POST", "/api/trash/\(entry.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!)/restore").status, 200)
        let png = try bytes(fixtures + "/images/coffee.png")
        XCTAssertEqual(try server.request("PUT", "/api/images/images/tea.png", body: png).status, 200)
        XCTAssertEqual(try git(["log", "--format=%an %s"], in: folder), """
            GronaSnap studio Added the image images/tea.png
            GronaSnap studio Restored acme-banner copy.json from the trash
            GronaSnap studio Deleted acme-banner copy.json (moved to the trash)
            GronaSnap studio Created acme-banner copy.json as a copy of acme-banner.json
            GronaSnap studio acme-banner.json: Button label changed; de copy added
            GronaSnap studio Started the campaigns' history with 2 files

            """)
        XCTAssertEqual(try git(["show", "--format=", "--name-status", "HEAD~2"], in: folder), "D\tacme-banner copy.json\n")
        XCTAssertEqual(try git(["status", "--porcelain"], in: folder), "", "the trash is left out of the history")
    }

    /// A version is drawn with the images it had, beside today's, with the report's words.
    func testAVersionIsDrawnWithItsOwnImagesBesideToday() throws {
        let folder = try folderWithAcme()
        let server = try InProcessStudio(folder: folder)
        defer { server.stop() }
        let opened = try server.request("GET", "/api/specs/acme-banner.json")
        XCTAssertEqual(try server.request("PUT", "/api/specs/acme-banner.json", body: try data(setting(try json(opened), "image", "images/coffee.png")),
                                          headers: ["If-Match": opened.header("ETag")!]).status, 200)
        let versions = try XCTUnwrap(try json(try server.request("GET", "/api/specs/acme-banner.json/history"))["versions"] as? [[String: Any]])
        let withImage = try XCTUnwrap(versions.first?["id"] as? String)
        // Someone replaces the picture in the repository (uploads never overwrite one).
        try FileManager.default.removeItem(atPath: folder + "/images/coffee.png")
        try FileManager.default.copyItem(atPath: fixtures + "/images/croissant.png", toPath: folder + "/images/coffee.png")
        try git(["commit", "-q", "-am", "A new coffee photo"], in: folder)
        let same = try json(try server.request("GET", "/api/specs/acme-banner.json/versions/\(withImage)/compare"))
        XCTAssertEqual(same["changes"] as? String, "acme-banner.json: layout of the file changed")
        XCTAssertNotEqual(same["difference"] as? String, "looks the same as now", "the version's picture has its own photo")
        XCTAssertNotNil(same["differenceImage"] as? String)
        let first = try XCTUnwrap(versions.last?["id"] as? String)
        let compared = try json(try server.request("GET", "/api/specs/acme-banner.json/versions/\(first)/compare"))
        XCTAssertEqual(compared["changes"] as? String, "acme-banner.json: Image file changed")
        XCTAssertTrue((compared["then"] as? String)?.hasPrefix("data:image/png;base64,") == true)
    }

    /// The command line reads the same history: `history` lists it, `render --version` draws one.
    func testTheCommandLineListsAndDrawsVersions() throws {
        let folder = try folderWithAcme()
        let server = try InProcessStudio(folder: folder, arguments: CampaignHistoryTests.serverArguments)
        try save(server, "acme-banner.json", "title", "Triple points", as: "Ada Lindqvist")
        server.stop()
        let listed = try snap("history", folder + "/acme-banner.json")
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let lines = listed.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, listed.stdout)
        XCTAssertTrue(lines[0].hasSuffix("  Ada Lindqvist  acme-banner.json: Title changed"), listed.stdout)
        XCTAssertTrue(lines[1].hasSuffix("  GronaSnap studio  Started the campaigns' history with 2 files"), listed.stdout)
        let first = String(lines[1].prefix(10))
        let old = try snap("render", folder + "/acme-banner.json", "--version", first, "-o", folder + "/../then.png")
        XCTAssertEqual(old.status, 0, old.stderr)
        XCTAssertEqual(try snap("render", fixtures + "/acme-banner.json", "-o", folder + "/../first.png").status, 0)
        XCTAssertEqual(try bytes(folder + "/../then.png"), try bytes(folder + "/../first.png"), "the version is drawn as the file was")
        let unknown = try snap("render", folder + "/acme-banner.json", "--version", "0000000", "-o", folder + "/../x.png")
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("--version 0000000 is not one of its versions"), unknown.stderr)
        let loose = try temporaryFolder("loose")
        try FileManager.default.copyItem(atPath: fixtures + "/acme-banner.json", toPath: loose + "/acme-banner.json")
        let none = try snap("history", loose + "/acme-banner.json")
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("is not in a git repository"), none.stderr)
    }

    /// Two machines, each an instance on its own clone of one bare repository: edits of different
    /// fields of one campaign from both at once all land; the same field changed on both is a 409
    /// with both values.
    func testTwoInstancesOnTwoClonesShareOneHistory() throws {
        let root = try bareRepositoryWithAcme(pushedFrom: "seed")
        for machine in ["a", "b"] { try git(["clone", "-q", root + "/campaigns.git", root + "/" + machine], in: root) }
        let servers = try ["a", "b"].map { try InProcessStudio(folder: root + "/" + $0, arguments: ["--remote", "origin"]) }
        defer { servers.forEach { $0.stop() } }

        // Each machine's marketer edits one field, again and again, at the same time as the other:
        // 30 rounds give dozens of refused pushes and pulls that had to merge (about 7 s; 100
        // rounds, 40 s, showed nothing more).
        let rounds = 30
        let fields = ["title", "body"]
        let lock = NSLock()
        nonisolated(unsafe) var outcomes: [String: Int] = [:]
        let started = Date()
        // The servers and this test are only read by the two threads.
        nonisolated(unsafe) let shared = (servers: servers, test: self)
        DispatchQueue.concurrentPerform(iterations: 2) { machine in
            let (servers, test) = shared
            for round in 0..<rounds {
                let value = "\(fields[machine]) \(round) from \(machine == 0 ? "a" : "b")"
                let outcome = (try? test.edit(servers[machine], fields[machine], value)) ?? "failed"
                lock.withLock { outcomes[outcome, default: 0] += 1 }
            }
        }
        let seconds = Date().timeIntervalSince(started)
        let log = try git(["log", "-p", "main"], in: root + "/campaigns.git")
        let lost = (0..<rounds).flatMap { round in ["title \(round) from a", "body \(round) from b"] }.filter { !log.contains("\"\($0)\"") }
        let counts = lock.withLock { outcomes }
        let merges = try git(["log", "--format=%s", "main"], in: root + "/campaigns.git").split(separator: "\n").filter { $0.hasPrefix("Merged the campaigns from origin") }.count
        print("two instances: \(2 * rounds) edits in \(String(format: "%.1f", seconds)) s: \(counts), \(lost.count) lost, \(merges) merges of a push refused or a pull")
        XCTAssertEqual(lost, [], "every edit is in the shared history")
        XCTAssertEqual(counts["conflict"] ?? 0, 0, "different fields never conflict")
        XCTAssertEqual((counts["saved"] ?? 0) + (counts["merged"] ?? 0), 2 * rounds, "\(counts)")
        let final = try JSONSerialization.jsonObject(with: Data(try git(["show", "main:acme-banner.json"], in: root + "/campaigns.git").utf8)) as? [String: Any]
        let component = try XCTUnwrap(final?["component"] as? [String: Any])
        XCTAssertEqual(component["title"] as? String, "title \(rounds - 1) from a")
        XCTAssertEqual(component["body"] as? String, "body \(rounds - 1) from b")

        // The same field, opened as one version on both machines and changed on both.
        let openedA = try servers[0].request("GET", "/api/specs/acme-banner.json")
        let openedB = try servers[1].request("GET", "/api/specs/acme-banner.json")
        let baseB = try json(openedB)
        XCTAssertEqual(try server(servers[0], "PUT", setting(try json(openedA), "button", "Order on a"), openedA.header("ETag")!).status, 200)
        let stale = try server(servers[1], "PUT", setting(baseB, "button", "Order on b"), openedB.header("ETag")!)
        XCTAssertEqual(stale.status, 409, "b saves over a version a changed: " + stale.text)
        let clash = try servers[1].request("POST", "/api/specs/acme-banner.json/merge", body: try data(["base": baseB, "mine": setting(baseB, "button", "Order on b")]))
        XCTAssertEqual(clash.status, 409, clash.text)
        let conflicts = try XCTUnwrap(try json(clash)["conflicts"] as? [[String: Any]])
        XCTAssertEqual(conflicts.first?["mine"] as? String, "Order on b")
        XCTAssertEqual(conflicts.first?["theirs"] as? String, "Order on a")
        let message = try XCTUnwrap(clash.errorMessage)
        XCTAssertTrue(message.contains("Order on a") && message.contains("Order on b"), message)
        print("a conflicting pair: \(clash.status) \(message)")
    }

    /// A push refused because the remote moved meanwhile (another machine pushed between this one's
    /// pull and its push) is pulled, merged and pushed again: a field only the other machine changed
    /// is merged; the same field changed on both keeps theirs in the file, keeps ours in the history
    /// and answers 409 saying both.
    func testAPushRefusedBecauseTheRemoteMovedIsMergedAndPushedAgain() throws {
        let root = try bareRepositoryWithAcme(pushedFrom: "other")
        try git(["clone", "-q", root + "/campaigns.git", root + "/here"], in: root)
        // The remote's hook plays the other machine: on the pushes the plan names, it first pushes a
        // change of its own from the other clone, then refuses the push it was given.
        try "component.button=Order elsewhere\npass\ncomponent.title=Titled elsewhere\npass\n".write(toFile: root + "/plan", atomically: true, encoding: .utf8)
        let hook = root + "/campaigns.git/hooks/pre-receive"
        try """
            #!/bin/sh
            [ -n "$NESTED" ] && exit 0
            step=$(head -n 1 '\(root)/plan'); sed -i 1d '\(root)/plan'
            [ -z "$step" ] || [ "$step" = pass ] && exit 0
            [ "$step" = refuse ] && exit 1
            cd '\(root)/other' || exit 1
            quiet="env -i PATH=$PATH HOME=/nonexistent GIT_CONFIG_NOSYSTEM=1"
            $quiet git pull -q origin main >/dev/null 2>&1
            python3 -c 'import json, sys; key, value = sys.argv[1].split("=", 1); spec = json.load(open("acme-banner.json")); spec["component"][key.split(".")[1]] = value; json.dump(spec, open("acme-banner.json", "w"), indent=2)' "$step"
            $quiet git -c user.name=Other -c user.email=other@example.invalid commit -q -am "$step" && $quiet NESTED=1 git push -q origin main >/dev/null 2>&1
            echo "the other machine pushed first" >&2
            exit 1
            """.write(toFile: hook, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
        let server = try InProcessStudio(folder: root + "/here", arguments: ["--remote", "origin"])
        defer { server.stop() }

        let opened = try server.request("GET", "/api/specs/acme-banner.json")
        let clash = try self.server(server, "PUT", setting(try json(opened), "button", "Order here"), opened.header("ETag")!)
        XCTAssertEqual(clash.status, 409, clash.text)
        let message = try XCTUnwrap(clash.errorMessage)
        XCTAssertTrue(message.contains(#"button label is "Order elsewhere" there and "Order here" in yours"#), message)
        print("a push refused, the same field changed on both: \(clash.status) \(message)")
        let remote = { (path: String) in try git(["show", "main:" + path], in: root + "/campaigns.git") }
        XCTAssertTrue(try remote("acme-banner.json").contains(#""button": "Order elsewhere""#), "the file keeps theirs")
        XCTAssertTrue(try git(["log", "-p", "main"], in: root + "/campaigns.git").contains(#""button": "Order here""#), "ours is in the history")

        let again = try server.request("GET", "/api/specs/acme-banner.json")
        let saved = try self.server(server, "PUT", setting(try json(again), "body", "Twice the points."), again.header("ETag")!)
        XCTAssertEqual(saved.status, 200, saved.text)
        let final = try remote("acme-banner.json")
        XCTAssertTrue(final.contains(#""title": "Titled elsewhere""#) && final.contains(#""body": "Twice the points.""#)
                      && final.contains(#""button": "Order elsewhere""#), final)
        XCTAssertEqual(try String(contentsOfFile: root + "/plan", encoding: .utf8), "", "both saves were refused once, then pushed")
        XCTAssertEqual(try git(["status", "--porcelain"], in: root + "/here"), "")

        // A remote that keeps refusing: the change stays committed here, the clash is still said.
        try "component.button=Order over there\nrefuse\nrefuse\nrefuse\nrefuse\n".write(toFile: root + "/plan", atomically: true, encoding: .utf8)
        let third = try server.request("GET", "/api/specs/acme-banner.json")
        let refused = try self.server(server, "PUT", setting(try json(third), "button", "Order right here"), third.header("ETag")!)
        XCTAssertEqual(refused.status, 409, refused.text)
        XCTAssertTrue(refused.errorMessage?.contains(#""Order over there" there and "Order right here" in yours"#) == true, refused.text)
        XCTAssertTrue(try git(["log", "-p"], in: root + "/here").contains(#""button": "Order right here""#), "committed here")
        let fourth = try server.request("GET", "/api/specs/acme-banner.json")
        XCTAssertEqual(try self.server(server, "PUT", setting(try json(fourth), "title", "Back in step"), fourth.header("ETag")!).status, 200)
        XCTAssertTrue(try git(["log", "-p", "main"], in: root + "/campaigns.git").contains(#""button": "Order right here""#), "and pushed with the next change")
    }

    /// A temporary folder holding a bare repository, `campaigns.git`, whose one commit (acme-banner.json)
    /// was pushed from its clone `clone` beside it; the folder's path.
    private func bareRepositoryWithAcme(pushedFrom clone: String) throws -> String {
        let root = try temporaryFolder()
        try git(["init", "-q", "--bare", "-b", "main", root + "/campaigns.git"], in: root)
        try git(["clone", "-q", root + "/campaigns.git", root + "/" + clone], in: root)
        try FileManager.default.copyItem(atPath: fixtures + "/acme-banner.json", toPath: root + "/\(clone)/acme-banner.json")
        try git(["add", "acme-banner.json"], in: root + "/" + clone)
        try git(["commit", "-q", "-m", "The first campaign"], in: root + "/" + clone)
        try git(["push", "-q", "origin", "main"], in: root + "/" + clone)
        return root
    }

    private func server(_ server: InProcessStudio, _ method: String, _ spec: [String: Any], _ etag: String) throws -> InProcessStudio.Answer {
        try server.request(method, "/api/specs/acme-banner.json", body: try data(spec), headers: ["If-Match": etag])
    }

    /// One marketer's edit as the studio makes it: open, change, save; over a version changed
    /// meanwhile, merge. "saved", "merged" or "conflict".
    private func edit(_ server: InProcessStudio, _ key: String, _ value: String) throws -> String {
        let opened = try server.request("GET", "/api/specs/acme-banner.json")
        let base = try json(opened)
        let mine = setting(base, key, value)
        let saved = try self.server(server, "PUT", mine, opened.header("ETag")!)
        if saved.status == 200 { return "saved" }
        let merged = try server.request("POST", "/api/specs/acme-banner.json/merge", body: try data(["base": base, "mine": mine]))
        return merged.status == 200 ? "merged" : merged.status == 409 ? "conflict" : "failed \(merged.status): \(merged.text)"
    }
}

/// Runs git in `folder` without the user's configuration, as a person of the tests.
@discardableResult
func git(_ arguments: [String], in folder: String) throws -> String {
    let result = try runProgram("/usr/bin/git", ["-c", "user.name=Test", "-c", "user.email=test@example.invalid"] + arguments,
                                environment: ["GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "HOME": "/nonexistent"], in: folder)
    guard result.status == 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "git \(arguments): \(result.stderr)"]) }
    return result.stdout
}
