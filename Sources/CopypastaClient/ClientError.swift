import CopypastaCore

/// Errors of talking to the daemon and of running the programs the commands start.
public enum ClientError: CopypastaFailure, Equatable {
    /// No daemon answers on the socket.
    case notRunning(socket: String)
    /// A daemon (`pid`) accepted the request but sent no reply within `seconds`: it is stopped
    /// (SIGSTOP) or stuck.
    case notAnswering(socket: String, pid: Int32, seconds: Int)
    /// The daemon, or the background server, answered with an error.
    case refused(status: ExitStatus, message: String)
    /// The daemon's answer could not be understood.
    case badReply(String)
    /// No daemon runs and DISPLAY is not set, so no background server can own the selection.
    case noDisplay
    /// The background server exited or timed out without reporting whether it owns the selection.
    case serverSilent
    /// A launcher (picker) could not be started: the reason names it.
    case launcherFailed(String)
    /// No launcher is configured and none of the known ones is installed.
    case noLauncher
    /// No launcher is configured, DISPLAY is unset (rofi and dmenu need it) and fzf cannot
    /// run on a terminal.
    case noDisplayForLauncher

    public var exitStatus: ExitStatus {
        switch self {
        case .notRunning, .notAnswering, .badReply, .noDisplay, .serverSilent, .launcherFailed, .noLauncher,
            .noDisplayForLauncher:
            .unavailable
        case let .refused(status, _): status
        }
    }

    public var description: String {
        switch self {
        case let .notRunning(socket):
            "no copypasta daemon is running (nothing answers on \(socket)); start it with 'copypasta daemon'"
        case let .notAnswering(socket, pid, seconds):
            "the daemon (pid \(pid), on \(socket)) is running but did not answer within \(seconds) s; "
                + "is it stopped (kill -CONT \(pid)) or stuck?"
        case let .refused(_, message):
            message
        case let .badReply(detail):
            "the daemon sent an unexpected reply (\(detail)); is it the same copypasta version?"
        case .noDisplay:
            "DISPLAY is not set and no daemon is running; cannot reach the clipboard"
        case .serverSilent:
            "the background clipboard server did not report; is the X display reachable?"
        case let .launcherFailed(reason):
            "launcher: \(reason); install it or name another with --launcher or the launcher config key"
        case .noLauncher:
            "no launcher found; install rofi, dmenu or fzf, or set --launcher or the launcher config key"
        case .noDisplayForLauncher:
            "DISPLAY is not set, so rofi and dmenu cannot open; run pick in the X session, or on a terminal with fzf"
        }
    }
}
