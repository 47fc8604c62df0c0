import Glibc

/// A real terminal for a test: a tmux server on a private socket (`tmux -L`), no user
/// configuration, one detached session running an interactive shell with job control, as a
/// user's terminal runs one. Keys go in with `send-keys`, the screen comes out with
/// `capture-pane`; `deinit` stops the server on that socket, and nothing else.
public final class TmuxTerminal: @unchecked Sendable {
    /// The private socket name.
    public let socket: String
    private let environment: [String: String]

    /// Starts a 120×40 session whose shell has `environment` (and a plain `$ ` prompt).
    public init(environment: [String: String]) throws {
        socket = "copypasta-test-\(getpid())-\(Int(Clock.now() * 1000) % 1_000_000_000)"
        self.environment = environment
        var arguments = ["new-session", "-d", "-x", "120", "-y", "40"]
        for (name, value) in environment.merging(["PS1": "$ ", "ENV": ""], uniquingKeysWith: { $1 }) {
            arguments += ["-e", "\(name)=\(value)"]
        }
        guard try tmux(arguments + ["/bin/sh", "-i"]).status == 0 else { throw SpawnError("tmux did not start") }
        guard waitUntil(seconds: 20, { (try? screen())?.contains("$") == true }) else {
            throw SpawnError("the shell in tmux did not show its prompt")
        }
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// Runs `tmux -L SOCKET -f /dev/null ARGUMENTS`.
    @discardableResult
    public func tmux(_ arguments: [String]) throws -> ProcessResult {
        try Child(["tmux", "-L", socket, "-f", "/dev/null"] + arguments, environment: environment).communicate(timeout: 30)
    }

    /// Types `text` literally, then Enter when `enter` is true.
    public func type(_ text: String, enter: Bool = true) throws {
        try tmux(["send-keys", "-l", text])
        if enter { try tmux(["send-keys", "Enter"]) }
    }

    /// Sends key names (`Enter`, `C-c`).
    public func keys(_ names: String...) throws {
        try tmux(["send-keys"] + names)
    }

    /// The visible screen, lines joined with newlines.
    public func screen() throws -> String {
        try tmux(["capture-pane", "-p"]).output
    }

    /// Waits until the screen satisfies `condition`; returns whether it did.
    public func waitForScreen(seconds: Double = 20, _ condition: (String) -> Bool) -> Bool {
        waitUntil(seconds: seconds) { (try? screen()).map(condition) ?? false }
    }
}
