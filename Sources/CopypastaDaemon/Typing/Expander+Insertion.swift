import CopypastaCore
import CopypastaX11

/// A trigger found in a batch of recorded keys, and the characters typed after it in that batch.
struct PendingExpansion {
    /// The trigger.
    let expansion: ExpansionTrigger.Expansion
    /// The window that had the focus when it was typed.
    let window: FocusID
    /// Characters that reached the window after the trigger, before the daemon could act.
    var after: [Character] = []
    /// False when another key (BackSpace, an arrow, a click) came after the trigger in the batch.
    var intact = true
}

extension Expander {
    /// Inserts a snippet whose characters are all on the layout in one burst of XTest events on
    /// the daemon's own connection, right when the trigger is seen: BackSpaces for the trigger and
    /// the characters typed after it, the snippet, the separator, then those characters again.
    /// The user's next keys come after it, never inside it; no child process, no wait, so the
    /// next trigger is seen too. Returns false, having sent nothing, when a character needs a
    /// spare keycode bound (that takes `copypasta type`, which waits for clients to re-read the
    /// keyboard mapping).
    func insert(_ text: String, _ found: PendingExpansion) -> Bool {
        let typed = text + String(found.expansion.separator) + String(found.after)
        guard case let .success(steps) = TypePlan.steps(typed, raw: false, maxCharacters: Int.max),
            let backspace = keyboard.position(named: "BackSpace")
        else { return false }
        var positions: [KeyPosition] = []
        for step in steps {
            let position =
                switch step {
                case let .character(scalar): keyboard.position(of: scalar)
                case let .key(name): keyboard.position(named: name)
                }
            guard let position else { return false }
            positions.append(position)
        }
        inserting = true
        defer { inserting = false }
        // The separator key may still be down (its press would be swallowed), and Shift with it
        // (`!`, `?`): it must not change the snippet's letters.
        keyboard.releaseKeysDown()
        keyboard.clearModifiers()
        for _ in 0..<(found.expansion.erase + found.after.count) { keyboard.tap(backspace) }
        for position in positions { keyboard.tap(position) }
        keyboard.restoreLock()
        // Passes over what RECORD reports of all these keys: they are the daemon's own.
        recorder.drain()
        return true
    }
}
