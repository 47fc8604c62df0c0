import CopypastaStore
import CopypastaSync

/// A payload blob written or read one slice per turn of the daemon's loop (docs/DESIGN.md
/// §14.2, "Payload flow"), like `SyncImportJob`: a 64 MiB document took 1.4 s to seal and 2.5 s
/// to open in one piece, with the file, its plaintext and its sealed copy in memory at once.
///
/// A slice is at most `SyncFolder.blobSlice` bytes: read from the payload and sealed, or opened
/// and written into the payload area. The job holds one slice and the open files, never the
/// payload; the engine's deadline is "now" while a job has work, so the loop handles what came
/// meanwhile between two slices. Jobs run one at a time, in the order they were asked for.
final class BlobJob {
    /// What a job does, and where it stands.
    enum Work {
        case write(BlobSealer, PayloadSource)
        case read(BlobOpener, PayloadExtraction)
    }

    /// A job not started yet: a blob to write for this device, or one of `device`'s to read.
    enum Task {
        case write(kind: PayloadArea.Kind, folder: String, label: String, file: (name: String, size: Int64)?)
        case read(MissingPayload, device: String)

        /// The payload folder, which names the blob.
        var folder: String {
            switch self {
            case let .write(_, folder, _, _): folder
            case let .read(payload, _): payload.folder
            }
        }
    }

    let task: Task
    let work: Work

    init(_ task: Task, _ work: Work) {
        self.task = task
        self.work = work
    }

    /// Writes or reads the next slice; true once the blob is complete (sealed and renamed to its
    /// name, or opened and its payload renamed into place).
    func step() throws -> Bool {
        switch work {
        case let .write(sealer, source):
            let slice = try source.next(SyncFolder.blobSlice)
            let last = slice.count < SyncFolder.blobSlice
            try sealer.append(slice, last: last)
            if last { try sealer.commit() }
            return last
        case let .read(opener, extraction):
            let (bytes, last) = try opener.next()
            try extraction.consume(bytes)
            if last { try extraction.finish() }
            return last
        }
    }
}
