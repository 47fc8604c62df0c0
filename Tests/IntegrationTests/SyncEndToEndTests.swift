import Glibc
import TestSupport
import Testing

/// Sync end to end: the real binary, a daemon per machine on its own Xvfb, real Syncthings on
/// loopback paired through REST with the folder tuned as `sync setup` tunes it. Each test shares
/// one set of machines among several cases; every wait is a deadline, and failures show the
/// daemons', Syncthings' and sync logs.
@Suite struct SyncEndToEndTests {
    /// Copies `count` texts on `from` about 0.5 s apart while watching `to`'s `list --json`; the
    /// seconds each took to show up there (nil: not within 10 s).
    static func latencies(from: SyncthingMachine, to: SyncthingMachine, texts: [String]) throws -> [Double?] {
        var copiedAt: [Double] = []
        var arrived: [Double?] = Array(repeating: nil, count: texts.count)
        var nextCopy = Clock.now()
        while arrived.contains(where: { $0 == nil }) {
            let now = Clock.now()
            if copiedAt.count < texts.count, now >= nextCopy {
                try from.copy(texts[copiedAt.count])
                copiedAt.append(Clock.now())
                nextCopy = now + 0.5
            }
            if copiedAt.count == texts.count, let last = copiedAt.last, Clock.now() > last + 10 { break }
            let listed = Set(to.entries().compactMap(\.text))
            for index in copiedAt.indices where arrived[index] == nil && listed.contains(texts[index]) {
                arrived[index] = Clock.now() - copiedAt[index]
            }
            usleep(50_000)
        }
        return arrived.map { $0.flatMap { $0 <= 10 ? $0 : nil } }
    }

    /// Cases 1, 2, 5, 9 and the folder half of 10: copies both ways within 10 s, pending turns
    /// synced, `sync status` names the peer, what must stay local never leaves, no plaintext in
    /// either folder, a deletion follows and survives a restart, a copy again revives it.
    @Test func copiesTravelBothWaysAndWhatMustStayLocalNeverLeaves() throws {
        let synced = try SyncedMachines(["alpha", "beta"]) { name in
            name == "alpha" ? "sync-exclude-patterns = ^excluded-\nsync-exclude-apps = ExcludedApp\n" : ""
        }
        let (a, b) = (synced.machines[0], synced.machines[1])

        let fromA = try Self.latencies(from: a, to: b, texts: (0..<20).map { "alpha wombat copy \($0)" })
        let fromB = try Self.latencies(from: b, to: a, texts: (0..<20).map { "beta wombat copy \($0)" })
        let all = (fromA + fromB).compactMap { $0 }
        print(
            "sync e2e: copy -> other machine's list --json: A->B \(summary(fromA.compactMap { $0 })); B->A "
                + "\(summary(fromB.compactMap { $0 })); both \(summary(all))")
        #expect(all.count == 40, "copies that did not arrive within 10 s: A->B \(fromA), B->A \(fromB)\n\(synced.logs)")

        // 2. pending, then synced once B acknowledged it; sync status names B with its times.
        try a.run("add", "acknowledged later")
        #expect(a.entry("acknowledged later")?.sync == "pending")
        #expect(poll(seconds: 10) { a.entry("acknowledged later")?.sync == "synced" }, "\(synced.logs)")
        #expect(b.entry("alpha wombat copy 3")?.sync == "synced")
        let status = try a.run("sync", "status")
        let device = try #require(status.split(separator: "\n").first { $0.hasPrefix("device beta (") }, "\(status)")
        #expect(!device.contains("never"), "\(status)")

        try copyWhatMustStayLocal(on: a, to: b, synced)
        try deletionFollowsAndACopyAgainRevives(a, b, synced)
    }

    /// Case 5 and the folder half of 10.
    func copyWhatMustStayLocal(on a: SyncthingMachine, to b: SyncthingMachine, _ synced: SyncedMachines) throws {
        try a.run("add", "--local-only", "kept here quokka")
        try a.copy("excluded-by-pattern axolotl")
        #expect(poll(seconds: 15) { a.entry("excluded-by-pattern axolotl") != nil }, "\(synced.logs)")
        let owner = try a.desktop.start([TestOwner.path, "normal", "--class", "ExcludedApp", "--text", "from app narwhal"])
        #expect(owner.waitForLine("owned") != nil)
        #expect(poll(seconds: 15) { a.entry("from app narwhal") != nil }, "\(synced.logs)")
        try a.run("add", "--secure", "--passphrase-fd", "0", "secret pangolin", input: "correct horse battery")
        try a.copy("after the local ones")
        #expect(poll(seconds: 10) { b.entry("after the local ones") != nil }, "\(synced.logs)")
        for text in ["kept here quokka", "excluded-by-pattern axolotl", "from app narwhal"] {
            #expect(a.entry(text)?.sync == "local", "\(text): \(String(describing: a.entry(text)))\n\(synced.logs)")
        }
        let onB = b.entries().compactMap(\.text).joined(separator: "\n")
        for word in ["quokka", "axolotl", "narwhal", "pangolin", "wombat"] {
            if word != "wombat" { #expect(!onB.contains(word), "\(word) reached B") }
            #expect(!a.folderContains(word) && !b.folderContains(word), "\(word) is readable in a sync folder")
        }
        #expect(b.entries().count == a.entries().filter { $0.sync != "local" }.count, "\(synced.logs)")
    }

    /// Case 9.
    func deletionFollowsAndACopyAgainRevives(_ a: SyncthingMachine, _ b: SyncthingMachine, _ synced: SyncedMachines) throws {
        let text = "alpha wombat copy 0"
        let id = try #require(a.entry(text)?.id)
        try a.run("delete", "\(id)")
        #expect(poll(seconds: 10) { b.entry(text) == nil }, "the deletion did not reach B\n\(synced.logs)")
        try synced.startDaemon(b)
        #expect(holds(for: 3) { b.entry(text) == nil }, "the deleted entry came back after B's restart\n\(synced.logs)")
        try a.copy(text)
        #expect(
            poll(seconds: 10) { a.entry(text) != nil && b.entry(text) != nil }, "a copy again did not revive it\n\(synced.logs)")
    }
}
