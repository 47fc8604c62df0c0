import ArgumentParser
import CopypastaCore
import CopypastaX11

extension Copypasta {
    /// `copypasta paste ID`: put an entry into the focused window through the clipboard.
    struct PasteCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "paste",
            abstract: "Paste an entry into the focused window, then put the previous clipboard content back.",
            discussion: """
                Puts the entry on CLIPBOARD (as copy), sends Ctrl+V (Ctrl+Shift+V to terminals; see paste-keys) \
                to the focused window with XTest, and once the window has fetched the text, or after \
                paste-restore-timeout, puts the previous CLIPBOARD content back. Returns once the keystroke is sent. \
                Neither text becomes a new history entry.
                """)

        @OptionGroup var global: GlobalOptions

        @OptionGroup var secret: PassphraseOptions

        @Argument(help: EntryReference.help("The entry\'s id"))
        var entry: EntryReference

        func run() throws {
            try Self.paste(entry.id(global), global: global, secret: secret)
        }

        /// Waits for the hotkey's modifiers to be released, then pastes entry `id` (also `pick --paste`).
        static func paste(_ id: Int64, global: GlobalOptions, secret: PassphraseOptions = .pinentry) throws {
            Keyboard.releaseHotkey()
            try Restore.entry(id, selections: [.clipboard], global: global, paste: true, secret: secret)
        }
    }
}
