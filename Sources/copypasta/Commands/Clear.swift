import ArgumentParser
import CopypastaCore

extension Copypasta {
    /// `copypasta clear`: move all unpinned entries to the trash, or delete them for good.
    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear",
            abstract: "Move all unpinned entries to the trash (--all: pinned ones too; --purge: delete for good).",
            discussion: """
                Asks for confirmation when standard input is a terminal; scripts pass --yes. --purge also empties \
                the trash, so that nothing of the cleared history stays anywhere.
                """)

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Clear pinned entries as well.")
        var all = false

        @Flag(help: "Delete for good, the trash included, instead of moving to the trash.")
        var purge = false

        @Flag(name: [.short, .long], help: "Do not ask for confirmation.")
        var yes = false

        func run() throws {
            try global.changeHistory { store, config in
                let forGood = purge || config.trashDays == 0
                if !yes {
                    guard Terminal.isTerminal(0) else {
                        throw CoreError.usage("clear deletes history; pass --yes to confirm when not on a terminal")
                    }
                    let count = try store.count(includePinned: all)
                    let what = all ? "entries (pinned ones included)" : "unpinned entries"
                    let question =
                        forGood ? "Delete \(count) \(what) from \(store.path) for good?" : "Move \(count) \(what) to the trash?"
                    guard Terminal.confirm(question) else {
                        throw CopypastaExit.cancelled("nothing deleted")
                    }
                }
                if forGood {
                    Terminal.warn("deleted \(try store.clear(includePinned: all)) entries")
                } else {
                    Terminal.warn("moved \(try store.trashAll(includePinned: all, at: .now())) entries to the trash")
                }
            }
        }
    }
}
