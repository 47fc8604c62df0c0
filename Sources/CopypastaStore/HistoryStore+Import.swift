import CopypastaCore

/// What an import did.
public struct ImportSummary: Sendable, Equatable {
    /// Entries added.
    public var imported = 0
    /// Lines skipped because their text was already in the history.
    public var duplicates = 0
    /// Older unpinned entries removed afterwards by retention (max-entries).
    public var removedByRetention = 0
    /// Lines skipped because max-age would delete their entry at once (captured too long ago,
    /// neither pinned nor tagged): storing them would report entries that are gone by the next write.
    public var tooOld = 0

    /// A summary with the given counts.
    public init(imported: Int = 0, duplicates: Int = 0, removedByRetention: Int = 0, tooOld: Int = 0) {
        self.imported = imported
        self.duplicates = duplicates
        self.removedByRetention = removedByRetention
        self.tooOld = tooOld
    }
}

/// Receives import records and stores them in short transactions.
///
/// A long import must not hold the write lock: the daemon waits at most about 100 ms for it.
/// Records are collected in memory (no lock held, so a slow pipe holds nothing) and written in
/// one transaction per batch of at most `batchRecords` records, `batchBytes` bytes of text or
/// `batchSeconds` of collecting; retention runs with each batch.
public final class Importer {
    private let store: HistoryStore
    private let maxEntries: Int
    /// Entries captured before this time are past max-age (nil: no max-age).
    private let oldestKept: Timestamp?
    /// What has been done so far; `imported` counts committed records only.
    public private(set) var summary = ImportSummary()
    private var batch: [(entry: HistoryStore.NewEntry, tags: [String], title: String?)] = []
    /// The titles in `batch`, lowercased (titles are ASCII; see SnippetTitle).
    private var batchTitles: Set<String> = []
    private var batchFingerprints: Set<Fingerprint> = []
    private var batchBytes = 0
    private var batchStart = 0.0

    /// Records per transaction at most.
    static let batchRecords = 500
    /// Bytes of text per transaction at most.
    static let batchBytes = 8 << 20
    /// Seconds records are collected before they are written.
    static let batchSeconds = 0.05

    /// An importer writing into `store`.
    init(store: HistoryStore, maxEntries: Int, oldestKept: Timestamp?) {
        self.store = store
        self.maxEntries = maxEntries
        self.oldestKept = oldestKept
    }

    /// Takes one record unless an entry with the same text exists; returns true when taken.
    ///
    /// Imported records go below the existing history, in the order they arrive: the first
    /// record of a file is the newest imported entry (export writes newest first).
    @discardableResult
    public func add(_ record: ImportRecord) throws(StoreError) -> Bool {
        guard !record.text.isEmpty else { throw StoreError.invalid("the text is empty") }
        for tag in record.tags ?? [] { try HistoryStore.validate(tag: tag) }
        if let title = record.title { try checkTitle(title) }
        let fingerprint = Fingerprint(of: record.text)
        var known = batchFingerprints.contains(fingerprint)
        if !known { known = try store.newestEntry(with: fingerprint) != nil }
        if known {
            summary.duplicates += 1
            return false
        }
        let new = HistoryStore.NewEntry(
            text: record.text, fingerprint: fingerprint,
            source: record.source.flatMap(EntrySource.init(rawValue:)) ?? .imported,
            sourceApp: record.sourceApp,
            capturedAt: record.capturedAt.flatMap(Timestamp.parseISO8601) ?? Timestamp.now(),
            pinned: record.pinned ?? false || record.title != nil, useCount: max(0, record.useCount ?? 0),
            lastUsedAt: record.lastUsedAt.flatMap(Timestamp.parseISO8601))
        if let oldestKept, new.capturedAt < oldestKept, !new.pinned, (record.tags ?? []).isEmpty {
            summary.tooOld += 1
            return false
        }
        if batch.isEmpty { batchStart = monotonicSeconds() }
        batch.append((new, record.tags ?? [], record.title))
        if let title = record.title { batchTitles.insert(title.lowercased()) }
        batchFingerprints.insert(fingerprint)
        batchBytes += record.text.utf8.count
        if batch.count >= Self.batchRecords || batchBytes >= Self.batchBytes
            || monotonicSeconds() - batchStart >= Self.batchSeconds
        {
            try writeBatch()
        }
        return true
    }

    /// A title of an imported record must be valid and free, checked before the record joins a
    /// batch so that a clash fails its own line and not the records before it.
    private func checkTitle(_ title: String) throws(StoreError) {
        try HistoryStore.validate(title: title)
        if batchTitles.contains(title.lowercased()) {
            throw .invalid("the title \(Visible.quoted(title, limit: 40)) appears twice; titles are unique")
        }
        let other: Int64
        do throws(StoreError) {
            other = try store.id(forTitle: title)
        } catch .noSuchTitle {
            return
        }
        throw .titleTaken(title, other)
    }

    /// Writes the collected records in one transaction, with retention.
    func writeBatch() throws(StoreError) {
        guard !batch.isEmpty else { return }
        let records = batch
        batch = []
        batchFingerprints = []
        batchTitles = []
        batchBytes = 0
        let (written, duplicates, removed) = try store.writing { () throws(StoreError) in
            var written = 0, duplicates = 0
            for record in records {
                // A capture may have stored the same text since the record was read.
                if try store.newestEntry(with: record.entry.fingerprint) != nil {
                    duplicates += 1
                    continue
                }
                let id = try store.insert(record.entry, seq: try store.seqBelowAll())
                try store.tag(id: id, record.tags)
                if let title = record.title { try store.name(id: id, title) }
                written += 1
            }
            return (written, duplicates, try store.applyRetention(maxEntries: maxEntries))
        }
        summary.imported += written
        summary.duplicates += duplicates
        summary.removedByRetention += removed
    }
}

extension HistoryStore {
    /// Imports records fed by `body`, committing them in short transactions (`Importer`).
    ///
    /// Texts already in the history are skipped, and so are entries max-age (`maxAgeSeconds`, as
    /// of `now`) would delete at once, as `expire` decides. When `body` throws (a bad line), the records
    /// before it are still stored and the error is rethrown; a database failure rolls back
    /// only the batch being written. Retention (`maxEntries`) runs with every batch; the WAL
    /// is truncated at the end, so it does not keep the size of the import.
    public func importEntries(
        maxEntries: Int, maxAgeSeconds: Int? = nil, now: Timestamp = .now(), _ body: (Importer) throws -> Void
    ) throws -> ImportSummary {
        let oldestKept = maxAgeSeconds.map { Timestamp(microseconds: now.microseconds - Int64($0) * 1_000_000) }
        let importer = Importer(store: self, maxEntries: maxEntries, oldestKept: oldestKept)
        defer { truncateLog() }
        do {
            try body(importer)
        } catch {
            try? importer.writeBatch()
            throw error
        }
        try importer.writeBatch()
        return importer.summary
    }
}
