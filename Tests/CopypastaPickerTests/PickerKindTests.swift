import CopypastaCore
import CopypastaStore
import TestSupport
import Testing

@testable import CopypastaPicker

/// Library items in the picker's rows (issue 21): a link shows its archive status, a document its
/// file's name, as the picker's source reads them from the store.
struct PickerKindTests {
    let sandbox = Sandbox()

    @Test func linkRowsShowTheArchiveStatusAndDocumentRowsTheFileName() throws {
        let store = try HistoryStore(path: sandbox.database)
        let plain = try store.addLink(url: "https://example.com/plain", archive: false, at: .now())
        let queued = try store.addLink(url: "https://example.com/queued", archive: true, at: .now())
        let failed = try store.addLink(url: "https://example.com/failed", archive: true, at: .now())
        try store.recordArchive(id: failed, status: .failed, reason: "HTTP 404", folder: nil, readableText: nil, at: .now())
        _ = try store.add("Quarterly report", at: .now(), policy: .move, maxEntries: 0)
        let document = try #require(try store.entries(EntryFilter(limit: 1)).first?.id)
        let sql = """
            UPDATE entry SET kind = 'document' WHERE id = \(document);
            INSERT INTO entry_file (entry_id, folder, name, size, digest) VALUES
                (\(document), '00000000-0000-4000-8000-000000000000', 'report-q3.pdf', 1000, x'00');
            """
        #expect(try Child(["sqlite3", sandbox.database, sql]).communicate().status == 0)
        let rows = try PickerSource(store: store).page(query: "", offset: 0, limit: 10).entries
        let now = Timestamp.now()
        func details(_ id: Int64) -> String {
            rows.first { $0.id == id }.map { RowText.details($0, now: now, syncOn: false) } ?? ""
        }
        #expect(details(plain).hasPrefix("link  "))
        #expect(details(queued).hasPrefix("link pending  "))
        #expect(details(failed).hasPrefix("link failed  "))
        #expect(details(document).hasPrefix("document  "))
        let row = try #require(rows.first { $0.id == document })
        #expect(RowText.preview(row) == "report-q3.pdf · Quarterly report")
        let found = try PickerSource(store: store).page(query: "failed", offset: 0, limit: 10).entries
        #expect(found.first.map { RowText.details($0, now: now, syncOn: false) }?.hasPrefix("link failed") == true)
    }

    @Test func thePreviewNamesTheFileAndTheArchiveWithItsReason() {
        var entry = Entry(
            id: 7, text: "https://example.com/x", previewSource: "https://example.com/x", capturedAt: Timestamp(microseconds: 0),
            source: .manual, sourceApp: nil, bytes: 21, pinned: false, tags: [], useCount: 0, lastUsedAt: nil, secure: false)
        entry.kind = .link
        entry.link = EntryLink(id: 7, url: "https://example.com/x", status: .partial, reason: "3 assets missing")
        #expect(PreviewText(entry).meta.contains("archive: partial (3 assets missing)"))
        entry.link = EntryLink(id: 7, url: "https://example.com/x")
        #expect(!PreviewText(entry).meta.contains("archive"))
    }

    @Test func aPayloadThatStayedOnAnotherMachineSaysNotSyncedInTheRowAndThePreview() {
        var entry = Entry(
            id: 8, text: "https://example.com/y", previewSource: "https://example.com/y", capturedAt: Timestamp(microseconds: 0),
            source: .manual, sourceApp: nil, bytes: 21, pinned: false, tags: [], useCount: 0, lastUsedAt: nil, secure: false)
        entry.kind = .link
        entry.link = EntryLink(id: 8, url: "https://example.com/y", status: .full)
        entry.link?.notSynced = true
        #expect(RowText.details(entry, now: .now(), syncOn: false).hasPrefix("link not synced  "))
        #expect(PreviewText(entry).meta.contains("archive: not synced (size)"))
        entry.kind = .document
        entry.link = nil
        entry.file = EntryFile(id: 8, folder: PayloadArea.newFolder(), name: "big.bin", size: 1 << 30, digest: [])
        entry.file?.notSynced = true
        #expect(RowText.details(entry, now: .now(), syncOn: false).hasPrefix("document not synced  "))
        #expect(PreviewText(entry).meta.contains("file: big.bin (not synced (size))"))
    }
}
