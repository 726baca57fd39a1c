import Foundation

/// The tiles on screen before the rest, with no round trip between them. For one edit the studio
/// sends two previews at once: the tiles on screen with the findings, and the rest without
/// (`findings=false`). Run side by side, the rest would take half the cores from the tiles a person
/// is looking at; sent after the first answer, the cores would wait for the page to read it. So the
/// rest waits here until the same client's preview of the same spec text has drawn its tiles, and
/// then starts at once: the first keeps both render lanes, and the page decodes the first answer
/// while the rest is drawn.
///
/// Only a client's own previews of the very same text are waited for (the server names an edit by
/// the request's client and a hash of the spec's name and text), never another client's, and for at
/// most `longestWait`, so a fill-in whose first preview was lost or refused is drawn anyway; a client
/// that goes away stops waiting.
public final class PreviewOrder: @unchecked Sendable {
    // @unchecked Sendable: `drawing` is read and written only while `condition` is locked.
    private let condition = NSCondition()
    private var drawing: [Int: Int] = [:]

    public let longestWait: TimeInterval
    /// How often a waiting fill-in looks whether its client went away.
    static let pollInterval: TimeInterval = 0.05

    public init(longestWait: TimeInterval = 1) { self.longestWait = longestWait }

    /// `draw()`, with the fill-ins of the same `edit` waiting until it returns.
    public func first<T>(_ edit: Int, _ draw: () throws -> T) rethrows -> T {
        condition.lock()
        drawing[edit, default: 0] += 1
        condition.unlock()
        defer {
            condition.lock()
            drawing[edit, default: 1] -= 1
            if drawing[edit] == 0 { drawing[edit] = nil }
            condition.broadcast()
            condition.unlock()
        }
        return try draw()
    }

    /// Returns once no preview with findings of `edit` is drawing, `longestWait` has passed or `gone()`.
    /// Whether it waited at all.
    @discardableResult
    public func waitForFirst(of edit: Int, gone: () -> Bool = { false }) -> Bool {
        let deadline = Date(timeIntervalSinceNow: longestWait)
        condition.lock()
        defer { condition.unlock() }
        var waited = false
        while drawing[edit] != nil, !gone(), Date() < deadline {
            waited = true
            _ = condition.wait(until: min(deadline, Date(timeIntervalSinceNow: Self.pollInterval)))
        }
        return waited
    }
}
