extension Config {
    /// Copy-on-select: which selection the daemon puts onto the other once it is finished
    /// (copypasta(1) CONFIGURATION, `sync-selections`).
    public enum SelectionSync: String, Sendable, CaseIterable {
        /// Neither.
        case off
        /// A finished mouse selection (PRIMARY) becomes CLIPBOARD too.
        case primaryToClipboard = "primary-to-clipboard"
        /// A copy (CLIPBOARD) becomes PRIMARY too.
        case clipboardToPrimary = "clipboard-to-primary"
        /// Both directions.
        case both

        /// The selection a change of `source` is copied onto, nil when it is not copied.
        public func target(of source: Selection) -> Selection? {
            switch (self, source) {
            case (.primaryToClipboard, .primary), (.both, .primary): .clipboard
            case (.clipboardToPrimary, .clipboard), (.both, .clipboard): .primary
            default: nil
            }
        }
    }

    /// When the daemon purges the unpinned, unnamed entries of the session (`clear-on`).
    public enum ClearOn: String, Sendable, CaseIterable {
        /// Never.
        case never
        /// When the daemon stops with the graphical session (SIGTERM, SIGINT) or the X server goes away.
        case logout
        /// At logout and whenever the screen saver turns on (the screen locks).
        case lock
    }

    /// The selections the daemon watches: those captured, and those copy-on-select copies from.
    public var watchedSelections: [Selection] {
        selections + Selection.allCases.filter { !selections.contains($0) && syncSelections.target(of: $0) != nil }
    }
}

/// The keys of copy-on-select and of the end of the session, kept apart from the capture keys.
extension ConfigKey {
    /// `sync-selections`, `select-settle` and `clear-on`, in documentation order.
    static let sessionKeys: [ConfigKey] = [
        .choice("sync-selections", \.syncSelections),
        .duration(
            "select-settle", 0...10_000, expected: "a duration from 0ms to 10s, like 300ms", \.selectSettleMilliseconds),
        .choice("clear-on", \.clearOn),
    ]
}
