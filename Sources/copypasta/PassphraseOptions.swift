import ArgumentParser
import CopypastaCore
import CopypastaStore
import CopypastaSystem

/// Where the passphrase of the secure entries comes from: a descriptor a script opened
/// (`--passphrase-fd N`) or else the pinentry dialog (`pinentry-program`).
///
/// `show` and `copy` declare `--passphrase-fd` themselves, with the name and help below, and make
/// this value with `init(passphraseFD:)` (see `GlobalOptions`).
struct PassphraseOptions: ParsableArguments {
    /// The name of `--passphrase-fd`.
    static let passphraseFDName = NameSpecification.customLong("passphrase-fd")
    /// The help of `--passphrase-fd`.
    static let passphraseFDHelp = ArgumentHelp(
        "Read the passphrase of the secure entries from file descriptor N (one line) instead of asking with pinentry.",
        valueName: "N")

    @Option(name: PassphraseOptions.passphraseFDName, help: PassphraseOptions.passphraseFDHelp)
    var passphraseFD: Int32?

    /// The passphrase; `choosing` when it will become the database's passphrase.
    func passphrase(config: Config, choosing: Bool) throws -> [UInt8] {
        var bytes: [UInt8]
        if let fd = passphraseFD {
            do {
                bytes = try FileInput.readAll(fd, limit: 1024)
            } catch {
                throw CoreError.usage("cannot read the passphrase from descriptor \(fd) (at most 1024 bytes, one line)")
            }
            if let newline = bytes.firstIndex(of: 0x0A) { bytes.removeSubrange(newline...) }
        } else {
            let description =
                choosing
                ? "Choose the passphrase that will protect copypasta's secure entries."
                : "Enter the passphrase of copypasta's secure entries."
            do {
                bytes = try Pinentry.ask(program: config.pinentryProgram, description: description, repeated: choosing)
            } catch .cancelled {
                throw CoreError.permission("no passphrase given (the dialog was cancelled); nothing was shown or changed")
            } catch let .cannotStart(reason) {
                throw CoreError.usage(
                    "cannot start pinentry-program '\(config.pinentryProgram)': \(reason); install pinentry or pass --passphrase-fd"
                )
            } catch let .failed(reason) {
                throw CoreError.permission("pinentry-program '\(config.pinentryProgram)' gave no passphrase: \(reason)")
            }
        }
        guard !bytes.isEmpty else { throw CoreError.permission("the passphrase is empty; nothing was shown or changed") }
        return bytes
    }

    /// The key of the secure entries of `store`; with `create`, the first one chooses the passphrase.
    func key(store: HistoryStore, config: Config, create: Bool) throws -> SecretKey {
        let choosing = try create && !store.hasSecurePassphrase()
        var bytes = try passphrase(config: config, choosing: choosing)
        defer { SecretKey.wipe(&bytes) }
        return try store.secureKey(passphrase: bytes, create: create)
    }
}

extension PassphraseOptions {
    /// No descriptor: the passphrase is asked for with pinentry. For the commands that restore
    /// without a `--passphrase-fd` of their own (`pick`); `PassphraseOptions()` would be an
    /// unparsed definition, which traps when read.
    static var pinentry: PassphraseOptions { parsed(passphraseFD: nil) }

    /// The option as parsed by a command that declares it itself (the memberwise initializer
    /// would make unparsed definitions, not values).
    static func parsed(passphraseFD: Int32?) -> PassphraseOptions {
        var options = PassphraseOptions()
        options.passphraseFD = passphraseFD
        return options
    }
}
