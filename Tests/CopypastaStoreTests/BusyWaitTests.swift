import CopypastaCore
import TestSupport
import Testing

@testable import CopypastaStore

/// A short busy timeout still wins the lock from a writer that commits often (an import).
@Suite struct BusyWaitTests {
    let sandbox = Sandbox()

    /// Another process holds the write lock 20 ms at a time with 2 ms gaps for several seconds,
    /// like an import writing batch after batch. SQLite's own timeout handler looks at the lock at
    /// 0, 1, 3, 8, 18, 33, 53 and 78 ms and mostly misses such gaps; every write of a store with the
    /// daemon's 100 ms timeout must get through.
    @Test func aWriterWithA100MillisecondTimeoutGetsBetweenAnotherWritersTransactions() throws {
        let store = try HistoryStore(path: sandbox.database, busyTimeout: 100)
        let script = """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            end = time.monotonic() + 30
            first = True
            while time.monotonic() < end:
                db.execute("BEGIN IMMEDIATE")
                if first:
                    print("locked", flush=True)
                    first = False
                time.sleep(0.02)
                db.execute("COMMIT")
                time.sleep(0.002)
            """
        let writer = try Child(["/usr/bin/python3", "-c", script, sandbox.database])
        defer { writer.stop() }
        #expect(writer.waitForLine("locked") != nil)
        for index in 1...20 {
            #expect(throws: Never.self) {
                try store.capture(
                    "written between batches \(index)", source: .clipboard, sourceApp: nil, at: .now(), policy: .move,
                    maxEntries: 0)
            }
        }
        #expect(try store.entries().count == 20)
    }
}
