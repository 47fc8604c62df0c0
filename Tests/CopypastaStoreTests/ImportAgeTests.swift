import CopypastaCore
import CopypastaStore
import Testing

/// An import reports only entries that stay: a line max-age would delete at the next write is
/// skipped and counted, unless it is pinned or tagged (max-age spares those).
@Suite struct ImportAgeTests {
    let base = PurgeTests()

    @Test func entriesPastMaxAgeAreSkippedAndCounted() throws {
        let store = try base.open()
        let now = try #require(Timestamp.parseISO8601("2026-01-01T00:30:00Z"))
        let summary = try store.importEntries(maxEntries: 0, maxAgeSeconds: 3600, now: now) { importer in
            try importer.add(ImportRecord(text: "recent", capturedAt: "2026-01-01T00:00:00Z"))
            try importer.add(ImportRecord(text: "dated", capturedAt: "2020-01-01T00:00:00Z"))
            try importer.add(ImportRecord(text: "pinned", capturedAt: "2020-01-01T00:00:00Z", pinned: true))
            try importer.add(ImportRecord(text: "tagged", capturedAt: "2020-01-01T00:00:00Z", tags: ["keep"]))
            try importer.add(ImportRecord(text: "undated"))
        }
        #expect(summary.tooOld == 1)
        #expect(summary.imported == 4)
        let reported = Set(try store.entries().map(\.previewSource))
        let expiry = try store.expire(now: now, trashDays: 10, maxAgeSeconds: 3600)
        #expect(expiry.tooOld == 0)
        #expect(Set(try store.entries().map(\.previewSource)) == reported)
    }

    @Test func withoutMaxAgeOldEntriesAreImported() throws {
        let store = try base.open()
        let summary = try store.importEntries(maxEntries: 0) { importer in
            try importer.add(ImportRecord(text: "dated", capturedAt: "2020-01-01T00:00:00Z"))
        }
        #expect(summary == ImportSummary(imported: 1))
    }
}
