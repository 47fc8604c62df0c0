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

/// Receives import records inside the import transaction.
public final class Importer {
    private let store: HistoryStore
    /// What has been done so far.
    public private(set) var summary = ImportSummary()

    /// An importer writing into `store` inside its open transaction.
    init(store: HistoryStore) {
        self.store = store
    }

    /// Adds one record unless an entry with the same text exists; returns true when added.
    @discardableResult
    public func add(_ record: ImportRecord) throws -> Bool {
        guard !record.text.isEmpty else {
            summary.duplicates += 1
            return false
        }
        let fingerprint = Fingerprint(of: record.text)
        if try store.newestEntry(with: fingerprint) != nil {
            summary.duplicates += 1
            return false
        }
        for tag in record.tags ?? [] { try HistoryStore.validate(tag: tag) }
        let new = HistoryStore.NewEntry(
            text: record.text, fingerprint: fingerprint,
            source: record.source.flatMap(EntrySource.init(rawValue:)) ?? .imported,
            sourceApp: record.sourceApp,
            capturedAt: record.capturedAt.flatMap(Timestamp.parseISO8601) ?? Timestamp.now(),
            pinned: record.pinned ?? false, useCount: max(0, record.useCount ?? 0),
            lastUsedAt: record.lastUsedAt.flatMap(Timestamp.parseISO8601))
        let id = try store.insert(new)
        try store.tag(id: id, record.tags ?? [])
        summary.imported += 1
        return true
    }
}

extension HistoryStore {
    /// Imports records fed by `body` in one transaction: all of them or, when
    /// `body` throws, none. Texts already in the history are skipped;
    /// retention (`maxEntries`) runs once at the end.
    public func importEntries(maxEntries: Int, _ body: (Importer) throws -> Void) throws -> ImportSummary {
        try database.transaction {
            let importer = Importer(store: self)
            try body(importer)
            var summary = importer.summary
            summary.removedByRetention = try applyRetention(maxEntries: maxEntries)
            return summary
        }
    }
}
