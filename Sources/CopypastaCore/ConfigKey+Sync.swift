/// The keys of sync between machines (docs/DESIGN.md §14): where the folder is.
extension ConfigKey {
    /// `sync-folder`.
    static let syncKeys: [ConfigKey] = [
        ConfigKey(
            name: "sync-folder",
            apply: { config, value in
                guard let path = ConfigValue.unquoted(value) else { return "expected the path of a directory" }
                config.syncFolder = path
                return nil
            }, show: { $0.syncFolder.isEmpty ? "(none: sync not configured)" : $0.syncFolder })
    ]
}
