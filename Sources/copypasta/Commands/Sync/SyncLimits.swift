import CopypastaSync

/// What `sync join`, `sync status` and `status` say when the machines of a history have different
/// `max-entries`: each keeps its own newest entries up to its own limit, and passes on (in its
/// packs) only what it still keeps, so they silently end up with different parts of the shared
/// history (docs/DESIGN.md §14.3).
enum SyncLimits {
    /// The note for this machine's `mine` among `devices` of the folder (this one, `me`, aside);
    /// empty when every device that says its limit has the same one.
    static func note(mine: Int, devices: [SyncDevice], me: String?) -> String {
        let others = devices.filter { $0.id != me && $0.maxEntries.map { $0 != mine } == true }
        guard !others.isEmpty else { return "" }
        let theirs = others.map { "\($0.name.isEmpty ? $0.id : $0.name) keeps \(describe($0.maxEntries ?? 0))" }
        return "max-entries: this machine keeps \(describe(mine)); " + theirs.joined(separator: "; ") + "\n"
            + "  Each machine keeps its newest entries up to its own max-entries and passes on only what it\n"
            + "  still keeps, so the machines keep different parts of the shared history: set the same\n"
            + "  max-entries on every machine to keep the same history (copypasta(1), SYNC).\n"
    }

    /// The note for this machine, read from the folder (no note when the folder cannot be read).
    static func note(mine: Int, folder: SyncFolder, me: String?) -> String {
        note(mine: mine, devices: (try? folder.devices())?.devices ?? [], me: me)
    }

    private static func describe(_ limit: Int) -> String {
        limit == 0 ? "every entry (max-entries = 0)" : "at most \(limit) entries"
    }
}
