import CopypastaCore
import CopypastaStore
import CopypastaSystem
import Glibc

/// The `copypasta-ai` process from its arguments to its exit status (docs/DESIGN.md "AI assistance").
///
/// `copypasta ai …` parses and checks the command line, resolves entry references to ids and
/// execs this program with `--db PATH --config PATH VERB [--dry-run] [--apply] ARGS…`: the
/// HTTP library is linked here only, never into `copypasta` or its daemon.
public enum AIMain {
    /// Runs the arguments after the program name; returns the exit status.
    public static func run(_ arguments: [String], transport: AIExchange.Transport) -> Int32 {
        do {
            let (paths, job) = try parse(arguments)
            let config = try ConfigFile.load(paths.config)
            let store = try HistoryStore(path: paths.database, create: false)
            let home = getenv("HOME").map { String(cString: $0) } ?? ""
            switch job {
            case .run(let run):
                try run.run(store: store, config: config, home: home, transport: transport, out: write, note: { complain($0) })
            case .auto(let seconds):
                try AIAuto.run(
                    store: store, config: config, home: home, seconds: seconds, transport: transport, note: { complain($0) })
            }
            return ExitStatus.success.rawValue
        } catch let failure as CopypastaFailure {
            complain(failure.description)
            return failure.exitStatus.rawValue
        } catch {
            complain("\(error)")
            return ExitStatus.software.rawValue
        }
    }

    /// What the arguments ask for: a run of `copypasta ai`, or the daemon's `auto` run.
    enum Job {
        /// `summarize`, `tags` or `ask`.
        case run(AIRun)
        /// `auto [--seconds N]`.
        case auto(seconds: Double)
    }

    /// The paths and the job the arguments name; a usage error otherwise.
    static func parse(_ arguments: [String]) throws(AIUsage) -> ((database: String, config: String), Job) {
        var database: String?, config: String?, dryRun = false, apply = false, seconds = 540.0
        var words: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            switch word {
            case "--db", "--config":
                guard index + 1 < arguments.count else { throw AIUsage("\(word) needs a path") }
                if word == "--db" { database = arguments[index + 1] } else { config = arguments[index + 1] }
                index += 1
            case "--seconds":
                guard index + 1 < arguments.count, let value = Double(arguments[index + 1]), value > 0 else {
                    throw AIUsage("--seconds needs a positive number")
                }
                seconds = value
                index += 1
            case "--dry-run": dryRun = true
            case "--apply": apply = true
            default: words.append(word)
            }
            index += 1
        }
        guard let database, let config, let verb = words.first else {
            throw AIUsage(
                "usage: copypasta-ai --db PATH --config PATH summarize|tags|ask [--dry-run] [--apply] ID… | auto [--seconds N]")
        }
        if verb == "auto" {
            guard words.count == 1 else { throw AIUsage("auto takes no entries") }
            return ((database, config), .auto(seconds: seconds))
        }
        var rest = Array(words.dropFirst())
        let chosen: AIRun.Verb
        switch verb {
        case "summarize": chosen = .summarize
        case "tags": chosen = .tags(apply: apply)
        case "ask":
            guard rest.count == 2 else { throw AIUsage("ask takes one entry and one question") }
            chosen = .ask(question: rest.removeLast())
        default: throw AIUsage("unknown verb '\(verb)'")
        }
        let ids = rest.compactMap { Int64($0) }.filter { $0 > 0 }
        guard !ids.isEmpty, ids.count == rest.count else {
            throw AIUsage("expected entry ids, got '\(rest.joined(separator: " "))'")
        }
        return ((database, config), .run(AIRun(verb: chosen, ids: ids, dryRun: dryRun)))
    }

    /// Writes `text` to standard output.
    static func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Writes `copypasta: PROBLEM` as one line on stderr.
    static func complain(_ problem: String) {
        let line = Array("copypasta: \(Visible.message(problem, limit: 400))\n".utf8)
        _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}

/// A bad `copypasta-ai` command line: only `copypasta ai` runs it, so this is a usage bug (64).
struct AIUsage: CopypastaFailure {
    let description: String
    var exitStatus: ExitStatus { .usage }
    init(_ description: String) { self.description = description }
}
