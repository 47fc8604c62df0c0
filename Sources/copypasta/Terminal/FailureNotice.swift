import CopypastaCore
import CopypastaSystem

/// A failure told as a desktop notification, for a command run from a hotkey: its stderr reaches
/// no terminal, so without one the user would see nothing happen.
enum FailureNotice {
    /// Shows `message` with notify-send, as the copy feedback does (`feedback = notify` and
    /// notify-send installed), without waiting for it.
    static func send(_ message: String, config: Config) {
        guard config.feedback == .notify, let notifier = Spawn.findExecutable("notify-send") else { return }
        let argv = [
            notifier, "--app-name=copypasta", "--icon=dialog-error", "--urgency=normal", "copypasta failed",
            "copypasta: " + message,
        ]
        _ = try? Spawn.start(argv, environment: [:], stdin: false, stdout: false, stderr: false, newSession: true)
    }
}
