import Foundation
import Grona
import GronaRequests
import Locking

/// Who may ask, by which names, and who is asking. The names and the people can be changed while
/// the server runs (SIGHUP reloads them): a request is judged by the settings in force when it
/// arrived, so the ones in flight (waiting for a lane, or running) during a reload are answered as
/// they would have been; the next ones get the new.
///
/// - **Names.** On loopback, or once `--public-url` gives the names the studio is reached by, a
///   request must name one of them or a loopback name in `Host`: a page whose name an attacker
///   points at this machine (DNS rebinding) sends its own name and gets 403, whatever it looks like
///   (`grona.team.example.evil.com`). A browser's `Origin` must be the `Host` it sent or a public URL
///   (a proxy may rewrite `Host` to the instance's address).
/// - **People.** With `--token-file` (one shared token) or `--tokens` (a name and the SHA-256 of each
///   person's token) every API request carries `Authorization: Bearer TOKEN`; the person is the
///   name its hash is found under. From a `--trusted-proxy` address, an auth proxy's
///   `X-Forwarded-User` (or `X-Forwarded-Email`) names the person instead, and admits the request:
///   that proxy has checked who it is (and must set or clear those headers on every request).
///   Listening on another address than loopback, every API request needs one or the other.
package final class AccessPolicy: Sendable {
    package struct Settings: Sendable {
        /// Listening on loopback only.
        package var loopbackOnly = true
        /// The address listened on, which a Host may name as well as localhost, 127.0.0.1 and [::1].
        package var listenAddress: String?
        /// `--token-file`: the one shared token.
        package var token: String?
        /// `--tokens`: the people and their tokens' hashes.
        package var people = PersonTokens()
        /// `--public-url`: the names the studio is reached by.
        package var publicURLs: [PublicURL] = []
        package var trustedProxies = TrustedProxies()

        package init() {}

        /// Every API request must say who it is (a token, or a trusted auth proxy's header).
        var needsCredentials: Bool { token != nil || !people.isEmpty || !loopbackOnly }
    }

    /// Who a request is, as the log and the audit lines name them.
    struct Caller: Sendable {
        /// The person: a `--tokens` name, or an auth proxy's user (else its email); nil when unknown.
        var person: String?
        /// How they were known: `token` (the shared token), `tokens`, `proxy`, or `none`.
        var means = "none"
    }

    private struct State {
        var current: Settings
        /// The settings before the last reload, for the requests that arrived before it.
        var previous: Settings?
        /// When the last reload was (uptime, ns).
        var replaced: UInt64 = 0
    }
    private let state: Mutex<State>

    package init(_ settings: Settings) { state = Mutex(State(current: settings)) }

    var settings: Settings { state.withLock { $0.current } }

    /// The settings in force when a request arrived (`HTTPRequest.arrived`).
    func settings(at arrival: UInt64) -> Settings {
        state.withLock { arrival < $0.replaced ? $0.previous ?? $0.current : $0.current }
    }

    /// SIGHUP: the names and people, read again.
    package func replace(people: PersonTokens, token: String?, publicURLs: [PublicURL]) {
        state.withLock {
            $0.previous = $0.current
            $0.current.people = people
            $0.current.token = token
            $0.current.publicURLs = publicURLs
            $0.replaced = DispatchTime.now().uptimeNanoseconds
        }
    }

    /// Admits the request (else throws its 400, 401 or 403) and says who asks.
    func admit(_ request: HTTPRequest, openToAnyone: Bool, needsToken: Bool) throws -> Caller {
        let settings = self.settings(at: request.arrived)
        let proxied = !settings.trustedProxies.isEmpty && settings.trustedProxies.contains(request.peer)
        var caller = Caller()
        if proxied, let user = [request.header("X-Forwarded-User"), request.header("X-Forwarded-Email")]
            .compactMap({ $0?.trimmingCharacters(in: .whitespaces) }).first(where: { !$0.isEmpty }) {
            caller = Caller(person: String(user.prefix(128)), means: "proxy")
        }
        if openToAnyone { return caller }
        // Two Host headers: a proxy may read the other one (RFC 9112 makes this a 400).
        if request.isRepeated("Host") || request.isRepeated("Authorization") {
            throw RequestError(.badInput, "the request has more than one \(request.isRepeated("Host") ? "Host" : "Authorization") header")
        }
        if settings.loopbackOnly || !settings.publicURLs.isEmpty {
            guard let host = request.header("Host") else {
                throw RequestError(.forbidden, "this studio answers only requests that name it: the Host header is missing")
            }
            guard StudioAPI.isLoopback(host: host, listeningOn: settings.listenAddress)
                    || settings.publicURLs.contains(where: { $0.hosts.contains(host.lowercased()) }) else {
                let names = ["localhost", "127.0.0.1", "[::1]"] + settings.publicURLs.map(\.origin)
                throw RequestError(.forbidden, "this studio answers only on \(names.joined(separator: ", ")) (Host: \(quoted(host, limit: 80)))"
                                   + (settings.publicURLs.isEmpty ? "; give --public-url URL for the name people reach it by" : ""))
            }
        }
        guard needsToken, settings.needsCredentials, caller.means != "proxy" else { return caller }
        // The scheme's name is case-insensitive (RFC 9110); the token is not.
        if let given = request.header("Authorization"), given.prefix(7).lowercased() == "bearer " {
            let secret = Array(given.utf8.dropFirst(7))
            if let token = settings.token, StudioAPI.sameSecret(secret, Array(token.utf8)) { return Caller(person: nil, means: "token") }
            if let person = settings.people.person(for: secret) { return Caller(person: person, means: "tokens") }
        }
        throw RequestError(.unauthorized, "this studio needs its token: send Authorization: Bearer TOKEN (the page takes it as #token=TOKEN)")
    }

    /// A web page the marketer visits must not be able to make the studio render or save, nor read
    /// what it serves: browsers say where a request comes from (Sec-Fetch-Site, Origin); tools that
    /// send neither are let in. An `Origin` that is one of the public URLs is this studio's own page,
    /// whatever `Host` the proxy in front passed on.
    func refuseCrossSite(_ request: HTTPRequest) throws {
        if let site = request.header("Sec-Fetch-Site"), site != "same-origin", site != "none" {
            throw RequestError(.forbidden, "cross-site requests are refused (Sec-Fetch-Site: \(quoted(site, limit: 40)))")
        }
        if let origin = request.header("Origin") {
            let host = request.header("Host")
            let sameHost = host.map { origin == "http://" + $0 || origin == "https://" + $0 } ?? false
            guard sameHost || settings(at: request.arrived).publicURLs.contains(where: { $0.origin == origin.lowercased() }) else {
                throw RequestError(.forbidden, "cross-site requests are refused (Origin: \(quoted(origin, limit: 80)))")
            }
        }
    }
}
