import Glibc

/// The keys of sync between machines (docs/DESIGN.md §14): where the folder is, what this device
/// is called, and which copies never leave this machine.
extension ConfigKey {
    /// `sync-folder`, `sync-device-name`, `sync-exclude-apps`, `sync-exclude-patterns`,
    /// `sync-exclude-larger-than`, `sync-clipboard` and `sync-clipboard-quiet`, in documentation order.
    static let syncKeys: [ConfigKey] = [
        .folder("sync-folder", \.syncFolder, unset: "(none: sync not configured)"),
        ConfigKey(
            name: "sync-device-name",
            apply: { config, value in
                guard let name = ConfigValue.unquoted(value), !name.isEmpty, !name.contains(where: \.isNewline) else {
                    return "expected a name for this machine"
                }
                config.syncDeviceName = name
                return nil
            }, show: { $0.syncDeviceName ?? "(the host name: \(Config.hostName))" }),
        .appList("sync-exclude-apps", \.syncExcludeApps),
        .patternList("sync-exclude-patterns", \.syncExcludePatterns),
        ConfigKey(
            name: "sync-exclude-larger-than",
            apply: { config, value in
                guard let size = ConfigValue.bytes(value), (0...Config.maxBytesLimit).contains(size) else {
                    return "expected a size from 0 (no limit) to 512M, like 1M or 65536"
                }
                config.syncExcludeLargerThan = size
                return nil
            }, show: { $0.syncExcludeLargerThan == 0 ? "0 (no limit)" : String($0.syncExcludeLargerThan) }),
        .flag("sync-clipboard", \.syncClipboard, words: ("on", "off")),
        .duration(
            "sync-clipboard-quiet", 0...3_600_000, expected: "a duration from 0s to 1h, like 5s",
            \.syncClipboardQuietMilliseconds),
    ]
}
