import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PNG
import Raster

/// The package root, found from this file's path.
package let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
package let fixtures = packageRoot + "/Fixtures"

/// What one run of the command line gave.
package struct RunResult {
    package var status: Int32
    package var stdout: String
    package var stderr: String
    /// Standard output as bytes, for a PNG written to `-o -`.
    package var stdoutBytes: [UInt8] = []
}

// What the test targets share: running the grona-snap built next to the test bundle, the
// package's fixtures, temporary folders and reading images back.

/// Runs the grona-snap built next to this test bundle.
package func snap(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> RunResult {
    try snap(arguments: arguments)
}

package func snap(arguments: [String]) throws -> RunResult {
    try runProgram(try gronaSnapBinary(), arguments)
}

/// The grona-snap built next to this test bundle.
package func gronaSnapBinary() throws -> String {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var binary = folder.appendingPathComponent("grona-snap").path
    if !FileManager.default.isExecutableFile(atPath: binary) {
        // Some runners start the tests from inside the .xctest bundle.
        binary = folder.deletingLastPathComponent().appendingPathComponent("grona-snap").path
    }
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        // The test target depends on grona-snap, so it is always built: not finding it is a failure.
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: binary])
    }
    return binary
}

/// Runs `executable arguments…` with GRONA_FONTS set to the checkout's fonts and the caller's
/// GRONA_RECORD and GRONA_ARTIFACTS removed, then `environment` applied (a nil value unsets).
package func runProgram(_ executable: String, _ arguments: [String], environment changes: [String: String?] = [:],
         in folder: String? = nil) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    var environment = ProcessInfo.processInfo.environment
    environment["GRONA_FONTS"] = packageRoot + "/Fonts"
    // The caller's record mode and artifacts folder must not leak into the commands under test.
    environment["GRONA_RECORD"] = nil
    environment["GRONA_ARTIFACTS"] = nil
    // Nor the variables the option rows read (`OptionTable`: GRONA_PADDING …), which would change the pictures.
    for name in ["GRONA_PADDING", "GRONA_BACKGROUND", "GRONA_FPS", "GRONA_HOLD"] { environment[name] = nil }
    // Nor the CI engine's sharding, JUnit or annotations, when the suite itself runs in CI.
    for name in ["TEST_TOTAL_SHARDS", "TEST_SHARD_INDEX", "TEST_SHARD_STATUS_FILE", "XML_OUTPUT_FILE",
                 "TEST_UNDECLARED_OUTPUTS_DIR", "CI_NODE_INDEX", "CI_NODE_TOTAL", "CIRCLE_NODE_INDEX",
                 "CIRCLE_NODE_TOTAL", "BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", "GITHUB_ACTIONS"] {
        environment[name] = nil
    }
    for (name, value) in changes { environment[name] = value }
    process.environment = environment
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes to the end before waiting, so a chatty child never blocks on a full pipe.
    let errData = DataBox()
    let done = DispatchSemaphore(value: 0)
    let reader = Thread { errData.data = err.fileHandleForReading.readDataToEndOfFile(); done.signal() }
    reader.start()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    done.wait()
    return RunResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                     stderr: String(decoding: errData.data, as: UTF8.self), stdoutBytes: [UInt8](outData))
}

/// Written by the stderr reader thread before it signals, read after the wait: the semaphore orders
/// the two accesses, which is why `@unchecked Sendable` is safe.
private final class DataBox: @unchecked Sendable {
    var data = Data()
}

/// A fresh empty folder under the system's temporary folder.
package func temporaryFolder(_ name: String = #function) throws -> String {
    let path = NSTemporaryDirectory() + "grona-cli-\(getpid())-\(name.filter { $0.isLetter || $0.isNumber })"
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A fresh folder holding Fixtures/acme-banner.json and images/coffee.png, as a studio's campaigns.
package func folderWithAcme(_ name: String = #function) throws -> String {
    let folder = try temporaryFolder(name)
    try FileManager.default.copyItem(atPath: fixtures + "/acme-banner.json", toPath: folder + "/acme-banner.json")
    try FileManager.default.createDirectory(atPath: folder + "/images", withIntermediateDirectories: false)
    try FileManager.default.copyItem(atPath: fixtures + "/images/coffee.png", toPath: folder + "/images/coffee.png")
    return folder
}

/// The files `serve` keeps in its campaigns folder: every one but its history's (.git/).
package func campaignFiles(under folder: String) -> [String] {
    files(under: folder).filter { !$0.hasPrefix(".git/") }
}

/// Every file under `folder` (hidden ones too), relative paths, sorted.
package func files(under folder: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
    var found: [String] = []
    while let path = walker.nextObject() as? String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
            found.append(path)
        }
    }
    return found.sorted()
}

package func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

package func image(_ path: String) throws -> Pixmap {
    try decodePNG(try bytes(path)).pixmap
}

/// The straight RGBA of one pixel of an opaque or premultiplied pixmap.
package func pixel(_ pixmap: Pixmap, _ x: Int, _ y: Int) -> [UInt8] {
    let i = (y * pixmap.width + x) * 4
    return Array(pixmap.pixels[i..<(i + 4)])
}

/// Starts grona-snap with `arguments` (fonts set, no CI variables) and returns once `staged` staged
/// files are under `folder`, or the run ends, or a minute passes: a run to interrupt mid-way. Its
/// standard error goes to the file `stderr` when given.
package func startUntilStaged(_ arguments: [String], watching folder: String, staged: Int = 1, stderr: String? = nil) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try gronaSnapBinary())
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["GRONA_FONTS"] = packageRoot + "/Fonts"
    for name in ["TEST_TOTAL_SHARDS", "CI_NODE_TOTAL", "CIRCLE_NODE_TOTAL", "BUILDKITE_PARALLEL_JOB_COUNT", "XML_OUTPUT_FILE"] {
        environment[name] = nil
    }
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    if let stderr {
        FileManager.default.createFile(atPath: stderr, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: stderr)
    } else {
        process.standardError = FileHandle.nullDevice
    }
    try process.run()
    let deadline = Date().addingTimeInterval(60)
    while process.isRunning && stagedFiles(under: folder, upTo: staged) < staged && Date() < deadline { usleep(2_000) }
    return process
}

/// How many files (hidden ones too) under `folder` are staged ones, counting up to `limit`.
private func stagedFiles(under folder: String, upTo limit: Int) -> Int {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return 0 }
    var count = 0
    while let path = walker.nextObject() as? String, count < limit {
        if path.hasSuffix(".staged") { count += 1 }
    }
    return count
}

/// Every file and folder under `folder`, hidden ones included, sorted.
package func allEntries(under folder: String) -> [String] {
    (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
}

/// The test cases of a JUnit file, as (classname/name, failed), parsed as XML. With XMLParser's
/// events rather than an XMLDocument: on Linux the document's nodes leak their libxml2 tree, which
/// the AddressSanitizer run (LeakSanitizer) reports at exit.
package func junitCases(_ file: String) throws -> [(name: String, failed: Bool)] {
    final class Cases: NSObject, XMLParserDelegate {
        var found: [(name: String, failed: Bool)] = []
        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            if element == "testcase", let classname = attributes["classname"], let name = attributes["name"] {
                found.append((classname + "/" + name, false))
            } else if element == "failure", !found.isEmpty {
                found[found.count - 1].failed = true
            }
        }
    }
    let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: file)))
    let cases = Cases()
    parser.delegate = cases
    guard parser.parse() else {
        throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(file): \(parser.parserError.map { "\($0)" } ?? "not XML")"])
    }
    return cases.found
}

/// One answer of the service, from a process over HTTP or called in-process.
package struct ServiceAnswer {
    package var status: Int
    package var headers: [String: String]
    package var body: [UInt8]
    package init(status: Int, headers: [String: String], body: [UInt8]) { self.status = status; self.headers = headers; self.body = body }
    package var text: String { String(decoding: body, as: UTF8.self) }
    package func header(_ name: String) -> String? { headers.first { $0.key.lowercased() == name.lowercased() }?.value }
    /// The `error` of a JSON error answer.
    package var errorMessage: String? {
        (try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])?["error"] as? String
    }
}
