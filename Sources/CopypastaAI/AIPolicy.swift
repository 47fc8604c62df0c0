import CopypastaCore

/// What is never sent to a provider (copypasta(1) ai, "What is never sent").
///
/// The same rules capture applies decide: an entry from an `ignore-apps` application, or whose
/// text matches an `ignore-patterns` expression, would not have been captured, so it does not
/// leave the machine either (a hand-added entry can hold such a text). Secure and local-only
/// entries never leave it by definition. A refusal sends nothing at all.
public enum AIPolicy {
    /// Why entry `entry` may not be sent, or nil; `texts` are its own text and what would be sent for it.
    public static func refusal(_ entry: Entry, texts: [String], localOnly: Bool, config: Config) -> String? {
        let id = entry.id
        if entry.secure { return "entry \(id) is secure: secure entries are never sent to an AI provider; nothing was sent" }
        if localOnly {
            return "entry \(id) is local-only: it never leaves this machine, not to an AI provider either; nothing was sent"
        }
        let filter = CaptureFilter(config: config)
        if let app = entry.sourceApp, case .ignoredApp? = filter.checkOwner(targets: [], classNames: [app]) {
            return "entry \(id) comes from \(Visible.quoted(app)), which ignore-apps names: it is never sent; nothing was sent"
        }
        for candidate in texts {
            if case .ignoredPattern(let pattern)? = filter.checkText(candidate) {
                return "entry \(id) matches the ignore-patterns expression \(Visible.quoted(pattern)): "
                    + "it looks like a secret and is never sent; nothing was sent"
            }
        }
        return nil
    }
}
