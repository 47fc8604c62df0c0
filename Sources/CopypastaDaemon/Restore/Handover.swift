import CopypastaCore
import CopypastaStore
import CopypastaX11
import Logging

/// Putting an entry on the clipboard, the same steps for the daemon (`Agent`) and for the background
/// server `copy` and `paste` start when no daemon runs (`SelectionKeeper`).
///
/// The use is recorded only once the X server has confirmed the ownership (or the paste keystroke
/// is sent), so a restore that fails leaves the history as it was; the recorded fingerprint keeps
/// the restored text from being captured again.
struct Handover {
    let display: X11Display
    let loop: EventLoop
    let store: HistoryStore
    let config: Config
    let paths: Paths
    let logger: Logger
    /// The key of the secure entries when they are unlocked; a secure entry is refused without it.
    var key: SecretKey?

    /// Owns `selections` with entry `id` (confirmed), records the use and starts the `on-copy` feedback.
    /// Returns the fingerprint of a secure entry's text, for the caller to clear it after `secure-clear`.
    @discardableResult
    func restore(id: Int64, selections: [Config.Selection]) throws -> Fingerprint? {
        let entry = try opened(id)
        let text = entry.text ?? ""
        try display.own(selections, text: text, secret: entry.secure)
        try recordUse(id)
        loop.afterReply { [self] in
            logger.info(
                "restored",
                metadata: ["id": "\(id)", "bytes": "\(text.utf8.count)", "selections": "\(selections.map(\.rawValue))"])
            runHook(.copy, entry: entry, selection: selections[0])
        }
        return entry.secure ? Fingerprint(of: text) : nil
    }

    /// Entry `id` with its text; a secure entry's text is opened with `key` (exit 77 without it).
    private func opened(_ id: Int64) throws -> Entry {
        var entry = try store.entry(id: id)
        if entry.secure {
            guard let key else { throw StoreError.secureEntry(id) }
            entry.text = try store.secureText(id: id, key: key)
        }
        return entry
    }

    /// Owns CLIPBOARD with entry `id` and sends the paste keystroke (see `PasteSession`), records the use
    /// and starts the feedback; `previous` is what to put back afterwards.
    ///
    /// `started` receives the session as soon as the keystroke is sent, before the use is recorded:
    /// the previous content must be put back even when recording fails.
    @discardableResult
    func paste(
        id: Int64, keyboard: Keyboard, previous: String?, appending suffix: String = "",
        started: (PasteSession) -> Void = { _ in }
    ) throws -> PasteSession {
        let entry = try opened(id)
        let text = (entry.text ?? "") + suffix
        let session = try PasteSession.start(
            text: text, secret: entry.secure, previous: previous, display: display, keyboard: keyboard, config: config)
        started(session)
        try recordUse(id)
        logger.info(
            "pasting", metadata: ["id": "\(id)", "bytes": "\(text.utf8.count)", "keystroke": "\(session.keystroke.description)"])
        runHook(.paste, entry: entry, selection: .clipboard)
        return session
    }

    /// Records the use; a busy database only costs the record, since the selection is already served
    /// and the loop must not wait for a long writer. Any other database error is thrown.
    private func recordUse(_ id: Int64) throws {
        do {
            try store.markUsed(id: id, at: .now())
        } catch {
            guard error.isBusy else { throw error }
            logger.warning("restored, but its use was not recorded: the database is busy", metadata: ["id": "\(id)"])
        }
    }

    /// A secure entry's hook sees `Entry.securePreview` instead of its text (stdin and COPYPASTA_PREVIEW).
    private func runHook(_ event: HookEvent, entry: Entry, selection: Config.Selection) {
        let text = entry.secure ? Entry.securePreview : entry.text ?? ""
        loop.runHook(
            event, id: entry.id, selection: selection, text: text, app: entry.sourceApp, config: config, paths: paths,
            logger: logger)
    }
}
