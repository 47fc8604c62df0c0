import ArgumentParser

/// The root command: one binary, one subcommand per verb (copypasta(1) COMMANDS).
struct Copypasta: ParsableCommand {
    /// The version printed by `--version`.
    static let version = "0.1.0"

    /// The program name, its overview and its subcommands.
    static let configuration = CommandConfiguration(
        commandName: "copypasta",
        abstract: "Clipboard history for X11: capture, search and restore what you copied.",
        discussion: """
            Exit status: 0 success, 1 nothing found or picker cancelled, 64 usage, 65 bad data, \
            66 no such entry, 69 X display or daemon unavailable, 70 internal error, 73 cannot create, \
            74 I/O error, 75 database busy (type: the focus moved; ai: the provider is busy), 76 bad reply from the AI provider, \
            77 wrong passphrase (ai: key or entry refused), 78 bad configuration. See copypasta(1).
            """,
        version: version,
        subcommands: [
            Daemon.self, List.self, Show.self, Copy.self, PasteCommand.self, TypeCommand.self, Pick.self, Search.self, Add.self,
            Delete.self,
            Undelete.self, Trash.self, Clear.self, Pin.self, Unpin.self, Tag.self, Untag.self, Attach.self, Detach.self,
            Tags.self, Collections.self,
            Pause.self, Resume.self, Status.self,
            Name.self, Find.self, Secure.self, Lock.self, Edit.self,
            Export.self, Import.self, Vacuum.self, ConfigCommand.self, Serve.self, Sync.self, Local.self, Open.self,
            ArchiveCommand.self,
            AI.self,
        ]
    )
}
