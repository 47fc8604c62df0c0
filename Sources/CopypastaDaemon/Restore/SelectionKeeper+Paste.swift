import CopypastaCore
import CopypastaStore
import CopypastaX11
import Glibc

extension SelectionKeeper {
    /// `paste` without a daemon: reads what CLIPBOARD holds now, owns it with entry `id`, sends the
    /// paste keystroke, records the use and starts the paste feedback. `serve()` then runs the loop.
    public func startPaste(id: Int64, store: HistoryStore, config: Config, paths: Paths) throws -> PasteSessionHandle {
        let keyboard = try Keyboard(display: display)
        let previous = readClipboard(maxBytes: config.maxBytes, timeout: Double(config.convertTimeoutMilliseconds) / 1000)
        let session = try handover(store: store, config: config, paths: paths).paste(
            id: id, keyboard: keyboard, previous: previous)
        return PasteSessionHandle(session: session, keyboard: keyboard)
    }

    /// Runs the loop until the paste is due, then puts the previous content back.
    public func finishPaste(_ handle: PasteSessionHandle) -> Bool {
        while !handle.session.isDue(display: display, now: monotonicSeconds()) {
            guard
                loop.turn(
                    timers: handle.session.nextTimer(display: display), expire: { _ in }, keepGoing: { true }, signal: { _ in })
            else {
                return false
            }
        }
        handle.session.finish(display: display, now: monotonicSeconds(), logger: logger)
        return true
    }

    /// The text of the current CLIPBOARD owner (another process), read through the loop with the
    /// conversion deadline; nil when there is none, it is ours, it is a password manager's or it fails.
    private func readClipboard(maxBytes: Int, timeout: Double) -> String? {
        let reader = PreviousContentReader()
        display.delegate = reader
        defer { display.delegate = nil }
        guard display.readCurrent(.clipboard, maxBytes: maxBytes, timeout: timeout) != nil else { return nil }
        while !reader.done {
            guard loop.turn(timers: nil, expire: { _ in }, keepGoing: { !reader.done }, signal: { _ in }) else { return nil }
        }
        return reader.text
    }
}

/// Collects one read of CLIPBOARD for the background server's paste; never fetches a copy marked
/// by a password manager.
private final class PreviousContentReader: ClipboardDelegate {
    var text: String?
    var done = false

    func ownerChanged(_ change: OwnerChange) {}

    func check(_ read: SelectionRead, targets: [String]) -> SkipReason? {
        targets.contains(CaptureFilter.passwordHintTarget) ? .passwordHint : nil
    }

    func readFinished(_ read: SelectionRead, outcome: ReadOutcome) {
        if case let .text(text, _) = outcome { self.text = text }
        done = true
    }

    func ownershipLost(selection: Config.Selection) {}
}
