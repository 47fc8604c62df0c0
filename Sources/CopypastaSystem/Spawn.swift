import CSystem
import Glibc

/// Starting helper processes with posix_spawn: argv only, never a shell, a
/// clean signal mask, only the descriptors we pass, and its own process group
/// so that a timeout kills everything it started.
public enum Spawn {
    /// The ends of the pipes connected to a child.
    public struct Child {
        public let pid: pid_t
        /// Our write end of the child's stdin, or -1.
        public let stdin: Int32
        /// Our read end of the child's stdout, or -1.
        public let stdout: Int32
        /// Our read end of the child's stderr, or -1.
        public let stderr: Int32
    }

    /// Spawns `argv` with extra environment variables; pipes for the streams asked for, /dev/null for the rest.
    ///
    /// `sameProcessGroup` keeps the child in the caller's process group: a program that reads the
    /// terminal (pinentry-tty) is stopped by SIGTTIN in a group of its own, which is not the
    /// terminal's foreground group.
    public static func start(
        _ argv: [String], environment: [String: String], stdin: Bool, stdout: Bool, stderr: Bool,
        inheritStderr: Bool = false, newSession: Bool = false, sameProcessGroup: Bool = false
    ) throws -> Child {
        var ours: [Int32] = [], theirs: [Int32] = []
        func pipeEnds(wanted: Bool, childReads: Bool) throws -> Int32? {
            guard wanted else { return nil }
            var fds: [Int32] = [0, 0]
            guard pipe2(&fds, O_CLOEXEC) == 0 else { throw SpawnFailure(argv[0], errno) }
            let (child, parent) = childReads ? (fds[0], fds[1]) : (fds[1], fds[0])
            ours.append(parent)
            theirs.append(child)
            return child
        }
        let childIn = try pipeEnds(wanted: stdin, childReads: true)
        let childOut = try pipeEnds(wanted: stdout, childReads: false)
        let childErr = try pipeEnds(wanted: stderr, childReads: false)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, source) in [(Int32(0), childIn), (1, childOut), (2, childErr)] {
            if target == 2 && inheritStderr { continue }
            if let source {
                posix_spawn_file_actions_adddup2(&actions, source, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        resetSignals(&attributes)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if !sameProcessGroup { flags |= newSession ? Int32(CSYSTEM_POSIX_SPAWN_SETSID) : Int32(POSIX_SPAWN_SETPGROUP) }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        posix_spawnattr_setpgroup(&attributes, 0)
        var pid: pid_t = 0
        let environmentList = mergedEnvironment(environment)
        let status = withCStringArray(argv) { argvPointer in
            withCStringArray(environmentList) { envPointer in
                posix_spawnp(&pid, argv[0], &actions, &attributes, argvPointer, envPointer)
            }
        }
        theirs.forEach { close($0) }
        guard status == 0 else {
            ours.forEach { close($0) }
            throw SpawnFailure(argv[0], status)
        }
        var iterator = ours.makeIterator()
        return Child(
            pid: pid, stdin: stdin ? iterator.next() ?? -1 : -1, stdout: stdout ? iterator.next() ?? -1 : -1,
            stderr: stderr ? iterator.next() ?? -1 : -1)
    }

    /// The first executable called `name` in PATH, or `name` itself when it contains a slash.
    public static func findExecutable(_ name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where access("\(directory)/\(name)", X_OK) == 0 {
            return "\(directory)/\(name)"
        }
        return nil
    }

    /// Signals a copypasta process blocks (the daemon reads them on a signalfd, `type` between keys) or
    /// ignores (SIGPIPE; SIGINT and SIGQUIT while a launcher runs): a child gets their default action back.
    private static let defaultedSignals = [SIGTERM, SIGINT, SIGQUIT, SIGHUP, SIGCHLD, SIGPIPE]

    /// Starts the child with no signal blocked (it inherits our mask otherwise) and `defaultedSignals` at their default action.
    static func resetSignals(_ attributes: inout posix_spawnattr_t) {
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in defaultedSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
    }

    private static func mergedEnvironment(_ extra: [String: String]) -> [String] {
        var result: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
            if extra[name] == nil { result.append(text) }
            pointer += 1
        }
        return result + extra.map { "\($0.key)=\($0.value)" }
    }

    static func withCStringArray<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { preconditionFailure("argv always holds its NULL terminator") }
            return body(base)
        }
    }
}

/// A helper process could not be started.
public struct SpawnFailure: Error, CustomStringConvertible {
    /// What failed, for the log or the user.
    public let description: String

    /// A failure to run `program` with errno `code`.
    init(_ program: String, _ code: Int32) {
        description = "cannot run \(program): \(SystemError.describe(code))"
    }
}
