import Glibc
import TestSupport
import Testing

/// Long purges run in slices: copies made while they run are stored at once, not after the
/// purge (docs/DESIGN.md §2, §7), and the daemon's memory comes back down afterwards.
@Suite(.serialized) struct SlicedPurgeTests {
    /// Entries in the history of the expiry test, and how many of them max-age makes due.
    static let historySize = 1_000_000
    static let due = 101_000

    @Test func copiesDuringTheExpiryOfAMillionEntryHistoryAreStored() throws {
        let desktop = try Desktop(config: "max-age = 30d\nmax-entries = 0\n")
        try HistoryFill.fill(desktop, count: Self.historySize, old: Self.due)
        let daemon = try desktop.startDaemon()
        let idle = residentKiB(desktop, daemon.pid)
        // Each copy must be stored while the expiry still has old entries to delete.
        let dueLeft =
            "SELECT count(*) FROM entry WHERE captured_at < CAST(strftime('%s', 'now') AS INTEGER) * 1000000 - 86400000000 * 30"
        for index in 1...3 {
            let text = "copied during the expiry \(index)"
            try desktop.xclip(Array(text.utf8))
            var left = -1
            #expect(
                try waitUntil(seconds: 15) {
                    let row = try desktop.sql("SELECT count(*), (\(dueLeft)) FROM entry WHERE preview = '\(text)'")
                    let values = row.split(separator: "|").compactMap { Int($0) }
                    left = values.last ?? -1
                    return values.first == 1
                }, "\(desktop.log)")
            #expect(left > 0, "copy \(index) was stored only after the expiry")
        }
        #expect(desktop.waitForLog("older than max-age", seconds: 120), "\(desktop.log)")
        #expect(desktop.log.contains("purged 0 entries from the trash and \(Self.due) older than max-age"), "\(desktop.log)")
        #expect(try desktop.sql("SELECT count(DISTINCT segid) FROM entry_fts_idx") == "1")
        let after = residentKiB(desktop, daemon.pid)
        #expect(after < idle + 8 * 1024, "the daemon grew from \(idle) KiB to \(after) KiB")
    }

    @Test func aCopyDuringTrashEmptyIsStoredWhileItRuns() throws {
        let desktop = try Desktop(config: "max-entries = 0\n")
        try HistoryFill.fill(desktop, count: 100_000, old: 0, trashed: 100_000)
        try desktop.startDaemon()
        let emptying = try desktop.start([CopypastaBinary.path, "trash", "empty", "--yes"])
        #expect(try waitUntil(seconds: 30) { try desktop.sql("SELECT value FROM state WHERE key = 'trashed'") != "100000" })
        try desktop.xclip(Array("copied during trash empty".utf8))
        var trashedLeft = -1
        #expect(
            try waitUntil(seconds: 15) {
                let row = try desktop.sql(
                    "SELECT count(*), (SELECT count(*) FROM entry WHERE trashed_at IS NOT NULL) FROM entry WHERE preview = 'copied during trash empty'"
                )
                let values = row.split(separator: "|").compactMap { Int($0) }
                trashedLeft = values.last ?? -1
                return values.first == 1
            }, "\(desktop.log)")
        #expect(trashedLeft > 0, "the copy was stored only after the trash was emptied")
        let result = emptying.communicate(timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("deleted 100000 entries for good"), "\(result.stderr)")
    }

    @Test func deletingOneHundredThousandIdsAtOnceFinishes() throws {
        let desktop = try Desktop(config: "max-entries = 0\n")
        try HistoryFill.fill(desktop, count: 100_000, old: 0)
        // The parser took minutes for this many ids; the purge after it is sliced.
        let result = try desktop.cli.run(["delete", "--purge"] + (2...100_001).map(String.init), timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try desktop.sql("SELECT id FROM entry") == "1")
        #expect(try desktop.sql("SELECT count(DISTINCT segid) FROM entry_fts_idx") == "1")
    }

    @Test func statusOfAStoppedDaemonSaysItDoesNotAnswer() throws {
        let desktop = try Desktop()
        #expect(try desktop.cli.run("add", "something").status == 0)
        let daemon = try desktop.startDaemon()
        daemon.signal(SIGSTOP)
        defer { daemon.signal(SIGCONT) }
        let status = try desktop.cli.run("status")
        #expect(status.status == 69, "\(status.stderr)")
        #expect(status.output.hasPrefix("daemon: running (pid \(daemon.pid)) but not answering"), "\(status.output)")
        #expect(status.stderr.hasPrefix("copypasta: the daemon (pid \(daemon.pid)"), "\(status.stderr)")
        #expect(status.output.contains("entries: 1 "), "\(status.output)")
        daemon.signal(SIGCONT)
        #expect(try desktop.cli.run("status").status == 0)
    }

    /// The daemon's resident memory in KiB, from /proc.
    private func residentKiB(_ desktop: Desktop, _ pid: pid_t) -> Int {
        let status = String(decoding: desktop.sandbox.read("/proc/\(pid)/status") ?? [], as: UTF8.self)
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }
}

/// Builds a large history with SQL, in one transaction, as copypasta's own schema holds it: the
/// indexes and triggers are dropped while the rows go in and made again after (an index built
/// once is far cheaper than a million inserts into ten of them), then the full-text index is
/// rebuilt and the counts set.
enum HistoryFill {
    /// `count` entries after the first (`add`), the first `old` captured 400 days ago, the next
    /// `trashed` in the trash since yesterday, the rest captured in the last `count` microseconds.
    static func fill(_ desktop: Desktop, count: Int, old: Int, trashed: Int = 0) throws {
        #expect(try desktop.cli.run("add", "first").status == 0)
        let ddl = try desktop.sql(
            """
            SELECT group_concat(type || char(31) || name || char(31) || sql, char(30)) FROM sqlite_master
                WHERE type IN ('trigger', 'index') AND tbl_name IN ('entry', 'entry_text') AND sql IS NOT NULL
            """)
        let saved = ddl.split(separator: "\u{1E}").map { $0.split(separator: "\u{1F}", maxSplits: 2).map(String.init) }
        let now = "(CAST(strftime('%s', 'now') AS INTEGER) * 1000000)"
        let ago = "(\(now) - 400 * 86400000000)"
        var script = "BEGIN;\n"
        for parts in saved where parts.count == 3 { script += "DROP \(parts[0].uppercased()) \"\(parts[1])\";\n" }
        script += """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
            INSERT INTO entry (fingerprint, captured_at, source, bytes, preview, seq, trashed_at)
                SELECT CAST(printf('%032d', i) AS BLOB), iif(i <= \(old), \(ago) + i, \(now) - \(count) + i), 'clipboard', 20,
                    'entry ' || i || ' alpha', i - 2 * \(count), iif(i > \(old) AND i <= \(old + trashed), \(now) - 86400000000, NULL) FROM n;
            INSERT INTO entry_text (id, text) SELECT id, preview FROM entry WHERE id > 1;

            """
        for parts in saved where parts.count == 3 { script += parts[2] + ";\n" }
        script += """
            INSERT INTO entry_fts (entry_fts) VALUES ('rebuild');
            UPDATE state SET value = (SELECT count(*) FROM entry WHERE trashed_at IS NULL) WHERE key = 'entries';
            UPDATE state SET value = (SELECT count(*) FROM entry WHERE trashed_at IS NOT NULL) WHERE key = 'trashed';
            COMMIT;
            """
        // A million rows take tens of seconds on a loaded machine: a deadline well above that.
        let result = try Child(["sqlite3", desktop.sandbox.database, script]).communicate(timeout: 600)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try desktop.entryCount() == count + 1)
    }
}
