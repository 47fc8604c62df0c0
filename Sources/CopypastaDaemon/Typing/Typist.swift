import CopypastaCore
import CopypastaSystem
import CopypastaX11
import Glibc

/// Types a plan into the focused window with XTest (`copypasta type`).
///
/// Runs in the CLI process: it owns nothing, so it needs no daemon. Before
/// typing it waits (up to `Keyboard.modifierWait`) for the hotkey's modifiers to be
/// released, then releases any still held and unlocks Caps Lock. Characters
/// missing from the layout are bound to spare keycodes batch by batch; the
/// keycodes bound are written to a file of the runtime directory first, so a
/// run killed with SIGKILL is repaired by the next one. SIGINT and SIGTERM are
/// blocked and checked between keys, so an interrupted run restores the
/// mapping too.
public final class Typist {
    /// How long applications that take no ping get to read a changed keyboard mapping before the same
    /// keycodes change again.
    public static let remapSettle = 0.05
    /// How long the focused client may take to answer the ping sent before keycodes change meaning.
    public static let clientWait = 2.0

    /// The connection the keys are sent on.
    public let display: X11Display
    private let keyboard: Keyboard
    private let record: KeymapRecord
    private var bound: [UInt8: Unicode.Scalar] = [:]
    private var lastUse: [UInt8: Int] = [:]
    private var uses = 0
    private var focus: FocusID?

    /// Opens the display, repairs a mapping a crashed run left behind and reads the layout.
    public init(displayName: String?, runtimeDirectory: String) throws {
        display = try X11Display(displayName: displayName)
        keyboard = try Keyboard(display: display)
        try RuntimeDirectory.prepare(runtimeDirectory)
        record = KeymapRecord(path: runtimeDirectory + "/keymap-bound")
        let leftover = record.leftover()
        if !leftover.isEmpty { keyboard.unbind(leftover.filter { keyboard.holds($0.keycode, $0.scalar) }.map(\.keycode)) }
        record.clear()
        keyboard.reload()
    }

    /// Blocks SIGINT and SIGTERM so they are seen between keys (see `type`), not by a handler.
    public static func blockSignals() {
        var set = interruptions
        sigprocmask(SIG_BLOCK, &set, nil)
    }

    /// SIGINT and SIGTERM, the signals that stop typing.
    private static var interruptions: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }

    /// Types `steps`, `delay` seconds apart; stops when the focus moves or a blocked signal arrives.
    ///
    /// No round trip per key: the focus is checked when an event says it may have moved (see
    /// `Keyboard.watchFocus`) and by a round trip every `focusCheckInterval` keys, which also keeps the
    /// keys sent but not yet handled by the server (and so delivered to wherever the focus is then) that few.
    public func type(_ steps: [TypeStep], delay: Double) -> TypeOutcome {
        keyboard.releaseHotkey()
        let focus = keyboard.focus()
        self.focus = focus
        keyboard.watchFocus(focus)
        defer { finish() }
        let capacity = max(1, keyboard.spareKeycodes.count)
        let batches = RemapBatches.plan(steps, capacity: capacity) { self.keyboard.position(of: $0) == nil }
        var sent = 0
        for batch in batches {
            if !batch.bind.isEmpty {
                if let signal = prepare(batch.bind, sent: sent) { return .interrupted(signal: signal, sent: sent) }
            }
            for step in steps[batch.steps] {
                if let signal = Self.waitForSignal(seconds: sent == 0 ? 0 : delay) {
                    return .interrupted(signal: signal, sent: sent)
                }
                if sent % Self.focusCheckInterval == 0 || keyboard.focusMayHaveMoved() {
                    guard keyboard.focus() == focus else { return .focusMoved(sent: sent) }
                }
                press(step)
                sent += 1
            }
        }
        keyboard.sync()
        return .typed
    }

    /// Keys sent between two round-trip focus checks.
    public static let focusCheckInterval = 16

    /// The characters of `steps` that cannot be typed: the layout lacks them and no keycode is free to bind.
    public func untypable(in steps: [TypeStep]) -> [Unicode.Scalar] {
        guard keyboard.spareKeycodes.isEmpty else { return [] }
        return steps.compactMap { step in
            if case let .character(scalar) = step, keyboard.position(of: scalar) == nil { return scalar }
            return nil
        }
    }

    private func press(_ step: TypeStep) {
        switch step {
        case let .character(scalar):
            if let position = keyboard.position(of: scalar) {
                keyboard.tap(position)
            } else if let keycode = bound.first(where: { $0.value == scalar })?.key {
                uses += 1
                lastUse[keycode] = uses
                keyboard.tap(KeyPosition(keycode: keycode))
            }
        case let .key(name):
            if let position = keyboard.position(named: name) { keyboard.tap(position) }
        }
    }

    /// Binds the characters of the next batch, reusing keycodes already bound to them and taking the
    /// least recently used others; lets the focused client read the previous mapping first and the new one after.
    private func prepare(_ scalars: [Unicode.Scalar], sent: Int) -> Int32? {
        let missing = scalars.filter { !bound.values.contains($0) }
        guard !missing.isEmpty else { return nil }
        if !bound.isEmpty, let signal = settle() { return signal }
        let keep = Set(bound.filter { scalars.contains($0.value) }.keys)
        let free = keyboard.spareKeycodes.filter { !keep.contains($0) }.sorted {
            lastUse[$0, default: -1] < lastUse[$1, default: -1]
        }
        for (keycode, scalar) in zip(free, missing) { bound[keycode] = scalar }
        record.save(bound)
        for (keycode, scalar) in zip(free, missing) { keyboard.bind(keycode, to: scalar) }
        // Chromium dropped the first key after a mapping change it had not finished reading.
        return settle()
    }

    /// Lets clients catch up with the events sent, then gives the keycodes back and Caps Lock its state.
    private func finish() {
        if !bound.isEmpty {
            _ = settle()
            keyboard.unbind(Array(bound.keys))
            bound = [:]
        }
        record.clear()
        keyboard.stopWatchingFocus()
        keyboard.restoreLock()
    }

    /// Lets the focused client read the keys sent so far with the mapping they were sent with: waits until
    /// it answered a ping (keys may be far ahead of a busy client), or `remapSettle` for a client without pings.
    private func settle() -> Int32? {
        keyboard.sync()
        if let focus, keyboard.waitForClient(of: focus, timeout: Self.clientWait) { return Self.waitForSignal(seconds: 0) }
        return Self.waitForSignal(seconds: Self.remapSettle)
    }

    /// Waits up to `seconds` for SIGINT or SIGTERM (blocked by `blockSignals`); returns it, or nil.
    private static func waitForSignal(seconds: Double) -> Int32? {
        var set = interruptions
        let nanoseconds = Int(max(0, seconds) * 1e9)
        var timeout = timespec(tv_sec: nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
        while true {
            let signal = sigtimedwait(&set, nil, &timeout)
            if signal > 0 { return signal }
            if errno != EINTR { return nil }
        }
    }
}

/// How a `type` run ended.
public enum TypeOutcome: Equatable, Sendable {
    /// Every step was sent.
    case typed
    /// The input focus moved to another window after `sent` steps; typing stopped.
    case focusMoved(sent: Int)
    /// SIGINT or SIGTERM arrived after `sent` steps; typing stopped and the mapping was restored.
    case interrupted(signal: Int32, sent: Int)
}
