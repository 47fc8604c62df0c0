import CopypastaCore
import CopypastaX11
import Glibc

extension Agent {
    /// How long a picker started by the hotkey may stay open before its process group is killed, in
    /// seconds: a picker is interactive, so the hooks' timeout would close it under the user's hands.
    static let pickerTimeout = 600.0

    /// Grabs `pick-hotkey` at start and after a reload; the previous key is released first. An
    /// unchanged key that is grabbed stays as it is. A key another client holds is said once in the
    /// log (and by `status`) and tried again only at the next reload, never in a loop.
    func applyPickHotkey() {
        let wanted = config.pickHotkey
        if let current = display.hotkey, current.keystroke == wanted, current.grab == .grabbed { return }
        if display.hotkey == nil, wanted == nil { return }
        logPickHotkey(display.grabHotkey(wanted))
    }

    /// Says in the log what came of grabbing the hotkey (nil: it was released).
    func logPickHotkey(_ hotkey: Hotkey?) {
        guard let hotkey else { return logger.info("pick-hotkey released") }
        let key = hotkey.keystroke.description
        switch hotkey.grab {
        case .grabbed:
            logger.info("pick-hotkey \(key) runs copypasta pick")
        case .taken:
            logger.warning(
                """
                pick-hotkey \(key) is held by another client (the window manager or another program), so it does \
                not run copypasta pick; free it there or choose another key, then reload (copypasta config --reload)
                """)
        case .unknownKey:
            logger.warning("pick-hotkey \(key) names a key this keyboard does not have; copypasta pick is not bound")
        }
    }

    /// Runs `copypasta pick` detached, through the hook runner (its own session, no shell, stderr to
    /// the log, killed after `pickerTimeout`), with this daemon's database, config file and display. A
    /// cancelled pick (exit 1) is a normal ending, not a failure for the log. One picker at a time.
    func runPicker() {
        guard let executable = Self.ownExecutable() else {
            return logger.error("pick-hotkey pressed, but the daemon's own executable cannot be found to run copypasta pick")
        }
        let runner = loop.hookRunner(logger: logger)
        // A press before the first picker's window took the keyboard would open a second one over it.
        guard !runner.isActive("picker") else {
            return logger.info("pick-hotkey pressed while the picker it started is still open; ignored")
        }
        let environment = [
            "DISPLAY": display.name, "COPYPASTA_DB": paths.database, "COPYPASTA_CONFIG": paths.configFile,
        ]
        runner.run(
            .init(
                name: "picker", argv: [executable, "pick"], environment: environment, input: "",
                timeout: Self.pickerTimeout, entry: 0, normalStatuses: [0, 1]))
    }

    /// The path of the running executable (the kernel's link, so a relative or PATH start does not matter).
    static func ownExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
