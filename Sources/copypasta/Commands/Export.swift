import ArgumentParser
import CopypastaCore
import CopypastaStore

extension Copypasta {
    /// `copypasta export`: every entry as JSON Lines on standard output.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write every entry as JSON Lines (the format of list --json) to standard output, newest first.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let store = try global.openStore()
            try store.forEachEntry(EntryFilter(), withText: true) { entry in
                Output.standard.write(JSONLines.encode(entry))
                Output.standard.write("\n")
            }
            Output.standard.flush()
        }
    }
}
