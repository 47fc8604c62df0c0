import Glibc
import TestSupport
import Testing

/// Sync end to end when the way between machines is cut: entries wait `pending` (not `failed`)
/// and arrive within 10 s of the reconnection; pause, off, the later change winning.
extension SyncEndToEndTests {
    /// Cases 3, 6, 7 and 8 on one pair.
    @Test func entriesWaitWhileMachinesAreApartAndTheLaterChangeWins() throws {
        let synced = try SyncedMachines(["alpha", "beta"])
        let (a, b) = (synced.machines[0], synced.machines[1])
        try a.copy("before the cut")
        #expect(poll(seconds: 10) { b.entry("before the cut") != nil }, "\(synced.logs)")

        try pausedConnectionsQueueAndCatchUp(synced)
        try aKilledPeerCatchesUpAfterItsRestart(synced)
        try theLaterChangeWinsAfterAReconnection(synced)
        try pauseSurvivesARestartAndOffKeepsEntriesLocal(synced)
    }

    /// Case 3: both sides pause the device connection through REST.
    func pausedConnectionsQueueAndCatchUp(_ synced: SyncedMachines) throws {
        let (a, b) = (synced.machines[0], synced.machines[1])
        try synced.setConnections(paused: true)
        #expect(waitUntil(seconds: 15) { !a.syncthing.isConnected(to: b.syncthing) && !b.syncthing.isConnected(to: a.syncthing) })
        let texts = (1...5).map { "while apart \($0)" }
        for text in texts {
            try a.copy(text)
            #expect(poll(seconds: 10) { a.entry(text) != nil }, "\(synced.logs)")
        }
        let waiting = holds(for: 4) {
            texts.allSatisfy { a.entry($0)?.sync == "pending" } && texts.allSatisfy { b.entry($0) == nil }
        }
        #expect(waiting, "entries did not wait pending: \(texts.map { a.entry($0)?.sync ?? "-" })\n\(synced.logs)")
        try synced.setConnections(paused: false)
        let resumed = Clock.now()
        try SyncthingMachine.waitConnected(synced.machines)
        let reconnected = Clock.now()
        let arrived = poll(seconds: 10) { texts.allSatisfy { b.entry($0) != nil } }
        #expect(arrived, "entries did not arrive within 10 s of the reconnection\n\(synced.logs)")
        print(
            "sync e2e: paused connections: reconnected \(Int((reconnected - resumed) * 1000)) ms after the resume, 5 entries"
                + " on B \(Int((Clock.now() - reconnected) * 1000)) ms later")
    }

    /// Case 3's variant: B's Syncthing killed, a copy on A, B's Syncthing started again.
    func aKilledPeerCatchesUpAfterItsRestart(_ synced: SyncedMachines) throws {
        let (a, b) = (synced.machines[0], synced.machines[1])
        let pid = b.syncthing.pid ?? 0
        b.syncthing.kill()
        #expect(Glibc.kill(pid, 0) != 0, "B's Syncthing \(pid) survived SIGKILL")
        #expect((try? b.syncthing.client.get("/rest/system/ping")) == nil, "a killed Syncthing still answers")
        #expect(waitUntil(seconds: 10) { !a.syncthing.isConnected(to: b.syncthing) }, "B's Syncthing still runs\n\(synced.logs)")
        try a.copy("while beta is down")
        #expect(poll(seconds: 10) { a.entry("while beta is down")?.sync == "pending" }, "\(synced.logs)")
        try b.syncthing.restart()
        let restarted = Clock.now()
        // A dials B at its next attempt: every 5 s, on a growing schedule while A's Syncthing is young.
        try SyncthingMachine.waitConnected(synced.machines, seconds: 60)
        let reconnected = Clock.now()
        #expect(poll(seconds: 10) { b.entry("while beta is down") != nil }, "not within 10 s of the reconnection\n\(synced.logs)")
        print(
            "sync e2e: killed peer: reconnected \(Int((reconnected - restarted) * 1000)) ms after its restart, the entry on B"
                + " \(Int((Clock.now() - reconnected) * 1000)) ms later")
    }

    /// Case 8: apart, A pins; B pins and unpins with its clock a minute ahead; together, both unpinned.
    func theLaterChangeWinsAfterAReconnection(_ synced: SyncedMachines) throws {
        let (a, b) = (synced.machines[0], synced.machines[1])
        let text = "before the cut"
        let (onA, onB) = (try #require(a.entry(text)?.id), try #require(b.entry(text)?.id))
        try synced.setConnections(paused: true)
        #expect(waitUntil(seconds: 15) { !a.syncthing.isConnected(to: b.syncthing) && !b.syncthing.isConnected(to: a.syncthing) })
        try a.run("pin", "\(onA)")
        var later = b.cli
        later.environment["COPYPASTA_TEST_CLOCK_OFFSET_MS"] = "60000"
        for command in ["pin", "unpin"] {
            let result = try later.run(command, "\(onB)")
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(a.entry(text)?.pinned == true && b.entry(text)?.pinned == false)
        try synced.setConnections(paused: false)
        try SyncthingMachine.waitConnected(synced.machines)
        #expect(poll(seconds: 10) { a.entry(text)?.pinned == false }, "B's later unpin did not win on A\n\(synced.logs)")
        // A's earlier pin reached B too (A's entry is acknowledged) and lost there.
        #expect(poll(seconds: 10) { a.entry(text)?.sync == "synced" }, "\(synced.logs)")
        #expect(holds(for: 2) { b.entry(text)?.pinned == false && a.entry(text)?.pinned == false }, "\(synced.logs)")
    }

    /// Cases 6 and 7.
    func pauseSurvivesARestartAndOffKeepsEntriesLocal(_ synced: SyncedMachines) throws {
        let (a, b) = (synced.machines[0], synced.machines[1])
        try a.run("sync", "pause")
        try synced.startDaemon(a)
        try a.copy("while sync is paused")
        #expect(poll(seconds: 10) { a.entry("while sync is paused")?.sync == "pending" }, "\(synced.logs)")
        #expect(holds(for: 3) { b.entry("while sync is paused") == nil }, "a paused machine wrote\n\(synced.logs)")
        try a.run("sync", "resume")
        #expect(poll(seconds: 10) { b.entry("while sync is paused") != nil }, "not within 10 s of the resume\n\(synced.logs)")

        try a.run("sync", "off")
        try a.copy("while sync is off")
        #expect(poll(seconds: 10) { a.entry("while sync is off") != nil }, "\(synced.logs)")
        try a.run("sync", "on")
        try a.copy("after sync is on again")
        #expect(poll(seconds: 10) { b.entry("after sync is on again") != nil }, "\(synced.logs)")
        #expect(a.entry("while sync is off")?.sync == "local" && b.entry("while sync is off") == nil, "\(synced.logs)")
    }
}
