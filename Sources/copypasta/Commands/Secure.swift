import ArgumentParser
import CopypastaCore
import CopypastaStore

extension Copypasta {
    /// `copypasta secure [--clear] ID`: seal an entry's text with the passphrase, or open it back.
    struct Secure: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "secure",
            abstract: "Encrypt an entry's text with the passphrase and remove the plaintext from the database.",
            discussion: "The first secure entry chooses the passphrase. --clear makes the entry a plain one again.")

        @OptionGroup var global: GlobalOptions

        @OptionGroup var secret: PassphraseOptions

        @Flag(help: "Make the entry a plain one again (needs the passphrase).")
        var clear = false

        @Argument(help: "The entry's id, as shown by list.")
        var id: Int64

        func run() throws {
            try global.changeHistory { store, config in
                guard let secure = try store.isSecure(id: id) else { throw StoreError.noSuchEntry(id) }
                if clear {
                    guard secure else { return }
                    try store.clearSecure(id: id, key: try secret.key(store: store, config: config, create: false))
                } else {
                    guard !secure else { return }
                    try store.makeSecure(id: id, key: try secret.key(store: store, config: config, create: true))
                }
            }
        }
    }
}
