import CopypastaCore
import CopypastaStore
import CopypastaSync

extension SyncEngine {
    /// Lists the folder and imports every peer file not imported yet, in the order of the
    /// peers' sequence numbers; learns devices, removals, and a key sealed to this device.
    ///
    /// A listing is a few hundred names, so every change event runs one instead of trusting the
    /// event's path: a lost or coalesced inotify event can then never hide a file.
    func rescan() {
        // The import in progress lists the folder again once its last slice is applied.
        guard state.importJob == nil, let folder = state.folder, let identity = state.identity,
            let settings = try? store.syncSettings(), settings.enabled,
            !settings.paused
        else { return }
        guard let key = currentKey(folder, identity) else { return }
        publishLimit(folder, identity, key)
        let removed = refreshDevices(folder, identity, key)
        let listing: (files: [SyncFile], junk: [String])
        do {
            listing = try folder.files()
        } catch {
            if state.reported.insert("listing").inserted { log(.warning, "unreadable", "cannot list the sync folder: \(error)") }
            return
        }
        state.reported.remove("listing")
        logJunk(listing.junk.filter { !isFreshTemporary($0) && state.reported.insert($0).inserted })
        checkOwnFiles(listing.files.filter { $0.device == identity.id }, folder, identity, key)
        let theirs = listing.files.filter { $0.device != identity.id && !removed.contains($0.device) }
        var failures: [(device: String, code: String, detail: String)] = []
        for file in theirs.sorted(by: { ($0.device, $0.seq) < ($1.device, $1.seq) }) {
            if let failure = importFile(file, folder: folder, key: key, me: identity.id) { failures.append(failure) }
            // A large file goes on a slice at a time; the rest wait for the listing after it.
            if state.importJob != nil { break }
        }
        forgetAbsent(listing)
        // Like junk names: at most 10 lines per listing, then a count.
        for failure in failures.prefix(10) { log(.error, device: failure.device, failure.code, failure.detail) }
        if failures.count > 10 {
            log(.error, "unreadable", "\(failures.count - 10) more files in the sync folder cannot be imported")
        }
        // Payloads the records just applied (or a blob that just arrived) make extractable.
        queueExtractions()
    }

    /// Forgets what was noted about names that are gone from the folder (junk logged once,
    /// temporary files seen, files that did not open): names made and removed by the thousand
    /// would otherwise each keep a few hundred bytes for as long as the daemon runs.
    private func forgetAbsent(_ listing: (files: [SyncFile], junk: [String])) {
        var present = Set(listing.junk)
        for file in listing.files { present.insert("\(file.device)/\(SyncFile.name(kind: file.kind, seq: file.seq))") }
        state.reported = state.reported.filter { name in
            !name.contains("/") || present.contains(String(name.prefix { $0 != "#" }))
        }
        state.seenTemporaries = state.seenTemporaries.intersection(present)
        state.unreadable = state.unreadable.filter { present.contains($0.key) }
    }

    /// Logs names in the folder that are not ours to read: each one once, at most 10 per listing
    /// with a count of the rest, so a folder filled with junk cannot push real errors out of the
    /// activity log (it keeps the last 1,000 lines).
    private func logJunk(_ names: [String]) {
        for name in names.prefix(10) {
            log(.info, "ignored", "ignored \(name) in the sync folder: not a copypasta file")
        }
        if names.count > 10 { log(.info, "ignored", "ignored \(names.count - 10) more files in the sync folder") }
    }

    /// Whether `name` is a file-sync engine's temporary file seen for the first time: Syncthing
    /// writes one for every file it delivers and renames it a moment later, so only one still
    /// there at a later listing (a transfer that failed) is worth a line in the activity log.
    private func isFreshTemporary(_ name: String) -> Bool {
        let file = name.split(separator: "/").last ?? ""
        guard file.hasPrefix(".syncthing.") || file.hasPrefix("~syncthing~") else { return false }
        return state.seenTemporaries.insert(name).inserted
    }

    /// The records of a file that this machine can apply (see `SyncEntryRecord.problem`, and a gid must
    /// be the keyed hash of the text it comes with: another would make one text two entries, or
    /// give a text the identity of another); the others are logged, once per file, with the first reason.
    func acceptable(_ records: [SyncRecord], in name: String, from device: String, key: SyncKey) -> [SyncRecord] {
        var problems: [String] = []
        let kept = records.filter { record in
            guard case let .entry(entry) = record else { return true }
            var problem = entry.problem(maxBytes: config.maxBytes)
            if problem == nil, let text = entry.text, key.gid(of: text) != entry.gid {
                problem = "its entry id is not the keyed hash of its text"
            }
            guard let problem else { return true }
            problems.append(problem)
            return false
        }
        if let first = problems.first, state.reported.insert(name + "#records").inserted {
            log(.warning, device: device, "invalid", "\(name): \(problems.count) record(s) left out: \(first)")
        }
        return kept
    }

    /// The history key: loaded, or opened from a key box a member sealed to this device.
    private func currentKey(_ folder: SyncFolder, _ identity: DeviceIdentity) -> SyncKey? {
        if let key = state.key { return key }
        do {
            guard let adopted = try folder.adoptKeyBox(identity: identity, paths: paths) else { return nil }
            log(.info, "joined", "this device was approved; the history key arrived")
            state.key = adopted
            state.flushAt = state.flushAt ?? clock()
            return adopted
        } catch {
            if state.reported.insert("key").inserted { log(.error, "key", "cannot take the history key: \(error)") }
            return nil
        }
    }

    /// Brings the peer table in line with the folder: every member device (approved, or proven by
    /// its files) counts for `synced`; devices any member removed do not. Returns the removed ones.
    private func refreshDevices(_ folder: SyncFolder, _ identity: DeviceIdentity, _ key: SyncKey) -> Set<String> {
        let removed = (try? folder.removedDevices(key: key)) ?? []
        let approved = (try? folder.approvedDevices()) ?? []
        let known = Dictionary(((try? store.syncPeers()) ?? []).map { ($0.device, $0) }, uniquingKeysWith: { first, _ in first })
        for device in (try? folder.devices(key: key))?.devices ?? [] where device.id != identity.id {
            if removed.contains(device.id) {
                if known[device.id]?.removed == false { try? store.removePeer(device: device.id) }
                continue
            }
            let member = device.member || approved.contains(device.id)
            if let peer = known[device.id], !peer.removed, peer.approved == member, peer.name == device.name { continue }
            try? store.upsertPeer(device: device.id, name: device.name, publicKey: device.publicKey, approved: member)
        }
        return removed
    }

    /// Imports one file of another device; returns what to log when it cannot be imported (once
    /// per file and version).
    private func importFile(
        _ file: SyncFile, folder: SyncFolder, key: SyncKey, me: String
    ) -> (device: String, code: String, detail: String)? {
        let kind: SyncFileKind = file.kind == .pack ? .pack : .segment
        guard (try? store.isImported(device: file.device, seq: file.seq, kind: kind)) == false else { return nil }
        let name = "\(file.device)/\(SyncFile.name(kind: file.kind, seq: file.seq))"
        let stamp = FileStamp(path: file.path)
        if let stamp, state.unreadable[name] == stamp { return nil }
        do {
            let (plaintext, sha) = try folder.read(file, key: key)
            if startSlicedImport(file, name: name, kind: kind, plaintext: plaintext, sha: sha) { return nil }
            let records = acceptable(try SyncRecords.decode(plaintext), in: name, from: file.device, key: key)
            let outcome = try store.applyRemote(
                records, from: file.device, seq: file.seq, kind: kind, sha: sha, me: me, gid: key.gid(of:), now: .now(),
                maxEntries: config.maxEntries)
            imported(name, from: file.device, outcome)
        } catch {
            state.unreadable[name] = stamp
            guard state.reported.insert(name).inserted else { return nil }
            let code = if case SyncError.decrypt = error { "decrypt" } else { "unreadable" }
            return (file.device, code, "cannot import \(name): \(error)")
        }
        return nil
    }
}
