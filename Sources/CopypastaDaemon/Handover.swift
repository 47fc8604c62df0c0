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

    /// Owns `selections` with entry `id` (confirmed), records the use and starts the `on-copy` feedback.
    func restore(id: Int64, selections: [Config.Selection]) throws {
        let entry = try store.entry(id: id)
        let text = entry.text ?? ""
        try display.own(selections, text: text)
        try recordUse(id)
        logger.info("restored", metadata: ["id": "\(id)", "bytes": "\(text.utf8.count)", "selections": "\(selections.map(\.rawValue))"])
        runHook(.copy, entry: entry, selection: selections[0])
    }

    /// Owns CLIPBOARD with entry `id` and sends the paste keystroke (see `PasteSession`), records the use
    /// and starts the feedback; `previous` is what to put back afterwards.
    ///
    /// `started` receives the session as soon as the keystroke is sent, before the use is recorded:
    /// the previous content must be put back even when recording fails.
    @discardableResult
    func paste(id: Int64, keyboard: Keyboard, previous: String?, started: (PasteSession) -> Void = { _ in }) throws -> PasteSession {
        let entry = try store.entry(id: id)
        let text = entry.text ?? ""
        let session = try PasteSession.start(text: text, previous: previous, display: display, keyboard: keyboard, config: config)
        started(session)
        try recordUse(id)
        logger.info("pasting", metadata: ["id": "\(id)", "bytes": "\(text.utf8.count)", "keystroke": "\(session.keystroke.description)"])
        runHook(.paste, entry: entry, selection: .clipboard)
        return session
    }

    /// Records the use; a busy database only costs the record, since the selection is already served
    /// and the loop must not wait for a long writer. Any other database error is thrown.
    private func recordUse(_ id: Int64) throws {
        do {
            try store.markUsed(id: id, at: .now())
        } catch StoreError.busy {
            logger.warning("restored, but its use was not recorded: the database is busy", metadata: ["id": "\(id)"])
        }
    }

    private func runHook(_ event: HookEvent, entry: Entry, selection: Config.Selection) {
        loop.runHook(
            event, id: entry.id, selection: selection, text: entry.text ?? "", app: entry.sourceApp, config: config, paths: paths,
            logger: logger)
    }
}
