import ArgumentParser
import CopypastaCore

extension Copypasta {
    /// `copypasta clear`: delete all unpinned entries.
    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear",
            abstract: "Delete all unpinned entries (--all: pinned ones too).",
            discussion: "Asks for confirmation when standard input is a terminal; scripts pass --yes.")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Delete pinned entries as well.")
        var all = false

        @Flag(name: [.short, .long], help: "Do not ask for confirmation.")
        var yes = false

        func run() throws {
            let store = try global.openStore()
            if !yes {
                guard Terminal.isTerminal(0) else {
                    throw CoreError.usage("clear deletes history; pass --yes to confirm when not on a terminal")
                }
                let count = try store.count(includePinned: all)
                let what = all ? "entries (pinned ones included)" : "unpinned entries"
                guard Terminal.confirm("Delete \(count) \(what) from \(store.path)?") else {
                    throw CopypastaExit.cancelled("nothing deleted")
                }
            }
            let deleted = try store.clear(includePinned: all)
            Terminal.warn("deleted \(deleted) entries")
        }
    }
}
