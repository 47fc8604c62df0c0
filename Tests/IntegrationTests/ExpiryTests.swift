import TestSupport
import Testing

/// The daemon purges the expired trash when it starts (and then once a day, a deadline of its loop).
@Suite(.serialized) struct ExpiryTests {
    @Test func theDaemonPurgesTheExpiredTrashAtStart() throws {
        let desktop = try Desktop(config: "trash-days = 10\n")
        #expect(try desktop.cli.run("add", "old trash").status == 0)
        #expect(try desktop.cli.run("add", "recent trash").status == 0)
        #expect(try desktop.cli.run("delete", "1", "2").status == 0)
        _ = try desktop.sql("UPDATE entry SET trashed_at = trashed_at - 11 * 86400000000 WHERE id = 1")
        try desktop.startDaemon()
        #expect(desktop.waitForLog("purged 1 entries from the trash and 0 older than max-age"), "\(desktop.log)")
        #expect(try desktop.sql("SELECT id FROM entry") == "2")
        #expect(try desktop.sql("SELECT value FROM state WHERE key = 'trashed'") == "1")
    }
}
