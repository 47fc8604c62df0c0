import Glibc
import TestSupport
import Testing

/// `clear-on`: the session's unpinned, unnamed entries are purged when the screen saver turns on
/// (`xset s activate`, as a locker following it) and when the session ends (SIGTERM to the
/// daemon, the X server going away); what was there before, pins and named entries stay.
@Suite(.serialized) struct SessionClearTests {
    /// Adds an entry from before the session, starts the daemon, then captures two copies and
    /// keeps one pinned and one named entry of the session; returns the daemon.
    private func prepare(_ desktop: Desktop) throws -> Child {
        #expect(try desktop.cli.run("add", "from before the session").status == 0)
        let daemon = try desktop.startDaemon()
        try desktop.xclip(Array("session copy one".utf8))
        #expect(try desktop.waitForEntries(2), "\(desktop.log)")
        try desktop.xclip(Array("session copy two".utf8))
        #expect(try desktop.waitForEntries(3), "\(desktop.log)")
        #expect(try desktop.cli.run("add", "--pin", "pinned in the session").status == 0)
        #expect(try desktop.cli.run("add", "--name", "sig", "named in the session").status == 0)
        return daemon
    }

    /// Blanks the screen, as a screen locker does, then stops `daemon` as a logout does.
    private func lockThenStop(_ desktop: Desktop, _ daemon: Child) throws {
        #expect(try desktop.tool(["xset", "s", "activate"]) == 0)
        daemon.signal(SIGTERM)
        #expect(daemon.wait(seconds: 30) == 0, "\(desktop.log)")
    }

    /// The texts left in the database, history and trash, sorted.
    private func texts(_ desktop: Desktop) throws -> [String] {
        try desktop.sql("SELECT preview FROM entry ORDER BY preview").split(separator: "\n").map(String.init)
    }

    private let survivors = ["from before the session", "named in the session", "pinned in the session"]

    @Test func aLockPurgesTheSessionsEntriesOnceAndUnlockingChangesNothing() throws {
        let desktop = try Desktop(config: "feedback = none\nclear-on = lock\n")
        _ = try prepare(desktop)
        // The daemon serves a copy of the session on CLIPBOARD; the lock takes it off.
        #expect(try desktop.cli.run("copy", "3").status == 0)
        #expect(try desktop.paste().output == "session copy two")
        #expect(try desktop.tool(["xset", "s", "activate"]) == 0)
        #expect(desktop.waitForLog("the screen locked: purged 2 entries"), "\(desktop.log)")
        #expect(try desktop.paste(timeout: 10).output == "", "\(desktop.log)")
        #expect(try texts(desktop) == survivors, "\((try? texts(desktop)) ?? [])")
        #expect(try desktop.sql("SELECT count(*) FROM entry_fts WHERE entry_fts MATCH 'copy'") == "0")
        #expect(try desktop.tool(["xset", "s", "reset"]) == 0)
        #expect(try desktop.tool(["xset", "s", "activate"]) == 0)
        #expect(desktop.waitForLog("the screen locked: purged 0 entries"), "\(desktop.log)")
        #expect(try texts(desktop) == survivors, "\((try? texts(desktop)) ?? [])")
    }

    @Test func sigtermPurgesTheSessionsEntries() throws {
        let desktop = try Desktop(config: "feedback = none\nclear-on = logout\n")
        try lockThenStop(desktop, prepare(desktop))
        #expect(desktop.log.contains("the daemon stopped: purged 2 entries"), "\(desktop.log)")
        #expect(!desktop.log.contains("the screen locked"), "logout ignores the screen saver: \(desktop.log)")
        #expect(try texts(desktop) == survivors, "\((try? texts(desktop)) ?? [])")
    }

    @Test func theXServerGoingAwayPurgesTheSessionsEntries() throws {
        let desktop = try Desktop(config: "feedback = none\nclear-on = lock\n")
        let daemon = try prepare(desktop)
        desktop.server.kill()
        #expect(daemon.wait(seconds: 30) != nil, "\(desktop.log)")
        #expect(desktop.log.contains("the X server went away: purged 2 entries"), "\(desktop.log)")
        #expect(try texts(desktop) == survivors, "\((try? texts(desktop)) ?? [])")
    }

    @Test func theDefaultKeepsEverything() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        try lockThenStop(desktop, prepare(desktop))
        #expect(try desktop.entryCount() == 5, "\(desktop.log)")
    }
}
