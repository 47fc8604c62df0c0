/// The keys of `pick-hotkey`, `paste` and `type`, kept apart from the capture keys.
extension ConfigKey {
    /// `pick-hotkey`, `paste-keys`, `paste-restore-timeout` and `type-max-chars`, in documentation order.
    static let pasteKeys: [ConfigKey] = [
        ConfigKey(
            name: "pick-hotkey",
            apply: { config, value in
                guard let keystroke = ConfigValue.unquoted(value).flatMap(Keystroke.parse) else {
                    return "expected a key with modifiers such as super+v or ctrl+alt+h"
                }
                config.pickHotkey = keystroke
                return nil
            }, show: { $0.pickHotkey?.description ?? "(none)" }),
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
        .duration(
            "paste-restore-timeout", 50...60_000, expected: "a duration from 50ms to 60s, like 1s or 500ms",
            \.pasteRestoreTimeoutMilliseconds),
        .number("type-max-chars", 1...1_000_000, \.typeMaxCharacters),
    ]
}
