/// The forms a key's value takes (a switch, a number in a range, a duration, a size, a list of
/// names…): each parses, checks and shows its values one way for every key of that form.
extension ConfigKey {
    /// A key whose value is a switch, written and shown as `on`/`off` words (`true`/`false` unless
    /// the key says otherwise).
    static func flag(
        _ name: String, _ field: WritableKeyPath<Config, Bool> & Sendable, words: (on: String, off: String) = ("true", "false")
    ) -> ConfigKey {
        parsed(name, expected: "\(words.on) or \(words.off)", field, ConfigValue.bool) { $0 ? words.on : words.off }
    }

    /// A key whose value is a duration (`5s`, `500ms`, `5m`) within `range` milliseconds, shown as seconds
    /// when whole.
    static func duration(
        _ name: String, _ range: ClosedRange<Int>, expected: String, _ field: WritableKeyPath<Config, Int> & Sendable
    ) -> ConfigKey {
        parsed(name, expected: expected, field, within(range, ConfigValue.milliseconds), show: showDuration)
    }

    /// A key whose value is a size in bytes (`16M`, `4K`, `65536`) within `range`, shown the same way.
    static func size(
        _ name: String, _ range: ClosedRange<Int>, expected: String, _ field: WritableKeyPath<Config, Int> & Sendable
    ) -> ConfigKey {
        parsed(name, expected: expected, field, within(range, ConfigValue.bytes), show: showBytes)
    }

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
        // A parsed value is a path, never nil: `.some` keeps nil for "not parsed".
        parsed(
            name, expected: "the path of an executable", field, { nonEmpty($0).map { .some($0) } },
            show: { $0 ?? "(hooks directory)/\(name)" })
    }

    /// A comma-separated list of WM_CLASS names (`ignore-apps` and its kin).
    static func appList(_ name: String, _ field: WritableKeyPath<Config, [String]> & Sendable) -> ConfigKey {
        parsed(
            name, expected: "a comma-separated list of WM_CLASS names", field,
            { ConfigValue.list($0).flatMap { $0.contains(where: \.isEmpty) ? nil : $0 } }, show: showList)
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

    /// A key whose value is one of the raw values of `Value` (any case), refused with the list of them.
    static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ field: WritableKeyPath<Config, Value> & Sendable
    ) -> ConfigKey where Value.RawValue == String {
        ConfigKey(
            name: name,
            apply: { config, value in
                guard let chosen = ConfigValue.unquoted(value).flatMap({ Value(rawValue: $0.lowercased()) }) else {
                    let names = Value.allCases.map(\.rawValue)
                    return "expected " + names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
                }
                config[keyPath: field] = chosen
                return nil
            }, show: { $0[keyPath: field].rawValue })
    }

    /// A key whose value is a whole number within `range`; `expected` words the range in the error
    /// when the bare numbers would not say what they mean.
    static func number(
        _ name: String, _ range: ClosedRange<Int>, expected: String? = nil,
        _ field: WritableKeyPath<Config, Int> & Sendable
    ) -> ConfigKey {
        parsed(
            name, expected: expected ?? "a whole number from \(range.lowerBound) to \(range.upperBound)", field,
            within(range) { Int($0) }, show: { String($0) })
    }

    /// A key whose value is one non-empty word or quoted text.
    static func word(_ name: String, expected: String, _ field: WritableKeyPath<Config, String> & Sendable) -> ConfigKey {
        parsed(name, expected: expected, field, nonEmpty) { $0.isEmpty ? "(none)" : $0 }
    }

    /// The shape of every form: a value `parse` reads (nil: refused as "expected …" and
    /// `expected`) is stored at `field`, and `show` writes it as `config show` lists it.
    static func parsed<Value>(
        _ name: String, expected: String, _ field: WritableKeyPath<Config, Value> & Sendable,
        _ parse: @escaping @Sendable (String) -> Value?, show: @escaping @Sendable (Value) -> String
    ) -> ConfigKey {
        ConfigKey(
            name: name,
            apply: { config, value in
                guard let parsed = parse(value) else { return "expected \(expected)" }
                config[keyPath: field] = parsed
                return nil
            }, show: { show($0[keyPath: field]) })
    }
}

/// What `read` reads when it lies within `range`.
private func within(_ range: ClosedRange<Int>, _ read: @escaping @Sendable (String) -> Int?) -> @Sendable (String) -> Int? {
    { read($0).flatMap { range.contains($0) ? $0 : nil } }
}

/// `value` unquoted, nil when empty.
private func nonEmpty(_ value: String) -> String? {
    ConfigValue.unquoted(value).flatMap { $0.isEmpty ? nil : $0 }
}

private func showBytes(_ bytes: Int) -> String {
    for (suffix, scale) in [("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)] where bytes % scale == 0 {
        return "\(bytes / scale)\(suffix)"
    }
    return String(bytes)
}

private func showDuration(_ milliseconds: Int) -> String {
    milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
}

/// A list as the config file writes it: an item with a comma, a quote or spaces at its ends is
/// quoted, so the list reads back the same.
func showList(_ items: [String]) -> String {
    items.map { item in
        item.contains(",") || item.contains("\"") || item.hasPrefix(" ") || item.hasSuffix(" ")
            ? "\"" + item.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
            : item
    }.joined(separator: ", ")
}
