import CopypastaCore
import CopypastaStore
import Glibc

@testable import CopypastaSyncthing
@testable import CopypastaSystem

/// The targets of lines and texts: the socket, the config file, a pinentry, selections,
/// queries and Syncthing's answers.
extension FuzzTarget {
    /// One request to each reply shape (ping, status and the rest).
    private static let requests: [IPCMessage.Request] = [.ping, .status, .paste(id: 1)]

    /// The first line as the daemon reads a request and as a client reads a reply; what
    /// decodes must encode and decode to the same value.
    static func ipc(_ bytes: [UInt8]) {
        let line = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
        if case let .success(request) = IPCMessage.decode(line) {
            precondition(
                IPCMessage.decode(IPCMessage.encode(request)) == .success(request), "a request does not survive encoding")
        }
        for request in requests {
            if case let .success(reply) = IPCMessage.decodeReply(line, to: request) {
                let again = IPCMessage.decodeReply(IPCMessage.encode(reply), to: request)
                precondition(again == .success(reply), "a reply does not survive encoding")
            }
        }
    }

    /// The input as a config file.
    static func config(_ bytes: [UInt8]) {
        _ = try? Config.parse(bytes: bytes, file: "fuzz.conf")
    }

    /// Each line as a pinentry's answer; each line's text escaped as a command argument must
    /// decode back to its bytes.
    static func assuan(_ bytes: [UInt8]) {
        for line in bytes.split(separator: 0x0A) {
            _ = Assuan.parse(Array(line))
            let text = String(decoding: line, as: UTF8.self)
            precondition(Assuan.decode(ArraySlice(Assuan.escape(text).utf8)) == Array(text.utf8), "escape and decode disagree")
        }
    }

    /// The input as selection bytes in each encoding; INCR chunks (sized by the first byte)
    /// must decode to what the whole does, and Latin-1 text must encode back to its bytes.
    static func xtext(_ bytes: [UInt8]) {
        let size = Int(bytes.first ?? 0) + 1
        let chunks = stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
        for encoding in [SelectionEncoding.utf8, .latin1, .unknown] {
            let whole = TextDecoding.decode(bytes, as: encoding)
            let chunked = TextDecoding.decode(chunks: chunks, as: encoding)
            precondition(whole == chunked || chunks.isEmpty, "chunks decode to another text than the whole")
        }
        precondition(
            TextDecoding.latin1Bytes(TextDecoding.decode(bytes, as: .latin1).text) == bytes, "Latin-1 does not round-trip")
    }

    /// The text of an HTML document: bounded by the cap, no markup left from a well-formed tag,
    /// and the same text from the same bytes.
    static func htmltext(_ bytes: [UInt8]) {
        let text = HTMLText.extract(bytes)
        precondition(text.utf8.count <= DocumentText.maximumBytes + 4, "the extracted text is over the cap")
        precondition(text == HTMLText.extract(bytes), "the same bytes gave two texts")
        _ = DocumentText.format(name: "fuzz.html", head: Array(bytes.prefix(8192)))
        _ = DocumentText.text(of: bytes, format: .plain)
    }

    /// A history with one entry, for the queries to run on. Its files are removed once it is
    /// written: the open connection keeps them, and a stopped fuzzer leaves nothing behind.
    nonisolated(unsafe) private static let store: HistoryStore? = {
        var template = Array("/tmp/copypasta-fuzz-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else { return nil }
        let directory = String(cString: made)
        let path = directory + "/history.sqlite3"
        let store = try? HistoryStore(path: path)
        _ = try? store?.add(
            "a word and https://example.org/ a link", at: Timestamp(microseconds: 1), policy: .move, maxEntries: 0,
            tags: ["work"])
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        rmdir(directory)
        return store
    }()

    /// The input as a search query; a query the parser accepts must run (its FTS5 expression
    /// and filters are SQLite's to read). Its `re:` patterns are PCRE2's to judge: a bad one is
    /// the user's error (exit 64), and one that runs past the deadline stops the search (75).
    static func search(_ bytes: [UInt8]) {
        guard let query = try? SearchQuery.parse(String(decoding: bytes, as: UTF8.self)) else { return }
        _ = query.findText
        guard let store else { preconditionFailure("no history in memory") }
        do {
            _ = try store.search(query, order: .relevance, limit: 5)
        } catch .badRegex, .regexDeadline {
            return
        } catch {
            preconditionFailure("an accepted query fails in SQLite: \(error)")
        }
    }

    /// The input as a whole response and as one still arriving: a response complete before the
    /// end must be the same once the connection has closed.
    static func http(_ bytes: [UInt8]) {
        let atEnd = try? HTTPResponse.parse(bytes, atEnd: true)
        if let early = try? HTTPResponse.parse(bytes, atEnd: false) {
            precondition(atEnd == early, "a response reads differently once the connection closed")
        }
    }
}
