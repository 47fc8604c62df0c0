import CopypastaCore
import Testing

@Suite struct ValueTests {
    @Test func fingerprintIsSHA256() {
        #expect(Fingerprint(of: "").description == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Fingerprint(of: "abc").description == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Fingerprint(bytes: Fingerprint(of: "x").bytes) == Fingerprint(of: "x"))
        #expect(Fingerprint(bytes: [1, 2]) == nil)
    }

    @Test func chunkedDecodingMatchesWholeDecoding() {
        let text = "héllo wörld 😀 " + String(repeating: "x", count: 100)
        let bytes = Array(text.utf8)
        let chunks = [Array(bytes[0..<2]), Array(bytes[2..<17]), Array(bytes[17...])]
        #expect(TextDecoding.decode(chunks: chunks, as: .utf8) == (text, false))
        let broken = [Array("ok".utf8), [0xF0, 0x9F, 0x98], Array("!".utf8)]
        let decoded = TextDecoding.decode(chunks: broken, as: .utf8)
        #expect(decoded.text == "ok\u{FFFD}!" && decoded.repaired)
        #expect(TextDecoding.decode(chunks: [[0x63, 0x61], [0x66, 0xE9]], as: .latin1).text == "café")
    }

    @Test func iso8601RoundTrips() throws {
        let stamp = Timestamp(microseconds: 1_790_000_000_123_000)
        #expect(stamp.iso8601 == "2026-09-21T14:13:20.123Z")
        #expect(Timestamp.parseISO8601(stamp.iso8601) == stamp)
        #expect(Timestamp.parseISO8601("2026-09-21T16:13:20.123+02:00") == stamp)
        #expect(Timestamp(microseconds: -1).iso8601 == "1969-12-31T23:59:59.999Z")
    }

    @Test(arguments: ["", "2026", "2026-1-01", "2026-01-01T25:00", "2026-01-01Tx", "2026-01-01Zjunk"])
    func badTimesAreRejected(text: String) {
        #expect(Timestamp.parseISO8601(text) == nil)
    }

    @Test func jsonLineHasEveryFieldAndEscapes() throws {
        let entry = Entry(
            id: 7, text: "a\"b\\c\n\u{1}é😀", previewSource: "", capturedAt: Timestamp(microseconds: 0), source: .imported,
            sourceApp: "Firefox", bytes: 12, pinned: true, tags: ["Work"], useCount: 2,
            lastUsedAt: Timestamp(microseconds: 1000))
        let line = JSONLines.encode(entry)
        #expect(line.hasPrefix(#"{"id":7,"text":"a\"b\\c\n\u0001é😀","preview":"#))
        for field in ["capturedAt", "source", "sourceApp", "bytes", "pinned", "tags", "useCount", "lastUsedAt"] {
            #expect(line.contains("\"\(field)\":"))
        }
        #expect(line.contains(#""source":"import""#))
        let record = try JSONLines.decode(Array(line.utf8), lineNumber: 1)
        #expect(record.text == entry.text)
        #expect(record.tags == ["Work"])
        #expect(record.pinned == true)
    }

    @Test(arguments: ["{", "[]", #"{"txt":"x"}"#, #"{"text":"x","capturedAt":"soon"}"#, #"{"text":"x","source":"fax"}"#])
    func badImportLinesNameTheLine(line: String) {
        guard let error = importError(line, lineNumber: 42) else { return }
        #expect(error.exitStatus == .dataError)
        #expect(error.description.hasPrefix("line 42:"))
    }

    @Test(arguments: [(0, "0 s"), (59, "59 s"), (61, "1 min 1 s"), (3600, "1 h"), (90_061, "1 d 1 h"), (1_209_600, "14 d")])
    func durationsShowTheirTwoLargestUnits(seconds: Int, shown: String) {
        #expect(HumanFormat.duration(seconds) == shown)
    }

    @Test func sizesUseBinaryUnits() {
        #expect(HumanFormat.bytes(512) == "512 B")
        #expect(HumanFormat.bytes(65_536) == "64.0 KiB")
        #expect(HumanFormat.bytes(56_209_408) == "53.6 MiB")
    }

    @Test func pathsFollowXDG() {
        let env = ["XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "relative", "XDG_RUNTIME_DIR": "/run/user/5"]
        let paths = Paths.resolve(database: nil, config: nil, environment: env, home: "/h", uid: 5)
        #expect(paths.database == "/d/copypasta/history.sqlite3")
        #expect(paths.configFile == "/h/.config/copypasta/copypasta.conf")
        #expect(paths.socket == "/run/user/5/copypasta/daemon.sock")
        #expect(paths.hooksDirectory == "/h/.config/copypasta/hooks")
        let fallback = Paths.resolve(database: "~/x.db", config: nil, environment: ["COPYPASTA_DB": "/e.db"], home: "/h", uid: 5)
        #expect(fallback.database == "/h/x.db")
        #expect(fallback.databaseOrigin == "--db")
        #expect(fallback.runtimeDirectory == "/tmp/copypasta-5")
    }
}

/// The error `JSONLines.decode` gives for `line` read as line `lineNumber` of an import; nil,
/// recorded as an issue, when it decodes the line.
func importError(_ line: String, lineNumber: Int) -> CoreError? {
    do {
        _ = try JSONLines.decode(Array(line.utf8), lineNumber: lineNumber)
        Issue.record("expected an error")
        return nil
    } catch {
        return error
    }
}
