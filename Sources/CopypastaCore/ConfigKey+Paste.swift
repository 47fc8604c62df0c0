/// The keys of `paste` and `type`, kept apart from the capture keys.
extension ConfigKey {
    /// `paste-keys`, `paste-restore-timeout` and `type-max-chars`, in documentation order.
    static let pasteKeys: [ConfigKey] = [
        ConfigKey(
            name: "paste-keys",
            apply: { config, value in
                guard let items = ConfigValue.list(value), !items.isEmpty else {
                    return "expected CLASS:keystroke, … such as 'Emacs:ctrl+y, *:ctrl+v'"
                }
                switch PasteKeys.parse(items) {
                case let .success(keys): config.pasteKeys = keys
                case let .failure(error): return error.description
                }
                return nil
            }, show: { $0.pasteKeys.rendered }),
        ConfigKey(
            name: "paste-restore-timeout",
            apply: { config, value in
                guard let ms = ConfigValue.milliseconds(value), (50...60_000).contains(ms) else {
                    return "expected a duration from 50ms to 60s, like 1s or 500ms, got '\(value)'"
                }
                config.pasteRestoreTimeoutMilliseconds = ms
                return nil
            },
            show: { config in
                let ms = config.pasteRestoreTimeoutMilliseconds
                return ms % 1000 == 0 ? "\(ms / 1000)s" : "\(ms)ms"
            }),
        ConfigKey(
            name: "type-max-chars",
            apply: { config, value in
                guard let number = Int(value), (1...1_000_000).contains(number) else {
                    return "expected a whole number from 1 to 1000000, got '\(value)'"
                }
                config.typeMaxCharacters = number
                return nil
            }, show: { String($0.typeMaxCharacters) }),
    ]
}
