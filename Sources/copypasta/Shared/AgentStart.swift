import CopypastaCore
import CopypastaDaemon
import Glibc

/// How `copypasta daemon` starts the agent: the command replaces itself with a fresh image of
/// this binary, its settings in the environment, and `main` runs the agent before anything
/// parses the command line (docs/DESIGN.md §1). A daemon lives for the whole session and every
/// page its start touches stays resident; parsing through ArgumentParser (reflection over the
/// command tree, scans of the conformance records) touched about 1 MiB of code and metadata that
/// the event loop never uses again.
enum AgentStart {
    /// Set for the new image, to `verbose` or `quiet`; the agent removes it before it runs, so
    /// hooks and the programs they start never see it.
    static let variable = "COPYPASTA_AGENT"

    /// Replaces the process with a new image of this binary that runs the agent with these
    /// settings: `--db`, `--config` and `--display` become the environment variables that mean
    /// the same. Returns only when that cannot be done (no `/proc`); the caller then runs the
    /// agent in this process.
    static func exec(database: String?, config: String?, display: String?, verbose: Bool) {
        // An empty option value means something else than an empty variable (which is ignored).
        guard database != "", config != "", display != "" else { return }
        if let database { setenv("COPYPASTA_DB", database, 1) }
        if let config { setenv("COPYPASTA_CONFIG", config, 1) }
        if let display { setenv("DISPLAY", display, 1) }
        setenv(variable, verbose ? "verbose" : "quiet", 1)
        // Every option now travels in the environment: the new image's command line is exactly
        // `copypasta daemon`, which is what `requested()` looks for.
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(CommandLine.arguments.first ?? "copypasta"), strdup("daemon"), nil]
        execv("/proc/self/exe", &argv)
        unsetenv(variable)
        for argument in argv { free(argument) }
    }

    /// The agent's verbosity when this image was started by `exec`, else nil. Its command line is
    /// exactly `copypasta daemon`, so a stray variable in a user's environment does not turn
    /// another command (or `daemon --help`) into the agent.
    static func requested() -> Bool? {
        // C strings, not `CommandLine.arguments`: the agent's image builds no Swift strings it does
        // not use. Without /proc the command line can be empty (argc 0).
        guard CommandLine.argc == 2, let word = CommandLine.unsafeArgv[1], strcmp(word, "daemon") == 0,
            let value = getenv(variable)
        else { return nil }
        let mode = String(cString: value)
        guard mode == "verbose" || mode == "quiet" else { return nil }
        unsetenv(variable)
        return mode == "verbose"
    }

    /// Runs the agent with the settings of the environment and exits with its status; errors
    /// end the process as `main` ends it for every command.
    static func run(verbose: Bool) -> Never {
        do {
            let paths = Paths.resolve(
                database: nil, config: nil, environment: Environment.values, home: Environment.home, uid: getuid())
            let config = try GlobalOptions.loadConfig(paths)
            let agent = try Agent(
                paths: paths, config: config, displayName: nil, logger: Agent.makeLogger(verbose: verbose))
            exit(agent.run().rawValue)
        } catch let failure as CopypastaFailure {
            Terminal.fail(failure.description, status: failure.exitStatus)
        } catch {
            Terminal.fail("\(error)", status: .software)
        }
    }
}
