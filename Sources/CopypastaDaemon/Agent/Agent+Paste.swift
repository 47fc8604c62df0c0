import CopypastaCore
import CopypastaStore
import CopypastaX11
import Glibc

extension Agent {
    /// Starts a paste of entry `id`, with `suffix` after its text (an expansion's separator; see
    /// `PasteSession`); the reply goes once the keystroke is sent, and the previous CLIPBOARD content
    /// is put back later, from the loop.
    func paste(id: Int64, appending suffix: String = "") throws {
        let keyboard = try self.keyboard ?? Keyboard(display: display)
        self.keyboard = keyboard
        try handover.paste(id: id, keyboard: keyboard, previous: currentClipboardText(), appending: suffix) {
            pasteSession = $0
        }
    }

    /// Puts the previous content back once the target fetched the entry or the deadline passed.
    func expirePaste(now: Double) {
        guard let session = pasteSession, session.isDue(display: display, now: now) else { return }
        pasteSession = nil
        session.finish(display: display, now: now, logger: logger)
        expander?.pasteEnded()
    }

    /// What CLIPBOARD holds now, as far as copypasta knows: the text of a paste still in progress
    /// (a second paste puts back what was there before the first), the text copypasta serves, or the
    /// entry captured from the current owner. Nil when unknown (never fetched, e.g. a password manager's).
    private func currentClipboardText() -> String? {
        if let pending = pasteSession { return pending.previous }
        if let served = display.offeredText(.clipboard) { return served }
        guard let owner = display.owner(of: .clipboard), let captured = capture.ownerEntries[.clipboard], captured.owner == owner
        else {
            return nil
        }
        return try? store.entry(id: captured.id).text
    }
}
