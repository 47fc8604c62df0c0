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
        ConfigKey(
            name: "sync-clipboard",
            apply: { config, value in
                guard let flag = ConfigValue.bool(value) else { return "expected on or off" }
                config.syncClipboard = flag
                return nil
            }, show: { $0.syncClipboard ? "on" : "off" }),
        .duration(
            "sync-clipboard-quiet", 0...3_600_000, expected: "a duration from 0s to 1h, like 5s",
            \.syncClipboardQuietMilliseconds),
    ]

    /// A directory: absolute or under `~/`, since a relative path would name another folder for a
    /// daemon started elsewhere (systemd, a window manager) than for the command that set it;
    /// empty unsets it.
    static func folder(_ name: String, _ field: WritableKeyPath<Config, String> & Sendable, unset: String) -> ConfigKey {
        ConfigKey(
            name: name,
            apply: { config, value in
                guard let path = ConfigValue.unquoted(value) else { return "expected the path of a directory" }
                guard path.isEmpty || path.hasPrefix("/") || path == "~" || path.hasPrefix("~/") else {
                    return "expected an absolute path or one starting with ~/"
                }
                config[keyPath: field] = path
                return nil
            }, show: { $0[keyPath: field].isEmpty ? unset : $0[keyPath: field] })
    }

    /// A hook's executable (`on-copy`, `on-capture`); unset, the hooks directory's of that name.
    static func hook(_ name: String, _ field: WritableKeyPath<Config, String?> & Sendable) -> ConfigKey {
        ConfigKey(
            name: name,
            apply: { config, value in
                guard let path = ConfigValue.unquoted(value), !path.isEmpty else { return "expected the path of an executable" }
                config[keyPath: field] = path
                return nil
            }, show: { $0[keyPath: field] ?? "(hooks directory)/\(name)" })
    }

    /// A comma-separated list of WM_CLASS names (`ignore-apps` and its kin).
    static func appList(_ name: String, _ field: WritableKeyPath<Config, [String]> & Sendable) -> ConfigKey {
        ConfigKey(
            name: name,
            apply: { config, value in
                guard let items = ConfigValue.list(value), !items.contains(where: \.isEmpty) else {
                    return "expected a comma-separated list of WM_CLASS names"
                }
                config[keyPath: field] = items
                return nil
            }, show: { showList($0[keyPath: field]) })
    }

    /// A comma-separated list of regular expressions, each checked when the file is read.
    static func patternList(_ name: String, _ field: WritableKeyPath<Config, [String]> & Sendable) -> ConfigKey {
        ConfigKey(
            name: name,
            apply: { config, value in
                guard let items = ConfigValue.list(value), !items.contains(where: \.isEmpty) else {
                    return "expected a comma-separated list of regular expressions (quote one that holds a comma)"
                }
                for item in items where (try? Regex(item)) == nil {
                    return "\(Visible.quoted(item)) is not a valid regular expression"
                }
                config[keyPath: field] = items
                return nil
            }, show: { showList($0[keyPath: field]) })
    }
}
