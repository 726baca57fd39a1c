import Grona
import GronaRequests
import Foundation
import XCTest

/// The option rows: each option's flag, query name and variable read into one source give the
/// same value, its refusals name it as the front end that was given it spells it, and its default
/// is the row's.
final class OptionTableTests: XCTestCase {
    /// A good word for every row, so each row is read from each of its sources.
    static let words: [String: String] = [
        "--width": "390", "--scale": "2", "--text-size": "AX5", "--appearance": "dark", "--direction": "rtl", "--time": "0.2",
        "--animation": "collapse", "--locale": "de", "--pseudo": "accented", "--reduce-motion": "true",
        "--padding": "12", "--background": "#112233",
        "--text-sizes": "xS,AX5", "--appearances": "light,dark", "--directions": "rtl", "--locales": "base,de", "--pseudos": "double",
        "--overlay": "accessibility", "--frame": "phone", "--columns": "4", "--ignore": "truncated", "--fps": "12", "--hold": "900",
    ]

    func testEveryRowHasAWordAndOneSpellingPerSource() {
        XCTAssertEqual(Set(OptionTable.rows.map(\.flag)), Set(Self.words.keys))
        XCTAssertEqual(Set(OptionTable.rows.map(\.query)).count, OptionTable.rows.count)
        for row in OptionTable.rows {
            XCTAssertEqual(row.query, OptionTable.queryName(of: row.flag))
            XCTAssertFalse(row.query.contains("-"), row.query)
            if let variable = row.environment { XCTAssertEqual(variable, "GRONA_" + row.flag.dropFirst(2).uppercased().replacingOccurrences(of: "-", with: "_")) }
        }
        XCTAssertEqual(OptionTable.textSizes.row.query, "textSizes")
        XCTAssertEqual(OptionTable.reduceMotion.row.query, "reduceMotion")
        XCTAssertEqual(OptionTable.padding.row.environment, "GRONA_PADDING")
        // What the card is (the overrides, the axes) never comes from a variable: one left set on a
        // CI machine must not change what check and verify test.
        XCTAssertEqual(OptionTable.rows.filter { $0.environment != nil }.map(\.flag), ["--padding", "--background", "--fps", "--hold"])
    }

    /// Each row read from the command line, the query and (where the row allows one) the
    /// environment builds the same requests.
    func testEachRowsThreeSourcesGiveTheSameValue() throws {
        let commandLine = try OptionSource.commandLine({ Self.words[$0.flag] }, takes: { _ in true }, environment: [:])
        let http = try OptionSource.http(Dictionary(uniqueKeysWithValues: OptionTable.rows.map { ($0.query, Self.words[$0.flag]!) }))
        let environment = try OptionSource.environment(Dictionary(uniqueKeysWithValues: OptionTable.rows.compactMap { row in
            row.environment.map { ($0, Self.words[row.flag]!) }
        }))
        var overrides = EnvironmentOverrides(width: 390, scale: 2, textSize: .accessibilityExtraExtraExtraLarge, appearance: .dark,
                                             direction: .rtl, reduceMotion: true, time: 0.2)
        overrides.animation = .collapse
        overrides.locale = "de"
        overrides.pseudo = .accented
        for source in [commandLine, http] {
            XCTAssertEqual(try EnvironmentOverrides(source), overrides)
            XCTAssertEqual(try source.value(OptionTable.textSizes), [.extraSmall, .accessibilityExtraExtraExtraLarge])
            XCTAssertEqual(try source.value(OptionTable.locales), [Variants.ownCopy, "de"])
            XCTAssertEqual(try source.value(OptionTable.overlay), .accessibility)
            XCTAssertEqual(try source.value(OptionTable.frame), .phone)
            XCTAssertEqual(try source.value(OptionTable.columns), 4)
            XCTAssertEqual(try source.value(OptionTable.ignore), [.truncated])
        }
        for source in [commandLine, http, environment] {
            let canvas = try Canvas(source)
            XCTAssertEqual(canvas.padding, 12)
            XCTAssertEqual(canvas.background, try Canvas.parseColor("#112233"))
            XCTAssertEqual(try source.resolved(OptionTable.fps), 12)
            XCTAssertEqual(try source.resolved(OptionTable.hold), 900)
        }
        // The environment alone gives only the rows marked for it.
        XCTAssertNil(try environment.value(OptionTable.width))
        XCTAssertNil(try OptionSource.environment(["GRONA_WIDTH": "390"]).value(OptionTable.width))
    }

    func testTheCommandLineWinsOverTheEnvironmentAndOnlyForTheOptionsTheCommandTakes() throws {
        let both = try OptionSource.commandLine({ $0.flag == "--padding" ? "8" : nil }, takes: { _ in true },
                                                environment: ["GRONA_PADDING": "30", "GRONA_HOLD": "200"])
        XCTAssertEqual(try both.value(OptionTable.padding), 8)
        XCTAssertEqual(both.origin(of: OptionTable.padding), .commandLine)
        XCTAssertEqual(try both.value(OptionTable.hold), 200)
        XCTAssertEqual(both.origin(of: OptionTable.hold), .environment)
        // Batch takes --padding, but its pictures are verify's goldens: no variable gives it one.
        let batch = try OptionSource.commandLine({ _ in nil }, command: "batch", takes: { _ in true }, environment: ["GRONA_PADDING": "30"])
        XCTAssertNil(try batch.value(OptionTable.padding))
        XCTAssertEqual(try OptionSource.commandLine({ _ in nil }, command: "sheet", takes: { _ in true }, environment: ["GRONA_PADDING": "30"])
            .value(OptionTable.padding), 30)
        // A command that does not take --fps neither reads nor refuses its variable.
        let render = try OptionSource.commandLine({ _ in nil }, takes: { $0.flag != "--fps" }, environment: ["GRONA_FPS": "nope"])
        XCTAssertNil(try render.value(OptionTable.fps))
    }

    func testDefaultsAreTheRowsAndSaidOnce() throws {
        let none = OptionSource()
        XCTAssertEqual(try none.resolved(OptionTable.fps), 30)
        XCTAssertEqual(try none.resolved(OptionTable.hold), 1500)
        XCTAssertEqual(try Canvas(none).padding, 0)
        XCTAssertEqual(OptionTable.fps.row.summary(for: "animate"), "frames per second, 1…120 (default 30)")
        XCTAssertEqual(OptionTable.hold.row.defaultWords, "1500 ms")
        XCTAssertEqual(OptionTable.padding.row.summary(for: "render"), "space around the card, in points (default 0)")
        // A command's own words say its own default (the sheet's margin).
        XCTAssertEqual(OptionTable.padding.row.summary(for: "sheet"), "space around the grid, in points (default 24)")
        XCTAssertTrue(OptionTable.fps.row.queryDescription.contains("(default 30)"), OptionTable.fps.row.queryDescription)
        let animate = try AnimateRequest(spec: try Specs.decode(Self.fixtures + "/message-info.json", assetRoots: nil), options: none)
        XCTAssertEqual([animate.fps, animate.hold], [30, 1500])
    }

    /// One bound for the rate, the service's lower cap stated by the row: in the API's schema and in
    /// its refusal, which the command line's does not have.
    func testTheServiceCapOnFpsIsTheRowsAndSaysSo() throws {
        guard case .integer(let range) = OptionTable.fps.row.querySchema else { return XCTFail("fps is a whole number") }
        XCTAssertEqual(range, 1...30)
        XCTAssertEqual(try OptionSource.commandLine({ $0.flag == "--fps" ? "120" : nil }, takes: { _ in true }, environment: [:])
            .value(OptionTable.fps), 120)
        XCTAssertThrowsError(try OptionSource.http(["fps": "60"])) { error in
            XCTAssertEqual((error as? RequestError)?.spelled(for: .http),
                           "fps: \"60\" is not a whole number from 1 to 30 (the service draws at most 30 frames per second; grona-snap animate up to 120)")
        }
        XCTAssertThrowsError(try OptionSource.commandLine({ $0.flag == "--fps" ? "121" : nil }, takes: { _ in true }, environment: [:])) { error in
            XCTAssertEqual("\(error)", "--fps: \"121\" is not a whole number from 1 to 120")
        }
    }

    /// A refusal carries the option, and each front end spells it: the flag, the query name, or the
    /// variable that gave the word.
    func testARefusalNamesTheOptionAsItsFrontEndSpellsIt() throws {
        func refusal(_ make: () throws -> OptionSource) -> RequestError? {
            do { _ = try make(); return nil } catch { return error as? RequestError }
        }
        let flag = refusal { try OptionSource.commandLine({ $0.flag == "--padding" ? "-3" : nil }, takes: { _ in true }, environment: [:]) }
        let query = refusal { try OptionSource.http(["padding": "-3"]) }
        let variable = refusal { try OptionSource.environment(["GRONA_PADDING": "-3"]) }
        XCTAssertEqual(flag?.option, OptionTable.padding.row.name)
        XCTAssertEqual(flag?.spelled(for: .commandLine), "--padding: \"-3\" is not a number of points from 0 to 512")
        XCTAssertEqual(query?.spelled(for: .http), "padding: \"-3\" is not a number of points from 0 to 512")
        XCTAssertEqual(variable?.spelled(for: .commandLine), "GRONA_PADDING: \"-3\" is not a number of points from 0 to 512")
        XCTAssertEqual(flag?.httpStatus, 400)

        // An axis with its single value: both named, each front end its way.
        let overrides = EnvironmentOverrides(locale: "de")
        for (source, frontEnd, words) in [
            (try OptionSource.http(["locales": "de,fr"]), RequestError.FrontEnd.http, "locales and locale cannot be given together"),
            (try OptionSource.commandLine({ $0.flag == "--locales" ? "de,fr" : nil }, takes: { _ in true }, environment: [:]),
             .commandLine, "--locales and --locale cannot be given together"),
        ] {
            XCTAssertThrowsError(try VariantPlan.axes(overrides: overrides, options: source)) { error in
                XCTAssertEqual((error as? RequestError)?.spelled(for: frontEnd), words)
            }
        }
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures").path
}
