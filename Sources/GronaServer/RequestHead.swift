import Foundation
import Grona

// What a request's head must be before anything else of it is read. libmicrohttpd parses the head
// leniently: it passes header values with control characters through (a NUL cuts the C string it
// hands over, so a handler would see less than was sent), and a body announced with a
// Transfer-Encoding other than exactly `chunked` is neither refused nor read, so the request waits
// for its deadline. A proxy in front may frame such a request differently from us (request
// smuggling), so each is refused at once, with `Connection: close`:
//
// - a control character (0x00–0x1F but tab, or 0x7F) in a header's name or value: 400;
// - a NUL in the request line (the method or the target): 400 — libmicrohttpd hands both over as C
//   strings, so `GET /a.json<NUL>.png` would arrive as `/a.json`;
// - Transfer-Encoding whose last coding is not `chunked`, that names `chunked` twice or with
//   parameters, or that comes with Content-Length (RFC 9112 §6.1, §6.3): 400 — so `xchunked` and
//   `chunked, identity` are 400; and a lone coding that is not exactly `chunked` (`chunked<TAB>`),
//   which libmicrohttpd would not read as chunked (it compares the whole value), so the body
//   would be waited for until the deadline;
// - Transfer-Encoding with a coding before the final `chunked` (`gzip, chunked`): no coding but
//   chunked is implemented, so 501 (RFC 9112 §6.1: an unrecognised coding is 501).
enum RequestHead {
    /// The refusal for a connection's request head, or nil when it may be read on.
    /// `head` is the request's method as libmicrohttpd hands it over: the start of the head in its buffer.
    /// `target`: where the request target starts in the head and its length as a C string, as
    /// libmicrohttpd showed it before taking the request line apart (`requestStarted`).
    static func refusal(_ connection: OpaquePointer, head: UnsafeRawPointer, target: RequestTarget) -> HTTPResponse? {
        let box = HeadBox()
        let size = MicroHTTPD.headSize(of: connection)
        box.end = size > 0 ? head + size : nil
        box.raw = MicroHTTPD.rawHeaders(of: connection)
        if requestLineHasNUL(head: head, target: target, lineEnd: box.raw.first?.name ?? box.end) {
            return refused(400, "the request line contains a NUL character")
        }
        return refusal(headers: box.headers())
    }

    /// Whether the request line held a NUL the C strings libmicrohttpd hands over hide.
    ///
    /// By the time the head is in, libmicrohttpd has written NULs over the space after the method,
    /// the space before the version and the line's CR LF, and over the target's `?` while decoding
    /// it in place; the version ("HTTP/1.x") and the bytes before the target are as they came. So
    /// from the line's end (the first header's name, or the head's end) back over the NULs is the
    /// version, and the NUL before it ends the target as sent: a target longer than the C string
    /// libmicrohttpd showed when it started the request held a NUL; and between the method's end
    /// and the target there may be only that one NUL and spaces. When the line is not laid out so
    /// (libmicrohttpd moved its buffer), nothing is concluded.
    static func requestLineHasNUL(head: UnsafeRawPointer, target: RequestTarget, lineEnd: UnsafeRawPointer?) -> Bool {
        guard let start = target.start, let lineEnd, start > head, lineEnd > start, lineEnd - start < 1 << 16 else { return false }
        var last = lineEnd - 1
        while last > start, last.load(as: UInt8.self) == 0 { last -= 1 }
        let version = last - 7
        guard version - 1 >= start, version.load(as: UInt8.self) == UInt8(ascii: "H"),
              (0..<7).allSatisfy({ (version + $0).load(as: UInt8.self) == Array("HTTP/1.".utf8)[$0] }),
              (version - 1).load(as: UInt8.self) == 0 else { return false }
        if (version - 1) - start != target.length { return true }
        var at = head
        while at < start, at.load(as: UInt8.self) != 0 { at += 1 }
        at += 1
        while at < start { if at.load(as: UInt8.self) != UInt8(ascii: " ") { return true }; at += 1 }
        return false
    }

    /// The rules above, over the head's headers as bytes (name, value).
    static func refusal(headers: [(name: [UInt8], value: [UInt8])]) -> HTTPResponse? {
        for (name, value) in headers {
            if let bad = (name + value).first(where: isControl) {
                let shown = String(decoding: name.prefix(40), as: UTF8.self).filter { !$0.isASCII || $0.asciiValue.map { !isControl($0) } ?? true }
                return refused(400, "the request's header \(quoted(shown, limit: 40)) contains a control character (0x\(String(bad, radix: 16, uppercase: true)))")
            }
        }
        func named(_ wanted: String) -> [String] {
            headers.filter { String(decoding: $0.name, as: UTF8.self).lowercased() == wanted }
                .map { String(decoding: $0.value, as: UTF8.self) }
        }
        let encodings = named("transfer-encoding")
        guard !encodings.isEmpty else { return nil }
        if !named("content-length").isEmpty {
            return refused(400, "the request has both Transfer-Encoding and Content-Length; send one")
        }
        // Empty list elements mean nothing to RFC 9110 (§5.6.1), but libmicrohttpd reads a body as
        // chunked only when the value is exactly `chunked`: refused as framing it would get wrong.
        let codings = encodings.joined(separator: ",").split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .init(charactersIn: " \t")).lowercased() }
        guard codings.last == "chunked", !codings.contains(""), codings.filter({ $0.contains("chunked") }).count == 1 else {
            return refused(400, "Transfer-Encoding \(quoted(encodings.joined(separator: ", "), limit: 80)) does not end in chunked, the only framing of a body without a length")
        }
        if let other = codings.dropLast().first {
            return refused(501, "the transfer coding \(quoted(other, limit: 40)) is not supported; send the body chunked or with Content-Length")
        }
        // libmicrohttpd reads a body as chunked only when the value is `chunked` and nothing else.
        guard encodings.count == 1, encodings[0].lowercased() == "chunked" else {
            return refused(400, "Transfer-Encoding \(quoted(encodings.joined(separator: ", "), limit: 80)) is not exactly chunked (spaces or tabs around it); send Transfer-Encoding: chunked")
        }
        return nil
    }

    private static func isControl(_ byte: UInt8) -> Bool { (byte < 0x20 && byte != 0x09) || byte == 0x7F }

    private static func refused(_ status: Int, _ message: String) -> HTTPResponse {
        .error(status, message, headers: [("Connection", "close")])
    }
}

/// Where the request target starts in libmicrohttpd's buffer and its length as the C string it showed.
struct RequestTarget {
    var start: UnsafeRawPointer?
    var length: Int
}

/// The head's headers as libmicrohttpd keeps them: in its read buffer, in the order they came.
private final class HeadBox {
    var raw: [(name: UnsafeRawPointer, nameSize: Int, value: UnsafeRawPointer?, valueSize: Int)] = []
    /// Just past the empty line that ends the head, when known.
    var end: UnsafeRawPointer?

    /// Each header's name and value as bytes; a value holding a NUL the client sent gets the NUL back.
    ///
    /// libmicrohttpd ends each value by writing NULs over the line's CR and LF (and its trailing
    /// spaces), and hands it over as a C string, so a NUL the client sent cuts the value short
    /// without a trace in what it reports. In its buffer, though, the rest of the line is still
    /// there: between a value's end and the next header's name (or, for the last header, the end
    /// of the head) there is only whitespace and the NULs it wrote; any other byte, or more NULs than
    /// its line's end accounts for (two: CR LF), and for the last header the empty line's too (four),
    /// means the line went on after a NUL (`a<NUL><CR><LF>` leaves three).
    func headers() -> [(name: [UInt8], value: [UInt8])] {
        raw.indices.map { index in
            let header = raw[index]
            let name = Array(UnsafeRawBufferPointer(start: header.name, count: header.nameSize))
            guard let value = header.value else { return (name, []) }
            var bytes = Array(UnsafeRawBufferPointer(start: value, count: header.valueSize))
            var offset = header.valueSize, nuls = 0
            let last = index + 1 == raw.count
            // Where this header's line and what follows it end: the next name, or the head's end.
            let stop = last ? end.flatMap { $0 > value + header.valueSize ? $0 : nil } : raw[index + 1].name
            while stop.map({ value + offset < $0 }) ?? (nuls < 3) {
                let byte = value.load(fromByteOffset: offset, as: UInt8.self)
                if byte == 0 { nuls += 1 } else if byte != 0x20 && byte != 0x09 { bytes.append(0); break }
                offset += 1
            }
            // The line's CR LF (and after the last line the empty line's): two NULs, or four, at most.
            if stop != nil, nuls > (last ? 4 : 2), bytes.last != 0 { bytes.append(0) }
            return (name, bytes)
        }
    }
}
