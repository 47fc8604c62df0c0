import CopypastaCore
import CopypastaStore
import CopypastaSync

/// A peer's file with more lines than one turn of the loop should handle (a pack of 100,000
/// records took 19–26 s in one transaction, and captures made meanwhile were lost).
///
/// The job decodes `decodeSlice` lines per turn, then applies `applySlice` records per turn,
/// each slice in a transaction of its own; the file is recorded as imported after its last
/// slice. Its deadline is "now" while it has work, so the loop polls without waiting, handles
/// the X events and requests that came meanwhile, and runs the next slice: a capture waits for
/// one slice at most. The file is decoded whole before anything is applied, so a file that does
/// not parse is never half imported; a daemon stopped halfway applies it again from the start,
/// which changes nothing that was applied (every register merges last-writer-wins).
struct SyncImportJob {
    /// The file being imported, its name for the log, its kind and digest.
    let file: SyncFile
    let name: String
    let kind: SyncFileKind
    let sha: [UInt8]
    /// The lines still to decode (emptied once decoded, which frees the plaintext).
    var lines: [ArraySlice<UInt8>]
    var decoded = 0
    /// The records decoded, then applied up to `applied`.
    var records: [SyncRecord] = []
    var applied = 0
    /// What the slices applied so far did.
    var outcome = RemoteApplyOutcome()
}
