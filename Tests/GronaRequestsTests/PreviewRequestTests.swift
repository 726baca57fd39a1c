import Foundation
import Grona
@testable import GronaRequests
import XCTest

/// The studio's preview as the application layer plans and answers it: its tiles come from the one
/// variant planner (`Spec.plannedEnvironments`) in the order the languages are asked, as `check`
/// and `sheet` plan theirs, and the answer carries that plan, so the page computes none of its own.
final class PreviewRequestTests: XCTestCase {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures").path

    func spec(_ name: String) throws -> Spec { try Specs.decode(fixtures + "/" + name, assetRoots: nil) }

    func testTheTilesAreThePlannersLanguageByLanguageInTheOrderAsked() throws {
        let spec = try spec("acme-banner.json")
        let axes = Variants(textSizes: [.extraSmall, .large, .accessibilityExtraExtraExtraLarge], appearances: [.light, .dark], directions: [.ltr, .rtl])
        let languages = try PreviewRequest.languages("base,pseudo:double,de")
        XCTAssertEqual(languages, [.ownCopy, .pseudo(.double), .locale("de")])
        let preview = try PreviewRequest(spec: spec, overrides: EnvironmentOverrides(scale: 2), axes: axes, languages: languages,
                                         maximumTiles: 96)
        XCTAssertEqual(preview.tiles.map(\.index), Array(0..<36))
        var plain = spec
        plain.variants = nil
        // Each language's tiles are what check and sheet plan for that one language.
        let each: [(String, Variants)] = [(Variants.ownCopy, Variants(locales: [Variants.ownCopy])),
                                          ("pseudo:double", Variants(locales: [], pseudos: [.double])),
                                          ("de", Variants(locales: ["de"]))]
        for (offset, (name, language)) in each.enumerated() {
            var asked = axes
            asked.locales = language.locales; asked.pseudos = language.pseudos
            let planned = plain.plannedEnvironments(overrides: EnvironmentOverrides(scale: 2), axes: asked)
            let tiles = preview.tiles[(offset * 12)..<(offset * 12 + 12)]
            XCTAssertEqual(tiles.map(\.environment), planned, name)
            XCTAssertEqual(Set(tiles.map(\.language.name)), [name])
        }
        // Within a language: text size, then appearance, then direction.
        XCTAssertEqual(preview.tiles[0..<4].map { "\($0.environment.textSize.shortName)-\($0.environment.appearance.rawValue)-\($0.environment.direction.rawValue)" },
                       ["xS-light-ltr", "xS-light-rtl", "xS-dark-ltr", "xS-dark-rtl"])
        XCTAssertEqual(preview.tiles[12].environment.pseudo, .double)
        XCTAssertEqual(preview.tiles[24].environment.locale, "de")
    }

    func testVerifysCasesAreThePlannersToo() throws {
        for name in ["weekend-campaign.json", "acme-banner.json", "seasonal-banner.json"] {
            let spec = try spec(name)
            XCTAssertEqual(spec.variantEnvironments, spec.plannedEnvironments(), name)
            XCTAssertEqual(spec.variantEnvironments, spec.variants?.environments(base: spec.environment) ?? [spec.environment], name)
        }
    }

    func testTheAnswerListsEveryTileWithItsNameDrawnOrNot() throws {
        let spec = try spec("offer-code.json")
        let preview = try PreviewRequest(spec: spec, overrides: EnvironmentOverrides(scale: 1),
                                         axes: Variants(textSizes: [.large], appearances: [.light, .dark], directions: [.ltr]),
                                         languages: [.ownCopy, .pseudo(.rtl)], draw: "1", maximumTiles: 96)
        let lanes = RenderLanes(count: 2)
        let costed = try preview.costed(on: lanes)
        let answer = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(preview.json(try preview.run(on: lanes, laidOut: costed.renderers)).utf8))
            as? [String: Any])
        let plan = try XCTUnwrap(answer["plan"] as? [[String: Any]])
        XCTAssertEqual(plan.map { $0["index"] as? Int }, [0, 1, 2, 3])
        XCTAssertEqual(plan.map { $0["language"] as? String }, ["", "", "pseudo:rtl", "pseudo:rtl"])
        XCTAssertEqual(plan.map { $0["name"] as? String }, ["Base copy, Large (default), light, left to right", "Base copy, Large (default), dark, left to right",
                                                             "Pseudo: right to left, Large (default), light, left to right",
                                                             "Pseudo: right to left, Large (default), dark, left to right"])
        let tiles = try XCTUnwrap(answer["tiles"] as? [[String: Any]])
        XCTAssertEqual(tiles.map { $0["index"] as? Int }, [1])
        XCTAssertEqual(tiles[0]["name"] as? String, plan[1]["name"] as? String)
    }

    /// The fixes' checks are in the cost held against the budget, as the tiles are: up to
    /// `fixChecks` layouts after the tiles, each of the costliest tile's characters.
    func testTheFixesChecksAreCostedWithTheTiles() throws {
        let spec = try spec("weekend-campaign.json")
        func preview(findings: Bool) throws -> PreviewRequest {
            try PreviewRequest(spec: spec, overrides: EnvironmentOverrides(scale: 1),
                               axes: Variants(textSizes: [.extraSmall, .accessibilityExtraExtraExtraLarge], appearances: [.light, .dark], directions: [.ltr]),
                               languages: [.ownCopy, .locale("de")], findings: findings, maximumTiles: 96)
        }
        let lanes = RenderLanes(count: 1)
        let without = try preview(findings: false).costed(on: lanes).cost
        let with = try preview(findings: true).costed(on: lanes).cost
        let costliest = try preview(findings: true).tiles.map { tile in
            try ComponentRenderer(spec: spec, engine: RenderSession.current().engine).cost(tile.environment).characters
        }.max() ?? 0
        XCTAssertGreaterThan(costliest, 0)
        XCTAssertEqual(with.characters, without.characters + PreviewRequest.fixChecks * costliest)
        XCTAssertEqual(with.heldPixels, without.heldPixels)
        XCTAssertEqual(with.drawnPixels, without.drawnPixels)
    }

    /// A tile the edit did not change comes from the cache: typing in the base copy draws the base
    /// copy's tiles again, and the German ones are the ones drawn before, byte for byte.
    func testAnEditRedrawsOnlyTheTilesItChanges() throws {
        var spec = try spec("weekend-campaign.json")
        let cache = TileCache(capacity: 8 << 20)
        let lanes = RenderLanes(count: 2)
        func pngs() throws -> [[UInt8]?] {
            let preview = try PreviewRequest(spec: spec, overrides: EnvironmentOverrides(scale: 1),
                                             axes: Variants(textSizes: [.large], appearances: [.light, .dark], directions: [.ltr]),
                                             languages: [.ownCopy, .locale("de")], maximumTiles: 96)
            let costed = try preview.costed(on: lanes)
            return try preview.run(on: lanes, laidOut: costed.renderers, cache: cache).rendered.map(\.png)
        }
        let first = try pngs()
        XCTAssertEqual(cache.size.tiles, 4)
        XCTAssertEqual(try pngs(), first)
        XCTAssertEqual(cache.size.tiles, 4, "the same edit again draws nothing")
        guard case .banner(var banner) = spec.component else { return XCTFail("weekend-campaign is a banner") }
        banner.title += "!"
        spec.component = .banner(banner)
        let second = try pngs()
        XCTAssertEqual(cache.size.tiles, 6, "the base copy's two tiles are drawn again, the German ones are not")
        XCTAssertNotEqual(second[0], first[0])
        XCTAssertEqual(Array(second[2...]), Array(first[2...]))
        // An uncached run draws the same pictures.
        let preview = try PreviewRequest(spec: spec, overrides: EnvironmentOverrides(scale: 1),
                                         axes: Variants(textSizes: [.large], appearances: [.light, .dark], directions: [.ltr]),
                                         languages: [.ownCopy, .locale("de")], maximumTiles: 96)
        XCTAssertEqual(try preview.run(on: lanes, laidOut: try preview.costed(on: lanes).renderers).rendered.map(\.png), second)
    }

    /// The answer is the same bytes however its tiles were made: on one lane or two, drawn or from
    /// the cache (each tile's key and base64 are made on its lane), and each data URL is its tile's PNG.
    func testTheAnswerIsTheSameBytesOnOneLaneOrTwoAndFromTheCache() throws {
        let spec = try spec("weekend-campaign.json")
        let preview = try PreviewRequest(spec: spec, overrides: EnvironmentOverrides(scale: 1),
                                         axes: Variants(textSizes: [.extraSmall, .accessibilityExtraExtraExtraLarge],
                                                        appearances: [.light, .dark], directions: [.ltr, .rtl]),
                                         languages: [.ownCopy, .pseudo(.double)], draw: "0,3,5,6,9,12,15", maximumTiles: 96)
        func answer(_ lanes: RenderLanes, _ cache: TileCache?) throws -> (json: String, pngs: [[UInt8]?]) {
            let result = try preview.run(on: lanes, laidOut: try preview.costed(on: lanes).renderers, cache: cache)
            return (preview.json(result), result.rendered.map(\.png))
        }
        let one = try answer(RenderLanes(count: 1), nil)
        let cache = TileCache(capacity: 8 << 20)
        let two = try answer(RenderLanes(count: 2), cache)
        XCTAssertEqual(cache.size.tiles, 7)
        let cached = try answer(RenderLanes(count: 2), cache)
        XCTAssertEqual(cache.size.tiles, 7, "every tile drawn came from the cache")
        XCTAssertEqual(two.json, one.json)
        XCTAssertEqual(cached.json, one.json)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(one.json.utf8)) as? [String: Any])
        let tiles = try XCTUnwrap(object["tiles"] as? [[String: Any]])
        XCTAssertEqual(tiles.map { $0["index"] as? Int }, [0, 3, 5, 6, 9, 12, 15])
        for tile in tiles {
            let url = try XCTUnwrap(tile["png"] as? String)
            XCTAssertTrue(url.hasPrefix("data:image/png;base64,"))
            let index = try XCTUnwrap(tile["index"] as? Int)
            XCTAssertEqual(Data(base64Encoded: String(url.dropFirst(22))).map { [UInt8]($0) }, one.pngs[index])
        }
    }

    func testBadInputIsRefusedNamingTheField() throws {
        let spec = try spec("offer-code.json")
        XCTAssertThrowsError(try PreviewRequest.languages("base,en_US")) { error in
            XCTAssertTrue("\(error)".hasPrefix("languages: "), "\(error)")
        }
        XCTAssertThrowsError(try PreviewRequest(spec: spec, overrides: EnvironmentOverrides(), axes: Variants(), languages: [.ownCopy],
                                                draw: "3", maximumTiles: 96)) { error in
            XCTAssertEqual("\(error)", "draw: \"3\" is not the index of a tile (0 to 0)")
        }
        XCTAssertThrowsError(try PreviewRequest(spec: spec, overrides: EnvironmentOverrides(), axes: Variants(textSizes: TextSize.allCases),
                                                languages: [.ownCopy], maximumTiles: 4)) { error in
            XCTAssertTrue("\(error)".contains("would render 12 tiles, over the limit of 4"), "\(error)")
        }
    }
}
