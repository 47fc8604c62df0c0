import Glibc
import TestSupport
import Testing

/// Keep-alive never serves an entry that was moved to the trash.
@Suite(.serialized) struct TrashKeepAliveTests {
    @Test func aTrashedEntryIsNotKeptAliveWhenItsOwnerExits() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        let owner = try desktop.startDaemonWithOwner(of: "copied then trashed")
        #expect(try desktop.cli.run("delete", "1").status == 0)
        owner.signal(SIGKILL)
        owner.wait()
        #expect(desktop.waitForLog("the owner of CLIPBOARD went away"), "\(desktop.log)")
        #expect(try desktop.paste().status != 0)
        #expect(!desktop.log.contains("keeping the clipboard alive"))
    }
}
