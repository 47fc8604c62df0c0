/// The keys of the secure entries: who asks for the passphrase and how long what stays open.
extension ConfigKey {
    /// `pinentry-program`, `secure-unlock-timeout` and `secure-clear`, in documentation order.
    static let secureKeys: [ConfigKey] = [
        ConfigKey(
            name: "pinentry-program",
            apply: { config, value in
                guard let path = ConfigValue.unquoted(value), !path.isEmpty else { return "expected a program name or path" }
                config.pinentryProgram = path
                return nil
            }, show: { $0.pinentryProgram }),
        ConfigKey(
            name: "secure-unlock-timeout",
            apply: { config, value in
                guard let ms = ConfigValue.milliseconds(value), (100...86_400_000).contains(ms) else {
                    return "expected a duration from 100ms to 24h in ms or s, like 5m or 300s, got '\(value)'"
                }
                config.secureUnlockTimeoutMilliseconds = ms
                return nil
            }, show: { showDuration($0.secureUnlockTimeoutMilliseconds) }),
        ConfigKey(
            name: "secure-clear",
            apply: { config, value in
                guard let ms = ConfigValue.milliseconds(value), (100...3_600_000).contains(ms) else {
                    return "expected a duration from 100ms to 3600s, like 30s, got '\(value)'"
                }
                config.secureClearMilliseconds = ms
                return nil
            }, show: { showDuration($0.secureClearMilliseconds) }),
    ]

    private static func showDuration(_ ms: Int) -> String { ms % 1000 == 0 ? "\(ms / 1000)s" : "\(ms)ms" }
}
