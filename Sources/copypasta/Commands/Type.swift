import ArgumentParser
import CopypastaCore
import CopypastaDaemon
import CopypastaStore
import Glibc

extension Copypasta {
    /// `copypasta type ID`: type an entry into the focused window as keystrokes.
    struct TypeCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "type",
            abstract: "Type an entry into the focused window as keystrokes (for fields that block paste).",
            discussion: """
                Uses XTest on the current keyboard layout and group; characters the layout lacks are typed by \
                binding spare keycodes for a moment. \\n is Return and \\t is Tab; other control characters are \
                refused (65) unless --raw. Stops with 75 when the focus moves to another window. No selection \
                is touched and no daemon is needed.
                """)

        @OptionGroup var global: GlobalOptions

        @OptionGroup var secret: PassphraseOptions

        @Argument(help: EntryReference.help("The entry\'s id"))
        var entry: EntryReference

        @Option(
            help: ArgumentHelp("Milliseconds to wait between keys (0 to 1000; 0 sends them without a pause).", valueName: "ms"))
        var delay = 0

        @Flag(help: "Send control characters too: \\r as Return, backspace, escape and delete as their keys; skip the others.")
        var raw = false

        /// Checks the delay's range.
        func validate() throws {
            guard (0...1000).contains(delay) else { throw ValidationError("--delay must be from 0 to 1000 milliseconds") }
        }

        /// Set by the daemon's `/TITLE` expansion, which types the separator once this process has
        /// exited: the typed snippet is its own feedback, and a notification could hold the exit
        /// back for up to `hook-timeout` (notify-send waits for a notification server).
        @Flag(help: ArgumentHelp("Run no on-copy hook and show no notification.", visibility: .hidden))
        var noFeedback = false

        func run() throws {
            try Self.type(entry.id(global), global: global, secret: secret, delay: delay, raw: raw, feedback: !noFeedback)
        }

        /// Types entry `id` (also `pick --type`); `feedback` runs the on-copy hook or the notification.
        static func type(
            _ id: Int64, global: GlobalOptions, secret: PassphraseOptions = .pinentry, delay: Int = 0, raw: Bool = false,
            feedback: Bool = true
        ) throws {
            let config = try global.loadConfig()
            let store = try global.openStore()
            var entry = try store.entry(id: id)
            if entry.secure {
                entry.text = try store.secureText(id: id, key: try secret.key(store: store, config: config, create: false))
            }
            let steps = try TypePlan.steps(entry.text ?? "", raw: raw, maxCharacters: config.typeMaxCharacters).get()
            Typist.blockSignals()
            let paths = global.paths()
            let typist = try Typist(displayName: nil, runtimeDirectory: paths.runtimeDirectory)
            let untypable = typist.untypable(in: steps)
            guard untypable.isEmpty else {
                let sample = String(String.UnicodeScalarView(untypable.prefix(5)))
                throw CoreError.data("'\(sample)' cannot be typed: the layout lacks it and no keycode is free; use paste")
            }
            switch typist.type(steps, delay: Double(delay) / 1000) {
            case .typed:
                try store.markUsed(id: id, at: .now())
                guard feedback else { return }
                typist.feedback(
                    id: id, text: entry.secure ? Entry.securePreview : entry.text ?? "", app: entry.sourceApp, config: config,
                    paths: paths)
            case let .focusMoved(sent):
                throw DaemonError.focusMoved(sent: sent, total: steps.count)
            case let .interrupted(signal, sent):
                Terminal.warn("interrupted after \(sent) of \(steps.count) keys; the keyboard mapping is restored")
                throw ExitCode(128 + signal)
            }
        }
    }
}
