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
            var line: [UInt8] = []
            try store.forEachEntry(EntryFilter(), withText: true) { entry in
                line.removeAll(keepingCapacity: true)
                JSONLines.appendLine(entry, to: &line, flushAt: 1 << 20) { chunk in
                    Output.standard.write(chunk)
                    chunk.removeAll(keepingCapacity: true)
                }
                Output.standard.write(line)
            }
            Output.standard.flush()
        }
    }
}
