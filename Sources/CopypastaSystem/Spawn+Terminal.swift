import CSystem
import Glibc

extension Spawn {
    /// Runs `argv` on this process's own stdin, stdout and stderr (the terminal) and waits for it;
    /// returns its exit code as a shell reports it. For an interactive program (`edit`'s editor).
    ///
    /// The child stays in copypasta's process group, the terminal's foreground group, so that it
    /// may read the terminal. As with system(3), copypasta ignores SIGINT and SIGQUIT until it
    /// ends: Ctrl+C is the editor's to handle.
    public static func runAttached(_ argv: [String]) throws -> Int32 {
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        resetSignals(&attributes)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let status = withCStringArray(argv) { argvPointer in
            posix_spawnp(&pid, argv[0], &actions, &attributes, argvPointer, environ)
        }
        guard status == 0 else { throw SpawnFailure(argv[0], status) }
        return reap(pid) ?? 0
    }
}
