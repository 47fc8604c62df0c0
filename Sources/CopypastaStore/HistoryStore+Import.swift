import CopypastaCore

/// What an import did.
public struct ImportSummary: Sendable, Equatable {
    /// Entries added.
    public var imported = 0
    /// Lines skipped because their text was already in the history.
    public var duplicates = 0
    /// Older unpinned entries removed afterwards by retention (max-entries).
    public var removedByRetention = 0

    /// A summary with the given counts.
    public init(imported: Int = 0, duplicates: Int = 0, removedByRetention: Int = 0) {
        self.imported = imported
        self.duplicates = duplicates
        self.removedByRetention = removedByRetention
    }
}

/// Receives import records and stores them in short transactions.
///
/// A long import must not hold the write lock: the daemon waits at most about 100 ms for it.
/// Records are committed in batches of at most `batchRecords` or `batchSeconds`, whichever
/// comes first, and retention runs with each batch.
public final class Importer {
    private let store: HistoryStore
    private let maxEntries: Int
    /// What has been done so far; everything counted here up to the last batch is committed.
    public private(set) var summary = ImportSummary()
    private var batchStart: Double?
    private var batchCount = 0

    /// Records per transaction at most.
    static let batchRecords = 500
    /// Seconds a transaction stays open at most.
    static let batchSeconds = 0.05

    /// An importer writing into `store`.
    init(store: HistoryStore, maxEntries: Int) {
        self.store = store
        self.maxEntries = maxEntries
    }

    /// Adds one record unless an entry with the same text exists; returns true when added.
    ///
    /// Imported records go below the existing history, in the order they arrive: the first
    /// record of a file is the newest imported entry (export writes newest first).
    @discardableResult
    public func add(_ record: ImportRecord) throws -> Bool {
        guard !record.text.isEmpty else {
            summary.duplicates += 1
            return false
        }
        for tag in record.tags ?? [] { try HistoryStore.validate(tag: tag) }
        try beginBatchIfNeeded()
        let fingerprint = Fingerprint(of: record.text)
        if try store.newestEntry(with: fingerprint) != nil {
            summary.duplicates += 1
            return false
        }
        let new = HistoryStore.NewEntry(
            text: record.text, fingerprint: fingerprint,
            source: record.source.flatMap(EntrySource.init(rawValue:)) ?? .imported,
            sourceApp: record.sourceApp,
            capturedAt: record.capturedAt.flatMap(Timestamp.parseISO8601) ?? Timestamp.now(),
            pinned: record.pinned ?? false, useCount: max(0, record.useCount ?? 0),
            lastUsedAt: record.lastUsedAt.flatMap(Timestamp.parseISO8601))
        let id = try store.insert(new, seq: try store.seqBelowAll())
        try store.tag(id: id, record.tags ?? [])
        summary.imported += 1
        batchCount += 1
        if batchCount >= Self.batchRecords || monotonicSeconds() - (batchStart ?? 0) >= Self.batchSeconds {
            try commitBatch()
        }
        return true
    }

    private func beginBatchIfNeeded() throws {
        guard batchStart == nil else { return }
        try store.database.execute("BEGIN IMMEDIATE")
        batchStart = monotonicSeconds()
        batchCount = 0
    }

    /// Applies retention and commits the open batch, if any.
    func commitBatch() throws {
        guard batchStart != nil else { return }
        do {
            summary.removedByRetention += try store.applyRetention(maxEntries: maxEntries)
            try store.database.execute("COMMIT")
            batchStart = nil
        } catch {
            abandonBatch()
            throw error
        }
    }

    /// Rolls back the open batch, if any.
    func abandonBatch() {
        guard batchStart != nil else { return }
        batchStart = nil
        try? store.database.execute("ROLLBACK")
    }
}

extension HistoryStore {
    /// Imports records fed by `body`, committing them in short transactions (`Importer`).
    ///
    /// Texts already in the history are skipped. When `body` throws (a bad line), the records
    /// before it stay imported and the error is rethrown; when the database itself fails,
    /// the records of the current batch may be rolled back. Retention (`maxEntries`) runs with every
    /// batch; the WAL is truncated at the end, so it does not keep the size of the import.
    public func importEntries(maxEntries: Int, _ body: (Importer) throws -> Void) throws -> ImportSummary {
        let importer = Importer(store: self, maxEntries: maxEntries)
        checkpointDue = false
        defer { truncateLog() }
        do {
            try body(importer)
        } catch {
            // A database failure may have ended the transaction already; then the commit
            // fails, the batch is rolled back, and the original error is what the user sees.
            try? importer.commitBatch()
            throw error
        }
        try importer.commitBatch()
        return importer.summary
    }
}
