import Foundation

/// The tiles on screen before the rest, with no round trip between them. For one edit the studio
/// sends two previews at once: the tiles on screen with the findings, and the rest without
/// (`findings=false`). Run side by side, the rest would take half the cores from the tiles a person
/// is looking at; sent after the first answer, the cores would wait for the page to read it. So the
/// rest waits here until the same edit's first preview has been drawn (it may not even have reached
/// a worker yet: the two arrive together, in either order), and then starts at once: the first
/// keeps both render lanes, and the page decodes the first answer while the rest is drawn.
///
/// Only a client's own previews of the very same text are waited for (the server names an edit by
/// the request's client and a hash of the spec's name and text), never another client's, and for at
/// most `longestWait`, so a fill-in whose first preview was lost or refused before it started is
/// drawn anyway; a client that goes away stops waiting.
public final class PreviewOrder: @unchecked Sendable {
    // @unchecked Sendable: the stored state is read and written only while `condition` is locked.
    private let condition = NSCondition()
    /// The first previews drawing now, by edit.
    private var drawing: [Int: Int] = [:]
    /// The first previews drawn lately, oldest first, each until its fill-in comes (at most `remembered`).
    private var drawn: [Int] = []
    static let remembered = 256

    public let longestWait: TimeInterval
    /// How often a waiting fill-in looks whether its client went away.
    static let pollInterval: TimeInterval = 0.05

    public init(longestWait: TimeInterval = 1) { self.longestWait = longestWait }

    /// `draw()`, the first preview of `edit`: its fill-in waits until it returns (or throws).
    public func first<T>(_ edit: Int, _ draw: () throws -> T) rethrows -> T {
        condition.lock()
        drawing[edit, default: 0] += 1
        condition.unlock()
        defer {
            condition.lock()
            drawing[edit, default: 1] -= 1
            if drawing[edit] == 0 { drawing[edit] = nil }
            drawn.append(edit)
            if drawn.count > Self.remembered { drawn.removeFirst(drawn.count - Self.remembered) }
            condition.broadcast()
            condition.unlock()
        }
        return try draw()
    }

    /// Returns once the first preview of `edit` has been drawn (and none of it is drawing),
    /// `longestWait` has passed or `gone()`; whether the first preview was drawn.
    @discardableResult
    public func waitForFirst(of edit: Int, gone: () -> Bool = { false }) -> Bool {
        let deadline = Date(timeIntervalSinceNow: longestWait)
        condition.lock()
        defer { condition.unlock() }
        while drawing[edit] != nil || !drawn.contains(edit) {
            guard !gone(), Date() < deadline else { return false }
            _ = condition.wait(until: min(deadline, Date(timeIntervalSinceNow: Self.pollInterval)))
        }
        // Taken: the same text typed again later is another edit, with a first preview of its own.
        drawn.remove(at: drawn.firstIndex(of: edit)!)
        return true
    }
}
