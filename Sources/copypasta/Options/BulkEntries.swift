import ArgumentParser

/// A command that takes any number of entries as its last arguments (`delete`, `undelete`, `pin`,
/// `unpin`).
protocol BulkEntriesCommand: ParsableCommand {
    /// The entries named on the command line.
    var entries: [EntryReference] { get set }
}

extension Copypasta.Delete: BulkEntriesCommand {}
extension Copypasta.Undelete: BulkEntriesCommand {}

/// Parses a long list of ids in linear time.
///
/// ArgumentParser stores an array argument's values one at a time, copying the array and
/// merging the set of input positions for each: 10,000 ids took seconds and 100,000 minutes
/// (`delete $(…)`). The ids after the first of a long trailing run are taken out before the
/// parse (the first stays, so the parser still checks the command) and appended afterwards.
enum BulkEntries {
    /// Runs shorter than this are left to the parser.
    static let threshold = 32

    /// `arguments` without the bulk of a long trailing run of ids, and those ids; no ids when the
    /// command takes no list of entries or the run is short.
    static func split(_ arguments: [String]) -> (arguments: [String], entries: [EntryReference]) {
        let types: [any BulkEntriesCommand.Type] = [
            Copypasta.Delete.self, Copypasta.Undelete.self, Copypasta.Pin.self, Copypasta.Unpin.self,
        ]
        let commands = types.map { $0.configuration.commandName }
        guard let name = arguments.first, commands.contains(name) else { return (arguments, []) }
        var start = arguments.endIndex
        while start > 1, !arguments[start - 1].hasPrefix("-"), EntryReference(argument: arguments[start - 1]) != nil {
            start -= 1
        }
        // An id right after an option that takes a value is that option's value, not an entry.
        let valued = ["--db", "--config", "--passphrase-fd"]
        if start < arguments.endIndex, valued.contains(arguments[start - 1]) { start += 1 }
        guard arguments.endIndex - start > threshold else { return (arguments, []) }
        let entries = arguments[(start + 1)...].compactMap { EntryReference(argument: $0) }
        return (Array(arguments[...start]), entries)
    }

    /// `command` with `entries` appended to its list of entries.
    static func appending(_ entries: [EntryReference], to command: any ParsableCommand) -> any ParsableCommand {
        guard !entries.isEmpty, var bulk = command as? any BulkEntriesCommand else { return command }
        bulk.entries += entries
        return bulk
    }
}
