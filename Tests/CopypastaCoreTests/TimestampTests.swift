import CopypastaCore
import Testing

/// Impossible calendar dates and offsets are refused, not rolled over by the C library.
@Suite struct TimestampTests {
    @Test(arguments: [
        "2026-02-30", "2026-02-29", "2025-04-31", "2026-06-31", "2026-09-31", "2026-11-31", "1900-02-29",
        "2026-02-30T10:00Z", "2026-01-01T10:00+99:99", "2026-01-01T10:00+24:00", "2026-01-01T10:00-05:60",
        "2026-00-10", "2026-13-01", "2026-01-00", "2026-01-32",
    ])
    func impossibleDatesAndOffsetsAreRejected(text: String) {
        #expect(Timestamp.parseISO8601(text) == nil)
    }

    @Test(arguments: ["2024-02-29", "2000-02-29", "2026-04-30", "2026-12-31T23:59:59Z", "2026-01-01T10:00+23:59"])
    func realDatesAreAccepted(text: String) {
        #expect(Timestamp.parseISO8601(text) != nil)
    }

    @Test func offsetsShiftTheInstant() {
        let utc = Timestamp.parseISO8601("2026-03-01T12:00Z")
        #expect(Timestamp.parseISO8601("2026-03-01T14:30+02:30") == utc)
        #expect(Timestamp.parseISO8601("2026-03-01T09:15-0245") == utc)
    }

    @Test func impossibleDateInAQueryIsAUsageErrorQuotingIt() {
        do {
            _ = try SearchQuery.parse("before:2026-02-30")
            Issue.record("expected an error")
        } catch {
            #expect(error.exitStatus == .usage)
            #expect(error.description.contains("'2026-02-30'"))
        }
    }

    @Test(arguments: [
        (#"{"text":"x","capturedAt":"2026-02-30T00:00:00Z"}"#, "capturedAt '2026-02-30T00:00:00Z'"),
        (#"{"text":"x","lastUsedAt":"2026-01-01T00:00+99:99"}"#, "lastUsedAt"),
        (#"{"text":""}"#, "the text is empty"),
        (#"{"text":"x","tags":["a b"]}"#, "bad tag 'a b'"),
        (#"{"text":"x","source":"\ufeffclipboard"}"#, "'<U+FEFF>clipboard'"),
    ])
    func badImportFieldsNameTheLineAndShowTheValue(line: String, fragment: String) {
        guard let error = importError(line, lineNumber: 9) else { return }
        #expect(error.exitStatus == .dataError)
        #expect(error.description.hasPrefix("line 9: "))
        #expect(error.description.contains(fragment))
    }

    @Test func longBadValuesAreCut() {
        let stamp = String(repeating: "9", count: 5000)
        do {
            _ = try JSONLines.decode(Array(#"{"text":"x","capturedAt":"\#(stamp)"}"#.utf8), lineNumber: 3)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.count < 200)
        }
    }
}
