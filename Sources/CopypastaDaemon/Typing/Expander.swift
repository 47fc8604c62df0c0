import CopypastaCore
import CopypastaStore
import CopypastaSystem
import CopypastaX11
import Glibc
import Logging

/// `/TITLE` expansion (copypasta(1) CONFIGURATION, `expand`): reads the recorded keys, feeds the
/// trigger, and on a trigger erases it with BackSpace and inserts the snippet: typed by the daemon
/// itself at once when the layout has every character (`Expander+Insertion`), else typed by a
/// `copypasta type` child, or pasted by the daemon (docs/DESIGN.md §11).
///
/// Typed characters live only in the trigger's few-character buffer; nothing typed is stored or
/// logged, only "expanded TITLE in CLASS". While an expansion runs, the recorded keys are the
/// daemon's and its child's own and are passed over.
final class Expander: PollSource {
    /// An expansion under way.
    private struct Running {
        let title: String
        let separator: Character
        let app: String
        /// Whether the separator went in the pasted text (then it is not typed again).
        var separatorPasted = false
        /// The `copypasta type` child, or nil while the daemon pastes.
        let child: pid_t?
        /// When the child is killed or the paste given up (monotonic seconds).
        let deadline: Double
    }

    /// How long an insertion may take before it is given up.
    static let timeout = 60.0

    /// The RECORD connection the typed keys come from.
    let recorder: KeyRecorder
    /// The XTest keyboard the daemon erases and types with.
    let keyboard: Keyboard
    private let store: HistoryStore
    private let paths: Paths
    private let logger: Logger
    /// The configuration in effect (type-max and ignored classes).
    var config: Config
    /// Pastes an entry from the daemon with a separator after it (`Agent.paste`).
    private let paste: (Int64, String) throws -> Void
    private var trigger = ExpansionTrigger()
    private var focus: FocusID?
    private var running: Running?
    /// A trigger seen in the batch of recorded keys being handled, with the keys after it.
    private var pending: PendingExpansion?
    /// True while the daemon types a snippet itself: the keys recorded meanwhile are its own.
    var inserting = false

    /// Starts recording keys on `display`; throws when RECORD or XTEST is missing.
    init(
        display: X11Display, store: HistoryStore, paths: Paths, config: Config, logger: Logger,
        paste: @escaping (Int64, String) throws -> Void
    ) throws {
        recorder = try KeyRecorder(display: display)
        keyboard = try Keyboard(display: display)
        self.store = store
        self.paths = paths
        self.config = config
        self.logger = logger
        self.paste = paste
        recorder.onKey = { [unowned self] key in received(key) }
    }

    var pollDescriptors: [pollfd] { [pollfd(fd: recorder.fileDescriptor, events: Int16(POLLIN), revents: 0)] }

    func handle(fd: Int32, events: Int16) {
        recorder.processReplies()
        // Acted on after the whole batch: keys recorded after the trigger have already reached the window.
        if let found = pending {
            pending = nil
            start(found)
        }
    }

    var nextDeadline: Double? { running?.deadline }

    func expire(now: Double) {
        guard let current = running, now >= current.deadline else { return }
        if let child = current.child {
            kill(-child, SIGKILL)
            _ = Spawn.reap(child)
        }
        logger.warning("expansion of \(current.title) given up after \(Int(Self.timeout))s")
        running = nil
        trigger.reset()
    }

    /// Finishes the expansion once its `copypasta type` child has exited (SIGCHLD).
    func childrenExited() {
        guard let current = running, let child = current.child, let status = Spawn.reap(child, block: false) else { return }
        let code = Spawn.exitCode(waitStatus: status)
        guard code == 0 else {
            logger.warning("expansion of \(current.title) in \(current.app) failed: copypasta type exited with \(code)")
            running = nil
            trigger.reset()
            return
        }
        finish()
    }

    /// Finishes a pasted expansion once the paste is over (the target fetched it or gave up).
    func pasteEnded() {
        if let current = running, current.child == nil { finish() }
    }

    /// Stops a child still typing, when the daemon stops.
    func stop() {
        if let child = running?.child {
            kill(-child, SIGKILL)
            _ = Spawn.reap(child)
        }
        running = nil
    }

    private func received(_ key: KeyRecorder.Key) {
        guard running == nil, !inserting else { return }
        if pending != nil { return hold(key) }
        let now = keyboard.focus()
        if now != focus {
            trigger.reset()
            focus = now
        }
        switch key {
        case .reset: trigger.reset()
        case .chord: trigger.chord()
        case .backspace: trigger.backspace()
        case let .character(character):
            if let expansion = trigger.type(character) { pending = PendingExpansion(expansion: expansion, window: now) }
        }
    }

    /// A key recorded after a trigger in the same batch: it reached the window before the
    /// daemon could act. A character is erased with the trigger and typed again after the
    /// snippet; any other key makes the expansion unsafe (it may have moved the cursor).
    private func hold(_ key: KeyRecorder.Key) {
        if case let .character(character) = key {
            pending?.after.append(character)
        } else {
            pending?.intact = false
        }
    }

    private func start(_ found: PendingExpansion) {
        let expansion = found.expansion
        guard found.intact, keyboard.focus() == found.window else {
            trigger.reset()
            return logger.info("not expanded \(expansion.title): another key or window followed it at once")
        }
        guard let id = try? store.id(forTitle: expansion.title) else { return retype(found.after) }
        let classes = keyboard.classNames(of: found.window)
        let ignored = Set(config.expandIgnoreApps.map { $0.lowercased() })
        guard !classes.contains(where: { ignored.contains($0.lowercased()) }) else { return retype(found.after) }
        let app = classes.last ?? "an unnamed window"
        guard (try? store.isSecure(id: id)) == false, let text = try? store.text(id: id) else {
            logger.info("not expanded \(expansion.title) in \(app): a secure snippet is never expanded")
            return retype(found.after)
        }
        if text.count <= config.expandTypeMax, insert(text, found) {
            logger.info("expanded \(expansion.title) in \(app)")
            return retype(found.after)
        }
        guard found.after.isEmpty else {
            trigger.reset()
            return logger.info("not expanded \(expansion.title) in \(app): keys typed after it would land inside it")
        }
        let deadline = monotonicSeconds() + Self.timeout
        // Set before erasing: the recorded BackSpaces are the daemon's own and are passed over.
        running = Running(title: expansion.title, separator: expansion.separator, app: app, child: nil, deadline: deadline)
        erase(expansion.erase)
        do {
            var child: pid_t?
            // A pasted snippet carries its separator (not Return or Tab, which are keys to the
            // field): typed after the paste, it raced the toolkit's insertion and was lost in GTK 4.
            let pasted = expansion.separator != "\n" && expansion.separator != "\t" ? String(expansion.separator) : ""
            if text.count <= config.expandTypeMax {
                let argv = [
                    Self.executablePath(), "type", "@" + expansion.title, "--no-feedback", "--db", paths.database, "--config",
                    paths.configFile,
                ]
                child = try Spawn.start(argv, environment: [:], stdin: false, stdout: false, stderr: false).pid
            } else {
                try paste(id, pasted)
            }
            running = Running(
                title: expansion.title, separator: expansion.separator, app: app,
                separatorPasted: child == nil && !pasted.isEmpty,
                child: child, deadline: deadline)
        } catch {
            running = nil
            logger.warning("expansion of \(expansion.title) in \(app) failed: \(error)")
            trigger.reset()
        }
    }

    /// Sends `count` BackSpaces and passes over their recording.
    private func erase(_ count: Int) {
        guard let backspace = keyboard.position(named: "BackSpace") else { return }
        for _ in 0..<count { keyboard.tap(backspace) }
        recorder.drain()
    }

    /// Feeds characters typed after an expansion (or a trigger that did not expand) to the
    /// trigger, as if they were typed now: they may complete the next trigger.
    private func retype(_ characters: [Character]) {
        for (index, character) in characters.enumerated() {
            guard let expansion = trigger.type(character) else { continue }
            var next = PendingExpansion(expansion: expansion, window: keyboard.focus())
            next.after = Array(characters[(index + 1)...])
            return start(next)
        }
    }

    /// Types the separator again after the snippet, logs the expansion and listens again.
    private func finish() {
        guard let current = running else { return }
        recorder.drain()
        let name =
            switch current.separator {
            case "\n": "Return"
            case "\t": "Tab"
            case " ": "space"
            default: ""
            }
        let position =
            name.isEmpty
            ? current.separator.unicodeScalars.first.flatMap { keyboard.position(of: $0) } : keyboard.position(named: name)
        if let position, !current.separatorPasted { keyboard.tap(position) }
        recorder.drain()
        running = nil
        logger.info("expanded \(current.title) in \(current.app)")
    }

    /// This program's own path, to start `copypasta type` with.
    private static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
