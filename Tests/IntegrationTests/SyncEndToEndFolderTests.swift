import Glibc
import TestSupport
import Testing

/// Sync end to end with a folder that misbehaves: read-only, holding junk, shared with a machine
/// of another history; and a machine that joins late.
extension SyncEndToEndTests {
    /// Case 4: A's device directory made read-only: the attempts are logged, the entry turns
    /// `failed` after about 15 s and the on-copy hook hears `sync-failed`; once writable again,
    /// `sync retry --all` brings it to B.
    @Test func aReadOnlyFolderFailsLoudlyAndRetryRecovers() throws {
        let synced = try SyncedMachines(["alpha", "beta"])
        let (a, b) = (synced.machines[0], synced.machines[1])
        let events = a.desktop.sandbox.root + "/hook-events"
        a.desktop.sandbox.write(
            "config/copypasta/hooks/on-copy", "#!/bin/sh\necho \"$COPYPASTA_EVENT\" >> '\(events)'\n", mode: 0o755)
        let own = a.syncFolder + "/devices/" + (synced.devices["alpha"] ?? "")
        var writable: (() -> Void)? = try Self.makeReadOnly(own)
        defer { writable?() }

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

        writable?()
        writable = nil
        #expect(try a.run("sync", "retry", "--all") == "queued again: 1\n")
        #expect(poll(seconds: 10) { b.entry("written while read-only") != nil }, "\(synced.logs)")
    }

    /// Makes `directory` read-only for the daemons of this test and returns what undoes it: as
    /// root, which ignores permission bits, a read-only bind mount of the directory on itself;
    /// otherwise `chmod a-w`.
    static func makeReadOnly(_ directory: String) throws -> () -> Void {
        guard geteuid() == 0 else {
            try #require(chmod(directory, 0o500) == 0)
            return { chmod(directory, 0o700) }
        }
        try #require(Child.runQuietly(["mount", "--bind", directory, directory]) == 0, "cannot bind-mount \(directory)")
        let undo = { _ = Child.runQuietly(["umount", directory]) }
        guard Child.runQuietly(["mount", "-o", "remount,bind,ro", directory]) == 0 else {
            undo()
            throw SpawnError("cannot remount \(directory) read-only")
        }
        return undo
    }
}
