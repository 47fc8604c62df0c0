import CopypastaCore
import Glibc
import TestSupport
import Testing

@testable import CopypastaStore

/// An import writes the database about once, not once per small transaction, and leaves its
/// b-trees and full-text index whole.
@Suite struct ImportWriteTests {
    let sandbox = Sandbox()

    /// Bytes of the files this thread has made dirty so far, which the kernel writes to disk
    /// (`write_bytes` of /proc/thread-self/io: rewriting a page still in memory counts once): the
    /// import runs on the calling thread, and tests running beside it on other threads do not count.
    func bytesWritten() throws -> Int {
        let text = String(decoding: sandbox.read("/proc/thread-self/io") ?? [], as: UTF8.self)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("write_bytes:") })
        return try #require(Int(line.split(separator: " ").last ?? ""))
    }

    /// The database and its write-ahead log, in bytes.
    func databaseSize() -> Int {
        ["", "-wal"].reduce(0) { total, suffix in total + (sandbox.read(sandbox.database + suffix)?.count ?? 0) }
    }

    /// Short lines of a few words, every 50th a few lines long, as a history holds them.
    func records(_ count: Int) -> [ImportRecord] {
        let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"]
        return (0..<count).map { index in
            let line = (0..<(3 + index % 9)).map { words[(index * 7 + $0 * 3) % words.count] }.joined(separator: " ")
            let text = index % 50 == 0 ? String(repeating: "\(line) #\(index)\n", count: 20) : "\(line) #\(index)"
            return ImportRecord(text: text, capturedAt: "2026-01-01T00:00:00Z")
        }
    }

    /// Before, 500 records a transaction wrote 5.2 times the database's size at this size (17.5
    /// times at a million entries). The transactions are not cut by time here, so that a busy
    /// machine does not make them small.
    @Test func anImportWritesAtMostThreeTimesTheDatabaseSize() throws {
        let store = try HistoryStore(path: sandbox.database)
        let lines = records(20_000)
        let before = try bytesWritten()
        let untimed = Importer.Limits(collectSeconds: 3600, transactionSeconds: 3600)
        let summary = try store.importEntries(maxEntries: 0, limits: untimed) { importer in
            for record in lines { try importer.add(record) }
        }
        let written = try bytesWritten() - before
        #expect(summary.imported == 20_000)
        let size = databaseSize()
        #expect(written <= 3 * size, "wrote \(written) bytes for a database of \(size)")
        try expectWhole()
    }

    /// A transaction that may last no time at all writes one record, and the next one the next:
    /// every record is stored once.
    @Test func transactionsCutByTheirDeadlineStoreEveryRecord() throws {
        let store = try HistoryStore(path: sandbox.database)
        let lines = records(300)
        let summary = try store.importEntries(maxEntries: 0, limits: Importer.Limits(transactionSeconds: 0)) { importer in
            for record in lines + lines.prefix(10) { try importer.add(record) }
        }
        #expect(summary == ImportSummary(imported: 300, duplicates: 10))
        #expect(try store.counts().entries == 300)
        try expectWhole()
    }

    /// Another process waits for the lock while one long transaction imports 20,000 records,
    /// announcing its wait as `BusyWait` does (the monotonic time in the `-wait` file, every
    /// millisecond): the import commits between two records and lets it in, long before its
    /// batch or its time ends. It prints how many entries it found once it had the lock.
    @Test func anImportCommitsAsSoonAsAnotherConnectionWaits() throws {
        let store = try HistoryStore(path: sandbox.database)
        let script = """
            import sqlite3, struct, sys, time
            db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=0)
            print("ready", flush=True)
            end = time.monotonic() + 60
            while time.monotonic() < end:
                try:
                    db.execute("BEGIN IMMEDIATE")
                except sqlite3.OperationalError:
                    with open(sys.argv[1] + "-wait", "r+b") as stamp:
                        stamp.write(struct.pack("d", time.monotonic()))
                    time.sleep(0.001)
                    continue
                found = db.execute("SELECT count(*) FROM entry").fetchone()[0]
                db.execute("COMMIT")
                if found > 0:
                    print(f"found {found}", flush=True)
                    break
                time.sleep(0.001)
            """
        let waiter = try Child(["/usr/bin/python3", "-c", script, sandbox.database])
        defer { waiter.stop() }
        #expect(waiter.waitForLine("ready") != nil)
        let lines = records(20_000)
        let long = Importer.Limits(records: 20_000, collectSeconds: 3600, transactionSeconds: 3600)
        let summary = try store.importEntries(maxEntries: 0, limits: long) { importer in
            for record in lines { try importer.add(record) }
        }
        #expect(summary.imported == 20_000)
        let line = try #require(waiter.waitForLine("found "))
        let found = try #require(Int(line.dropFirst("found ".count)))
        #expect(found > 0 && found < 20_000, "the waiter got the lock after \(found) entries")
        try expectWhole()
    }

    /// A statement that writes into FTS5 through a trigger runs in a savepoint, at which FTS5
    /// writes its pending terms out as a segment: importing 2,000 texts wrote over 2,000
    /// segments and merged them again and again (three quarters of the import's work in SQLite).
    /// Now the terms of a transaction wait in memory and go out together.
    @Test func anImportWritesTheIndexInFewSegments() throws {
        let store = try HistoryStore(path: sandbox.database)
        let lines = records(2_000)
        let untimed = Importer.Limits(collectSeconds: 3600, transactionSeconds: 3600)
        let summary = try store.importEntries(maxEntries: 0, limits: untimed) { importer in
            for record in lines { try importer.add(record) }
        }
        #expect(summary.imported == 2_000)
        let written = try segmentsWritten(store)
        #expect(written < 200, "FTS5 wrote \(written) segments")
        try expectWhole()
    }

    /// Segments FTS5 has written into `entry_fts`: the third varint of its structure record
    /// (row 10 of `entry_fts_data`: a 4-byte cookie, then the counts of levels and segments).
    func segmentsWritten(_ store: HistoryStore) throws -> Int {
        let block = try store.database.with("SELECT block FROM entry_fts_data WHERE id = 10") { row throws(StoreError) in
            try row.step() ? row.blob(0) : nil
        }
        var bytes = try #require(block).dropFirst(4).makeIterator()
        var values: [Int] = []
        var value = 0
        while values.count < 3, let byte = bytes.next() {
            value = value << 7 | Int(byte & 0x7F)
            if byte & 0x80 == 0 {
                values.append(value)
                value = 0
            }
        }
        return try #require(values.count == 3 ? values[2] : nil)
    }

    /// SQLite's and FTS5's own checks, by the sqlite3 shell (an independent reader).
    func expectWhole() throws {
        let checks = "PRAGMA integrity_check; INSERT INTO entry_fts (entry_fts, rank) VALUES ('integrity-check', 1);"
        let result = try Child(["sqlite3", sandbox.database, checks]).communicate()
        #expect(result.output == "ok\n" && result.status == 0, "\(result.output) \(result.stderr)")
    }
}
