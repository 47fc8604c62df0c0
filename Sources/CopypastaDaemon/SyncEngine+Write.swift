import CopypastaCore
import CopypastaStore
import CopypastaSync
import Glibc

extension SyncEngine {
    /// Writes the queued records and the acknowledgements due as one segment.
    ///
    /// A failed write leaves the records queued and tries again after 1, 2, 4 and 8 s; the fifth
    /// failure marks them `failed`, logs it and announces it. A peer that is offline is no failure:
    /// writing into the folder works, the entries stay `pending` until the peer acknowledges.
    func flush() {
        guard let folder, let identity, let key, let settings = try? store.syncSettings(), settings.enabled,
            !settings.paused
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
        guard !batch.isEmpty || !acks.isEmpty else { return compactIfDue(folder, identity, key) }
        do {
            try folder.checkMarker(key: key)
            let seq = try store.nextSyncSeq(atLeast: folder.highestSeq(device: identity.id) + 1)
            let records = batch.records + acks.map { SyncRecord.ack($0) }
            try folder.write(kind: .segment, device: identity.id, seq: seq, plaintext: SyncRecords.encode(records), key: key)
            try store.markWritten(batch, seq: seq)
            try store.markAcksSent(acks)
            attempts = 0
            if batch.hasTombstones { compactionDue = true }
            if batch.count >= Self.batchLimit { flushAt = clock() }
        } catch {
            failed(batch, error: error)
            return
        }
        compactIfDue(folder, identity, key)
    }

    private func failed(_ batch: SyncBatch, error: any Error) {
        attempts += 1
        guard attempts >= Self.attemptLimit else {
            let delay = Double(1 << (attempts - 1))
            log(.warning, "write", "cannot write into the sync folder (attempt \(attempts) of \(Self.attemptLimit), again in \(Int(delay)) s): \(error)")
            flushAt = clock() + delay
            return
        }
        attempts = 0
        do {
            try store.markFailed(batch)
        } catch {
            log(.error, "queue", "cannot mark entries failed: \(error)")
        }
        let message = "\(batch.count) entr\(batch.count == 1 ? "y" : "ies") not synced: \(error)"
        log(.error, "failed", "\(message); `copypasta sync retry --all` tries again")
        announce(message)
    }

    /// Rewrites this device's files as one pack when they grew past `compactAfter` segments or a
    /// deletion must leave the folder: the pack holds every shared entry that still exists here,
    /// recent tombstones and the current acknowledgements; the files it covers are removed.
    private func compactIfDue(_ folder: SyncFolder, _ identity: DeviceIdentity, _ key: SyncKey) {
        guard compactionDue || folder.segmentCount(device: identity.id) > Self.compactAfter else { return }
        do {
            let records = try store.syncPackRecords(gid: key.gid(of:)) + store.currentAcks().map { SyncRecord.ack($0) }
            let seq = try store.nextSyncSeq(atLeast: folder.highestSeq(device: identity.id) + 1)
            try folder.write(kind: .pack, device: identity.id, seq: seq, plaintext: SyncRecords.encode(records), key: key)
            try folder.remove(device: identity.id, upTo: seq - 1)
            compactionDue = false
            logger.info("sync: compacted", metadata: ["seq": "\(seq)", "records": "\(records.count)"])
        } catch {
            log(.warning, "compact", "cannot compact this device's files: \(error)")
        }
    }
}
