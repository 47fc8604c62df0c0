import CopypastaCore
import CopypastaX11
import Glibc
import Logging

/// One `paste` in progress (the daemon's or the background server's state machine).
///
/// Steps: own CLIPBOARD with the entry (confirmed), send the paste keystroke
/// chosen for the focused window's class, then wait — as a deadline of the
/// event loop, never a sleep — until a window of the focused window's X client
/// has fetched a text target whole (a single reply or an INCR transfer to its
/// end; another clipboard manager reading the new owner does not count) or
/// `paste-restore-timeout` passes; then own CLIPBOARD again with the text it
/// held before. Both ownerships are copypasta's own, so neither is captured.
struct PasteSession {
    /// The CLIPBOARD text to put back, nil when it could not be known (then the entry stays).
    let previous: String?
    /// The text deliveries counted before the keystroke.
    let deliveriesAtStart: Int
    /// When to put the previous text back even if nobody fetched the entry.
    let deadline: Double
    /// The keystroke sent, for the log.
    let keystroke: Keystroke
    /// The focused window the keystroke went to; its client's fetch ends the wait.
    let focus: FocusID

    /// Owns CLIPBOARD with `text` and sends the paste keystroke for the focused window; a keystroke
    /// whose key the keyboard lacks is refused before the clipboard changes.
    static func start(
        text: String, secret: Bool = false, previous: String?, display: X11Display, keyboard: Keyboard, config: Config
    ) throws
        -> PasteSession
    {
        keyboard.reload()
        let focus = keyboard.focus()
        let keystroke = config.pasteKeys.keystroke(forClass: keyboard.classNames(of: focus))
        guard keyboard.position(named: keystroke.key) != nil else { throw X11Error.unknownKey(keystroke.description) }
        try display.own([.clipboard], text: text, secret: secret)
        let session = PasteSession(
            previous: previous, deliveriesAtStart: display.textDeliveries,
            deadline: monotonicSeconds() + Double(config.pasteRestoreTimeoutMilliseconds) / 1000, keystroke: keystroke,
            focus: focus)
        try keyboard.send(keystroke)
        return session
    }

    /// Whether the entry was fetched or the deadline passed.
    func isDue(display: X11Display, now: Double) -> Bool {
        display.delivered(since: deliveriesAtStart, toClientOf: focus) || now >= deadline
    }

    /// Puts the previous CLIPBOARD text back (when known), logging how the paste ended.
    func finish(display: X11Display, now: Double, logger: Logger) {
        let fetched = display.delivered(since: deliveriesAtStart, toClientOf: focus)
        guard display.owns(.clipboard) else {
            logger.info(
                "pasted; another client took the clipboard since, so nothing is put back", metadata: ["fetched": "\(fetched)"])
            return
        }
        guard let previous else {
            logger.info(
                "pasted; the previous clipboard content was unknown and stays replaced", metadata: ["fetched": "\(fetched)"])
            return
        }
        do {
            try display.own([.clipboard], text: previous, secret: false)
            logger.info(
                "pasted and put the previous clipboard content back",
                metadata: ["fetched": "\(fetched)", "keystroke": "\(keystroke)"])
        } catch {
            logger.warning("pasted but could not put the previous clipboard content back: \(error)")
        }
    }
}
