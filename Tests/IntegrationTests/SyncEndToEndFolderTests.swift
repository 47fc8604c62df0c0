import Glibc
import TestSupport
import Testing

/// Sync end to end with a folder that misbehaves: read-only, holding junk, shared with a machine
/// of another history; and a machine that joins late.
extension SyncEndToEndTests {
    /// Case 4: A's device directory remounted read-only (root ignores permission bits): the
    /// attempts are logged, the entry turns `failed` after about 15 s and the on-copy hook hears
    /// `sync-failed`; once writable, `sync retry --all` brings it to B.
    @Test func aReadOnlyFolderFailsLoudlyAndRetryRecovers() throws {
        let synced = try SyncedMachines(["alpha", "beta"])
        let (a, b) = (synced.machines[0], synced.machines[1])
        let events = a.desktop.sandbox.root + "/hook-events"
        a.desktop.sandbox.write(
            "config/copypasta/hooks/on-copy", "#!/bin/sh\necho \"$COPYPASTA_EVENT\" >> '\(events)'\n", mode: 0o755)
        let own = a.syncFolder + "/devices/" + (synced.devices["alpha"] ?? "")
        guard Child.runQuietly(["mount", "--bind", own, own]) == 0 else {
            Issue.record("cannot bind-mount \(own): this test needs root")
            return
        }
        var mounted = true
        defer { if mounted { Child.runQuietly(["umount", own]) } }
        try #require(Child.runQuietly(["mount", "-o", "remount,bind,ro", own]) == 0, "cannot remount \(own) read-only")

        let copied = Clock.now()
        try a.copy("written while read-only")
        let failed = poll(seconds: 40, every: 0.25) { a.entry("written while read-only")?.sync == "failed" }
        #expect(failed, "\(synced.logs)")
        print("sync e2e: read-only folder: entry failed \(Int((Clock.now() - copied) * 1000)) ms after the copy")
        #expect(Clock.now() - copied >= 14, "failed before the 1, 2, 4, 8 s retries")
        let log = try a.run("sync", "log")
        #expect(log.occurrences(of: " write: cannot write into the sync folder (attempt ") == 4, "\(log)")
        #expect(log.contains(" failed: "), "\(log)")
        #expect(b.entry("written while read-only") == nil)
        let heard = waitUntil(seconds: 10) {
            String(decoding: a.desktop.sandbox.read(events) ?? [], as: UTF8.self).contains("sync-failed")
        }
        #expect(heard, "the on-copy hook did not hear sync-failed\n\(synced.logs)")

        #expect(Child.runQuietly(["umount", own]) == 0)
        mounted = false
        #expect(try a.run("sync", "retry", "--all") == "1\n")
        #expect(poll(seconds: 10) { b.entry("written while read-only") != nil }, "\(synced.logs)")
    }
}
