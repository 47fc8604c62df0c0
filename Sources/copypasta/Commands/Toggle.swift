import ArgumentParser
import CopypastaClient

/// The commands that only flip a flag kept in the database: `pause` and `resume` (capture), and
/// `sync on|off|pause|resume`. One table says what each one sets; ``ToggleCommand`` runs a row of it.
enum Toggle: Sendable, Equatable {
    case capturePause, captureResume, syncOn, syncOff, syncPause, syncResume

    /// The subcommand's name under its parent (`copypasta` or `copypasta sync`).
    var commandName: String {
        switch self {
        case .capturePause, .syncPause: "pause"
        case .captureResume, .syncResume: "resume"
        case .syncOn: "on"
        case .syncOff: "off"
        }
    }

    /// The one-line help of the subcommand.
    var abstract: String {
        switch self {
        case .capturePause: "Stop capturing until resume; the flag is kept across restarts."
        case .captureResume: "Start capturing again after pause."
        case .syncOn: "Share new entries and import other machines' (kept across restarts)."
        case .syncOff: "Stop writing and importing; new entries stay local (kept across restarts)."
        case .syncPause: "Keep queueing entries but write and import nothing until sync resume."
        case .syncResume: "Write what was queued during a pause and import again."
        }
    }

    /// Sets the flag, then tells a running daemon.
    func run(_ global: GlobalOptions) throws {
        if self == .syncOn { _ = try global.loadConfig() }
        let store = try global.openStore()
        switch self {
        case .capturePause, .captureResume:
            let pause = self == .capturePause
            try store.setPaused(pause)
            // The flag in the database is what the daemon obeys; telling it as well puts the change in its log.
            // No daemon is fine; a socket that may be someone else's, or a daemon that fails, is reported.
            try DaemonClient.sendIfRunning(pause ? .pause : .resume, socketPath: global.paths().socket)
            return
        case .syncOn:
            try store.setSync(enabled: true)
            // Turning sync on again is how the user says a clash of identities was resolved.
            try store.setIdentityClash(nil)
        case .syncOff: try store.setSync(enabled: false)
        case .syncPause, .syncResume: try store.setSync(paused: self == .syncPause)
        }
        SyncKick.send(global)
    }
}

/// Names the row of ``Toggle`` that a ``ToggleCommand`` runs (ArgumentParser wants a type per command).
protocol ToggleRow {
    /// The row.
    static var toggle: Toggle { get }
}

/// A command that runs one row of ``Toggle``; it takes only the global options.
struct ToggleCommand<Row: ToggleRow>: ParsableCommand {
    /// The row's name and help.
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: Row.toggle.commandName, abstract: Row.toggle.abstract)
    }

    @OptionGroup var global: GlobalOptions

    /// Runs the row.
    func run() throws { try Row.toggle.run(global) }
}

extension Copypasta {
    /// `copypasta pause`.
    enum PauseRow: ToggleRow { static let toggle = Toggle.capturePause }
    /// `copypasta resume`.
    enum ResumeRow: ToggleRow { static let toggle = Toggle.captureResume }
    /// `copypasta sync on`.
    enum SyncOnRow: ToggleRow { static let toggle = Toggle.syncOn }
    /// `copypasta sync off`.
    enum SyncOffRow: ToggleRow { static let toggle = Toggle.syncOff }
    /// `copypasta sync pause`.
    enum SyncPauseRow: ToggleRow { static let toggle = Toggle.syncPause }
    /// `copypasta sync resume`.
    enum SyncResumeRow: ToggleRow { static let toggle = Toggle.syncResume }

    /// `copypasta pause`.
    typealias Pause = ToggleCommand<PauseRow>
    /// `copypasta resume`.
    typealias Resume = ToggleCommand<ResumeRow>
    /// `copypasta sync on`.
    typealias SyncOn = ToggleCommand<SyncOnRow>
    /// `copypasta sync off`.
    typealias SyncOff = ToggleCommand<SyncOffRow>
    /// `copypasta sync pause`.
    typealias SyncPause = ToggleCommand<SyncPauseRow>
    /// `copypasta sync resume`.
    typealias SyncResume = ToggleCommand<SyncResumeRow>
}
