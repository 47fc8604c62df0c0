/// The sync rules that depend on the configuration alone (docs/DESIGN.md §14).
extension Config {
    /// `sync-folder` with `~` expanded; nil when sync is not configured.
    public func syncFolderPath(home: String) -> String? {
        syncFolder.isEmpty ? nil : Paths.expandTilde(syncFolder, home: home)
    }
}
