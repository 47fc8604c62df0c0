/// The keys of `/TITLE` expansion: whether it runs, how it inserts, and where it never fires.
extension ConfigKey {
    /// `expand`, `expand-type-max` and `expand-ignore-apps`, in documentation order.
    static let expandKeys: [ConfigKey] = [
        ConfigKey(
            name: "expand",
            apply: { config, value in
                guard let flag = ConfigValue.bool(value) else { return "expected true or false" }
                config.expand = flag
                return nil
            }, show: { String($0.expand) }),
        ConfigKey(
            name: "expand-type-max",
            apply: { config, value in
                guard let count = Int(value), (0...100_000).contains(count) else {
                    return "expected a number of characters from 0 to 100000"
                }
                config.expandTypeMax = count
                return nil
            }, show: { String($0.expandTypeMax) }),
        ConfigKey(
            name: "expand-ignore-apps",
            apply: { config, value in
                guard let items = ConfigValue.list(value), !items.contains(where: \.isEmpty) else {
                    return "expected a comma-separated list of WM_CLASS names"
                }
                config.expandIgnoreApps = items
                return nil
            }, show: { showList($0.expandIgnoreApps) }),
    ]
}

extension Config {
    /// Where expansion is off unless the user says otherwise: password managers and the prompts
    /// that ask for passphrases, whose typed keys are nobody's business. Terminals are left to
    /// the user, who knows whether `sudo` prompts run in them.
    public static let defaultExpandIgnoreApps = [
        "KeePassXC", "KeePass2", "Bitwarden", "1Password", "Enpass", "Pinentry", "Gcr-prompter", "Ssh-askpass",
    ]
}

extension ConfigKey {
    /// `snippet-dir`: the folder whose files are snippets (docs/DESIGN.md §7).
    static let snippetKeys: [ConfigKey] = [
        .folder("snippet-dir", \.snippetDir, unset: "(none)")
    ]
}
