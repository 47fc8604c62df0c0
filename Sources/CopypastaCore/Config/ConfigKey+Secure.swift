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
        .duration(
            "secure-unlock-timeout", 100...86_400_000, expected: "a duration from 100ms to 24h, like 5m or 300s",
            \.secureUnlockTimeoutMilliseconds),
        .duration(
            "secure-clear", 100...3_600_000, expected: "a duration from 100ms to 3600s, like 30s", \.secureClearMilliseconds),
    ]
}
