import CopypastaCore
import CopypastaStore
import CopypastaSync
import Glibc

extension SyncEngine {
    /// Looks at this device's own directory, where only this machine writes.
    ///
    /// A name is not trusted: anyone who can write into the folder can put `s-9999999999.cps`
    /// there, and counting it would exhaust the sequence or leave a gap that holds back every
    /// acknowledgement. A file past the last seq this database wrote counts only if it opens with
    /// the key and its header names this device. At the first listing after start such a file was
    /// written by this machine before its database was restored from a backup: the sequence
    /// continues after it. Later, it can only come from another machine using a copy of
    /// `device.key`: writing stops, and the log and the feedback say what to do.
    func checkOwnFiles(_ mine: [SyncFile], _ folder: SyncFolder, _ identity: DeviceIdentity, _ key: SyncKey) {
        defer { state.listedOnce = true }
        guard let written = try? store.nextSyncSeq(atLeast: state.lastWritten) - 1 else { return }
        // Files past `written` (a restored database, a copied key) are the loop's below; a gap is
        // looked for only when there is none.
        if mine.allSatisfy({ $0.seq <= written }), let from = try? store.syncFilesFrom(device: identity.id) {
            rewriteIfMissing(Set(mine.map(\.seq)), from: from, written: written)
        }
        for file in mine.sorted(by: { $0.seq > $1.seq }) where file.seq > written {
            guard isAuthentic(file, folder, key) else { continue }
            guard state.listedOnce else {
                state.lastWritten = file.seq
                try? store.recordSyncSeqWritten(file.seq)
                log(
                    .info, "continue",
                    "this device's files go up to \(file.seq), past what this database wrote; continuing after it")
                return
            }
            guard !state.identityClash else { return }
            state.identityClash = true
            let message =
                "another machine writes as this device (\(identity.id)): a copy of device.key? Nothing more is written from here; "
                + "on the copy, remove device.key and sync.key and run copypasta sync join, then here copypasta sync on"
            try? store.setIdentityClash(message)
            log(.error, "identity", message)
            announce(message)
            return
        }
    }

    /// Schedules a pack when a file this device wrote is gone (deleted by hand, or by a peer
    /// and the deletion synced back): its files from its first one, or its last pack, must run
    /// without a gap up to the last one written. A gap holds back every peer's contiguous
    /// acknowledgement, so this device's entries would stay `pending` until its next pack; the
    /// pack rewrites everything the lost file carried, and the peers read it like any other.
    private func rewriteIfMissing(_ present: Set<Int64>, from: Int64, written: Int64) {
        guard !state.compactionDue, from <= written, let missing = (from...written).first(where: { !present.contains($0) }) else {
            return
        }
        state.compactionDue = true
        state.flushAt = state.flushAt ?? clock()
        log(
            .warning, "missing",
            "this device's file \(missing) is gone from the sync folder; writing its entries again as one pack")
    }

    /// Whether `file` opens with the key; a file that does not is ignored (logged once) and looked
    /// at again only when it changes.
    func isAuthentic(_ file: SyncFile, _ folder: SyncFolder, _ key: SyncKey) -> Bool {
        let name = "\(file.device)/\(SyncFile.name(kind: file.kind, seq: file.seq))"
        let stamp = FileStamp(path: file.path)
        if let stamp, state.unreadable[name] == stamp { return false }
        do {
            _ = try folder.read(file, key: key)
            state.unreadable[name] = nil
            return true
        } catch {
            state.unreadable[name] = stamp
            if state.reported.insert(name).inserted {
                log(.warning, "ignored", "ignored \(name) in this device's own directory: not written by this machine (\(error))")
            }
            return false
        }
    }

    /// Keeps `max-entries` in this device's `device.json` what the configuration says: the other
    /// machines' `sync join` and `sync status` compare it with theirs. Read once per configuration,
    /// written only when it differs.
    func publishLimit(_ folder: SyncFolder, _ identity: DeviceIdentity, _ key: SyncKey) {
        guard state.publishedMaxEntries != config.maxEntries, let own = try? folder.device(identity.id, key: key) else { return }
        if own.maxEntries != config.maxEntries {
            do {
                try folder.writeDevice(identity: identity, name: own.name, key: key, maxEntries: config.maxEntries)
            } catch {
                guard state.reported.insert("limit").inserted else { return }
                return log(.warning, "write", "cannot write this device's max-entries into device.json: \(error)")
            }
        }
        state.publishedMaxEntries = config.maxEntries
    }

    /// Removes a file that occupies the name of this device's next file without being ours, so
    /// that nobody can stop this machine's writes by creating names in its directory.
    func clearSquatter(_ folder: SyncFolder, _ identity: DeviceIdentity, _ key: SyncKey, seq: Int64, kind: SyncFile.Kind) {
        let path = folder.directory(of: identity.id) + "/" + SyncFile.name(kind: kind, seq: seq)
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        let file = SyncFile(device: identity.id, kind: kind, seq: seq, path: path)
        guard !isAuthentic(file, folder, key), remove(path) == 0 else { return }
        log(.warning, "removed", "removed \(identity.id)/\(SyncFile.name(kind: kind, seq: seq)): not written by this machine")
    }
}
