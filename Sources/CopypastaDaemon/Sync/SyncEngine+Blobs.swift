import CopypastaCore
import CopypastaStore
import CopypastaSync

/// Runs the blob jobs (`BlobJob`), one slice per turn of the loop.
extension SyncEngine {
    /// What a pack adds to its files' bytes at most: the header and each member's name and sizes.
    static let packOverhead = 8 + ArchivePack.maxMembers * (2 + ArchivePack.maxNameBytes + 8)

    /// Whether a blob job has work: the loop's deadline is then "now".
    var blobsPending: Bool { state.blobJob != nil || !state.blobTasks.isEmpty }

    /// Writes or reads one slice of the current blob job, starting the next queued one first
    /// when none runs.
    func runBlobSlice() {
        while state.blobJob == nil, !state.blobTasks.isEmpty { startBlob(state.blobTasks.removeFirst()) }
        guard let job = state.blobJob else { return }
        do {
            guard try job.step() else { return }
            state.blobJob = nil
            finished(job.task)
        } catch {
            state.blobJob = nil
            failed(job.task, error)
        }
    }

    /// Opens what `task` needs; a failure is logged as the job's.
    private func startBlob(_ task: BlobJob.Task) {
        guard let folder = state.folder, let identity = state.identity, let key = state.key else { return }
        let limit = config.library.syncMaxFileBytes
        do {
            switch task {
            case let .write(_, payload, _, file):
                let source =
                    try file.map { try PayloadSource.document(store.payloads, folder: payload, name: $0.name, size: $0.size) }
                    ?? PayloadSource.archive(store.payloads, folder: payload, limit: limit)
                let sealer = try folder.sealBlob(folder: payload, device: identity.id, key: key)
                state.blobJob = BlobJob(task, .write(sealer, source))
            case let .read(payload, device):
                guard !store.payloads.exists(payload.kind, payload.folder) else { return }
                let document = payload.name.map { (name: $0, size: payload.size, digest: payload.digest) }
                let opener = try folder.openBlob(
                    folder: payload.folder, device: device, key: key,
                    limit: document.map { Int($0.size) } ?? limit + Self.packOverhead)
                let extraction = try PayloadExtraction(
                    store.payloads, kind: payload.kind, folder: payload.folder, document: document, limit: limit)
                state.blobJob = BlobJob(task, .read(opener, extraction))
            }
        } catch {
            failed(task, error)
        }
    }

    /// A blob is complete: a written one lets its held record go out now; a read one's payload
    /// is in place (an archive's reader text indexed), or goes at once when no row names it any
    /// more (its register lost to this machine's newer one meanwhile).
    private func finished(_ task: BlobJob.Task) {
        switch task {
        case let .write(_, folder, label, _):
            logger.debug("sync: wrote the blob of \(label)", metadata: ["folder": "\(folder)"])
            state.flushAt = clock()
        case let .read(payload, device):
            do {
                if payload.kind == .links { try store.archiveExtracted(folder: payload.folder) }
                try store.removeUnclaimed([(payload.kind, payload.folder)])
            } catch {
                log(.warning, device: device, "payload", "cannot record the payload of \(payload.label): \(error)")
            }
        }
    }

    /// A blob job failed: a write's record goes out saying its payload stayed here; a blob that
    /// does not open is logged once and left alone until it changes. Nothing is left half done
    /// (the job's temporary file or `.partial-` folder went with it).
    private func failed(_ task: BlobJob.Task, _ error: any Error) {
        switch task {
        case let .write(_, folder, label, _):
            log(.warning, "payload", "cannot write the blob of \(label): \(error)")
            state.failedBlobs.insert(folder)
            state.flushAt = clock()
        case let .read(payload, device):
            let path = state.folder?.blobPath(device: device, folder: payload.folder) ?? ""
            state.damagedBlobs[path] = FileStamp(path: path)
            log(.warning, device: device, "payload", "cannot take the blob of \(payload.label): \(error)")
        }
    }
}
