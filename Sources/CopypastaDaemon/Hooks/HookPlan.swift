import CopypastaCore
import CopypastaSystem
import Glibc

/// Chooses and prepares hook commands: a configured executable, else the
/// default hooks directory, else (copy only) the notify-send feedback.
struct HookPlan {
    /// The configuration naming the hooks and the feedback.
    let config: Config
    /// Where the default hooks directory is.
    let paths: Paths

    /// The argv to run for `event`, nil when there is nothing to run; `title` replaces the
    /// notification's summary line (an arrival names its device).
    func command(for event: HookEvent, preview: String, title: String? = nil) -> (name: String, argv: [String])? {
        let configured = event == .capture ? config.onCapture : config.onCopy
        if let configured {
            return (event.hookName, [Paths.expandTilde(configured, home: homeDirectory())])
        }
        let standard = "\(paths.hooksDirectory)/\(event.hookName)"
        if access(standard, X_OK) == 0 { return (event.hookName, [standard]) }
        guard event != .capture, config.feedback == .notify, let notifier = Spawn.findExecutable("notify-send") else {
            return nil
        }
        return (
            "notify-send",
            [
                notifier, "--app-name=copypasta", "--expire-time=1500", "--icon=edit-paste",
                "--hint=int:transient:1", "--hint=string:x-canonical-private-synchronous:copypasta",
                "--hint=string:x-dunst-stack-tag:copypasta", title ?? event.notificationTitle,
                Self.escapeMarkup(preview),
            ]
        )
    }

    /// The environment of a hook (copypasta(1) HOOKS); the text itself goes on stdin, never into argv or a shell.
    /// `device` is the name of the machine an arrival came from (COPYPASTA_DEVICE).
    static func environment(
        event: HookEvent, id: Int64, selection: Config.Selection, text: String, app: String?, device: String? = nil
    ) -> [String: String] {
        var environment = [
            "COPYPASTA_EVENT": event.rawValue, "COPYPASTA_ID": String(id), "COPYPASTA_SELECTION": selection.rawValue,
            "COPYPASTA_BYTES": String(text.utf8.count), "COPYPASTA_PREVIEW": Preview.short(text),
            "COPYPASTA_SOURCE_APP": app ?? "",
        ]
        if let device { environment["COPYPASTA_DEVICE"] = device }
        return environment
    }

    /// Notification servers read the body as markup; show the preview literally.
    static func escapeMarkup(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }

    private func homeDirectory() -> String {
        getenv("HOME").map { String(cString: $0) } ?? "/"
    }
}
