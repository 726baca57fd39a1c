// Which test is asking, from the test framework itself rather than from `#function` (which names
// whatever function called `assertSnapshot`, a helper included):
//   - Swift Testing: `Test.current` (module, suite type, function) and `Test.Case.current` (the
//     arguments of a parameterized case);
//   - XCTest: the running `XCTestCase` — `self` in the XCTestCase methods, else the test case an
//     observer saw start. The observer is registered when the test binary is loaded, before the
//     first test (CTestObservation's constructor calls `_gronaSnapshotTestingLoaded`), so a free
//     helper knows its test in the first test of a process as in the last: `swift test --filter
//     X/testBSecond` and `--parallel` (a process per test) name a golden as a full run does.
//   - neither: in a test process (a test binary, or XCTest's bundle started) that is a call outside
//     any running test (a class's `setUp`, a thread that outlived its test, a detached task): the
//     test cannot be known, and a component snapshot without `named:` fails saying so rather than
//     take a name from whatever function called it. Outside a test process (a plain program), the
//     call's file and `#function` name it.
//
// Golden folders of components built in code: `<suite>/<test>`, then for a parameterized case its
// arguments, `<suite>/<test>-<argument>-<argument>` (each written as Swift Testing writes it,
// `String(describingForTest:)`, without a string's quotes or an enum case's dot, made
// filesystem-safe: `fill-10.0`, `copy-de-large`), then for the second and later unnamed
// snapshots of one test (or case) a number, `<suite>/<test>.2`. The first snapshot of a test keeps
// the name it has always had, so existing goldens stay where they are.
//
// The test module is not in the golden's path (that would move every golden); instead the ledger
// (GoldenLedger.swift) fails a test whose golden another test already claimed in the same run,
// naming both: the same XCTest class name in two test modules is caught, not shared.
import Foundation
import Grona
import Locking
import XCTest
#if canImport(Testing)
import Testing
#endif

struct TestIdentity: Sendable {
    /// "AppTests"; nil when unknown.
    var module: String?
    /// "CampaignSnapshots", "Outer.Inner"; nil for a free `@Test` function or outside a test.
    var suite: String?
    /// The test's name without parameters: "testOffer", "fill".
    var test: String
    /// A parameterized case's arguments, as they go into a folder name ("10.0", "en-AX5").
    var caseName: String?
    /// The arguments as Swift Testing writes them, for the ledger: "value: 10.0".
    var caseDescription: String?
    /// Whether the framework said who this is (false: `#function` and the file's name).
    var fromFramework: Bool
    /// Not said by a framework, though tests are running: the test cannot be known.
    var unknownInTestProcess = false

    /// "AppTests.Promos/fill(value: 10.0)": unique per test case, for the ledger and messages.
    var id: String {
        var id = (module.map { $0 + "." } ?? "") + (suite ?? "") + "/" + test
        if let caseDescription { id += "(\(caseDescription))" }
        return id
    }

    /// The running test: Swift Testing's, else `testCase`'s, else the XCTest case seen starting,
    /// else the call's `#function` in `file`.
    static func current(testCase: XCTestCase? = nil, file: String, function: String, suite: String? = nil) -> TestIdentity {
        #if canImport(Testing)
        if let test = Test.current {
            let components = test.id.nameComponents
            let suiteName = components.dropLast().joined(separator: ".")
            var identity = TestIdentity(module: test.id.moduleName, suite: suiteName.isEmpty ? nil : suiteName,
                                        test: baseName(components.last ?? test.name), fromFramework: true)
            if let testCase = Test.Case.current, testCase.isParameterized, let arguments = caseArguments(testCase) {
                identity.caseName = folderSafe(arguments.map { plainArgument($0.value) }.joined(separator: "-"))
                identity.caseDescription = arguments.map { ($0.label.map { $0 + ": " } ?? "") + $0.value }.joined(separator: ", ")
            }
            return identity
        }
        #endif
        if let running = testCase ?? TestCaseObserver.shared.running {
            let type = String(reflecting: Swift.type(of: running)).split(separator: ".").map(String.init)
            return TestIdentity(module: type.count > 1 ? type[0] : nil, suite: type.dropFirst(type.count > 1 ? 1 : 0).joined(separator: "."),
                                test: xcTestMethodName(running.name), fromFramework: true)
        }
        TestCaseObserver.shared.register()   // in case the load-time registration did not run
        var identity = TestIdentity(module: nil, suite: suite, test: baseName(function), fromFramework: false)
        identity.unknownInTestProcess = TestCaseObserver.shared.sawTestsStart || isTestProcess
        return identity
    }

    /// The XCTest case running this call when no Swift Testing test is: its unnamed snapshots are
    /// numbered afresh for each run of the test method (each instance).
    static var runningXCTestCase: XCTestCase? {
        #if canImport(Testing)
        if Test.current != nil { return nil }
        #endif
        return TestCaseObserver.shared.running
    }

    /// Whether this process runs tests: XCTest's and Swift Testing's runners are `<package>PackageTests.xctest`
    /// on Linux and `xctest` or `swiftpm-testing-helper` on Apple platforms.
    static let isTestProcess: Bool = {
        let program = (CommandLine.arguments.first ?? "").split(separator: "/").last.map(String.init) ?? ""
        return program.hasSuffix(".xctest") || program == "xctest" || program == "swiftpm-testing-helper"
    }()

    /// Why a component snapshot without `named:` cannot be checked when the test is unknown.
    func unknownTestMessage(call: String) -> String {
        "\(call): cannot tell which test is running (no Swift Testing test and no XCTest test case is running "
            + "on this call's path: a class's setUp, a thread or task that outlived its test?), so the golden cannot "
            + "be named after it; call it from within the test, or give it named: \"…\""
    }

    /// `<suite>/<test>[-<arguments>]`, the suite being the file's name when there is none.
    func goldenFolder(file: String) -> String {
        componentGoldenFolder(suite: suite, file: file, testName: test) + (caseName.map { "-" + $0 } ?? "")
    }
}

/// An argument as it reads best in a folder name: `"de"` → `de`, `.large` → `large`, `10.0` as is.
func plainArgument(_ description: String) -> String {
    var text = Substring(description)
    if text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") { text = text.dropFirst().dropLast() }
    if text.hasPrefix(".") && text.count > 1 { text = text.dropFirst() }
    return String(text)
}

/// "fill(value:)" → "fill"; "testOffer()" → "testOffer".
func baseName(_ function: String) -> String { String(function.prefix { $0 != "(" }) }

/// XCTest's name of a running test: "Class.testOffer" on Linux, "-[Class testOffer]" on Apple platforms.
func xcTestMethodName(_ name: String) -> String {
    if name.hasPrefix("-["), name.hasSuffix("]"), let space = name.lastIndex(of: " ") {
        return String(name[name.index(after: space)..<name.index(before: name.endIndex)])
    }
    return name.split(separator: ".").last.map(String.init) ?? name
}

/// A name for a file system: letters, digits and `.`, `_`, `+`, `-`, `=`, `@` kept, runs of
/// anything else one `_`, at most 96 characters (longer ones end in a hash of the whole, so two
/// long names stay apart). Never empty, never hidden.
func folderSafe(_ text: String) -> String {
    var out = ""
    for character in text {
        if character.isASCII && (character.isLetter || character.isNumber || "._+-=@".contains(character)) {
            out.append(character)
        } else if !out.hasSuffix("_") {
            out.append("_")
        }
    }
    while out.hasPrefix(".") { out.removeFirst() }
    if out.isEmpty { out = "_" }
    if out.count > 96 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325   // FNV-1a: stable across runs and machines
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        out = String(out.prefix(80)) + "~" + String(hash, radix: 16)
    }
    return out
}

#if canImport(Testing)
/// The arguments of a parameterized case, each as Swift Testing writes it in its own output
/// (`String(describingForTest:)`), with its parameter's label. `Test.Case` keeps them in
/// properties that are not public API; they are read by reflection, and a change in their shape
/// gives nil (the case then shares its test's folder, and the ledger fails the collision).
private func caseArguments(_ testCase: Test.Case) -> [(label: String?, value: String)]? {
    func child(_ value: Any, _ label: String) -> Any? {
        Mirror(reflecting: value).children.first { $0.label == label }?.value
    }
    func find(_ value: Any, depth: Int) -> [Any]? {
        guard depth < 6 else { return nil }
        for item in Mirror(reflecting: value).children {
            if item.label == "arguments", let array = item.value as? [Any] { return array }
            if let found = find(item.value, depth: depth + 1) { return found }
        }
        return nil
    }
    guard let arguments = find(testCase, depth: 0), !arguments.isEmpty else { return nil }
    var result: [(label: String?, value: String)] = []
    for argument in arguments {
        guard let value = child(argument, "value") else { return nil }
        let parameter = child(argument, "parameter")
        let label = parameter.flatMap { child($0, "firstName") as? String }
        result.append((label, String(describingForTest: value)))
    }
    return result
}
#endif

/// Called once when the binary is loaded (CTestObservation's constructor): watch XCTest's test
/// cases from the first on. Public only so that the C side can link to it.
@_cdecl("grona_snapshot_testing_loaded")
public func _gronaSnapshotTestingLoaded() {
    TestCaseObserver.shared.register()
}

/// Sees XCTest cases start and finish, so a free function called from a helper outside the test
/// class still knows which test runs. Registered when the test binary loads (above), so from the
/// first test case on every call knows its test.
final class TestCaseObserver: NSObject, XCTestObservation, @unchecked Sendable {
    // `@unchecked Sendable`: `current` and `registered` are read and written only while `lock` is held.
    // An NSLock rather than a Mutex: the test case XCTest hands over is not Sendable, so a Mutex
    // would not take it in.
    static let shared = TestCaseObserver()
    private let lock = NSLock()
    private weak var current: XCTestCase?
    private var registered = false
    private var bundleStarted = false

    var running: XCTestCase? {
        lock.lock(); defer { lock.unlock() }
        return current
    }

    /// Whether XCTest has started running this process's tests.
    var sawTestsStart: Bool {
        lock.lock(); defer { lock.unlock() }
        return bundleStarted
    }

    func testBundleWillStart(_ testBundle: Bundle) {
        lock.lock(); defer { lock.unlock() }
        bundleStarted = true
    }

    func register() {
        lock.lock()
        let first = !registered
        registered = true
        lock.unlock()
        if first { XCTestObservationCenter.shared.addTestObserver(self) }
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        lock.lock(); defer { lock.unlock() }
        current = testCase
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        lock.lock(); defer { lock.unlock() }
        if current === testCase { current = nil }
    }
}

/// Which distinct unnamed snapshots each running test case has taken, so the second and later get
/// a number. A snapshot is its spec (theme, component, environment, variants): asserting the same
/// one twice in a test (record, then check) is one golden, not two. Keyed by the test case's
/// identity and the snapshots folder (the accessibility pictures and reports have their own).
final class SnapshotCounter: Sendable {
    static let shared = SnapshotCounter()
    private struct Seen {
        var specs: [String: [Spec]] = [:]
        var owners: [String: ObjectIdentifier] = [:]
    }
    private let seen = Mutex(Seen())

    /// 1 for the first distinct `spec` of `key`, 2 for the next, …; the same number again for a
    /// spec seen before. An XCTest case starts afresh for each instance (each run of a test method).
    func number(of spec: Spec, for key: String, instance: AnyObject? = nil) -> Int {
        let owner = instance.map(ObjectIdentifier.init)
        return seen.withLock { seen in
            if let owner, seen.owners[key] != owner {
                seen.owners[key] = owner
                seen.specs[key] = []
            }
            var specs = seen.specs[key, default: []]
            if let index = specs.firstIndex(of: spec) { return index + 1 }
            specs.append(spec)
            seen.specs[key] = specs
            return specs.count
        }
    }
}
