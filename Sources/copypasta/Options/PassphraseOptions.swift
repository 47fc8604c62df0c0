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
            bytes = try Self.prompt(config: config, choosing: choosing)
        }
        guard !bytes.isEmpty else { throw CoreError.permission("the passphrase is empty; nothing was shown or changed") }
        return bytes
    }

    /// The passphrase typed into pinentry. From a hotkey (no terminal) the default `pinentry`, often
    /// a text-mode one, gives way to a graphical one (`Pinentry.program`). A prompt that fails is
    /// reported as such (69), never as a wrong passphrase, and, with no terminal to read the
    /// message on, also as a notification.
    private static func prompt(config: Config, choosing: Bool) throws -> [UInt8] {
        let description =
            choosing
            ? "Choose the passphrase that will protect copypasta's secure entries."
            : "Enter the passphrase of copypasta's secure entries."
        let terminal = Pinentry.terminal()
        let configured = config.pinentryProgram
        let failure: any CopypastaFailure
        if let program = Pinentry.program(
            configured: configured, isDefault: configured == Config().pinentryProgram, terminal: terminal)
        {
            do {
                return try Pinentry.ask(program: program, description: description, repeated: choosing, terminal: terminal)
            } catch {
                switch error {
                case .cancelled:
                    throw CoreError.permission("no passphrase given (the dialog was cancelled); nothing was shown or changed")
                case let .cannotStart(reason):
                    failure = CoreError.usage(
                        "cannot start pinentry-program '\(program)': \(reason); install pinentry or pass --passphrase-fd")
                case let .failed(reason):
                    failure = CopypastaExit.unavailable(
                        "the passphrase prompt of '\(program)' failed: \(Visible.message(reason)); nothing was shown or changed")
                case .differ:
                    failure = CoreError.permission("the two passphrases differ; nothing was changed")
                }
            }
        } else {
            failure = CopypastaExit.unavailable(
                "no terminal to ask for the passphrase on and no graphical pinentry to show instead; install "
                    + "pinentry-gtk2, pinentry-gnome3 or pinentry-qt (or set pinentry-program), or pass --passphrase-fd")
        }
        if terminal == nil { FailureNotice.send(failure.description, config: config) }
        throw failure
    }

    /// The key of the secure entries of `store`; with `create`, the first one chooses the passphrase.
    func key(store: HistoryStore, config: Config, create: Bool) throws -> SecretKey {
        let choosing = try create && !store.hasSecurePassphrase()
        var bytes = try passphrase(config: config, choosing: choosing)
        defer { Sodium.wipe(&bytes) }
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
