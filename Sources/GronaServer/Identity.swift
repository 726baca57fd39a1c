import Foundation
import Grona
import GronaRequests
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Who is asking: the addresses whose word is taken (`--trusted-proxy`, addresses and CIDR ranges),
// the client a request counts for in fair queueing (an IPv6 client by its /64, which one machine
// usually holds whole), the people named by a tokens file (`--tokens`: a name and the SHA-256 of
// each person's token, never the token itself) or by a trusted auth proxy's headers.

/// An IPv4 or IPv6 address, or a CIDR range of them (`10.0.0.0/8`, `fd00::/8`, `::1`).
package struct AddressRange: Sendable, Equatable {
    /// 4 or 16 bytes; an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) is its IPv4 address.
    let bytes: [UInt8]
    let prefix: Int

    init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let bytes = AddressRange.parse(String(parts[0])) else { return nil }
        let bits = bytes.count * 8
        if parts.count == 2 {
            guard let prefix = Int(parts[1]), (0...bits).contains(prefix), parts[1].allSatisfy(\.isASCII) else { return nil }
            self.prefix = prefix
        } else {
            prefix = bits
        }
        self.bytes = bytes
    }

    func contains(_ address: String) -> Bool {
        guard let other = AddressRange.parse(address), other.count == bytes.count else { return false }
        var left = prefix
        for index in bytes.indices where left > 0 {
            let mask: UInt8 = left >= 8 ? 0xFF : ~(0xFF >> UInt8(left))
            if bytes[index] & mask != other[index] & mask { return false }
            left -= 8
        }
        return true
    }

    /// The address's bytes: 4 for IPv4 (and IPv4-mapped IPv6), 16 for IPv6.
    package static func parse(_ text: String) -> [UInt8]? {
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes.prefix(10).allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF { return Array(bytes.suffix(4)) }
        return bytes
    }
}

/// The proxies in front (`--trusted-proxy`, repeatable: addresses and CIDR ranges): their
/// `X-Forwarded-For` names the client, their `X-Forwarded-User` / `X-Forwarded-Email` the person,
/// their `X-Request-Id` the request, and their connections have no per-address limit.
package struct TrustedProxies: Sendable {
    var ranges: [AddressRange] = []

    init(_ ranges: [AddressRange] = []) { self.ranges = ranges }

    /// `--trusted-proxy` values: each an address or a CIDR range.
    package static func parse(_ values: [String]) throws -> TrustedProxies {
        TrustedProxies(try values.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.map { text in
            guard let range = AddressRange(text) else {
                throw RequestError("--trusted-proxy: \(quoted(text, limit: 64)) is not an IP address or a CIDR range "
                                   + "(like 127.0.0.1, ::1, 10.0.0.0/8 or fd00::/8)")
            }
            return range
        })
    }

    func contains(_ address: String) -> Bool { ranges.contains { $0.contains(address) } }
    package var isEmpty: Bool { ranges.isEmpty }
}

/// The client a request counts for in fair queueing and the per-client share: an IPv4 address as it
/// is, an IPv6 one by its /64 (a machine, or a home, gets a whole /64 and can take any address in it).
enum ClientGroup {
    static func of(_ address: String) -> String {
        guard let bytes = AddressRange.parse(address), bytes.count == 16 else { return address }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}

/// The people a tokens file names (`--tokens FILE`): one `NAME SHA256-HEX` a line (`#` starts a
/// comment), the hash of that person's token, so the file gives away no token. A line is made with
/// `printf '%s %s\n' alice "$(printf '%s' "$TOKEN" | sha256sum | cut -d' ' -f1)"`.
package struct PersonTokens: Sendable {
    package struct Entry: Sendable { var name: String; var hash: [UInt8] }
    package var entries: [Entry] = []

    package init() {}

    static let namePattern = "^[A-Za-z0-9][A-Za-z0-9._@+-]{0,63}$"

    package static func read(_ path: String) throws -> PersonTokens {
        guard let data = FileManager.default.contents(atPath: path) else { throw RequestError("--tokens: cannot read \(path)") }
        var tokens = PersonTokens()
        for (number, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
            let place = "--tokens: \(path): line \(number + 1)"
            guard fields.count == 2 else {
                throw RequestError("\(place): expected a name and the SHA-256 of the person's token in hex (`alice 5e88…`), got \(fields.count) field(s)")
            }
            let name = String(fields[0])
            guard (try? Regex(PersonTokens.namePattern)).flatMap({ name.wholeMatch(of: $0) }) != nil else {
                throw RequestError("\(place): \(quoted(name, limit: 64)) is not a name (letters, digits, . _ @ + -, at most 64)")
            }
            guard let hash = hexBytes(String(fields[1])), hash.count == 32 else {
                throw RequestError("\(place): the second field must be the token's SHA-256 as 64 hex digits "
                                   + "(printf '%s' \"$TOKEN\" | sha256sum), never the token itself")
            }
            if tokens.entries.contains(where: { $0.name == name }) { throw RequestError("\(place): \(name) is named twice") }
            tokens.entries.append(Entry(name: name, hash: hash))
        }
        return tokens
    }

    /// The person whose token this is. Every entry is compared, in time independent of where a
    /// hash differs, so the answer's timing says nothing about the file.
    func person(for token: [UInt8]) -> String? {
        let hash = SHA256.hash(token)
        var found: String?
        for entry in entries where StudioAPI.sameSecret(hash, entry.hash) { found = entry.name }
        return found
    }

    package var isEmpty: Bool { entries.isEmpty }

    private static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.lowercased().utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}

/// A name the studio is reached by (`--public-url https://grona.team.example`): its origin, which a
/// browser sends as `Origin`, and the `Host` values that name it.
package struct PublicURL: Sendable, Equatable {
    package let origin: String
    let hosts: Set<String>

    init(_ text: String) throws {
        let refused = RequestError("--public-url: \(quoted(text, limit: 120)) is not a URL like https://grona.team.example "
                                   + "or http://studio.internal:8080 (a scheme, a host name, an optional port, no path)")
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host?.lowercased(), !host.isEmpty,
              components.path.isEmpty || components.path == "/", components.query == nil, components.fragment == nil,
              components.user == nil, components.password == nil,
              host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-.:[]".contains($0)) }) else { throw refused }
        let name = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let standard = scheme == "https" ? 443 : 80
        if let port = components.port, port != standard {
            origin = "\(scheme)://\(name):\(port)"
            hosts = ["\(name):\(port)"]
        } else {
            origin = "\(scheme)://\(name)"
            hosts = [name, "\(name):\(standard)"]
        }
    }

    /// `--public-url` values (each may be a comma list, as GRONA_PUBLIC_URL is).
    package static func parse(_ values: [String]) throws -> [PublicURL] {
        try values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.map(PublicURL.init)
    }
}

/// SHA-256 (FIPS 180-4), for the tokens file's hashes: Foundation on Linux has none, and one hash a
/// request of a few dozen bytes needs no library.
enum SHA256 {
    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    static func hash(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
        var data = message + [0x80]
        while data.count % 64 != 56 { data.append(0) }
        let bits = UInt64(message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        var w = [UInt32](repeating: 0, count: 64)
        for block in stride(from: 0, to: data.count, by: 64) {
            for i in 0..<16 {
                w[i] = (0..<4).reduce(0) { $0 << 8 | UInt32(data[block + i * 4 + $1]) }
            }
            for i in 16..<64 {
                let s0 = rotate(w[i - 15], 7) ^ rotate(w[i - 15], 18) ^ (w[i - 15] >> 3)
                let s1 = rotate(w[i - 2], 17) ^ rotate(w[i - 2], 19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for i in 0..<64 {
                let t1 = hh &+ (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[i] &+ w[i]
                let t2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            h = zip(h, [a, b, c, d, e, f, g, hh]).map { $0 &+ $1 }
        }
        return h.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * $0)) } }
    }
}
