import CopypastaCore
import CopypastaX11
import Glibc
import Logging

/// One `paste` in progress (the daemon's or the background server's state machine).
///
/// Steps: own CLIPBOARD with the entry (confirmed; PRIMARY too for Shift+Insert, which reads
/// PRIMARY in xterm), send the paste keystroke chosen for the focused window's class, then wait —
/// as a deadline of the event loop, never a sleep — until a window of the focused window's X
/// client has fetched a text target whole (a single reply or an INCR transfer to its end; a
/// TARGETS request does not count, nor another clipboard manager reading the new owner) and has
/// then asked nothing more for `settle`, or until `paste-restore-timeout` passes with no fetch;
/// then own CLIPBOARD again with the text it held before. The settle is there because one paste
/// may read the text more than once: Chromium reads it for the paste event, asks TARGETS a dozen
/// times, then reads it again to insert it. Both ownerships are copypasta's own, so neither is captured.
struct PasteSession {
    /// How long the pasting client must stay silent after its fetch before the previous content goes back.
    static let settle = 0.4
    /// The latest the previous content goes back after the fetch (and after the deadline), however
    /// busy the client stays: a client that keeps reading never holds the entry on CLIPBOARD.
    static let longestSettle = 3.0

    /// The CLIPBOARD text to put back, nil when it could not be known (then the entry stays).
    let previous: String?
    /// Whether the entry is served on PRIMARY too, and the PRIMARY text copypasta served before
    /// (put back after; nil: PRIMARY is given up).
    let primary: (serves: Bool, previous: String?)
    /// The text deliveries counted before the keystroke.
    let deliveriesAtStart: Int
    /// When to put the previous text back if nobody fetched the entry.
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
        let servesPrimary = PasteKeys.servesPrimary(keystroke)
        let session = PasteSession(
            previous: previous, primary: (servesPrimary, servesPrimary ? display.offeredText(.primary) : nil),
            deliveriesAtStart: display.textDeliveries,
            deadline: monotonicSeconds() + Double(config.pasteRestoreTimeoutMilliseconds) / 1000, keystroke: keystroke,
            focus: focus)
        try display.own(servesPrimary ? [.clipboard, .primary] : [.clipboard], text: text, secret: secret)
        try keyboard.send(keystroke)
        return session
    }

    /// When the paste is due: `settle` after the pasting client's last request once it fetched
    /// the entry (at most `longestSettle` after the fetch), else the deadline.
    func nextTimer(display: X11Display) -> Double {
        guard let fetch = display.fetch(since: deliveriesAtStart, byClientOf: focus) else { return deadline }
        return min(fetch.lastActivity + Self.settle, fetch.fetchedAt + Self.longestSettle, deadline + Self.longestSettle)
    }

    /// Whether the entry was fetched and the client went quiet, or the deadline passed unfetched.
    func isDue(display: X11Display, now: Double) -> Bool {
        now >= nextTimer(display: display)
    }

    /// Puts the previous CLIPBOARD text back (when known), logging how the paste ended.
    func finish(display: X11Display, now: Double, logger: Logger) {
        let fetched = display.fetch(since: deliveriesAtStart, byClientOf: focus)?.count ?? 0
        if primary.serves { putPrimaryBack(display: display, logger: logger) }
        guard display.owns(.clipboard) else {
            logger.info(
                "pasted; another client took the clipboard since, so nothing is put back",
                metadata: ["fetched": "\(fetched > 0)", "deliveries": "\(fetched)"])
            return
        }
        guard let previous else {
            logger.info(
                "pasted; the previous clipboard content was unknown and stays replaced",
                metadata: ["fetched": "\(fetched > 0)", "deliveries": "\(fetched)"])
            return
        }
        do {
            try display.own([.clipboard], text: previous, secret: false)
            logger.info(
                "pasted and put the previous clipboard content back",
                metadata: ["fetched": "\(fetched > 0)", "deliveries": "\(fetched)", "keystroke": "\(keystroke)"])
        } catch {
            logger.warning("pasted but could not put the previous clipboard content back: \(error)")
        }
    }

    /// Serves on PRIMARY again what copypasta served there before, or gives PRIMARY up; a PRIMARY
    /// another client took meanwhile is left alone.
    private func putPrimaryBack(display: X11Display, logger: Logger) {
        guard display.owns(.primary) else { return }
        guard let previous = primary.previous else { return display.release(.primary) }
        do {
            try display.own([.primary], text: previous, secret: false)
        } catch {
            logger.warning("pasted but could not put the previous PRIMARY content back: \(error)")
        }
    }
}

/// A paste the background server started, to be finished by `finishPaste`.
public struct PasteSessionHandle {
    let session: PasteSession
    /// Kept open until the paste ends.
    let keyboard: Keyboard

    /// Whether the previous CLIPBOARD content was known and is put back: then the background
    /// server must live on to hold it; otherwise it exits once the paste is done (docs/DESIGN.md §11).
    public var putsPreviousBack: Bool { session.previous != nil }
}
