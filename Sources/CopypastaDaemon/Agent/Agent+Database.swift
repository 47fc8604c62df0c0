import CopypastaStore

extension Agent {
    /// How long the daemon waits for another process's write lock, in milliseconds: a longer
    /// wait would stall the loop (captures, restores, status). A capture that meets a busy
    /// database is kept in memory and retried instead.
    static let busyTimeout: Int32 = 100

    /// Opens the database again when its file was deleted or replaced while the daemon runs
    /// (one stat(2) call): whatever the daemon writes must be in the file readers open.
    func reopenDatabaseIfReplaced() throws {
        guard try store.reopenIfReplaced() else { return }
        logger.warning("the database file \(store.path) was deleted or replaced while running; created it again")
        do {
            // The lock is on the file's identity: the new file needs its own, or a second daemon could start on it.
            lock = try InstanceLock(database: store.path)
        } catch {
            logger.error("\(error); exiting")
            exitStatus = .busy
            throw error
        }
    }
}
