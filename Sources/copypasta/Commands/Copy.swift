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

        // The options of GlobalOptions, declared here rather than as an option group (GlobalOptions).
        @Option(name: GlobalOptions.dbName, help: GlobalOptions.dbHelp)
        var db: String?
        @Option(name: GlobalOptions.configName, help: GlobalOptions.configHelp)
        var config: String?

        // The option of PassphraseOptions.
        @Option(name: PassphraseOptions.passphraseFDName, help: PassphraseOptions.passphraseFDHelp)
        var passphraseFD: Int32?
        // The options of SelectionOptions.
        @Flag(name: SelectionOptions.primaryName, help: SelectionOptions.primaryHelp)
        var primary = false
        @Flag(name: SelectionOptions.bothName, help: SelectionOptions.bothHelp)
        var both = false

        @Argument(help: EntryReference.help("The entry\'s id"))
        var entry: EntryReference

        private var global: GlobalOptions { GlobalOptions.parsed(db: db, config: config) }
        private var secret: PassphraseOptions { PassphraseOptions.parsed(passphraseFD: passphraseFD) }
        private var target: SelectionOptions { SelectionOptions.parsed(primary: primary, both: both) }

        func run() throws {
            try Restore.entry(entry.id(global), selections: target.selections, global: global, secret: secret)
        }
    }
}
