import CopypastaCore
import CopypastaStore
import CopypastaX11
import Glibc

extension Agent {
    /// Starts a paste of entry `id` (see `PasteSession`); replies once the keystroke is sent, and puts
    /// the previous CLIPBOARD content back later, from the loop.
    func paste(id: Int64) -> Result<String, IPCError> {
        do {
            let entry = try store.entry(id: id)
            let text = entry.text ?? ""
            let keyboard = try self.keyboard ?? Keyboard(display: display)
            self.keyboard = keyboard
            let previous = currentClipboardText()
            pasteSession = try PasteSession.start(text: text, previous: previous, display: display, keyboard: keyboard, config: config)
            try store.markUsed(id: id, at: .now())
            let keystroke = pasteSession?.keystroke.description ?? ""
            logger.info("pasting", metadata: ["id": "\(id)", "bytes": "\(text.utf8.count)", "keystroke": "\(keystroke)"])
            runHook(.paste, id: id, selection: .clipboard, text: text, app: entry.sourceApp)
            return .success("")
        } catch let failure as CopypastaFailure {
            return .failure(IPCError(status: failure.exitStatus, message: failure.description))
        } catch {
            return .failure(IPCError(status: .ioError, message: "\(error)"))
        }
    }

    /// Puts the previous content back once the target fetched the entry or the deadline passed.
    func expirePaste(now: Double) {
        guard let session = pasteSession, session.isDue(display: display, now: now) else { return }
        pasteSession = nil
        session.finish(display: display, now: now, logger: logger)
    }

    /// What CLIPBOARD holds now, as far as copypasta knows: the text of a paste still in progress
    /// (a second paste puts back what was there before the first), the text copypasta serves, or the
    /// entry captured from the current owner. Nil when unknown (never fetched, e.g. a password manager's).
    private func currentClipboardText() -> String? {
        if let pending = pasteSession { return pending.previous }
        if let served = display.offeredText(.clipboard) { return served }
        guard let owner = display.owner(of: .clipboard), let captured = capture.ownerEntries[.clipboard], captured.owner == owner else {
            return nil
        }
        return try? store.entry(id: captured.id).text
    }
}
