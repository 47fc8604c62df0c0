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
/// Records are collected in memory (no lock held, so a slow pipe holds nothing) in batches
/// bounded by `Limits`, and a batch is written in transactions of bounded time, with a pause
/// between them in which the daemon takes the lock; retention runs with each transaction.
///
/// Few large transactions are what make an import cheap (docs/DESIGN.md §7): a commit writes
/// every page it changed, and the fingerprint index is keyed by a hash, so each record changes
/// a leaf page of its own. 500 records a commit wrote 17.5 times the database's size. So a
/// transaction lasts as long as its batch unless another connection waits for the lock: waits
/// are stamped in a file beside the database (`WaitStamp`), read between two records.
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
    private let limits: Limits
    /// Where waiting connections announce themselves; nil: transactions end at
    /// `limits.unannouncedSeconds`.
    private let waitStamp: WaitStamp?

    /// How much is collected before it is written, and how long one transaction may last.
    struct Limits {
        /// Records per batch at most. At a million entries the fingerprint index has about
        /// 6,000 leaves; a transaction must hold many times that many records to write each
        /// of them once rather than once per record (BENCHMARKS.md, "import speed").
        var records = 100_000
        /// Bytes of text per batch at most (the batch is in memory).
        var bytes = 32 << 20
        /// Seconds of collecting per batch at most (looked at when a record arrives).
        var collectSeconds = 10.0
        /// Seconds one transaction may hold the write lock while no one waits for it: long
        /// enough for a whole batch on a machine twice as slow as the one of BENCHMARKS.md
        /// ("Import, fifth pass": 7.5 s at a million entries), since a batch cut in two writes
        /// the fingerprint index's leaves twice. Only a client that does not announce its waits
        /// (another SQLite program) waits this long.
        var transactionSeconds = 15.0
        /// Seconds one transaction may hold the lock when waits cannot be seen (no stamp
        /// file). A waiting daemon looks at the lock every millisecond (BusyWait) and takes it
        /// in the 2 ms pause after the commit; a capture that missed it is retried 50 ms later
        /// (CapturePolicy).
        var unannouncedSeconds = 0.25
    }

    /// An importer writing into `store`.
    init(store: HistoryStore, maxEntries: Int, oldestKept: Timestamp?, limits: Limits = Limits()) {
        self.store = store
        self.limits = limits
        self.maxEntries = maxEntries
        self.oldestKept = oldestKept
        waitStamp = WaitStamp(databasePath: store.database.path)
    }

    /// Takes one record unless the batch has the same text already; returns true when taken.
    /// A text the history has already is skipped (and counted) when the batch is written.
    ///
    /// Imported records go below the existing history, in the order they arrive: the first
    /// record of a file is the newest imported entry (export writes newest first).
    @discardableResult
    public func add(_ record: ImportRecord) throws(StoreError) -> Bool {
        guard !record.text.isEmpty else { throw StoreError.invalid("the text is empty") }
        for tag in record.tags ?? [] { try HistoryStore.validate(tag: tag) }
        if let title = record.title { try checkTitle(title) }
        let fingerprint = Fingerprint(of: record.text)
        // The history is looked at once, in the transaction that writes the record (a capture
        // may store the same text until then); a look here too cost 5 % of an import's time.
        if batchFingerprints.contains(fingerprint) {
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
        if batch.count >= limits.records || batchBytes >= limits.bytes
            || monotonicSeconds() - batchStart >= limits.collectSeconds
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
        } catch .refused(.noSuchTitle) {
            return
        }
        throw .titleTaken(title, other)
    }

    /// Writes the collected records in transactions of at most `limits.transactionSeconds`
    /// each, with retention in each.
    func writeBatch() throws(StoreError) {
        guard !batch.isEmpty else { return }
        let records = batch
        batch = []
        batchFingerprints = []
        batchTitles = []
        batchBytes = 0
        var next = records.startIndex
        while next < records.endIndex {
            if next > records.startIndex { HistoryStore.yieldToOtherWriters() }
            next = try writeTransaction(records, from: next)
        }
    }

    /// How many texts are indexed one after the other. No statement of a transaction's loop runs
    /// a trigger, so FTS5 keeps their terms in memory until the tags after it (Schema.indexedByStore)
    /// wherever they are indexed; in runs they cost less than one by one between the rows (0.92×),
    /// and a capture waiting for the lock waits for one run, not for a whole transaction's texts
    /// (over a second at 100,000 records).
    static let indexedTogether = 512

    /// Adds the texts of `pending` (records stored in this transaction) to the full-text index.
    private func indexTexts(
        _ pending: inout [(id: Int64, index: Int)],
        of records: [(entry: HistoryStore.NewEntry, tags: [String], title: String?)]
    ) throws(StoreError) {
        for (id, index) in pending { try store.indexText(records[index].entry.text, id: id) }
        pending.removeAll(keepingCapacity: true)
    }

    /// Whether the transaction that began at `began` ends now: its time is up, or another
    /// connection has waited for the lock since it began.
    private func shouldCommit(began: Double, deadline: Double) -> Bool {
        if let waitStamp, waitStamp.lastWait() > began { return true }
        return monotonicSeconds() >= deadline
    }

    /// Writes `records` from `start` in one transaction until they end, its time is up or
    /// another connection waits for the lock;
    /// returns the index of the first record not written.
    private func writeTransaction(
        _ records: [(entry: HistoryStore.NewEntry, tags: [String], title: String?)], from start: Int
    ) throws(StoreError) -> Int {
        let (next, written, duplicates, removed) = try store.writing { () throws(StoreError) in
            // One read and one write of the clock and of the lowest position per transaction, not
            // per record: the transaction holds the lock, so no one else takes either meanwhile.
            try store.withClockRange { () throws(StoreError) in
                let began = monotonicSeconds()
                let deadline = began + (waitStamp == nil ? limits.unannouncedSeconds : limits.transactionSeconds)
                var index = start, duplicates = 0, pinned = 0
                var seq = try store.seqBelowAll()
                var stored = 0
                var named: [(id: Int64, index: Int)] = [], unindexed: [(id: Int64, index: Int)] = []
                while index < records.endIndex, index == start || !shouldCommit(began: began, deadline: deadline) {
                    let record = records[index]
                    index += 1
                    // A capture may have stored the same text since the record was read.
                    if try store.holdsEntry(with: record.entry.fingerprint) {
                        duplicates += 1
                        continue
                    }
                    let id = try store.insert(record.entry, seq: seq, indexNow: false, counted: false)
                    seq -= 1
                    stored += 1
                    if record.entry.pinned { pinned += 1 }
                    if !record.tags.isEmpty || record.title != nil { named.append((id, index - 1)) }
                    unindexed.append((id, index - 1))
                    if unindexed.count >= Self.indexedTogether { try indexTexts(&unindexed, of: records) }
                }
                try indexTexts(&unindexed, of: records)
                // Tags and titles run triggers (tag words, pin counts), whose savepoints make FTS5
                // write its terms out: after the loop, so that happens once.
                for (id, index) in named {
                    try store.tag(id: id, records[index].tags)
                    if let title = records[index].title { try store.name(id: id, title) }
                }
                // Before retention, which reads the counts (Schema.countedByWriters).
                try store.addToCounts(entries: stored, pinned: pinned)
                return (index, stored, duplicates, try store.applyRetention(maxEntries: maxEntries))
            }
        }
        summary.imported += written
        summary.duplicates += duplicates
        summary.removedByRetention += removed
        return next
    }
}

extension HistoryStore {
    /// The page cache of an import, in KiB: the fingerprint index of a million entries (46 MB)
    /// and the pages a transaction changes.
    static let importCacheKibibytes = 65_536

    /// Imports records fed by `body`, committing them in short transactions (`Importer`).
    ///
    /// Texts already in the history are skipped, and so are entries max-age (`maxAgeSeconds`, as
    /// of `now`) would delete at once, as `expire` decides. When `body` throws (a bad line), the records
    /// before it are still stored and the error is rethrown; a database failure rolls back
    /// only the transaction being written. Retention (`maxEntries`) runs with every
    /// transaction, and the pages of what it removed go back to the file system at the end; the
    /// WAL is truncated at the end, so it does not keep the size of the import.
    public func importEntries(
        maxEntries: Int, maxAgeSeconds: Int? = nil, now: Timestamp = .now(), _ body: (Importer) throws -> Void
    ) throws -> ImportSummary {
        try importEntries(maxEntries: maxEntries, maxAgeSeconds: maxAgeSeconds, now: now, limits: Importer.Limits(), body)
    }

    /// `importEntries` with batches and transactions bounded by `limits`.
    func importEntries(
        maxEntries: Int, maxAgeSeconds: Int? = nil, now: Timestamp = .now(), limits: Importer.Limits,
        _ body: (Importer) throws -> Void
    ) throws -> ImportSummary {
        let oldestKept = maxAgeSeconds.map { Timestamp(microseconds: now.microseconds - Int64($0) * 1_000_000) }
        let importer = Importer(store: self, maxEntries: maxEntries, oldestKept: oldestKept, limits: limits)
        // A larger page cache keeps the fingerprint index's pages (read for every record) in
        // memory between transactions (docs/DESIGN.md §7). Statement journals stay in memory: an
        // insert with triggers copies the pages it changes there first, which in a temporary
        // file cost 90 times the database's size in write calls. The checkpoint interval stays:
        // with a longer one here, the daemon's next capture would checkpoint the long log.
        try database.execute("PRAGMA cache_size = -\(Self.importCacheKibibytes); PRAGMA temp_store = MEMORY")
        defer {
            _ = try? database.execute("PRAGMA cache_size = -2000; PRAGMA temp_store = DEFAULT")
            // Pages of entries retention removed go back to the file system, as after a purge:
            // 300,000 lines imported under max-entries = 1000 left a 74 MiB file holding 1 MiB.
            // A failure here loses nothing; the next purge gives them back.
            if importer.summary.removedByRetention > 0 { _ = try? giveFreePagesBack() }
            truncateLog()
        }
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
