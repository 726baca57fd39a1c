import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest
import TestSupport

/// The studio page's web fonts: /studio/fonts.css declares every pinned font file of Fonts/, and
/// /studio/fonts/NAME serves exactly those files (the CJK collection face by face), by their exact
/// names, cached for a year.
final class StudioFontsTests: XCTestCase {
    static let fontFiles: [String] = {
        ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Fonts")) ?? [])
            .filter { [".otf", ".ttf", ".ttc"].contains(String($0.suffix(4))) }.sorted()
    }()

    /// The rules are made from the folder: every font file has one, so a file added to Fonts/ cannot
    /// be left out of the page; each family says which characters it draws.
    func testEveryFontFileHasARule() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        let answer = try server.request("GET", "/studio/fonts.css")
        XCTAssertEqual(answer.status, 200, answer.text)
        XCTAssertEqual(answer.header("Content-Type"), "text/css; charset=utf-8")
        let css = answer.text
        XCTAssertGreaterThanOrEqual(Self.fontFiles.count, 60)
        // The CJK collection is declared face by face (a browser draws only a collection's first face).
        let served = Self.fontFiles.flatMap { file -> [String] in
            guard file.hasPrefix("NotoSansCJK-"), file.hasSuffix(".ttc") else { return [file] }
            let weight = file.dropFirst("NotoSansCJK".count).dropLast(4)
            return ["sc", "jp", "kr", "tc", "hk"].map { "NotoSansCJK\($0)\(weight).otf" }
        }
        for file in served {
            XCTAssertEqual(css.components(separatedBy: "url(\"/studio/fonts/\(file)?v=").count - 1, 1, "\(file): one @font-face rule")
        }
        XCTAssertEqual(css.components(separatedBy: "@font-face").count - 1, served.count, "no rule for anything else")
        XCTAssertFalse(css.contains("LICENSE"))
        // Japanese takes the CJK collection, Thai and Devanagari their Noto families; Latin only Inter.
        func family(drawing scalar: UInt32) -> [String] {
            try! rules(css).filter { $0.weight == "400" && $0.ranges.contains { $0.contains(scalar) } && !$0.family.hasPrefix("Grona NotoSansCJK ") }
                .map(\.family)
        }
        XCTAssertEqual(family(drawing: 0x3042), ["Grona NotoSansCJK"])  // あ
        XCTAssertEqual(family(drawing: 0x0E01), ["Grona NotoSansThai"])  // ก
        XCTAssertEqual(family(drawing: 0x0928), ["Grona NotoSansDevanagari"])  // न
        XCTAssertEqual(family(drawing: 0x0041), ["Grona Inter"])  // A
        XCTAssertEqual(family(drawing: 0x0627), ["Grona NotoSansArabic"])  // ا
        // Every character is one family's at most, so a page downloads only the files its text needs.
        // (A language's own CJK face draws the same characters, in its :lang() rule only.)
        let regular = try rules(css).filter { ($0.weight == "400" || $0.weight == "100 900") && !$0.family.hasPrefix("Grona NotoSansCJK ") }
        var seen: [(ClosedRange<UInt32>, String)] = []
        for rule in regular {
            for range in rule.ranges {
                if let other = seen.first(where: { $0.0.overlaps(range) }) {
                    XCTFail("\(rule.family) and \(other.1) both claim \(range)")
                }
            }
            seen += rule.ranges.map { ($0, rule.family) }
        }
        XCTAssertTrue(css.contains(":root { --studio-fonts: \"Grona Inter\", \"Grona NotoSansArabic\""), "the families in the text engine's order")
        // The page links it, and its Content-Security-Policy lets it load fonts from the studio.
        let page = try server.request("GET", "/")
        XCTAssertTrue(page.text.contains("href=\"/studio/fonts.css\""))
        XCTAssertEqual(page.header("Content-Security-Policy")?.contains("font-src 'self'"), true)
    }

    /// Each file is served as it is, with its type and a year's cache; HEAD says the same without it.
    func testFontsAreServedWithTheirTypeAndCachedForAYear() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        let css = try server.request("GET", "/studio/fonts.css").text
        for (file, type) in [("Inter-Regular.otf", "font/otf"), ("NotoSansThai-Bold.ttf", "font/ttf")] {
            let url = try XCTUnwrap(try rules(css).first { $0.file == file }?.url)
            let answer = try server.request("GET", url)
            XCTAssertEqual(answer.status, 200, file)
            XCTAssertEqual(answer.header("Content-Type"), type, file)
            XCTAssertEqual(answer.header("Cache-Control"), "public, max-age=31536000, immutable", file)
            XCTAssertEqual(answer.header("X-Content-Type-Options"), "nosniff")
            XCTAssertEqual(answer.body, try bytes(packageRoot + "/Fonts/" + file), file)
        }
        // A face of the collection (16 MB) by HEAD: its headers and length, no body; then by GET, an
        // OpenType font of its own naming its region (Korean).
        let cjk = try XCTUnwrap(try rules(css).first { $0.file == "NotoSansCJKkr-Regular.otf" }?.url)
        XCTAssertEqual(try rules(css).first { $0.file == "NotoSansCJKkr-Regular.otf" }?.family, "Grona NotoSansCJK kr")
        // (That HEAD goes out with the length and no body is libmicrohttpd's: ServeTests.testAFontByHEADHasItsLengthAndNoBody.)
        let head = try server.request("HEAD", cjk)
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.header("Content-Type"), "font/otf")
        XCTAssertEqual(head.header("Cache-Control"), "public, max-age=31536000, immutable")
        let korean = try server.request("GET", cjk)
        XCTAssertEqual(Array(korean.body.prefix(4)), Array("OTTO".utf8))
        let name = Array("Noto Sans CJK KR".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        // Data's search, not a loop over 16 MB of slices (18 s unoptimised).
        XCTAssertNotNil(Data(korean.body).range(of: Data(name)), "the Korean face's name table")
        XCTAssertEqual(try server.request("GET", "/studio/fonts/NotoSansCJK-Regular.ttc").status, 404, "the collection itself is not served")
        // Everything else keeps no-store, and only once.
        XCTAssertEqual(try server.request("GET", "/studio/fonts.css").header("Cache-Control"), "no-store")
        XCTAssertEqual(try server.request("GET", "/").header("Cache-Control"), "no-store")
    }

    /// Only the folder's font files, by their exact names: no licence, no path, no other spelling.
    func testOnlyKnownFontNamesAreServed() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        XCTAssertEqual(try server.request("GET", "/studio/fonts/Inter-Regular.otf").status, 200)
        for path in ["/studio/fonts/LICENSE-Inter.txt", "/studio/fonts/README.md", "/studio/fonts/inter-regular.otf",
                     "/studio/fonts/Inter-Regular", "/studio/fonts/Inter-Regular.otf/", "/studio/fonts/",
                     "/studio/fonts/..%2FPackage.swift", "/studio/fonts/%2e%2e%2f%2e%2e%2fPackage.swift",
                     "/studio/fonts/..%2FFonts%2FInter-Regular.otf", "/studio/fonts/%2Fetc%2Fpasswd",
                     "/studio/fonts/.Inter-Regular.otf",
                     "/studio/fonts/Inter-Regular.otf%2F..%2F..%2FPackage.swift", "/studio/Fonts/Inter-Regular.otf"] {
            let answer = try server.request("GET", path)
            XCTAssertEqual(answer.status, 404, path)
            XCTAssertFalse(answer.text.contains("Fonts/") && answer.text.contains(packageRoot), "\(path) names the folder: \(answer.text)")
        }
        // A %00 anywhere is the listener's refusal (ServeTests.testNamesAreFromASafeSetAndNothingTellsWhereTheFolderIs).
        XCTAssertEqual(try server.request("GET", "/studio/fonts/Inter-Regular.otf?x=1").status, 400)
        XCTAssertEqual(try server.request("GET", "/studio/fonts/Inter-Regular.otf?v=../x").status, 400)
        let post = try server.request("POST", "/studio/fonts/Inter-Regular.otf", body: [])
        XCTAssertEqual(post.status, 405)
        XCTAssertEqual(post.header("Allow"), "GET, HEAD")
    }

    /// The routes are in the OpenAPI description, open to the page without the token.
    func testTheFontRoutesAreDescribed() throws {
        let server = try InProcessStudio(folder: fixtures)
        defer { server.stop() }
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try server.request("GET", "/api/openapi.json").body)) as? [String: Any])
        let paths = try XCTUnwrap(document["paths"] as? [String: [String: Any]])
        let font = try XCTUnwrap(paths["/studio/fonts/{name}"]?["get"] as? [String: Any])
        XCTAssertEqual((font["security"] as? [Any])?.count, 0)
        let content = try XCTUnwrap(((font["responses"] as? [String: Any])?["200"] as? [String: Any])?["content"] as? [String: Any])
        XCTAssertEqual(Set(content.keys), ["font/otf", "font/ttf", "font/collection"])
        XCTAssertNotNil(paths["/studio/fonts.css"]?["get"])
    }

    struct Rule { var family, file, url, weight: String; var ranges: [ClosedRange<UInt32>] }

    func rules(_ css: String) throws -> [Rule] {
        let pattern = try NSRegularExpression(pattern: #"@font-face \{ font-family: "([^"]+)"; src: url\("(/studio/fonts/([^"?]+)\?v=[0-9a-z-]+)"\) format\("[a-z]+"\); font-weight: ([0-9 ]+); font-style: normal; font-display: swap; unicode-range: ([^;]+); \}"#)
        let text = css as NSString
        return pattern.matches(in: css, range: NSRange(location: 0, length: text.length)).map { match in
            let group = { text.substring(with: match.range(at: $0)) }
            let ranges = group(5).split(separator: ",").map { part -> ClosedRange<UInt32> in
                let bounds = part.dropFirst(2).split(separator: "-").map { UInt32($0, radix: 16)! }
                return bounds[0]...(bounds.count > 1 ? bounds[1] : bounds[0])
            }
            return Rule(family: group(1), file: group(3), url: group(2), weight: group(4), ranges: ranges)
        }
    }
}
