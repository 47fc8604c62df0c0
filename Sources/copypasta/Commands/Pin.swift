import ArgumentParser

/// Whether a ``PinCommand`` pins or unpins (ArgumentParser wants a type per command).
protocol PinRow {
    /// True for `pin`, false for `unpin`.
    static var pinned: Bool { get }
}

/// `copypasta pin ID…` and `copypasta unpin ID…`: one command type, the flag it sets.
struct PinCommand<Row: PinRow>: BulkEntriesCommand {
    /// `pin` or `unpin`, with its help.
    static var configuration: CommandConfiguration {
        Row.pinned
            ? CommandConfiguration(commandName: "pin", abstract: "Pin entries so that retention and clear keep them.")
            : CommandConfiguration(commandName: "unpin", abstract: "Unpin entries.")
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: EntryReference.helpMany("The ids of the entries to \(Row.pinned ? "pin" : "unpin")"))
    var entries: [EntryReference]

    /// Sets the flag on every entry named.
    func run() throws {
        try global.changeHistory { store, _ in try store.setPinned(ids: EntryReference.ids(entries, in: store), Row.pinned) }
    }
}

extension Copypasta {
    /// `copypasta pin`.
    enum PinRowOn: PinRow { static let pinned = true }
    /// `copypasta unpin`.
    enum PinRowOff: PinRow { static let pinned = false }
    /// `copypasta pin ID…`.
    typealias Pin = PinCommand<PinRowOn>
    /// `copypasta unpin ID…`.
    typealias Unpin = PinCommand<PinRowOff>
}
