/// The keys of `/TITLE` expansion: whether it runs, how it inserts, and where it never fires.
extension ConfigKey {
    /// `expand`, `expand-type-max` and `expand-ignore-apps`, in documentation order.
    static let expandKeys: [ConfigKey] = [
        .flag("expand", \.expand),
        .number("expand-type-max", 0...100_000, expected: "a number of characters from 0 to 100000", \.expandTypeMax),
        .appList("expand-ignore-apps", \.expandIgnoreApps),
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
