import Glibc
import TestSupport
import Testing

/// `sync-clipboard = on` end to end: two daemons on their own Xvfbs and two real Syncthings. A
/// copy on one machine becomes the other's CLIPBOARD (read back with xclip), unless the other
/// copied within the quiet window; secure entries never travel; nothing echoes back.
@Suite struct SyncClipboardTests {
    /// What is on `machine`'s CLIPBOARD, as an application pasting there reads it.
    static func clipboard(_ machine: SyncthingMachine) -> String? {
        guard let result = try? machine.desktop.paste(timeout: 3), result.status == 0 else { return nil }
        return result.output
    }

    @Test func aCopyOnOneMachineBecomesTheOthersClipboardOnce() throws {
        let hooks = Sandbox()
        let hook = hooks.write(
            "on-copy", "#!/bin/sh\nprintf '%s %s\\n' \"$COPYPASTA_EVENT\" \"$COPYPASTA_DEVICE\" >> \"$0.log\"\n", mode: 0o755)
        let synced = try SyncedMachines(["alpha", "beta"]) { name in
            "sync-clipboard = on\nsync-clipboard-quiet = 5s\n" + (name == "beta" ? "on-copy = \(hook)\n" : "")
        }
        let (a, b) = (synced.machines[0], synced.machines[1])

        try a.copy("universal walrus")
        #expect(poll(seconds: 15) { Self.clipboard(b) == "universal walrus" }, "\(synced.logs)")
        // The notification (the on-copy hook here) says which machine it came from.
        #expect(poll(seconds: 5) { String(decoding: hooks.read(hook + ".log") ?? [], as: UTF8.self) == "arrived alpha\n" })
        // No echo: B neither stores it again nor sends it back.
        #expect(
            holds(for: 3) { a.entries().count == 1 && b.entries().count == 1 },
            "A: \(a.entries()), B: \(b.entries())\n\(synced.logs)")
        #expect(!b.desktop.log.contains("captured"), "\(b.desktop.log)")

        try secureAndManualEntriesDoNotTakeTheClipboard(a, b, synced)
        try aRecentCopyHereKeepsTheClipboard(a, b, synced)
    }

    /// A secure entry never leaves A; an `add` (not a copy) arrives in the history only.
    func secureAndManualEntriesDoNotTakeTheClipboard(
        _ a: SyncthingMachine, _ b: SyncthingMachine, _ synced: SyncedMachines
    ) throws {
        try a.run("add", "--secure", "--passphrase-fd", "0", "secret pangolin", input: "correct horse battery")
        try a.run("add", "added marmot")
        #expect(poll(seconds: 15) { b.entry("added marmot") != nil }, "\(synced.logs)")
        #expect(holds(for: 1) { Self.clipboard(b) == "universal walrus" }, "\(synced.logs)")
        #expect(!b.entries().contains { $0.text == nil || $0.text == "secret pangolin" })
    }

    /// Within `sync-clipboard-quiet` of a copy on B, A's copy stays in B's history only; after it,
    /// the next one takes B's clipboard.
    func aRecentCopyHereKeepsTheClipboard(_ a: SyncthingMachine, _ b: SyncthingMachine, _ synced: SyncedMachines) throws {
        try b.copy("copied on beta")
        #expect(poll(seconds: 10) { b.entry("copied on beta") != nil }, "\(synced.logs)")
        try a.copy("too soon ibex")
        #expect(poll(seconds: 15) { b.entry("too soon ibex") != nil }, "\(synced.logs)")
        #expect(holds(for: 1) { Self.clipboard(b) == "copied on beta" }, "\(synced.logs)")
        usleep(5_000_000)
        try a.copy("after the quiet yak")
        #expect(poll(seconds: 15) { Self.clipboard(b) == "after the quiet yak" }, "\(synced.logs)")
    }
}
