import CopypastaCore
import CopypastaStore
import CopypastaSync

extension SyncEngine {
    /// Writes the queued records and the acknowledgements due as one segment.
    ///
    /// A failed write leaves the records queued and tries again after 1, 2, 4 and 8 s; the fifth
    /// failure marks them `failed`, logs it and announces it. A peer that is offline is no failure:
    /// writing into the folder works, the entries stay `pending` until the peer acknowledges.
    func flush() {
        guard let folder = state.folder, let identity = state.identity, let key = state.key,
            let settings = try? store.syncSettings(), settings.enabled,
            !settings.paused, !state.identityClash, (try? store.identityClash()) == nil
        else { return }
        let batch: SyncBatch
        let acks: [AckRecord]
        do {
            batch = try store.syncQueue(limit: Self.batchLimit, gid: key.gid(of:))
            acks = try store.acksToSend()
        } catch {
            log(.error, "queue", "cannot read the sync queue: \(error)")
            return
        }
        // Records whose blobs are still being written stay queued; their job's end flushes again.
        let payloads = withPayloads(batch.records, folder: folder, device: identity.id)
        let written = batch.holdingBack(payloads.held)
        guard !written.isEmpty || !acks.isEmpty else { return compactIfDue(folder, identity, key) }
        do {
            let seq = try store.nextSyncSeq(atLeast: state.lastWritten)
            clearSquatter(folder, identity, key, seq: seq, kind: .segment)
            let records = payloads.records + acks.map { SyncRecord.ack($0) }
            try folder.write(kind: .segment, device: identity.id, seq: seq, plaintext: SyncRecords.encode(records), key: key)
            state.lastWritten = seq
            try store.recordSyncSeqWritten(seq, device: identity.id)
            try store.markWritten(written, seq: seq)
            try store.markAcksSent(acks)
        } catch {
            failed(written, error: error)
            return
        }
        if state.attempts > 0 { log(.info, "written", "the sync folder is writable again") }
        state.attempts = 0
        if written.records.contains(where: { if case let .entry(entry) = $0 { !entry.exists } else { false } }) {
            state.compactionDue = true
        }
        if batch.records.count >= Self.batchLimit && !written.isEmpty { state.flushAt = clock() }
        compactIfDue(folder, identity, key)
    }

    private func failed(_ batch: SyncBatch, error: any Error) {
        state.attempts += 1
        guard state.attempts >= Self.attemptLimit else {
            let delay = Double(1 << (state.attempts - 1))
            log(
                .warning, "write",
                "cannot write into the sync folder (attempt \(state.attempts) of \(Self.attemptLimit), again in \(Int(delay)) s): \(error)"
            )
            state.flushAt = clock() + delay
            return
        }
        state.attempts = 0
        do {
            try store.markFailed(batch)
        } catch {
            log(.error, "queue", "cannot mark entries failed: \(error)")
        }
        let count = batch.records.count
        let message = "\(count) change\(count == 1 ? "" : "s") not synced: \(error)"
        log(.error, "failed", "\(message); `copypasta sync retry --all` tries again")
        announce(message)
    }

    /// Rewrites this device's files as one pack when they grew past `compactAfter` segments or a
    /// deletion must leave the folder: the pack holds the latest record of every entry this device
    /// wrote that is still here, tombstones of the last 90 days and the current acknowledgements;
    /// the files it covers are removed. It waits while blobs its records name are being written.
    private func compactIfDue(_ folder: SyncFolder, _ identity: DeviceIdentity, _ key: SyncKey) {
        let own = ((try? folder.files())?.files ?? []).filter { $0.device == identity.id }
        guard state.compactionDue || own.count > Self.compactAfter else { return }
        do {
            let horizon = (HybridClock.wallMilliseconds() - Self.tombstoneDays * 86_400_000) << 16
            let acks = try store.syncPeers().filter { !$0.removed && $0.receivedSeq > 0 }.map {
                SyncRecord.ack(AckRecord(dev: $0.device, seq: $0.receivedSeq))
            }
            let entries = try store.syncPackRecords(tombstonesSince: horizon, gid: key.gid(of:))
            let payloads = withPayloads(entries, folder: folder, device: identity.id)
            // A pack replaces every record written before: it waits until all its blobs are whole.
            guard payloads.held.isEmpty else { return }
            let records = payloads.records + acks
            let seq = try store.nextSyncSeq(atLeast: state.lastWritten)
            clearSquatter(folder, identity, key, seq: seq, kind: .pack)
            try folder.write(kind: .pack, device: identity.id, seq: seq, plaintext: SyncRecords.encode(records), key: key)
            state.lastWritten = seq
            try store.recordSyncSeqWritten(seq, device: identity.id, pack: true)
            for kind in SyncFile.Kind.allCases { _ = try folder.remove(device: identity.id, kind: kind, upTo: seq - 1) }
            removeReleasedBlobs(records, folder: folder, device: identity.id)
            state.compactionDue = false
            logger.info("sync: compacted", metadata: ["seq": "\(seq)", "records": "\(records.count)", "files": "\(own.count)"])
        } catch {
            log(.warning, "compact", "cannot compact this device's files: \(error)")
        }
    }
}
