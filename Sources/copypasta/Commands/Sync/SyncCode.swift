import ArgumentParser
import CopypastaSync

extension Copypasta {
    /// `copypasta sync code`: print the join code again.
    struct SyncCode: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "code",
            abstract: "Print the join code of the history (a secret: it opens the history to whoever has it).")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try SyncContext(global)
            // A key that no longer fits the folder (a damaged sync.key) would hand out a useless code.
            let key = try context.checkedKey(try SyncKey.load(context.paths))
            Output.standard.write("code: \(key.code)\n")
            Output.standard.flush()
            Terminal.warn("this code is a secret: with it and the folder, anyone can read the history")
        }
    }
}
