/// Capture keys kept apart from `Config.swift`, which holds the rest of them.
extension ConfigKey {
    /// `keep-blank`: whether a copy of white space only is stored (copypasta(1) CONFIGURATION).
    static let keepBlank = ConfigKey(
        name: "keep-blank",
        apply: { config, value in
            guard let flag = ConfigValue.bool(value) else { return "expected true or false" }
            config.keepBlank = flag
            return nil
        }, show: { String($0.keepBlank) })
}
