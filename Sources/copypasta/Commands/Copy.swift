import ArgumentParser

extension Copypasta {
    /// `copypasta copy ID`: restore an entry.
    struct Copy: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "copy",
            abstract: "Put an entry back on the clipboard; returns once the X server confirms the ownership.",
            discussion: """
                Goes through the running daemon; with no daemon, a background process owns the selection until \
                another client takes it (like xclip). Safe for 'copypasta copy 42 && xdotool key ctrl+v'.
                """)

        @OptionGroup var global: GlobalOptions

        @OptionGroup var secret: PassphraseOptions
        @OptionGroup var target: SelectionOptions

        @Argument(help: EntryReference.help("The entry\'s id"))
        var entry: EntryReference

        func run() throws {
            try Restore.entry(entry.id(global), selections: target.selections, global: global, secret: secret)
        }
    }
}
