import CopypastaCore
import CopypastaX11

/// A stored capture waiting to be copied onto the other selection (`sync-selections`).
struct SelectionMirror {
    /// The selection the text was captured from.
    var source: Config.Selection
    /// The selection it is copied onto.
    var target: Config.Selection
    /// The text.
    var text: String
    /// The owner of `source` the text came from; the copy is made only while it still owns it.
    var owner: OwnerID
    /// When to look again whether the selection is finished (monotonic seconds).
    var dueAt: Double
}

/// Copy-on-select (docs/DESIGN.md §5): a capture of one selection is copied onto the other once
/// the selection is finished. The daemon cannot see the mouse button's release without grabbing
/// the pointer, so "finished" is: no button or Shift held (the PRIMARY gesture wait of
/// `startReading`) and the source's owner unchanged for `select-settle` since its last owner
/// change. A drag stores one entry (the gesture wait and the grow merge) and is copied once.
///
/// The copy is made from the stored capture, so everything that keeps a text out of the history
/// (ignore-apps, the password hint, ignore-patterns, pause) keeps it off the other selection too,
/// and the history holds the text once: copypasta's own ownership of the target is never read
/// back (`OwnerChange.isOurs`), which also rules out a ping-pong in `both`. Only the target is
/// taken: the source's owner (xterm's highlighted PRIMARY) keeps its selection.
extension CapturePolicy {
    /// The settle time, in seconds.
    private var settle: Double { Double(config.selectSettleMilliseconds) / 1000 }

    /// A foreign owner took `selection`: its pending copy is void; the settle time restarts.
    func sourceChanged(_ selection: Config.Selection) {
        state.lastOwnerChange[selection] = clock()
        if state.mirror?.source == selection { state.mirror = nil }
    }

    /// After a capture was stored: copies it onto the other selection once it is finished.
    func scheduleMirror(_ pending: PendingCapture) {
        // What a selection held when the daemon started is not a selection just made: no copy.
        guard let target = config.syncSelections.target(of: pending.selection),
            let changed = state.lastOwnerChange[pending.selection]
        else { return }
        state.mirror = SelectionMirror(
            source: pending.selection, target: target, text: pending.text, owner: pending.read.owner,
            dueAt: max(clock(), changed + settle))
    }

    /// Makes the pending copy when it is due and the selection is finished; otherwise looks
    /// again when it may be (the settle time after the last change, or 50 ms while a button is held).
    func expireMirror(now: Double) {
        guard let mirror = state.mirror, mirror.dueAt <= now else { return }
        if let changed = state.lastOwnerChange[mirror.source], changed + settle > now {
            state.mirror?.dueAt = changed + settle
            return
        }
        if mirror.source == .primary && source.selectionGestureInProgress() {
            state.mirror?.dueAt = now + 0.05
            return
        }
        state.mirror = nil
        guard config.syncSelections.target(of: mirror.source) == mirror.target,
            source.owner(of: mirror.source)?.isSameWindow(as: mirror.owner) == true
        else { return }
        let names = "\(mirror.source.rawValue.uppercased()) onto \(mirror.target.rawValue.uppercased())"
        do {
            try source.own([mirror.target], text: mirror.text, secret: false)
            logger.info("copied \(names)", metadata: ["bytes": "\(mirror.text.utf8.count)", "owner": "\(mirror.owner)"])
        } catch {
            logger.warning("could not copy \(names): \(error)")
        }
    }
}
