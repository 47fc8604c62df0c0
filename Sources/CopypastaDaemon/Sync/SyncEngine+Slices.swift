import CSystem
import CopypastaCore
import CopypastaStore
import CopypastaSync
import Glibc

extension SyncEngine {
    /// Lines decoded in one turn of the loop.
    static let decodeSlice = 1_000
    /// Records applied in one transaction, in one turn of the loop.
    static let applySlice = 250

    /// Starts importing `file` a slice at a time when its plaintext has more lines than one
    /// slice; false when it is small enough to apply at once.
    func startSlicedImport(_ file: SyncFile, name: String, kind: SyncFileKind, plaintext: [UInt8], sha: [UInt8]) -> Bool {
        let lines = SyncRecords.lines(of: plaintext)
        guard lines.count > Self.applySlice else { return false }
        state.importJob = SyncImportJob(file: file, name: name, kind: kind, sha: sha, lines: lines)
        logger.info("sync: importing \(name) in slices", metadata: ["lines": "\(lines.count)"])
        return true
    }

    /// Runs one slice of the import in progress; after the last one the file is recorded and
    /// logged, the memory its records took goes back to the system, and the folder is listed again
    /// for the files that waited.
    func runImportSlice() {
        guard state.importJob != nil else { return }
        advanceImport()
        guard state.importJob == nil else { return }
        malloc_trim(0)
        rescan()
    }

    /// One slice: decodes or applies the next part, or records the finished file. Leaves the job
    /// in `importJob` while it has work; a file that does not decode, or a database error, ends it.
    private func advanceImport() {
        guard var job = state.importJob, let identity = state.identity, let key = state.key else {
            state.importJob = nil
            return
        }
        state.importJob = nil
        do {
            if job.decoded < job.lines.count {
                let end = min(job.decoded + Self.decodeSlice, job.lines.count)
                job.records += try SyncRecords.decode(lines: job.lines[job.decoded..<end])
                job.decoded = end
                if end == job.lines.count {
                    job.lines = []
                    job.decoded = 0
                    job.records = acceptable(job.records, in: job.name, from: job.file.device, key: key)
                }
                state.importJob = job
            } else if job.applied < job.records.count {
                let end = min(job.applied + Self.applySlice, job.records.count)
                let outcome = try store.applyRemoteSlice(
                    Array(job.records[job.applied..<end]), from: job.file.device, me: identity.id, gid: key.gid(of:),
                    now: .now(), maxEntries: config.maxEntries)
                job.outcome.absorb(outcome)
                job.applied = end
                state.importJob = job
            } else {
                try store.recordRemoteFile(
                    device: job.file.device, seq: job.file.seq, kind: job.kind, sha: job.sha,
                    heldEntries: job.outcome.heldEntries, now: .now())
                imported(job.name, from: job.file.device, job.outcome)
            }
        } catch let error as CoreError {
            state.unreadable[job.name] = FileStamp(path: job.file.path)
            if state.reported.insert(job.name).inserted {
                log(.error, device: job.file.device, "unreadable", "cannot import \(job.name): \(error)")
            }
        } catch {
            // A busy or failing database: the file is not recorded, and the next listing tries again.
            log(.error, device: job.file.device, "unreadable", "cannot import \(job.name): \(error)")
        }
    }

    /// Logs what importing `name` did and schedules what it calls for (an acknowledgement, compaction).
    func imported(_ name: String, from device: String, _ outcome: RemoteApplyOutcome) {
        state.reported.remove(name)
        state.unreadable[name] = nil
        if outcome.heldEntries { state.ackAt = state.ackAt ?? clock() + Self.ackDelay }
        if outcome.deleted > 0 { state.compactionDue = true }
        if outcome.clockTooFarAhead {
            log(.warning, device: device, "clock", "\(name) carries a clock more than 5 minutes ahead of this machine's")
        }
        if let arrival = outcome.arrival {
            let peer = (try? store.syncPeers())?.first { $0.device == device }
            arrived(arrival, peer?.name ?? device)
        }
        if outcome.inserted + outcome.updated + outcome.deleted > 0 {
            log(
                .info, device: device, "import",
                "imported \(name): \(outcome.inserted) new, \(outcome.updated) changed, \(outcome.deleted) deleted")
        }
    }
}

extension RemoteApplyOutcome {
    /// Adds what another slice of the same file did.
    mutating func absorb(_ other: RemoteApplyOutcome) {
        inserted += other.inserted
        updated += other.updated
        deleted += other.deleted
        purged += other.purged
        acks += other.acks
        heldEntries = heldEntries || other.heldEntries
        clockTooFarAhead = clockTooFarAhead || other.clockTooFarAhead
    }
}
