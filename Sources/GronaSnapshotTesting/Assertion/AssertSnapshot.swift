// `assertSnapshot(of:as:)` and `verifySnapshot(of:as:)`, as in swift-snapshot-testing: one generic
// function each, the strategy (Snapshotting.swift) saying what the value becomes. `verifySnapshot`
// returns the failure's message; `assertSnapshot` reports it to the test framework that is running:
// under Swift Testing (`Test.current` is set) an `Issue` at the call's source location, under
// XCTest an `XCTFail` at the call's file and line. One function serves both, so a test file needs
// no import but this module's, and in an XCTestCase no member hides it. The older forms, with the
// options as parameters, are in Deprecated.swift.
import Foundation
import Grona
import XCTest
#if canImport(Testing)
import Testing
#endif

/// Checks `value` against its goldens as `snapshotting` says, and fails the running test (Swift
/// Testing's or XCTest's) if any does not match or was recorded.
///
/// ```swift
/// assertSnapshot(of: SpecFile("Fixtures/seasonal-banner.json"), as: .image)
/// assertSnapshot(of: banner, as: .image(theme: acmeTheme), named: "hero-banner")
/// assertSnapshot(of: offer, as: .accessibility, record: .failed)
/// ```
///
/// The failure's message gives the counts, the largest difference, the rule applied and the paths
/// of the golden and the artifacts (see ``verifySnapshot(of:as:named:record:file:testName:)``); in
/// Swift Testing the golden, the fresh image and the difference image are attached to it. A golden
/// without provenance compared under the tolerance gives a notice (a warning issue in Swift
/// Testing, a line on standard error in XCTest), or fails when ``SnapshotTestingConfiguration/requireProvenance``
/// or `GRONA_REQUIRE_PROVENANCE=1` says so.
///
/// - Parameters:
///   - value: The spec, spec file, component, or any value a pulled-back strategy takes. An error it
///     throws fails the test.
///   - snapshotting: The strategy: `.image`, `.accessibility`, `.report`, with options or pulled back.
///   - name: The goldens' folder instead of the default: a spec's name, a spec file's name as
///     `grona-snap verify` gives it, or for a component `<suite>/<test>` of the running test.
///   - record: The record mode; nil: the innermost ``withSnapshotTesting(record:requireProvenance:operation:)``
///     or `.snapshots(record:)` trait, else `$GRONA_RECORD`, else `missing`.
///   - fileID: The call's file, for Swift Testing.
///   - filePath: The call's file: the package root is the nearest folder above it with `Package.swift`.
///   - testName: The test's name where no test framework says which test runs (a plain program).
///   - line: The call's line.
///   - column: The call's column, for Swift Testing.
public func assertSnapshot<Value>(of value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value>,
                                  named name: String? = nil, record: SnapshotRecordMode? = nil,
                                  fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                                  testName: String = #function, line: UInt = #line, column: UInt = #column) {
    report(snapshotting.check(value, named: name, record: record, file: filePath, testName: testName,
                              call: "assertSnapshot(of:as:)"),
           fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Checks `value` against its goldens as `snapshotting` says and returns nil when every one
/// matches, else a message for a person: the counts, the largest difference, the rule applied and
/// the paths of the golden and the artifacts. It reports nothing to a test framework (a notice about
/// goldens without provenance goes to standard error); ``assertSnapshot(of:as:named:record:fileID:file:testName:line:column:)``
/// is this and the report.
///
/// Goldens of a spec are `Snapshots/<spec name>/<textSize>-<appearance>-<direction>@<scale>x.png`;
/// of a component built in code, `Snapshots/<suite>/<test>/…`, named after the running test as the
/// framework reports it (a parameterized case adds its arguments, a second snapshot in one test a
/// number); `name` replaces either.
public func verifySnapshot<Value>(of value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value>,
                                  named name: String? = nil, record: SnapshotRecordMode? = nil,
                                  file filePath: StaticString = #filePath, testName: String = #function) -> String? {
    let result = snapshotting.check(value, named: name, record: record, file: filePath, testName: testName,
                                    call: "verifySnapshot(of:as:)")
    if let notice = result.notice { printNotice(notice, filePath: filePath, line: nil) }
    return result.failure?.message
}

extension Snapshotting {
    /// The check behind every form: the value drawn as this strategy says, named by `name` or the
    /// running test, reported in messages as `call`.
    func check(_ value: () throws -> Value, named name: String?, record: SnapshotRecordMode?, file: StaticString,
               testName: String, call: String, suite: String? = nil) -> SnapshotCheck {
        let subject: SnapshotSubject
        do { subject = try self.subject(value()) } catch { return SnapshotCheck(failure: SnapshotFailure("\(call): \(error)")) }
        return options(record: record).check(subject.named(name, call: call), file: "\(file)",
                                             identity: .current(file: "\(file)", function: testName, suite: suite),
                                             counterInstance: TestIdentity.runningXCTestCase)
    }
}

/// Hands a check's notice and failure to the test framework that is running.
func report(_ check: SnapshotCheck, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    if let notice = check.notice {
        #if canImport(Testing) && compiler(>=6.3)
        if Test.current != nil {
            let location = SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
            Issue.record(Comment(rawValue: "notice: " + notice), severity: .warning, sourceLocation: location)
        } else {
            printNotice(notice, filePath: filePath, line: line)
        }
        #else
        printNotice(notice, filePath: filePath, line: line)
        #endif
    }
    report(check.failure, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// `<file>:<line>: notice: …` on standard error, where `swift test` and Xcode show it.
func printNotice(_ notice: String, filePath: StaticString, line: UInt?) {
    FileHandle.standardError.write(Data("\(filePath)\(line.map { ":\($0)" } ?? ""): notice: \(notice)\n".utf8))
}

/// Hands a failure to Swift Testing or XCTest, whichever runs the current test, with its images
/// (the golden, the fresh image, the difference image) attached where the framework takes
/// attachments: Swift Testing's `Attachment` (saved with `swift test --attachments-path DIR`), and
/// `XCTAttachment` on Apple platforms (Linux's XCTest has none; the message names the files).
func report(_ failure: SnapshotFailure?, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    guard let failure else { return }
    #if canImport(Testing)
    if Test.current != nil {
        let location = SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
        Issue.record(Comment(rawValue: failure.message), sourceLocation: location)
        for file in failure.files {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            Attachment.record([UInt8](data), named: file.name, sourceLocation: location)
        }
        return
    }
    #endif
    XCTFail(failure.message, file: filePath, line: line)
    #if canImport(Darwin)
    // XCTest's activities belong to the main thread (an XCTestCase's methods run there); a call
    // from another thread keeps the message alone.
    let files = failure.files
    guard !files.isEmpty, Thread.isMainThread else { return }
    MainActor.assumeIsolated {
        XCTContext.runActivity(named: "Snapshot images") { activity in
            for file in files {
                let attachment = XCTAttachment(contentsOfFile: URL(fileURLWithPath: file.path))
                attachment.name = file.name
                attachment.lifetime = .keepAlways
                activity.add(attachment)
            }
        }
    }
    #endif
}
