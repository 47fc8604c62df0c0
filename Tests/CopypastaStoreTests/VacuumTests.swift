import CopypastaCore
import TestSupport
import Testing

@testable import CopypastaStore

/// A purge gives the space of what it removed back to the file system: the database file
/// shrinks (incremental vacuum in the purge's slices, `PurgeJob`).
@Suite struct VacuumTests {
    let sandbox = Sandbox()

    /// The database file's size in bytes (the purge leaves an empty WAL).
    func fileSize() -> Int { sandbox.read(sandbox.database)?.count ?? 0 }

    /// 2,000 texts of 4 KB, as one import.
    @discardableResult
    func fill(_ store: HistoryStore, maxEntries: Int = 0) throws -> ImportSummary {
        let records = (0..<2_000).map { index in
            ImportRecord(text: "entry \(index) " + String(repeating: "lorem ipsum \(index % 97) ", count: 250))
        }
        return try store.importEntries(maxEntries: maxEntries) { importer in
            for record in records { try importer.add(record) }
        }
    }

    @Test func aNewDatabaseFreesPagesIncrementally() throws {
        let store = try HistoryStore(path: sandbox.database)
        #expect(try store.database.scalarInt("PRAGMA auto_vacuum") == HistoryStore.incrementalVacuum)
    }

    /// Opening an existing database and reading it commits nothing: another connection's
    /// `data_version` stays the same (the auto_vacuum pragma used to write the header at each
    /// open).
    @Test func openingAnExistingDatabaseWritesNothing() throws {
        let store = try HistoryStore(path: sandbox.database)
        _ = try store.add("one", at: .now(), policy: .move, maxEntries: 0)
        let before = try store.database.scalarInt("PRAGMA data_version")
        let other = try HistoryStore(path: sandbox.database)
        #expect(try other.count(includePinned: true) == 1)
        #expect(try store.database.scalarInt("PRAGMA data_version") == before)
        #expect(try other.database.scalarInt("PRAGMA auto_vacuum") == HistoryStore.incrementalVacuum)
    }

    @Test func theFileShrinksAfterABigPurge() throws {
        let store = try HistoryStore(path: sandbox.database)
        try fill(store)
        let kept = try store.add("kept", at: .now(), policy: .move, maxEntries: 0).id
        let full = fileSize()
        #expect(full > 8 << 20)
        try store.trash(ids: Array(1...1_900), at: .now())
        #expect(try store.emptyTrash() == 1_900)
        let after = fileSize()
        #expect(after < full / 4, "the file kept \(after) of \(full) bytes")
        #expect(try store.database.scalarInt("PRAGMA freelist_count") == 0)
        #expect(try store.count(includePinned: true) == 101)
        #expect(try store.entries(EntryFilter()).first?.id == kept)
        #expect(try store.database.scalarText("PRAGMA integrity_check") == "ok")
    }

    /// An import whose retention removes most of what it brought leaves a file the size of
    /// what it keeps.
    @Test func anImportOverMaxEntriesGivesTheRemovedPagesBack() throws {
        let store = try HistoryStore(path: sandbox.database)
        #expect(try fill(store, maxEntries: 100).removedByRetention == 1_900)
        #expect(try store.database.scalarInt("PRAGMA freelist_count") == 0)
        #expect(fileSize() < 2 << 20, "the file kept \(fileSize()) bytes for 100 entries")
        #expect(try store.count(includePinned: true) == 100)
        #expect(try store.database.scalarText("PRAGMA integrity_check") == "ok")
    }

    /// The daemon's expiry runs the same job in steps between other work: the file shrinks
    /// there too.
    @Test func anExpiryInStepsShrinksTheFile() throws {
        let store = try HistoryStore(path: sandbox.database)
        try fill(store)
        let full = fileSize()
        try store.trash(ids: Array(1...2_000), at: Timestamp(microseconds: 0))
        let job = store.expiryJob(now: .now(), trashDays: 1, maxAgeSeconds: nil)
        var steps = 0
        while try !job.step() { steps += 1 }
        #expect(job.removed == 2_000)
        #expect(fileSize() < full / 4)
        #expect(try store.database.scalarText("PRAGMA integrity_check") == "ok")
    }

    /// `copypasta vacuum` on a database made before incremental vacuum (auto_vacuum NONE, which
    /// keeps the pages a purge frees): the file shrinks, and it is INCREMENTAL from then on.
    @Test func vacuumSwitchesAnOlderDatabase() throws {
        let store = try HistoryStore(path: sandbox.database)
        try store.database.execute("PRAGMA auto_vacuum = NONE; VACUUM")
        #expect(try store.database.scalarInt("PRAGMA auto_vacuum") == 0)
        try fill(store)
        try store.trash(ids: Array(1...1_900), at: .now())
        #expect(try store.emptyTrash() == 1_900)
        let full = fileSize()
        #expect(full > 8 << 20, "the purge kept its free pages")
        let outcome = try store.vacuum()
        #expect(outcome.switched)
        #expect(outcome.bytesAfter < outcome.bytesBefore / 4)
        #expect(fileSize() < full / 4)
        #expect(try store.database.scalarInt("PRAGMA auto_vacuum") == HistoryStore.incrementalVacuum)
        #expect(try store.count(includePinned: true) == 100)
        #expect(try store.database.scalarText("PRAGMA integrity_check") == "ok")
    }

    /// On an INCREMENTAL database `vacuum` only gives the free pages back, in slices.
    @Test func vacuumGivesFreePagesBack() throws {
        let store = try HistoryStore(path: sandbox.database)
        try fill(store)
        // Deleted without a purge job: the pages stay free in the file.
        try store.database.execute("DELETE FROM entry WHERE id <= 1900")
        #expect(try store.database.scalarInt("PRAGMA freelist_count") ?? 0 > 1_000)
        let outcome = try store.vacuum()
        #expect(!outcome.switched)
        // The removed words stay in the full-text index (no purge merged it).
        #expect(outcome.bytesAfter < outcome.bytesBefore / 2)
        #expect(try store.database.scalarInt("PRAGMA freelist_count") == 0)
        #expect(try store.database.scalarText("PRAGMA integrity_check") == "ok")
    }
}
