import CopypastaCore
import Glibc

/// The file beside the database (`-wait`) in which a connection waiting for the write lock
/// stamps the time, every millisecond while it waits (`BusyWait`).
///
/// A long writer, the import, reads it between records and commits as soon as someone waits,
/// so that its transactions can be as long as its batches when no one does: every commit
/// rewrites each page it changed, and the fingerprint index puts every record on a page of its
/// own (docs/DESIGN.md §7). The stamp is CLOCK_MONOTONIC, the same for every process of the
/// machine; the file holds nothing else and is never synced.
final class WaitStamp {
    private let descriptor: Int32

    /// Opens (creating, 0600) the stamp file of the database at `databasePath`; nil when it
    /// cannot, and then waits go unannounced (the import keeps its short transactions).
    init?(databasePath: String) {
        let descriptor = open(databasePath + "-wait", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Says "a connection waits for the lock now".
    func stamp() {
        var now = monotonicSeconds()
        _ = pwrite(descriptor, &now, MemoryLayout<Double>.size, 0)
    }

    /// When a connection last waited (monotonic seconds), 0 when none ever did.
    func lastWait() -> Double {
        var value = 0.0
        return pread(descriptor, &value, MemoryLayout<Double>.size, 0) == MemoryLayout<Double>.size ? value : 0
    }
}
