import CopypastaCore
import CopypastaStore
import CopypastaSync

extension SyncEngine {
    /// Lists the folder and imports every peer file not imported yet, in the order of the
    /// peers' sequence numbers; learns new devices and picks up a key sealed to this device.
    ///
    /// A listing is a few hundred names, so every change event runs one instead of trusting the
    /// event's path: a lost or coalesced inotify event can then never hide a file.
    func rescan() {
        guard let folder, let identity, let settings = try? store.syncSettings(), settings.enabled, !settings.paused else {
            return
        }
        refreshDevices(folder, me: identity)
        guard let key = currentKey(folder, identity) else { return }
        let listing = folder.files()
        for name in listing.junk where reported.insert(name).inserted {
            log(.info, "ignored", "ignored \(name) in the sync folder: not a copypasta file")
        }
        for file in listing.files.sorted(by: { ($0.device, $0.seq) < ($1.device, $1.seq) }) where file.device != identity.id {
            importFile(file, folder: folder, key: key, me: identity.id)
        }
    }

    /// The history key: loaded, or opened from a key box an approving device wrote for us.
    private func currentKey(_ folder: SyncFolder, _ identity: DeviceIdentity) -> SyncKey? {
        if let key { return key }
        guard let opened = folder.openKeyBox(identity: identity) else { return nil }
        do {
            try opened.save(paths)
        } catch {
            log(.error, "key", "cannot save the history key: \(error)")
            return nil
        }
        log(.info, "joined", "this device was approved; the history key arrived")
        key = opened
        return opened
    }

    private func refreshDevices(_ folder: SyncFolder, me: DeviceIdentity) {
        for device in folder.devices() where device.id != me.id {
            try? store.upsertPeer(device: device.id, name: device.name, publicKey: device.publicKeyText)
        }
    }

    private func importFile(_ file: SyncFile, folder: SyncFolder, key: SyncKey, me: String) {
        guard (try? store.isImported(device: file.device, seq: file.seq, kind: file.kind.storeKind)) == false else { return }
        let name = "\(file.device)/\(file.name)"
        do {
            let (plaintext, sha) = try folder.read(file, key: key)
            let records = try SyncRecords.decode(plaintext)
            let outcome = try store.applyRemote(
                records, from: file.device, seq: file.seq, kind: file.kind.storeKind, sha: sha, me: me, gid: key.gid(of:),
                now: Timestamp.now())
            reported.remove(name)
            if outcome.heldEntries { ackAt = ackAt ?? clock() + Self.ackDelay }
            if outcome.deleted > 0 { compactionDue = true }
            if outcome.inserted + outcome.updated + outcome.deleted > 0 {
                logger.info(
                    "sync: imported", metadata: ["device": "\(file.device)", "seq": "\(file.seq)", "new": "\(outcome.inserted)"])
            }
        } catch {
            guard reported.insert(name).inserted else { return }
            let code = if case SyncError.decrypt = error { "decrypt" } else { "unreadable" }
            log(.error, device: file.device, code, "cannot import \(name): \(error)")
        }
    }
}
