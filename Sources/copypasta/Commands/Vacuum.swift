import ArgumentParser
import CopypastaCore
import CopypastaStore

extension Copypasta {
    /// `copypasta vacuum`: an older database gives freed space back from now on.
    struct Vacuum: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "vacuum",
            abstract: "Give the database's free space back to the file system, and from then on after every purge.",
            discussion: """
                A database created by an older copypasta keeps the space of deleted entries for later entries; vacuum \
                rewrites it once so that every purge and expiry gives its space back. The rewrite holds the database \
                for its whole length (about 12 seconds at a million entries; copies made meanwhile are stored after it) \
                and needs the database's size again in free disk space. On a newer database it only gives back \
                what is free, in short steps.
                """)

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let outcome = try global.changeHistory { store, _ in try store.vacuum() }
            let sizes = "\(HumanFormat.bytes(outcome.bytesBefore)) -> \(HumanFormat.bytes(outcome.bytesAfter))"
            Terminal.warn(
                outcome.switched
                    ? "vacuum: \(sizes); purges give their space back from now on" : "vacuum: \(sizes)")
        }
    }
}
