extension Config {
    /// Whether the daemon takes the desktop's clipboard-manager role (the `CLIPBOARD_MANAGER`
    /// selection), which exiting applications ask to keep their clipboard.
    public enum ManagerRole: String, Sendable, CaseIterable {
        /// Claim the role when nobody holds it, and again whenever it becomes free.
        case auto
        /// Take the role from the desktop's manager at start-up (once; never fight back).
        case replace
        /// Never take the role.
        case off
    }

    /// The largest `save-target-max-bytes` and `save-max-bytes`, 512 MiB: the saved targets live in memory.
    public static let saveBytesLimit = 512 << 20
}

/// The keys of the clipboard-manager role, kept apart from the capture keys.
extension ConfigKey {
    /// `clipboard-manager`, `save-target-max-bytes` and `save-max-bytes`, in documentation order.
    static let managerKeys: [ConfigKey] = [
        .choice("clipboard-manager", \.clipboardManager),
        .size(
            "save-target-max-bytes", 4096...Config.saveBytesLimit, expected: "a size from 4K to 512M, like 32M",
            \.saveTargetMaxBytes),
        .size("save-max-bytes", 4096...Config.saveBytesLimit, expected: "a size from 4K to 512M, like 64M", \.saveMaxBytes),
    ]
}
